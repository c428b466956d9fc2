/**
 * Rules of the page versions screen (spec part 2, sections 2, 4 and 9), shared by the browser and the
 * server: version labels, which version is active, when comparing is possible, and the side-by-side
 * line diff of two HTML sources.
 */
import { diffLines } from "diff";

/** The product's clients are in France: labels read in Paris time on the server and in every browser alike. */
export const VERSION_TIME_ZONE = "Europe/Paris";

export const NO_DATE_LABEL = "No date available";

/** Compare needs 2 or more versions (spec part 2, section 9). */
export const COMPARE_MIN_VERSIONS = 2;

const labelFormat = new Intl.DateTimeFormat("fr-FR", {
  timeZone: VERSION_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

type CreatedDate = string | Date | null | undefined;

function readDate(created: CreatedDate): Date | null {
  if (created === null || created === undefined || created === "") return null;
  const date = created instanceof Date ? created : new Date(created);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatLabel(date: Date, withSeconds: boolean): string {
  const parts = Object.fromEntries(labelFormat.formatToParts(date).map((p) => [p.type, p.value]));
  const time = withSeconds ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
  return `Version du ${parts.day}/${parts.month}/${parts.year} (${time})`;
}

/** 'Version du 21/11/2026 (14:05)', or 'No date available' for a missing or unreadable date. */
export function versionLabel(created: CreatedDate): string {
  const date = readDate(created);
  return date ? formatLabel(date, false) : NO_DATE_LABEL;
}

/** Groups items by a key, keeping their order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * The labels of one page's versions, by id, each telling its version apart from the others:
 * 'Version du 21/11/2026 (14:05)' as the spec has it; the versions saved in the same minute get
 * their seconds ('(14:05:07)'); those saved in the same second (or without a date) are numbered,
 * oldest first ('(14:05:07) #2').
 */
export function versionLabels(versions: readonly { id: number; createdDate: CreatedDate }[]): Map<number, string> {
  const dated = versions.map((v) => ({ id: v.id, date: readDate(v.createdDate) }));
  const labels = new Map<number, string>();
  const byMinute = groupBy(dated, (v) => (v.date ? formatLabel(v.date, false) : NO_DATE_LABEL));
  for (const [minuteLabel, group] of byMinute) {
    if (group.length === 1 || minuteLabel === NO_DATE_LABEL) {
      for (const v of group) labels.set(v.id, minuteLabel);
      continue;
    }
    for (const v of group) labels.set(v.id, formatLabel(v.date!, true));
  }
  const bySecond = groupBy(dated, (v) => labels.get(v.id)!);
  for (const [label, group] of bySecond) {
    if (group.length === 1) continue;
    const oldestFirst = [...group].sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0) || a.id - b.id);
    oldestFirst.forEach((v, index) => labels.set(v.id, `${label} #${index + 1}`));
  }
  return labels;
}

type WithId = { id: number };

/**
 * The version shown as active: the chosen one while it exists, otherwise the newest (the list is
 * ordered newest first), or none when the list is empty. The newest is active on load.
 */
export function activeVersion<T extends WithId>(versions: readonly T[], chosenId: number | null | undefined): T | null {
  return versions.find((v) => v.id === chosenId) ?? versions[0] ?? null;
}

/**
 * The active version id after deleting one: deleting the active version activates the newest
 * remaining one, or none if the list becomes empty; deleting another keeps the active one.
 */
export function activeAfterDelete(versions: readonly WithId[], activeId: number | null, deletedId: number): number | null {
  const remaining = versions.filter((v) => v.id !== deletedId);
  if (activeId !== null && activeId !== deletedId && remaining.some((v) => v.id === activeId)) return activeId;
  return remaining[0]?.id ?? null;
}

export type ViewerMode = "view" | "edit" | "compare";

/** Comparison needs at least 2 versions and is unavailable while editing. */
export function canCompare(versionCount: number, mode: ViewerMode): boolean {
  return versionCount >= COMPARE_MIN_VERSIONS && mode !== "edit";
}

/** Editing needs a version and is unavailable while comparing (edit and compare are mutually exclusive). */
export function canEdit(hasVersion: boolean, mode: ViewerMode): boolean {
  return hasVersion && mode !== "compare";
}

/** The rendered/code toggle is disabled while editing or comparing. */
export function canToggleView(mode: ViewerMode): boolean {
  return mode === "view";
}

/**
 * The version compared with the active one by default: the one just before it (the next older one in
 * the newest-first list); for the oldest version, the one just after it. Null with fewer than 2.
 */
export function defaultCompareId(versions: readonly WithId[], activeId: number | null): number | null {
  const index = versions.findIndex((v) => v.id === activeId);
  if (index < 0) return null;
  return versions[index + 1]?.id ?? versions[index - 1]?.id ?? null;
}

export type DiffSide = { kind: "removed" | "added" | "unchanged"; line: number; text: string } | null;
export type DiffRow = { left: DiffSide; right: DiffSide };
export type SideBySideDiff = { identical: boolean; rows: DiffRow[] };

/** Lines of a change's text (a final line break ends the last line; it does not start a new one). */
function linesOf(value: string): string[] {
  if (value === "") return [];
  const lines = value.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Stops the line diff of very different, very long sources after this long and shows them whole. */
const DIFF_TIMEOUT_MS = 1500;

/**
 * A side-by-side line diff of two HTML sources (jsdiff's diffLines): unchanged lines face each other;
 * a block of removed lines followed by added ones is shown line against line, the longer side facing
 * empty cells; lines only removed (left) or only added (right) face an empty cell.
 */
export function sideBySideDiff(previous: string, current: string): SideBySideDiff {
  if (previous === current) return { identical: true, rows: [] };
  const changes = diffLines(previous, current, { timeout: DIFF_TIMEOUT_MS }) ?? [
    { value: previous, removed: true, added: false, count: 0 },
    { value: current, removed: false, added: true, count: 0 },
  ];
  const rows: DiffRow[] = [];
  let leftLine = 0;
  let rightLine = 0;
  let removed: string[] = [];

  const flushRemoved = (added: string[]) => {
    const length = Math.max(removed.length, added.length);
    for (let i = 0; i < length; i++) {
      rows.push({
        left: i < removed.length ? { kind: "removed", line: ++leftLine, text: removed[i] } : null,
        right: i < added.length ? { kind: "added", line: ++rightLine, text: added[i] } : null,
      });
    }
    removed = [];
  };

  for (const change of changes) {
    const lines = linesOf(change.value);
    if (change.removed) {
      removed.push(...lines);
    } else if (change.added) {
      flushRemoved(lines);
    } else {
      flushRemoved([]);
      for (const text of lines) {
        rows.push({ left: { kind: "unchanged", line: ++leftLine, text }, right: { kind: "unchanged", line: ++rightLine, text } });
      }
    }
  }
  flushRemoved([]);
  return { identical: false, rows };
}

/**
 * The revision round of a version (issue 16), as the versions table and the review screen say it: the first
 * draft, then each round of changes; a version made by editing another's text in the code editor says so
 * ('Revision round 1, edited', issue 38), apart from the revision it was edited from. The team also reads when a
 * round goes past those the client's offer includes (more are allowed).
 */
export function revisionRoundLabel(round: number, rounds: { included: number; team: boolean }, edited = false): string {
  const label = `${round <= 0 ? "First draft" : `Revision round ${round}`}${edited ? ", edited" : ""}`;
  return rounds.team && round > rounds.included ? `${label}, beyond the ${rounds.included} included` : label;
}

/** The most revision rounds the team may set as included in a site's offer. */
export const MAX_INCLUDED_ROUNDS = 20;
