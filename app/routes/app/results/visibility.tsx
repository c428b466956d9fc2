/** The AI visibility's figures per model and week: grouped for the charts, and as a table beside them. */
import type { VisibilityPoint } from "~/models/results.server";

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
        <table className="w-full text-sm">
          <caption className="sr-only">AI visibility per model and week</caption>
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 font-medium">
                Week of
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Model
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Answers
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name the site
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Cite it
              </th>
              <th scope="col" className="py-2 font-medium">
                Citation position
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </details>
  );
}
