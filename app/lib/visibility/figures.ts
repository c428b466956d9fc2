/**
 * How the AI-visibility figures read (issue 42), on the Results screen and in the monthly report: every share with
 * its sample size and its 95 % interval ("Cited in 7 of 45 answers: 16%, 8-29%"), and a change between two periods
 * said in words only as clear as the test allows ("clear rise", "no clear change").
 */
import { compareShares, wilsonInterval, type Change, type Share } from "./shares";

/** A share as the screens show it: k of n, the share and its 95 % interval (0 to 1; null without answers). */
export type ShownShare = { k: number; n: number; share: number | null; low: number | null; high: number | null };

export function shownShare(k: number, n: number): ShownShare {
  const interval = wilsonInterval({ k, n });
  return { k, n, share: n ? k / n : null, low: interval?.low ?? null, high: interval?.high ?? null };
}

/** How many days of answers on each side of a page's newest publication its before-and-after compares. */
export const PUBLISH_WINDOW_DAYS = 28;

const pct = (x: number) => Math.round(x * 100);

/** "16%, 8-29%"; "—" without answers. */
export function shareWithInterval(share: ShownShare): string {
  if (share.share === null || share.low === null || share.high === null) return "—";
  return `${pct(share.share)}%, ${pct(share.low)}-${pct(share.high)}%`;
}

/** "7 of 45 answers: 16%, 8-29%" (`verb` before it: "Cited in 7 of 45 answers: ..."); "No answer yet" at 0. */
export function shareSentence(share: ShownShare, verb?: string): string {
  if (share.n === 0) return "No answer yet";
  const counted = `${share.k} of ${share.n} ${share.n === 1 ? "answer" : "answers"}: ${shareWithInterval(share)}`;
  return verb ? `${verb} ${counted}` : counted.charAt(0).toUpperCase() + counted.slice(1);
}

export const CHANGE_WORDS: Record<Change, string> = { rise: "Clear rise", fall: "Clear fall", none: "No clear change" };

export type ShareChange = { change: Change; pValue: number; words: string };

/** Whether a share moved between two periods, in words: a change only when the two-proportion test is clear at 5 %. */
export function shareChange(before: Share, after: Share): ShareChange {
  const { change, pValue } = compareShares(before, after);
  return { change, pValue, words: CHANGE_WORDS[change] };
}

/** Where the figure comes from: every answer searched the web, none did, or some. */
export type Liveness = "live" | "memory" | "mixed";

export function livenessOf(live: number, answers: number): Liveness {
  if (answers > 0 && live === answers) return "live";
  return live === 0 ? "memory" : "mixed";
}

export const LIVENESS_WORDS: Record<Liveness, string> = {
  live: "Live (searches the web)",
  memory: "From memory",
  mixed: "Partly live",
};

/** One assistant's answers in one week (the model's aggregate). */
export type WeekCounts = { llm: string; week: string; answers: number; mentioned: number; cited: number; live: number };

/**
 * The newest week of each assistant, and of all of them together (`llm` null), against the week before it: the
 * shares with their intervals, where they come from, and whether each moved clearly.
 */
export type VisibilityTrend = {
  llm: string | null;
  week: string;
  previousWeek: string | null;
  mentioned: ShownShare;
  cited: ShownShare;
  liveness: Liveness;
  mentionedChange: ShareChange | null;
  citedChange: ShareChange | null;
};

/** Per week (oldest first), the answers of one assistant, or of all of them added up (`llm` null). */
export function weeklyCounts(points: readonly WeekCounts[], llm: string | null): WeekCounts[] {
  const weeks = new Map<string, WeekCounts>();
  for (const p of points) {
    if (llm !== null && p.llm !== llm) continue;
    const w = weeks.get(p.week) ?? { llm: llm ?? "", week: p.week, answers: 0, mentioned: 0, cited: 0, live: 0 };
    weeks.set(p.week, {
      ...w,
      answers: w.answers + p.answers,
      mentioned: w.mentioned + p.mentioned,
      cited: w.cited + p.cited,
      live: w.live + p.live,
    });
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}

export function visibilityTrends(points: readonly WeekCounts[]): VisibilityTrend[] {
  const trend = (llm: string | null): VisibilityTrend | null => {
    const weeks = weeklyCounts(points, llm);
    const last = weeks.at(-1);
    if (!last) return null;
    const before = weeks.at(-2) ?? null;
    return {
      llm,
      week: last.week,
      previousWeek: before?.week ?? null,
      mentioned: shownShare(last.mentioned, last.answers),
      cited: shownShare(last.cited, last.answers),
      liveness: livenessOf(last.live, last.answers),
      mentionedChange: before ? shareChange({ k: before.mentioned, n: before.answers }, { k: last.mentioned, n: last.answers }) : null,
      citedChange: before ? shareChange({ k: before.cited, n: before.answers }, { k: last.cited, n: last.answers }) : null,
    };
  };
  const models = [...new Set(points.map((p) => p.llm))];
  return [null, ...models].map(trend).filter((t): t is VisibilityTrend => t !== null);
}
