import { describe, expect, it } from "vitest";
import { capStopDay, DAYS_PER_MONTH, estimateChecksCost, WEEKS_PER_MONTH, type ChecksVolume, type ModelPrice } from "./cost";

const volume: ChecksVolume = { frequency: "weekly", samples: 3, pages: 2, prompts: 7, keywords: 5 };
const models: ModelPrice[] = [
  { name: "GPT-4o", webSearch: true, meanCostUsd: 0.01, calls: 120 },
  { name: "Mistral Large", webSearch: false, meanCostUsd: 0.002, calls: 40 },
];
const serp = { meanCostUsd: 0.003, checks: 30 };
const options = { capUsd: 10, spreadHours: 84 };

describe("the monthly estimate of a site's checks", () => {
  it("counts answers (prompts × models × samples × periods), live answers, SERP checks, and prices them", () => {
    const estimate = estimateChecksCost(volume, models, serp, options);
    const perModel = 7 * 3 * WEEKS_PER_MONTH; // 91
    expect(estimate.periodsPerMonth).toBeCloseTo(4.3333, 4);
    expect(estimate.answersPerMonth).toBeCloseTo(2 * perModel, 9);
    expect(estimate.liveAnswersPerMonth).toBeCloseTo(perModel, 9);
    expect(estimate.serpChecksPerMonth).toBeCloseTo(5 * WEEKS_PER_MONTH, 9);
    expect(estimate.models.map((m) => m.costPerMonthUsd)).toEqual([0.01 * perModel, 0.002 * perModel]);
    expect(estimate.costPerMonthUsd).toBeCloseTo(0.012 * perModel + 0.003 * 5 * WEEKS_PER_MONTH, 9);
    expect(estimate).toMatchObject({ assumedWeekly: false, lowerBound: false, unmeasuredModels: [], serpUnmeasured: false });
    expect(estimate.cap).toEqual({ capUsd: 10, state: "under", stopDay: null });
  });

  it("counts one period a month for a monthly site, and weekly ones for a site whose checks are off", () => {
    const monthly = estimateChecksCost({ ...volume, frequency: "monthly" }, models, serp, options);
    expect(monthly).toMatchObject({ periodsPerMonth: 1, answersPerMonth: 42, liveAnswersPerMonth: 21, serpChecksPerMonth: 5 });
    const off = estimateChecksCost({ ...volume, frequency: "off" }, models, serp, options);
    expect(off.assumedWeekly).toBe(true);
    expect(off.answersPerMonth).toBe(estimateChecksCost(volume, models, serp, options).answersPerMonth);
  });

  it("names what was never measured and makes the total a lower bound", () => {
    const unmeasured = [...models, { name: "Llama", webSearch: false, meanCostUsd: null, calls: 0 }];
    const estimate = estimateChecksCost(volume, unmeasured, { meanCostUsd: null, checks: 0 }, options);
    expect(estimate).toMatchObject({ lowerBound: true, unmeasuredModels: ["Llama"], serpUnmeasured: true });
    expect(estimate.models[2]!.costPerMonthUsd).toBeNull();
    expect(estimate.serp.costPerMonthUsd).toBeNull();
    // Only the measured part is added up.
    expect(estimate.costPerMonthUsd).toBeCloseTo(0.012 * 91, 9);
    expect(estimate.cap.state).toBe("unknown");
  });

  it("has nothing unmeasured to fear when nothing is to be checked", () => {
    const estimate = estimateChecksCost(
      { ...volume, pages: 0, prompts: 0, keywords: 0 },
      [{ name: "Llama", webSearch: false, meanCostUsd: null, calls: 0 }],
      { meanCostUsd: null, checks: 0 },
      options,
    );
    expect(estimate).toMatchObject({ answersPerMonth: 0, serpChecksPerMonth: 0, costPerMonthUsd: 0, lowerBound: false });
    expect(estimate.cap.state).toBe("under");
  });

  it("says roughly on which day the cap stops the checks: over the month when weekly, in the first days when monthly", () => {
    const expensive = [{ name: "GPT-4o", webSearch: true, meanCostUsd: 0.3, calls: 10 }];
    // 7 prompts × 3 samples × 52/12 weeks × 0.30 $ = 27.30 $ a month: the 10 $ cap goes on the 12th.
    const weekly = estimateChecksCost(volume, expensive, serp, options);
    expect(weekly.costPerMonthUsd).toBeCloseTo(27.3 + 0.003 * 5 * WEEKS_PER_MONTH, 9);
    expect(weekly.cap).toMatchObject({ state: "over", stopDay: 12 });
    // Monthly: 21 answers (6.30 $) and 5 checks, all within the first 84 hours: under the cap.
    expect(estimateChecksCost({ ...volume, frequency: "monthly" }, expensive, serp, options).cap.state).toBe("under");
    const monthly = estimateChecksCost({ ...volume, frequency: "monthly", samples: 10 }, expensive, serp, options);
    expect(monthly.cap).toMatchObject({ state: "over", stopDay: 2 });
    // A measured part already over the cap is over it, unmeasured models or not.
    const partly = estimateChecksCost(
      volume,
      [...expensive, { name: "Llama", webSearch: false, meanCostUsd: null, calls: 0 }],
      serp,
      options,
    );
    expect(partly.cap.state).toBe("over");
  });

  it("puts the stop day between the 1st and the 31st", () => {
    expect(capStopDay(100, 0, DAYS_PER_MONTH)).toBe(1);
    expect(capStopDay(100, 30, DAYS_PER_MONTH)).toBe(10);
    expect(capStopDay(100, 99.99, DAYS_PER_MONTH)).toBe(31);
    expect(capStopDay(100, 50, 3.5)).toBe(2);
  });
});
