import { Check, Minus, X } from "lucide-react";
import { cn } from "~/lib/utils";

export type CellStatus = "good" | "mixed" | "bad";
export type ComparisonCell = { text: string; status: CellStatus };
/** A comparison row (spec part 3, section 3): the service against doing it yourself (and freelancers, in the three-way variant). */
export type ComparisonRow = { feature: string; diy: ComparisonCell; service: ComparisonCell; freelance?: ComparisonCell };

const STATUS = {
  good: { icon: Check, label: "Good", className: "text-success" },
  mixed: { icon: Minus, label: "Mixed", className: "text-warning" },
  bad: { icon: X, label: "Poor", className: "text-destructive" },
} as const;

function Cell({ cell, highlight }: { cell: ComparisonCell; highlight?: boolean }) {
  const { icon: Icon, label, className } = STATUS[cell.status];
  return (
    <td className={cn("px-4 py-3 align-top", highlight && "bg-primary/5")}>
      <span className="flex items-start gap-2">
        <Icon className={cn("mt-0.5 size-4 shrink-0", className)} aria-hidden="true" />
        <span>
          <span className="sr-only">{label}: </span>
          {cell.text}
        </span>
      </span>
    </td>
  );
}

/**
 * The comparison table. Column order: feature, the service (highlighted), then freelancers (if any), then DIY.
 * On a phone it scrolls sideways inside its own frame instead of stretching the page.
 */
export function ComparisonTable({
  rows,
  caption,
  labels = { service: "Our service", diy: "Doing it yourself", freelance: "Freelancers" },
}: {
  rows: readonly ComparisonRow[];
  caption: string;
  labels?: { service: string; diy: string; freelance?: string };
}) {
  const threeWay = rows.some((row) => row.freelance);
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Feature</span>
            </th>
            <th scope="col" className="bg-primary/10 px-4 py-3 font-semibold text-primary">
              {labels.service}
            </th>
            {threeWay ? (
              <th scope="col" className="px-4 py-3 font-semibold">
                {labels.freelance}
              </th>
            ) : null}
            <th scope="col" className="px-4 py-3 font-semibold">
              {labels.diy}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-4 py-3 font-medium">
                {row.feature}
              </th>
              <Cell cell={row.service} highlight />
              {threeWay && row.freelance ? <Cell cell={row.freelance} /> : null}
              <Cell cell={row.diy} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
