import { ArrowLeft, ArrowRight, Check, MessageSquareQuote, RotateCcw } from "lucide-react";
import { IslandScript } from "~/components/island-script";
import { QUIZ_COPY } from "~/components/marketing/home/content";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { QUIZ_ADVANCE_MS, QUIZ_QUESTIONS, quizProgress, type QuizResult } from "~/lib/quiz";
import { cn } from "~/lib/utils";

const OUTCOMES: readonly QuizResult[] = ["ideal", "notIdeal"];

/**
 * 'Are you our ideal client?' (spec part 3, section 4): three questions; a choice is recorded, and after
 * QUIZ_ADVANCE_MS the quiz moves on (or shows the result). 'Previous' goes back and shows the earlier
 * answer as chosen. Every step is in the server's HTML (all but the first hidden); the island
 * app/islands/quiz.ts moves between them, and focus follows the quiz to each new heading.
 */
export function Quiz() {
  const first = `Question 1 of ${QUIZ_QUESTIONS.length}`;
  return (
    <Section id="quiz" eyebrow="Quick check" title={QUIZ_COPY.title} intro={QUIZ_COPY.intro}>
      <div
        data-island="quiz"
        data-advance-ms={QUIZ_ADVANCE_MS}
        className="mx-auto max-w-2xl rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
      >
        <div className="mb-6">
          <div className="mb-2 flex justify-between text-sm text-muted-foreground">
            <span id="quiz-progress-label">Quiz progress</span>
            <span aria-hidden="true" data-quiz-step-label="">
              {first}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="quiz-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={quizProgress(0)}
            aria-valuetext={first}
            data-quiz-progress=""
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              data-quiz-bar=""
              className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
              style={{ width: `${quizProgress(0)}%` }}
            />
          </div>
        </div>

        {QUIZ_QUESTIONS.map((question, index) => (
          <div key={question.id} role="group" aria-labelledby={`quiz-q-${question.id}`} data-quiz-step={index} hidden={index > 0}>
            <h3 id={`quiz-q-${question.id}`} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold tracking-tight outline-none">
              {question.question}
            </h3>
            <div className={cn("mt-5 grid gap-3", question.options.length > 2 && "sm:grid-cols-2")}>
              {question.options.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed="false"
                  data-quiz-question={question.id}
                  data-quiz-value={option.value}
                  className="group flex min-h-12 items-center justify-between gap-3 rounded-lg border px-4 py-3 text-left text-sm font-medium transition-colors outline-none hover:border-primary hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:bg-primary"
                >
                  {option.label}
                  <Check className="hidden size-4 shrink-0 group-aria-pressed:block" aria-hidden="true" />
                </button>
              ))}
            </div>
            {index > 0 ? (
              <Button type="button" variant="ghost" className="mt-5" data-quiz-previous="">
                <ArrowLeft aria-hidden="true" />
                Previous
              </Button>
            ) : null}
          </div>
        ))}

        {OUTCOMES.map((result) => {
          const outcome = QUIZ_COPY[result];
          return (
            <div key={result} data-quiz-result={result} aria-live="polite" hidden>
              <h3 tabIndex={-1} className="scroll-mt-24 text-2xl font-bold tracking-tight outline-none">
                {outcome.title}
              </h3>
              <p className="mt-3 text-pretty text-muted-foreground">{outcome.text}</p>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                <Button asChild size="lg">
                  <a href={outcome.href}>
                    {outcome.cta}
                    <ArrowRight aria-hidden="true" />
                  </a>
                </Button>
                <Button type="button" size="lg" variant="outline" data-quiz-testimonials="">
                  <MessageSquareQuote aria-hidden="true" />
                  See Testimonials
                </Button>
                <Button type="button" size="lg" variant="ghost" data-quiz-restart="">
                  <RotateCcw aria-hidden="true" />
                  Take Quiz Again
                </Button>
              </div>
            </div>
          );
        })}
      </div>
      <IslandScript name="quiz" />
    </Section>
  );
}
