/** The AI visibility's figures per model and week: as series for the charts (one assistant, or all), and as a table. */
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import { LIVENESS_WORDS, livenessOf, shareWithInterval, shownShare, weeklyCounts, type WeekCounts } from "~/lib/visibility/figures";
import type { VisibilityPoint } from "~/models/results.server";
import { FiguresTable } from "./figures-table";
import type { SharePoint } from "./results-charts";

/** The models, in order of appearance. */
export const modelsOf = (points: VisibilityPoint[]) => [...new Set(points.map((p) => p.llm))];

/**
 * Per week, the share of one model's answers (or all models' together, `llm` null) that name the site and that cite
 * it, each with its 95 % interval.
 */
export function shareSeries(points: VisibilityPoint[], llm: string | null): { mentioned: SharePoint[]; cited: SharePoint[] } {
  const weeks = weeklyCounts(points, llm);
  const series = (k: (w: WeekCounts) => number): SharePoint[] =>
    weeks.map((w) => {
      const s = shownShare(k(w), w.answers);
      return { week: w.week, share: s.share, low: s.low, high: s.high, answers: w.answers };
    });
  return { mentioned: series((w) => w.mentioned), cited: series((w) => w.cited) };
}

/** A figure laid out in a card (the table narrower than its columns): after its column's name. */
const LABELLED =
  "@max-2xl:p-0 @max-2xl:before:mr-1.5 @max-2xl:before:text-xs @max-2xl:before:text-muted-foreground @max-2xl:before:content-[attr(data-label)]";

export function VisibilityTable({ visibility }: { visibility: VisibilityPoint[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">The figures, per model and week</summary>
      {/* Narrower than its columns (a phone), each line is a small card: the week and the model, then each figure after its column's name. */}
      <div className="@container mt-2 min-w-0">
        <FiguresTable
          caption="AI visibility per model and week, each share with its 95% range"
          columns={["Week of", "Model", "Answers", "From", "Name the site", "Cite it", "Citation position"]}
          className="@max-2xl:block @max-2xl:[&>tbody]:block @max-2xl:[&>thead]:sr-only"
        >
          {visibility.map((p) => (
            <tr
              key={`${p.week}-${p.llm}`}
              className="border-b @max-2xl:grid @max-2xl:grid-cols-2 @max-2xl:gap-x-4 @max-2xl:gap-y-1 @max-2xl:py-2"
            >
              <td className="py-1.5 pr-3 @max-2xl:p-0 @max-2xl:font-medium">{formatDate(p.week)}</td>
              <td className="py-1.5 pr-3 @max-2xl:p-0 @max-2xl:font-medium">{p.llm}</td>
              <td data-label="Answers" className={cn("py-1.5 pr-3", LABELLED)}>
                {p.answers}
              </td>
              <td data-label="From" className={cn("py-1.5 pr-3", LABELLED)}>
                {LIVENESS_WORDS[livenessOf(p.live, p.answers)]}
              </td>
              <td data-label="Name the site" className={cn("py-1.5 pr-3", LABELLED)}>
                {shareWithInterval(shownShare(p.mentioned, p.answers))}
              </td>
              <td data-label="Cite it" className={cn("py-1.5 pr-3", LABELLED)}>
                {shareWithInterval(shownShare(p.cited, p.answers))}
              </td>
              <td data-label="Citation position" className={cn("py-1.5", LABELLED)}>
                {p.citationPosition === null ? "—" : p.citationPosition.toFixed(1)}
              </td>
            </tr>
          ))}
        </FiguresTable>
      </div>
    </details>
  );
}
