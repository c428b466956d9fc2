/**
 * The statistics behind every AI-visibility share (issue 42): a share is k answers of n, shown with its 95 % Wilson
 * interval, and a change between two shares is called one only when a two-proportion test says so at 5 %.
 * Pure functions, for the screens, the monthly report and the calibration bench (scripts/bench-visibility.ts).
 */

/** The normal quantile of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export type Share = { k: number; n: number };
export type Interval = { low: number; high: number };

function checkShare({ k, n }: Share) {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0 || k < 0 || k > n) throw new RangeError(`not a share: ${k} of ${n}`);
}

/**
 * The Wilson score interval of k successes in n trials (z = 1.96 for 95 %). Unlike k/n ± z·√(p(1-p)/n), it stays
 * inside [0, 1] and is not empty at 0 of n or n of n, where a handful of answers are most often. Null without answers.
 */
export function wilsonInterval(share: Share, z = Z_95): Interval | null {
  checkShare(share);
  const { k, n } = share;
  if (n === 0) return null;
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 of n and n of n the bound is exactly 0 or 1; rounding must not leave it a hair away.
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

export type Change = "rise" | "fall" | "none";

/** The standard normal's upper tail, P(Z > z), by the complementary error function (Numerical Recipes' erfc, 1.2e-7). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/**
 * Whether the share moved from `before` to `after`: the two-proportion z-test with the pooled share, two-sided, with
 * Yates's continuity correction. Without it the test says "change" a little too often at the sample sizes we have (5.2
 * to 7.0 % of the periods where nothing moved, for 9 to 45 answers: scripts/bench-visibility.ts); with it, at most
 * 5 %. "none" when either side has no answers, when both shares are the same, or when the p-value is not under
 * `alpha`. The p-value is returned for the reader who wants it (and the bench).
 */
export function compareShares(before: Share, after: Share, alpha = 0.05): { change: Change; pValue: number } {
  checkShare(before);
  checkShare(after);
  if (before.n === 0 || after.n === 0) return { change: "none", pValue: 1 };
  const p1 = before.k / before.n;
  const p2 = after.k / after.n;
  const pooled = (before.k + after.k) / (before.n + after.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / before.n + 1 / after.n));
  if (se === 0) return { change: "none", pValue: 1 };
  const corrected = Math.max(0, Math.abs(p2 - p1) - (1 / before.n + 1 / after.n) / 2);
  const pValue = Math.min(1, 2 * normalUpperTail(corrected / se));
  if (pValue >= alpha) return { change: "none", pValue };
  return { change: p2 > p1 ? "rise" : "fall", pValue };
}
