import { describe, expect, it } from "vitest";
import { calibrate } from "./calibration";

describe("the visibility figures' calibration (simulated, seeded)", () => {
  for (const n of [9, 45])
    for (const p of [0.1, 0.3, 0.6])
      it(`at ${n} answers and p ${p}: the interval holds p in 93-97 % of periods, "clear change" with p unchanged at most 5 %`, () => {
        const result = calibrate({ p, n, periods: 2000 });
        expect(result.coverage).toBeGreaterThanOrEqual(0.93);
        expect(result.coverage).toBeLessThanOrEqual(0.97);
        expect(result.falseChange).toBeLessThanOrEqual(0.05);
      });

  it("sees most doublings at a page's 45 answers (p 0.3 to 0.6), and few at one assistant's 9", () => {
    expect(calibrate({ p: 0.3, n: 45, periods: 2000 }).power).toBeGreaterThan(0.6);
    expect(calibrate({ p: 0.3, n: 9, periods: 2000 }).power).toBeLessThan(0.2);
  });
});
