import { CheckCircle2 } from "lucide-react";
import { useMemo } from "react";
import { sideBySideDiff, type DiffSide } from "~/lib/version-rules";
import { cn } from "~/lib/utils";
import { VERSION_TEXTS } from "./version-forms";

const KIND_STYLE = {
  removed: "bg-red-50 text-red-950 dark:bg-red-950/40 dark:text-red-100",
  added: "bg-green-50 text-green-950 dark:bg-green-950/40 dark:text-green-100",
  unchanged: "",
} as const;

const MARK = { removed: "−", added: "+", unchanged: "" } as const;
const SPOKEN = { removed: "Removed: ", added: "Added: ", unchanged: "" } as const;

/**
 * Side-by-side line diff of two HTML sources (text, escaped by React; never rendered HTML): the
 * previous version on the left with its removed lines in red, the current one on the right with its
 * added lines in green, unchanged lines facing each other.
 */
export function VersionDiff({
  previous,
  current,
  previousLabel,
  currentLabel,
}: {
  previous: string;
  current: string;
  previousLabel: string;
  currentLabel: string;
}) {
  const diff = useMemo(() => sideBySideDiff(previous, current), [previous, current]);
  const counts = useMemo(
    () => ({
      removed: diff.rows.filter((r) => r.left?.kind === "removed").length,
      added: diff.rows.filter((r) => r.right?.kind === "added").length,
    }),
    [diff],
  );

  if (diff.identical) {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-md border border-green-200 bg-green-50 px-4 py-6 text-sm text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-100"
      >
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
        {VERSION_TEXTS.identical}
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-red-700 dark:text-red-300">{counts.removed} removed</span>
        {" · "}
        <span className="font-medium text-green-700 dark:text-green-300">{counts.added} added</span>
        {" lines"}
      </p>
      <div className="max-h-[70vh] overflow-auto rounded-md border">
        <table
          className="w-full table-fixed border-collapse font-mono text-[11px] leading-5 sm:text-xs"
          aria-label="Differences between the two versions"
        >
          <colgroup>
            <col className="w-7 sm:w-11" />
            <col />
            <col className="w-7 sm:w-11" />
            <col />
          </colgroup>
          <thead className="sticky top-0 z-10 bg-card font-sans">
            <tr className="border-b text-left">
              <th scope="colgroup" colSpan={2} className="border-r px-3 py-2 align-top">
                <span className="block text-sm font-semibold">Previous Version</span>
                <span className="block text-xs font-normal text-muted-foreground">{previousLabel}</span>
              </th>
              <th scope="colgroup" colSpan={2} className="px-3 py-2 align-top">
                <span className="block text-sm font-semibold">Current Version</span>
                <span className="block text-xs font-normal text-muted-foreground">{currentLabel}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {diff.rows.map((row, index) => (
              <tr key={index} className="align-top">
                <Cell side={row.left} position="left" />
                <Cell side={row.right} position="right" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Cell({ side, position }: { side: DiffSide; position: "left" | "right" }) {
  const border = position === "left" ? "border-r" : "";
  if (!side) {
    return (
      <>
        <td className="bg-muted/50 select-none" aria-hidden="true" />
        <td className={cn("bg-muted/50", border)} data-diff="empty" />
      </>
    );
  }
  return (
    <>
      <td
        className={cn("px-1 text-right text-muted-foreground tabular-nums select-none sm:px-1.5", KIND_STYLE[side.kind])}
        aria-hidden="true"
      >
        {side.line}
      </td>
      <td
        className={cn("px-1.5 whitespace-pre-wrap [overflow-wrap:anywhere] sm:px-2", KIND_STYLE[side.kind], border)}
        data-diff={side.kind}
      >
        {side.kind !== "unchanged" ? (
          <span className="mr-1 select-none" aria-hidden="true">
            {MARK[side.kind]}
          </span>
        ) : null}
        <span className="sr-only">{SPOKEN[side.kind]}</span>
        {side.text}
      </td>
    </>
  );
}
