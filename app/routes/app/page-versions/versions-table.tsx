import { FileClock, Trash2 } from "lucide-react";
import { useRef } from "react";
import { useLoaderData } from "react-router";
import { ScoreFigure } from "~/components/content-score";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { revisionRoundLabel } from "~/lib/version-rules";
import type { loader } from "../page-versions";
import type { ScreenVersion } from "./types";
import { VERSION_TEXTS } from "./version-forms";

/**
 * The Page Versions table: 'Date Created', the content score (issue 39) and 'Actions' (Delete). Clicking a row (or its label
 * button, by keyboard: Enter, Space, arrow keys) makes that version active; the active row is marked
 * with aria-selected, aria-current on its button and a highlight.
 */
export function VersionsTable({
  versions,
  activeId,
  onSelect,
  onDelete,
  locked,
  lockedId,
}: {
  versions: ScreenVersion[];
  activeId: number | null;
  onSelect: (id: number) => void;
  onDelete: (version: ScreenVersion) => void;
  /** While editing, the active version cannot change. */
  locked: boolean;
  /** The version being edited cannot be deleted. */
  lockedId: number | null;
}) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  // The rounds the site's offer includes, and whether the reader is the team (issue 16).
  const { rounds } = useLoaderData<typeof loader>();

  const moveTo = (index: number) => {
    const target = versions[Math.max(0, Math.min(versions.length - 1, index))];
    if (!target) return;
    buttons.current.get(target.id)?.focus();
    if (!locked) onSelect(target.id);
  };

  if (versions.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 py-10 text-center">
        <FileClock className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{VERSION_TEXTS.noVersions}</p>
        <p className="max-w-xs text-sm text-muted-foreground">Add a first version from HTML or Markdown, or ask for a new page version.</p>
      </div>
    );
  }

  return (
    <div className="max-h-96 flex-1 overflow-y-auto lg:max-h-[28rem]">
      <table className="w-full text-sm" aria-label="Page Versions">
        <thead className="sticky top-0 z-10 bg-card">
          <tr className="border-b text-left text-xs tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="px-4 py-2 font-medium">
              Date Created
            </th>
            <th scope="col" className="w-px px-2 py-2 text-right font-medium">
              <abbr title="Content score against the top 10 (their median in the tooltip)" className="no-underline">
                Score
              </abbr>
            </th>
            <th scope="col" className="w-px px-4 py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version, index) => {
            const active = version.id === activeId;
            const label = version.label;
            return (
              <tr
                key={version.id}
                aria-selected={active}
                data-version-id={version.id}
                onClick={() => !locked && onSelect(version.id)}
                className={cn(
                  "group border-b transition-colors last:border-b-0",
                  locked ? "cursor-not-allowed" : "cursor-pointer hover:bg-muted/60",
                  active && "bg-primary/8 hover:bg-primary/10",
                )}
              >
                <td
                  className={cn(
                    "relative px-4 py-2.5",
                    active && "before:absolute before:inset-y-1 before:left-0 before:w-1 before:rounded-r before:bg-primary",
                  )}
                >
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(version.id, el);
                      else buttons.current.delete(version.id);
                    }}
                    aria-current={active ? "true" : undefined}
                    aria-disabled={locked && !active ? true : undefined}
                    tabIndex={active || (activeId === null && index === 0) ? 0 : -1}
                    onClick={(event) => {
                      event.stopPropagation();
                      if (!locked) onSelect(version.id);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === "ArrowDown") moveTo(index + 1);
                      else if (event.key === "ArrowUp") moveTo(index - 1);
                      else if (event.key === "Home") moveTo(0);
                      else if (event.key === "End") moveTo(versions.length - 1);
                      else return;
                      event.preventDefault();
                    }}
                    className={cn(
                      "flex w-full flex-col items-start rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      active ? "font-semibold text-foreground" : "text-foreground/90",
                    )}
                  >
                    {label}
                  </button>
                  {index === 0 ? <span className="text-xs text-muted-foreground">Latest · </span> : null}
                  <span
                    className={cn(
                      "text-xs text-muted-foreground",
                      rounds.team && version.revisionRound > rounds.included && "font-medium text-amber-800",
                    )}
                  >
                    {revisionRoundLabel(version.revisionRound, rounds, version.edited)}
                  </span>
                  {version.sources.total > 0 ? (
                    <span
                      className={cn("text-xs text-muted-foreground", version.sources.problems > 0 && "font-medium text-red-800")}
                      data-testid="version-sources"
                    >
                      {" · "}
                      {version.sources.supported}/{version.sources.total} sources supported
                      {version.sources.problems > 0 ? `, ${version.sources.problems} to fix` : ""}
                    </span>
                  ) : null}
                  {version.historyCount > 0 ? (
                    <span className="text-xs text-muted-foreground">
                      {" · "}
                      {version.historyCount} earlier {version.historyCount === 1 ? "text" : "texts"}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-2.5 text-right" data-testid="version-score">
                  <ScoreFigure score={version.score} median={version.topMedian} />
                </td>
                <td className="px-4 py-2.5 text-right">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${label}`}
                    title={version.id === lockedId ? "Finish or cancel editing first" : "Delete"}
                    disabled={version.id === lockedId}
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(version);
                    }}
                    className="text-muted-foreground hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
