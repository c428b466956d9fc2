/** The AI visibility's figures per model and week: grouped for the charts, and as a table beside them. */
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { VisibilityPoint } from "~/models/results.server";
import { FiguresTable } from "./figures-table";

type Counts = { answers: number; mentioned: number; cited: number; citationPosition: number | null };

/** The models (in order of appearance) and, per week, each model's counts. */
export function weeksByModel(points: VisibilityPoint[]) {
  const models: string[] = [];
  const weeks = new Map<string, Record<string, Counts>>();
  for (const p of points) {
    if (!models.includes(p.llm)) models.push(p.llm);
    const week = weeks.get(p.week) ?? {};
    week[p.llm] = { answers: p.answers, mentioned: p.mentioned, cited: p.cited, citationPosition: p.citationPosition };
    weeks.set(p.week, week);
  }
  return { models, weeks: [...weeks.entries()].map(([week, byModel]) => ({ week, byModel })) };
}

/** A figure laid out in a card (the table narrower than its columns): after its column's name. */
const LABELLED =
  "@max-xl:p-0 @max-xl:before:mr-1.5 @max-xl:before:text-xs @max-xl:before:text-muted-foreground @max-xl:before:content-[attr(data-label)]";

const percent = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : "—");

export function VisibilityTable({ visibility }: { visibility: VisibilityPoint[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">The figures, per model and week</summary>
      {/* Narrower than its six columns (a phone), each line is a small card: the week and the model, then each figure after its column's name. */}
      <div className="@container mt-2 min-w-0">
        <FiguresTable
          caption="AI visibility per model and week"
          columns={["Week of", "Model", "Answers", "Name the site", "Cite it", "Citation position"]}
          className="@max-xl:block @max-xl:[&>tbody]:block @max-xl:[&>thead]:sr-only"
        >
          {visibility.map((p) => (
            <tr
              key={`${p.week}-${p.llm}`}
              className="border-b @max-xl:grid @max-xl:grid-cols-2 @max-xl:gap-x-4 @max-xl:gap-y-1 @max-xl:py-2"
            >
              <td className="py-1.5 pr-3 @max-xl:p-0 @max-xl:font-medium">{formatDate(p.week)}</td>
              <td className="py-1.5 pr-3 @max-xl:p-0 @max-xl:font-medium">{p.llm}</td>
              <td data-label="Answers" className={cn("py-1.5 pr-3", LABELLED)}>
                {p.answers}
              </td>
              <td data-label="Name the site" className={cn("py-1.5 pr-3", LABELLED)}>
                {percent(p.mentioned, p.answers)}
              </td>
              <td data-label="Cite it" className={cn("py-1.5 pr-3", LABELLED)}>
                {percent(p.cited, p.answers)}
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
