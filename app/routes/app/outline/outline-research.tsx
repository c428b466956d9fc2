import { CheckCircle2, Circle, RefreshCw } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { TopPagesList } from "~/components/research/top-pages";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import type { OutlineSection } from "~/lib/outline";
import { distinctQuestions, questionsAnswered } from "~/lib/outline-questions";
import type { ModelQuestion } from "~/lib/content-score/types";
import { RESEARCH_TEXTS } from "~/lib/research-texts";
import { questionsOf, type KeywordResearch } from "~/lib/research-view";
import { cn } from "~/lib/utils";

/** The outline screen speaks English (its research words in app/lib/research-texts.ts). */
const t = RESEARCH_TEXTS.en;

/** The plan's h2 and h3 headings, in order. */
export const planHeadings = (sections: readonly OutlineSection[]) =>
  sections.flatMap((section) => [section.heading, ...section.subheadings]);

type KeywordQuestion = ModelQuestion & { keyword: string };

/** The questions of the page's keywords, each once, in the keywords' order. */
export function pageQuestions(research: readonly KeywordResearch[]): KeywordQuestion[] {
  return distinctQuestions(
    research.flatMap((keyword) => questionsOf(keyword).map((question) => ({ ...question, keyword: keyword.keyword }))),
  );
}

/** How many of the questions the plan answers, for the plan's preview. */
export function PlanAnswersLine({ research, headings }: { research: readonly KeywordResearch[] | null; headings: readonly string[] }) {
  if (!research) return null;
  const questions = pageQuestions(research);
  if (!questions.length) return null;
  const answered = questionsAnswered(
    questions.map((q) => q.text),
    headings,
    research.map((keyword) => keyword.keyword),
  ).filter((q) => q.answeredBy !== null).length;
  return (
    <p className="text-sm text-muted-foreground">
      <a href="#questions-to-answer" className="underline-offset-4 hover:underline">
        {t.planAnswers(answered, questions.length)}
      </a>
    </p>
  );
}

/**
 * The research of the page's keywords on its outline screen (issue 39): the questions to answer, each saying whether
 * a heading of the plan answers it (as the plan is typed), and the competitors' outlines. `headings`: the plan's, or
 * null before an outline is written; `research`: null when it could not be read.
 */
export function OutlineResearch({
  research,
  headings,
  keywordsPath,
}: {
  research: readonly KeywordResearch[] | null;
  headings: readonly string[] | null;
  keywordsPath: string;
}) {
  if (research === null) return <ResearchFailed />;
  if (research.length === 0) {
    return (
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>{t.questions}</h2>
          </CardTitle>
          <CardDescription>
            {t.noKeywords} <Link to={keywordsPath}>{t.addKeywords}</Link>
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="mt-6 grid gap-6">
      <QuestionsCard research={research} headings={headings} />
      <CompetitorsCard research={research} />
    </div>
  );
}

function ResearchFailed() {
  const revalidator = useRevalidator();
  return (
    <Card className="mt-6 items-center gap-3 px-6 py-10 text-center" role="alert">
      <p className="font-medium">{t.pageLoadFailed}</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        <RefreshCw aria-hidden="true" /> {t.retry}
      </Button>
    </Card>
  );
}

/** The keywords whose research is not there yet, said under a card. */
function MissingResearch({ research }: { research: readonly KeywordResearch[] }) {
  const missing = research.filter((keyword) => keyword.check === null);
  if (!missing.length) return null;
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground">
      {missing.map((keyword) => (
        <li key={keyword.keywordId}>
          {t.keywordHeading(keyword.keyword)}: {t.keywordEmpty}
        </li>
      ))}
    </ul>
  );
}

function QuestionsCard({ research, headings }: { research: readonly KeywordResearch[]; headings: readonly string[] | null }) {
  const questions = pageQuestions(research);
  const coverage = questionsAnswered(
    questions.map((q) => q.text),
    headings ?? [],
    research.map((keyword) => keyword.keyword),
  );
  const answered = coverage.filter((q) => q.answeredBy !== null).length;
  const severalKeywords = research.length > 1;
  return (
    <Card id="questions-to-answer" className="scroll-mt-20">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">
            <h2>{t.questions}</h2>
          </CardTitle>
          {headings && questions.length ? (
            <Badge variant={answered === questions.length ? "default" : "secondary"}>{t.answeredCount(answered, questions.length)}</Badge>
          ) : null}
        </div>
        <CardDescription>{headings ? t.questionsHelp : `${t.questionsHelp} ${t.questionsNoPlan}`}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {questions.length ? (
          <ul className="grid gap-2" aria-label={t.questions}>
            {questions.map((question, index) => {
              const by = coverage[index]?.answeredBy ?? null;
              return (
                <li key={`${question.keyword}-${question.text}`} className="flex gap-3 rounded-lg border p-3">
                  {headings === null ? (
                    <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  ) : by ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
                  ) : (
                    <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <div className="grid min-w-0 gap-1">
                    <p className="font-medium break-words">{question.text}</p>
                    {headings !== null ? (
                      <p className={cn("text-sm break-words", by ? "text-green-800 dark:text-green-300" : "text-muted-foreground")}>
                        {by ? t.answeredBy(by) : t.notAnswered}
                      </p>
                    ) : null}
                    {question.answer ? <p className="text-sm break-words text-muted-foreground">{question.answer}</p> : null}
                    <p className="flex flex-wrap gap-2">
                      <Badge variant="outline">{t.questionSource[question.source]}</Badge>
                      {severalKeywords ? (
                        <Badge variant="outline" className="whitespace-normal break-words">
                          {t.keywordHeading(question.keyword)}
                        </Badge>
                      ) : null}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t.noQuestions}</p>
        )}
        <MissingResearch research={research} />
      </CardContent>
    </Card>
  );
}

function CompetitorsCard({ research }: { research: readonly KeywordResearch[] }) {
  const searched = research.filter((keyword) => keyword.check !== null);
  if (!searched.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t.competitors}</h2>
        </CardTitle>
        <CardDescription>{t.competitorsHelp}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {searched.map((keyword) => (
          <section key={keyword.keywordId} aria-labelledby={`competitors-${keyword.keywordId}`} className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 id={`competitors-${keyword.keywordId}`} className="font-semibold break-words">
                {t.keywordHeading(keyword.keyword)}
              </h3>
              <p className="text-xs text-muted-foreground">{t.researchOf(formatDateTime(keyword.check!.checkedAt))}</p>
            </div>
            <TopPagesList top={keyword.check!.top} lang="en" className="lg:grid-cols-2" />
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
