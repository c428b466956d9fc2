import { describe, expect, it } from "vitest";
import { backoffSeconds, UsageTally } from "./action-queue.server";

describe("UsageTally", () => {
  it("sums what the calls reported", () => {
    const tally = new UsageTally().add({ tokensIn: 10, tokensOut: 20, costUsd: 0.5 }).add({ tokensIn: 1, costUsd: 0.25 });
    expect({ ...tally }).toEqual({ tokensIn: 11, tokensOut: 20, costUsd: 0.75 });
  });

  it("leaves a figure no call reported unknown, not zero", () => {
    const tally = new UsageTally().add({ tokensIn: 50, tokensOut: 4160 }).add({});
    expect(tally.costUsd).toBeUndefined();
    expect(new UsageTally().tokensIn).toBeUndefined();
  });
});

describe("backoffSeconds", () => {
  it("stays between 1 s and the doubling ceiling", () => {
    expect(backoffSeconds(1, () => 0)).toBe(1);
    expect(backoffSeconds(3, () => 1)).toBe(8);
    expect(backoffSeconds(20, () => 1)).toBe(300);
  });
});
