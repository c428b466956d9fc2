/**
 * The calibration of the AI-visibility figures, by simulation (issue 42): a fake assistant mentions the site with a
 * known probability p in each of n answers per period. Used by `npm run bench:visibility` and by its test.
 */
import { compareShares, wilsonInterval, type Share } from "./shares";

/** mulberry32: a small seeded generator, uniform on [0, 1), so that a simulation gives the same figures everywhere. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Calibration = {
  /** Share of the periods whose 95 % interval contains p (goal: 93-97 %). */
  coverage: number;
  /** Share of pairs of periods with the same p called a clear change (goal: at most 5 %). */
  falseChange: number;
  /** The other probability: p doubled, or halved where doubling is past 1. */
  moved: number;
  /** Share of pairs of periods, p then `moved`, called a clear change the right way (the test's power). */
  power: number;
};

export function calibrate({
  p,
  n,
  periods,
  seed = Math.round(p * 1000) * 7919 + n,
}: {
  p: number;
  n: number;
  periods: number;
  seed?: number;
}): Calibration {
  const random = seededRandom(seed);
  const period = (probability: number): Share => {
    let k = 0;
    for (let i = 0; i < n; i++) if (random() < probability) k++;
    return { k, n };
  };
  const moved = p * 2 <= 1 ? p * 2 : p / 2;
  let covered = 0;
  let falseChanges = 0;
  let seen = 0;
  for (let i = 0; i < periods; i++) {
    const first = period(p);
    const interval = wilsonInterval(first)!;
    if (interval.low <= p && p <= interval.high) covered++;
    if (compareShares(first, period(p)).change !== "none") falseChanges++;
    if (compareShares(first, period(moved)).change === (moved > p ? "rise" : "fall")) seen++;
  }
  return { coverage: covered / periods, falseChange: falseChanges / periods, moved, power: seen / periods };
}

/** The goals: the 95 % intervals hold p in 93-97 % of periods; "clear change" said in at most 5 % where p did not move. */
export const coverageMet = (c: Calibration) => c.coverage >= 0.93 && c.coverage <= 0.97;
export const falseChangeMet = (c: Calibration) => c.falseChange <= 0.05;
