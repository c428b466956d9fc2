/**
 * The AI-visibility figures as they read (issue 42), shared by the Results screen, a page's results and the monthly
 * report: every share with its sample size and its 95 % interval, where the answers come from (live or from
 * memory), changes said in words only when they are clear, and Google's AI Overview beside a keyword's position.
 */
import { Globe, Brain } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import {
  LIVENESS_WORDS,
  livenessOf,
  shareChange,
  shareSentence,
  shareWithInterval,
  shownShare,
  type Liveness,
  type ShareChange,
  type ShownShare,
  type VisibilityTrend,
} from "~/lib/visibility/figures";
import type { AiOverviewLine } from "~/lib/results-rules";
import type { PublishEffect } from "~/models/results.server";
import { FiguresTable } from "./figures-table";

/** Live or from memory, as a small badge (icon and words: never colour alone). */
export function LivenessBadge({ liveness }: { liveness: Liveness }) {
  const Icon = liveness === "memory" ? Brain : Globe;
  return (
    <Badge variant="outline" className={cn("gap-1 font-normal", liveness === "memory" ? "text-muted-foreground" : "border-sky-700 text-sky-900")}>
      <Icon aria-hidden="true" className="size-3" /> {LIVENESS_WORDS[liveness]}
    </Badge>
  );
}

/** A share as shareSentence writes it, its share and range kept on one line. */
export function ShareText({ share, verb }: { share: ShownShare; verb?: string }) {
  if (share.n === 0) return <>{shareSentence(share)}</>;
  const sentence = shareSentence(share, verb);
  const figures = shareWithInterval(share);
  return (
    <>
      {sentence.slice(0, sentence.length - figures.length)}
      <span className="whitespace-nowrap">{figures}</span>
    </>
  );
}

/** A change in words: "Clear rise" and "Clear fall" stand out; "No clear change" does not. */
export function ChangeWords({
  change,
  since,
  first = "First week: nothing to compare yet",
}: {
  change: ShareChange | null;
  since?: string | null;
  first?: string;
}) {
  if (!change) return <span className="text-muted-foreground">{first}</span>;
  return (
    <span
      className={cn(
        change.change === "rise" && "font-medium text-green-800",
        change.change === "fall" && "font-medium text-red-800",
        change.change === "none" && "text-muted-foreground",
      )}
      title={`Two-proportion test, p = ${change.pValue < 0.001 ? "< 0.001" : change.pValue.toFixed(3)}`}
    >
      {change.words}
      {since ? <span className="sr-only"> since the week of {formatDate(since)}</span> : null}
    </span>
  );
}

/** A share, and under it whether it moved since the period before (ChangeWords). */
export function ShareWithChange({
  share,
  ...change
}: { share: ShownShare } & React.ComponentProps<typeof ChangeWords>) {
  return (
    <>
      <ShareText share={share} />
      <div className="text-xs">
        <ChangeWords {...change} />
      </div>
    </>
  );
}

/**
 * The newest week, all assistants together first, then each: the shares that name and cite the site with their
 * sample sizes and intervals, where they come from, and whether they moved clearly since the week before.
 */
export function TrendsTable({ trends }: { trends: VisibilityTrend[] }) {
  if (trends.length === 0) return null;
  const week = trends[0]!.week;
  const previous = trends[0]!.previousWeek;
  return (
    <div className="@container grid min-w-0 gap-2">
      <p className="text-sm text-muted-foreground">
        Week of {formatDate(week)}
        {previous ? `, against the week of ${formatDate(previous)}` : ""}. Each share is given with its number of answers and
        its 95% range: the true share lies within it 19 times out of 20. Under it, whether it moved since the week before: a
        change is called only when it is clear at that level.
      </p>
      <FiguresTable
        caption={`AI visibility in the week of ${formatDate(week)}, per assistant`}
        columns={["Assistant", "Answers from", "Name the site", "Cite it"]}
        className="@max-3xl:block @max-3xl:[&>tbody]:block @max-3xl:[&>thead]:sr-only"
      >
        {trends.map((t) => (
          <tr
            key={t.llm ?? "all"}
            className={cn(
              "border-b align-top @max-3xl:grid @max-3xl:grid-cols-1 @max-3xl:gap-1 @max-3xl:py-3",
              t.llm === null && "bg-muted/40 font-medium",
            )}
            data-testid={t.llm === null ? "trend-all" : "trend"}
          >
            <th scope="row" className="py-2 pr-3 text-left font-medium @max-3xl:p-0">
              {t.llm ?? "All assistants"}
            </th>
            <td data-label="Answers from" className={cn("py-2 pr-3", CARD_CELL)}>
              <LivenessBadge liveness={t.liveness} />
            </td>
            <td data-label="Name the site" className={cn("py-2 pr-3", CARD_CELL)}>
              <ShareWithChange share={t.mentioned} change={t.mentionedChange} since={t.previousWeek} />
            </td>
            <td data-label="Cite it" className={cn("py-2", CARD_CELL)}>
              <ShareWithChange share={t.cited} change={t.citedChange} since={t.previousWeek} />
            </td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}

/** A cell of a row laid out as a card when the table is narrower than its columns: after its column's name. */
const CARD_CELL =
  "@max-3xl:p-0 @max-3xl:before:mr-1.5 @max-3xl:before:text-xs @max-3xl:before:text-muted-foreground @max-3xl:before:content-[attr(data-label)]";

/** Before and after each page's newest publication: the shares on each side and whether citations moved clearly. */
export function PublishEffectsTable({ effects, days }: { effects: PublishEffect[]; days: number }) {
  if (effects.length === 0) return null;
  return (
    <div className="@container grid min-w-0 gap-2">
      <p className="text-sm text-muted-foreground">
        The answers about each published page in the {days / 7} weeks before its newest publication and since.
      </p>
      <FiguresTable
        caption="Citations before and after publishing"
        columns={["Page", "Published", "Cited before", "Cited since", "Change"]}
        className="@max-3xl:block @max-3xl:[&>tbody]:block @max-3xl:[&>thead]:sr-only"
      >
        {effects.map((e) => {
          const change = shareChange({ k: e.before.cited, n: e.before.answers }, { k: e.after.cited, n: e.after.answers });
          return (
            <tr key={e.pageId} className="border-b align-top @max-3xl:grid @max-3xl:grid-cols-1 @max-3xl:gap-1 @max-3xl:py-3">
              <th scope="row" className="py-2 pr-3 text-left font-medium @max-3xl:p-0">
                {e.pageName}
              </th>
              <td data-label="Published" className={cn("py-2 pr-3 whitespace-nowrap", CARD_CELL)}>
                {formatDate(e.publishedAt)}
              </td>
              <td data-label="Cited before" className={cn("py-2 pr-3", CARD_CELL)}>
                <ShareText share={shownShare(e.before.cited, e.before.answers)} />
              </td>
              <td data-label="Cited since" className={cn("py-2 pr-3", CARD_CELL)}>
                <ShareText share={shownShare(e.after.cited, e.after.answers)} />
              </td>
              <td data-label="Change" className={cn("py-2", CARD_CELL)}>
                {e.before.answers === 0 || e.after.answers === 0 ? (
                  <span className="text-muted-foreground">Not enough answers on both sides yet</span>
                ) : (
                  <ChangeWords change={change} />
                )}
              </td>
            </tr>
          );
        })}
      </FiguresTable>
    </div>
  );
}

/** Google's AI Overview at one check, in a few words (a table's cell). */
export function aiOverviewWords(line: AiOverviewLine | null): string {
  if (line === null) return "Not recorded";
  if (!line.present) return "None";
  return line.siteUrls.length ? "Cites the site" : "Does not cite the site";
}

/** Google's AI Overview for a keyword, in one line beside its position. */
export function AiOverviewNote({ line, className }: { line: AiOverviewLine | null; className?: string }) {
  if (line === null) return null;
  if (!line.present) return <p className={cn("text-xs text-muted-foreground", className)}>No AI Overview</p>;
  const others = line.domains.slice(0, 3).join(", ") + (line.domains.length > 3 ? ` and ${line.domains.length - 3} more` : "");
  return (
    <p className={cn("text-xs", className)} data-testid="ai-overview">
      <span className="font-medium">AI Overview:</span>{" "}
      {line.siteUrls.length ? (
        <span className="text-green-800">
          cites the site (
          <a href={line.siteUrls[0]} target="_blank" rel="noopener noreferrer" className="break-all underline underline-offset-2">
            {line.siteUrls[0]!.replace(/^https?:\/\//, "")}
          </a>
          )
        </span>
      ) : (
        <span className="text-amber-800">does not cite the site</span>
      )}
      {others ? <span className="text-muted-foreground">; also cites {others}</span> : null}
    </p>
  );
}

/** A month's line in the report: the month's shares with their intervals, and whether they moved since the month before. */
export function monthVisibility(v: {
  answers: number;
  mentioned: number;
  cited: number;
  live: number;
  previous: { answers: number; mentioned: number; cited: number };
}) {
  return {
    liveness: livenessOf(v.live, v.answers),
    mentioned: shownShare(v.mentioned, v.answers),
    cited: shownShare(v.cited, v.answers),
    citedChange: v.previous.answers ? shareChange({ k: v.previous.cited, n: v.previous.answers }, { k: v.cited, n: v.answers }) : null,
    mentionedChange: v.previous.answers
      ? shareChange({ k: v.previous.mentioned, n: v.previous.answers }, { k: v.mentioned, n: v.answers })
      : null,
  };
}
