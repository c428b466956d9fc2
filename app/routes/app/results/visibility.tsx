/** The AI visibility's figures per model and week: grouped for the charts, and as a table beside them. */
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

const percent = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : "—");

export function VisibilityTable({ visibility }: { visibility: VisibilityPoint[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">The figures, per model and week</summary>
      <div className="relative mt-2 min-w-0 overflow-x-auto">
        <FiguresTable
          caption="AI visibility per model and week"
          columns={["Week of", "Model", "Answers", "Name the site", "Cite it", "Citation position"]}
        >
          {visibility.map((p) => (
            <tr key={`${p.week}-${p.llm}`} className="border-b">
              <td className="py-1.5 pr-3">{p.week}</td>
              <td className="py-1.5 pr-3">{p.llm}</td>
              <td className="py-1.5 pr-3">{p.answers}</td>
              <td className="py-1.5 pr-3">{percent(p.mentioned, p.answers)}</td>
              <td className="py-1.5 pr-3">{percent(p.cited, p.answers)}</td>
              <td className="py-1.5">{p.citationPosition === null ? "—" : p.citationPosition.toFixed(1)}</td>
            </tr>
          ))}
        </FiguresTable>
      </div>
    </details>
  );
}
