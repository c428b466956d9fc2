import { Check, Minus, X } from "lucide-react";
import { useWords } from "~/lib/page-lang";
import { cn } from "~/lib/utils";

export type CellStatus = "good" | "mixed" | "bad";
export type ComparisonCell = { text: string; status: CellStatus };
/** A comparison row (spec part 3, section 3): the service against doing it yourself (and freelancers, in the three-way variant). */
export type ComparisonRow = { feature: string; diy: ComparisonCell; service: ComparisonCell; freelance?: ComparisonCell };

const STATUS = {
  good: { icon: Check, className: "text-success" },
  mixed: { icon: Minus, className: "text-warning" },
  bad: { icon: X, className: "text-destructive" },
} as const;

/** What screen readers hear for the icons and the first column, in the page's language. */
const WORDS = {
  en: { good: "Good", mixed: "Mixed", bad: "Poor", feature: "Feature" },
  fr: { good: "Bien", mixed: "Mitigé", bad: "Faible", feature: "Critère" },
};

function Cell({ cell, highlight }: { cell: ComparisonCell; highlight?: boolean }) {
  const { icon: Icon, className } = STATUS[cell.status];
  const label = useWords(WORDS)[cell.status];
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
  const words = useWords(WORDS);
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">{words.feature}</span>
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
