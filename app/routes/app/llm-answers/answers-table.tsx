import { Card } from "~/components/ui/card";
import { LLM_TEXTS } from "~/lib/llm-rules";
import { AnswerForSite } from "./answer-for-site";
import { AnswerText } from "./answer-text";
import type { ScreenLlmAnswer } from "./types";

/**
 * The answers: a table (LLM name, Answer) from the md breakpoint, one card per answer below it
 * (390px phones), both from the same rows. Under each answer, what it does for the site at `siteUrl`.
 */
export function LlmAnswersTable({ answers, siteUrl }: { answers: ScreenLlmAnswer[]; siteUrl: string }) {
  if (answers.length === 0) {
    return (
      <Card className="items-center px-6 py-12 text-center">
        <p className="text-sm text-muted-foreground">{LLM_TEXTS.empty}</p>
      </Card>
    );
  }
  return (
    <>
      <Card className="hidden gap-0 overflow-hidden py-0 md:block">
        <table className="w-full table-fixed text-left text-sm" aria-label="LLM answers">
          <thead className="border-b bg-muted/50 text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="w-56 px-4 py-3">
                LLM name
              </th>
              <th scope="col" className="px-4 py-3">
                Answer
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {answers.map((row) => (
              <tr key={row.id} className="align-top">
                <td className="px-4 py-3">
                  <LlmName row={row} />
                </td>
                <td className="px-4 py-3">
                  <Question question={row.question} />
                  <AnswerText answer={row.answer} />
                  <AnswerForSite className="mt-3" mentionsSite={row.mentionsSite} citedUrls={row.citedUrls} siteUrl={siteUrl} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="grid gap-3 md:hidden" aria-label="LLM answers">
        {answers.map((row) => (
          // min-w-0: a long URL in an answer wraps instead of widening the phone's column.
          <li key={row.id} className="min-w-0">
            <Card className="gap-2 px-4 py-4">
              <LlmName row={row} />
              <Question question={row.question} />
              <AnswerText answer={row.answer} />
              <AnswerForSite className="mt-1" mentionsSite={row.mentionsSite} citedUrls={row.citedUrls} siteUrl={siteUrl} />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What the assistant was asked, above its answer. */
function Question({ question }: { question: string | null }) {
  if (!question) return null;
  return (
    <p className="mb-2 border-l-2 pl-2 text-xs text-muted-foreground break-words">
      <span className="font-medium">Asked:</span> {question}
    </p>
  );
}

function LlmName({ row }: { row: ScreenLlmAnswer }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{row.llmName}</p>
      <p className="text-xs break-all text-muted-foreground">{row.llmNameOpenrouter}</p>
    </div>
  );
}
