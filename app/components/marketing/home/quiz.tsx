import { ArrowLeft, ArrowRight, Check, MessageSquareQuote, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { QUIZ_COPY } from "~/components/marketing/home/content";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { QUIZ_ADVANCE_MS, QUIZ_QUESTIONS, quizProgress, quizResult, type QuizAnswers, type QuizResult } from "~/lib/quiz";
import { cn } from "~/lib/utils";

const LAST = QUIZ_QUESTIONS.length - 1;

/** Scrolls to the testimonials, smoothly unless the visitor prefers reduced motion. */
function scrollToTestimonials() {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  document.getElementById("testimonials")?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

/**
 * 'Are you our ideal client?' (spec part 3, section 4): three questions; a choice is recorded, and after
 * QUIZ_ADVANCE_MS the quiz moves on (or shows the result). 'Previous' goes back and shows the earlier
 * answer as chosen. The first question is server-rendered; focus follows the quiz to each new heading.
 */
export function Quiz() {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [result, setResult] = useState<QuizResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  // Bumped whenever the quiz moves by itself or by a button, so that focus follows (never on first render).
  const [moves, setMoves] = useState(0);

  useEffect(() => {
    if (moves > 0) heading.current?.focus();
  }, [moves]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const question = QUIZ_QUESTIONS[index]!;
  const chosen = answers[question.id];
  const progress = result ? 100 : quizProgress(index);

  function choose(value: string) {
    const next = { ...answers, [question.id]: value } as QuizAnswers;
    setAnswers(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (index < LAST) setIndex(index + 1);
      else setResult(quizResult(next));
      setMoves((n) => n + 1);
    }, QUIZ_ADVANCE_MS);
  }

  function previous() {
    clearTimeout(timer.current);
    setIndex((i) => Math.max(0, i - 1));
    setMoves((n) => n + 1);
  }

  function restart() {
    clearTimeout(timer.current);
    setAnswers({});
    setResult(null);
    setIndex(0);
    setMoves((n) => n + 1);
  }

  const outcome = result ? QUIZ_COPY[result] : null;

  return (
    <Section id="quiz" eyebrow="Quick check" title={QUIZ_COPY.title} intro={QUIZ_COPY.intro}>
      <div className="mx-auto max-w-2xl rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6">
          <div className="mb-2 flex justify-between text-sm text-muted-foreground">
            <span id="quiz-progress-label">Quiz progress</span>
            <span aria-hidden="true">{result ? "Done" : `Question ${index + 1} of ${QUIZ_QUESTIONS.length}`}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="quiz-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={result ? "Quiz complete" : `Question ${index + 1} of ${QUIZ_QUESTIONS.length}`}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
              style={{ width: `${progress}%` }}
            />
          </div>
        </div>

        {outcome ? (
          <div data-quiz-result={result} aria-live="polite">
            <h3 ref={heading} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold tracking-tight outline-none">
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
              <Button type="button" size="lg" variant="outline" onClick={scrollToTestimonials}>
                <MessageSquareQuote aria-hidden="true" />
                See Testimonials
              </Button>
              <Button type="button" size="lg" variant="ghost" onClick={restart}>
                <RotateCcw aria-hidden="true" />
                Take Quiz Again
              </Button>
            </div>
          </div>
        ) : (
          <div role="group" aria-labelledby={`quiz-q-${question.id}`}>
            <h3
              id={`quiz-q-${question.id}`}
              ref={heading}
              tabIndex={-1}
              className="scroll-mt-24 text-xl font-semibold tracking-tight outline-none"
            >
              {question.question}
            </h3>
            <div className={cn("mt-5 grid gap-3", question.options.length > 2 && "sm:grid-cols-2")}>
              {question.options.map((option) => {
                const selected = chosen === option.value;
                return (
                  <button
                    key={option.value}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => choose(option.value)}
                    className={cn(
                      "flex min-h-12 items-center justify-between gap-3 rounded-lg border px-4 py-3 text-left text-sm font-medium transition-colors outline-none hover:border-primary hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      selected && "border-primary bg-primary text-primary-foreground hover:bg-primary",
                    )}
                  >
                    {option.label}
                    {selected ? <Check className="size-4 shrink-0" aria-hidden="true" /> : null}
                  </button>
                );
              })}
            </div>
            {index > 0 ? (
              <Button type="button" variant="ghost" className="mt-5" onClick={previous}>
                <ArrowLeft aria-hidden="true" />
                Previous
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </Section>
  );
}
