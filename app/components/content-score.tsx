/**
 * A version's content score (issue 39), as the signed-in screens show it: a compact figure for tables
 * (ScoreFigure: "78", green at or above the top pages' median, amber below) and the review screen's panel
 * (ContentScorePanel: the score beside the top 10's median and best, its four parts, the important terms it
 * lacks, the questions it leaves unanswered and the terms it over-uses). Pure: the figures come from the loader.
 */
import { Gauge } from "lucide-react";
import { MIN_ARTICLE_WORDS } from "~/lib/article-contract";
import type { ContentScore } from "~/lib/content-score/types";
import { cn } from "~/lib/utils";

/** Whether a score reaches the top pages' median (true), falls below it (false), or there is none to compare (null). */
export function reachesMedian(score: number, median: number | null): boolean | null {
  return median === null ? null : score >= median;
}

/** The score alone, coloured against the top pages' median; a dash with its reason when there is no research. */
export function ScoreFigure({ score, median }: { score: number | null; median: number | null }) {
  if (score === null)
    return (
      <span className="text-muted-foreground" title="No research yet: the score appears after the keyword's next search">
        –
      </span>
    );
  const reaches = reachesMedian(score, median);
  return (
    <span
      className={cn("font-semibold tabular-nums", reaches === true && "text-green-700", reaches === false && "text-amber-800")}
      title={median === null ? `Content score ${score}` : `Content score ${score} · top 10 median ${median}`}
    >
      {score}
    </span>
  );
}

const PARTS: { key: keyof ContentScore["parts"]; label: string; hint: string }[] = [
  { key: "terms", label: "Terms", hint: "the important terms of the top pages, each up to its usual count" },
  { key: "questions", label: "Questions", hint: "the questions people ask, answered under a heading" },
  { key: "structure", label: "Structure", hint: "the keyword in the title and a subheading, headings in range" },
  { key: "length", label: "Length", hint: `words within the top pages' range, never under the ${MIN_ARTICLE_WORDS} an article needs` },
];

/** A part of the score as a labelled bar. */
function PartBar({ label, hint, value }: { label: string; hint: string; value: number }) {
  return (
    <li className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span title={hint}>{label}</span>
        <span className="tabular-nums">{value}</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
      </div>
    </li>
  );
}

/** A short list with a heading, or nothing when empty. */
function NamedList({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-1" data-testid={testId}>
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item} className="rounded-md border bg-muted/40 px-2 py-0.5 text-xs">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export type PanelScore = { score: number; details: ContentScore; topMedian: number | null; topBest: number | null };

/** The review screen's panel: the score against the top pages, its parts and what the version lacks. */
export function ContentScorePanel({ score }: { score: PanelScore | null }) {
  if (!score)
    return (
      <section aria-labelledby="content-score-title" className="grid gap-1 text-sm" data-testid="content-score">
        <h2 id="content-score-title" className="flex items-center gap-2 font-medium">
          <Gauge className="size-4" aria-hidden="true" /> Content score
        </h2>
        <p className="text-muted-foreground">
          No research yet: the score appears once the page's keyword has been searched and its top pages read.
        </p>
      </section>
    );
  const { details } = score;
  const missingQuestions = details.unansweredQuestions.slice(0, 6);
  return (
    <section aria-labelledby="content-score-title" className="grid gap-3" data-testid="content-score">
      <h2 id="content-score-title" className="flex items-center gap-2 text-sm font-medium">
        <Gauge className="size-4" aria-hidden="true" /> Content score
      </h2>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="content-score-summary">
        <span>
          yours <ScoreFigure score={score.score} median={score.topMedian} />
        </span>
        {score.topMedian !== null ? (
          <span className="text-muted-foreground">
            · top 10 median <span className="tabular-nums">{score.topMedian}</span>
          </span>
        ) : null}
        {score.topBest !== null ? (
          <span className="text-muted-foreground">
            · best <span className="tabular-nums">{score.topBest}</span>
          </span>
        ) : null}
      </p>
      <ul className="grid gap-2" aria-label="Parts of the score">
        {PARTS.map((part) => (
          <PartBar key={part.key} label={part.label} hint={part.hint} value={details.parts[part.key]} />
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        {details.wordCount} words (asked: {details.lengthRange[0]}–{details.lengthRange[1]}) · {details.structure.headings} headings (top
        pages: {details.structure.headingRange[0]}–{details.structure.headingRange[1]})
        {details.structure.keywordInH1 ? "" : " · keyword missing from the title"}
      </p>
      <NamedList title="Important terms missing" items={details.missingTerms.slice(0, 12)} testId="missing-terms" />
      <NamedList title="Questions not answered" items={missingQuestions} testId="unanswered-questions" />
      <NamedList
        title="Used too often"
        items={details.overusedTerms.map((t) => `${t.term} (${t.count}, usually up to ${t.max})`)}
        testId="overused-terms"
      />
    </section>
  );
}
