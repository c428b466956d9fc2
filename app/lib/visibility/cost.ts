/**
 * What a site's automatic checks cost per month at its settings (issue 42), for the console: how many answers the
 * assistants give (each page with a keyword in use × its prompts × each active LLM × the sample size × the periods
 * of a month), how many of them searched the web, how many SERP checks run (each keyword in use × the periods), and
 * what that costs at the prices measured. A price is only ever a measured one: the mean cost of a call of that
 * model (of a SERP check) over the last days' calls. What was never measured is named, and the total is then a lower
 * bound. Against the site's monthly cap, it says roughly on which day of the month the cap stops the checks.
 * Pure: the model (models/team-visibility.server.ts) reads the figures, the screens write the words.
 */

import type { CheckFrequency } from "~/lib/results-rules";

export type { CheckFrequency };

/** How far back the calls that price an estimate go (days). */
export const PRICE_WINDOW_DAYS = 90;

/** Weeks in a month, on average: a weekly site is checked 52 times a year. */
export const WEEKS_PER_MONTH = 52 / 12;
/** Days in a month, on average. */
export const DAYS_PER_MONTH = 365.25 / 12;

/** The site's settings and what it has to check. */
export type ChecksVolume = {
  frequency: CheckFrequency;
  /** How many times each prompt is asked of each model per period. */
  samples: number;
  /** Pages with at least one keyword in use. */
  pages: number;
  /** The prompts of those pages, added up: each page's own, or its three defaults. */
  prompts: number;
  /** Keywords in use: page and keyword pairs searched. */
  keywords: number;
};

/** An active LLM and what one of its answers cost, on average, over the calls measured (null: none measured). */
export type ModelPrice = { name: string; webSearch: boolean; meanCostUsd: number | null; calls: number };

/** What a SERP check cost, on average, over the checks measured (null: none measured). */
export type SerpPrice = { meanCostUsd: number | null; checks: number };

export type CostEstimate = {
  /** True when the site's checks are off: the estimate is then what weekly checks would cost. */
  assumedWeekly: boolean;
  periodsPerMonth: number;
  answersPerMonth: number;
  /** Of those, the answers of the LLMs asked with the web search. */
  liveAnswersPerMonth: number;
  serpChecksPerMonth: number;
  models: (ModelPrice & { answersPerMonth: number; costPerMonthUsd: number | null })[];
  serp: SerpPrice & { costPerMonthUsd: number | null };
  /** What the measured part costs per month: the whole estimate unless `lowerBound`. */
  costPerMonthUsd: number;
  /** True when something to be run has no measured price: the cost is at least `costPerMonthUsd`. */
  lowerBound: boolean;
  /** The names of the models with answers to give and no measured price. */
  unmeasuredModels: string[];
  /** Whether SERP checks are to run with no measured price. */
  serpUnmeasured: boolean;
  cap: {
    capUsd: number;
    /** 'over': the estimate passes the cap; 'under': it does not; 'unknown': the measured part does not, the rest is unknown. */
    state: "under" | "over" | "unknown";
    /** Over the cap: the day of the month (1-31) on which, roughly, the cap stops the checks. */
    stopDay: number | null;
  };
};

/**
 * The estimate. `spreadHours`: how long a period's checks are spread over once claimed (CHECKS_SPREAD_HOURS), at
 * most half the period: a monthly site spends its month in those first hours, a weekly one evenly over the month.
 */
export function estimateChecksCost(
  volume: ChecksVolume,
  models: readonly ModelPrice[],
  serp: SerpPrice,
  options: { capUsd: number; spreadHours: number },
): CostEstimate {
  const assumedWeekly = volume.frequency === "off";
  const monthly = volume.frequency === "monthly";
  const periodsPerMonth = monthly ? 1 : WEEKS_PER_MONTH;
  const answersPerModel = volume.prompts * volume.samples * periodsPerMonth;
  const priced = models.map((m) => ({
    ...m,
    answersPerMonth: answersPerModel,
    costPerMonthUsd: m.meanCostUsd === null ? null : m.meanCostUsd * answersPerModel,
  }));
  const serpChecksPerMonth = volume.keywords * periodsPerMonth;
  const serpCost = serp.meanCostUsd === null ? null : serp.meanCostUsd * serpChecksPerMonth;
  const unmeasuredModels = answersPerModel > 0 ? priced.filter((m) => m.costPerMonthUsd === null).map((m) => m.name) : [];
  const serpUnmeasured = serpChecksPerMonth > 0 && serpCost === null;
  const lowerBound = unmeasuredModels.length > 0 || serpUnmeasured;
  const costPerMonthUsd = priced.reduce((sum, m) => sum + (m.costPerMonthUsd ?? 0), 0) + (serpCost ?? 0);
  const over = costPerMonthUsd > options.capUsd;
  const spreadDays = monthly ? Math.min(options.spreadHours / 24, DAYS_PER_MONTH / 2) : DAYS_PER_MONTH;
  return {
    assumedWeekly,
    periodsPerMonth,
    answersPerMonth: answersPerModel * models.length,
    liveAnswersPerMonth: answersPerModel * models.filter((m) => m.webSearch).length,
    serpChecksPerMonth,
    models: priced,
    serp: { ...serp, costPerMonthUsd: serpCost },
    costPerMonthUsd,
    lowerBound,
    unmeasuredModels,
    serpUnmeasured,
    cap: {
      capUsd: options.capUsd,
      state: over ? "over" : lowerBound ? "unknown" : "under",
      stopDay: over ? capStopDay(costPerMonthUsd, options.capUsd, spreadDays) : null,
    },
  };
}

/**
 * The day of the month (1-31) on which spending at `costPerMonthUsd`, spread evenly over the month's first
 * `spreadDays` days, reaches `capUsd` (under it). Day 1 is the month's first day.
 */
export function capStopDay(costPerMonthUsd: number, capUsd: number, spreadDays: number): number {
  const day = 1 + Math.floor((Math.max(0, capUsd) / costPerMonthUsd) * spreadDays);
  return Math.min(31, Math.max(1, day));
}
