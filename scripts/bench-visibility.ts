/**
 * Calibration of the AI-visibility figures (`npm run bench:visibility`, issue 42), by simulation: a fake assistant
 * mentions the site with a known probability p in each answer. Over PERIODS simulated periods of n answers each, it
 * prints how often the 95 % Wilson interval shown contains p (goal: 93-97 %), how often "clear change" is said
 * between two periods where p did not move (goal: at most 5 %), and how often it is said when p doubled (or halved,
 * where doubling is past 100 %): the test's power at that sample size.
 *
 * n: 9 answers is one assistant for one page at the defaults (3 prompts x 3 samples); 45 is a page's five
 * assistants together. Deterministic (a seeded generator): the same figures on every machine.
 *   npm run bench:visibility                 PERIODS=1000, n = 9 and 45
 *   PERIODS=10000 SIZES=9,27,45,90 npm run bench:visibility
 */
import { calibrate, coverageMet, falseChangeMet } from "../app/lib/visibility/calibration";

const PERIODS = Number(process.env.PERIODS ?? 1000);
const SIZES = (process.env.SIZES ?? "9,45").split(",").map(Number);
const PROBABILITIES = [0.1, 0.3, 0.6];
const percent = (share: number) => `${(100 * share).toFixed(1).padStart(5)} %`;

console.log(`AI-visibility calibration: ${PERIODS} simulated periods per line, 95 % Wilson intervals, two-proportion test at 5 %`);
let failed = false;
for (const n of SIZES) {
  for (const p of PROBABILITIES) {
    const c = calibrate({ p, n, periods: PERIODS });
    failed ||= !coverageMet(c) || !falseChangeMet(c);
    console.log(
      [
        `n ${String(n).padStart(3)}, p ${p.toFixed(1)}:`,
        `interval contains p in ${percent(c.coverage)}${coverageMet(c) ? "" : " (goal 93-97 %)"}`,
        `"clear change" with p unchanged in ${percent(c.falseChange)}${falseChangeMet(c) ? "" : " (goal at most 5 %)"}`,
        `with p ${c.moved > p ? "doubled" : "halved"} (${c.moved.toFixed(1)}) in ${percent(c.power)}`,
      ].join("  "),
    );
  }
}
if (failed) {
  console.log("Some lines miss their goals.");
  process.exitCode = 1;
}
