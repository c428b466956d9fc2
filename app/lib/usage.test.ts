import { describe, expect, it } from "vitest";
import { UsageTally } from "./usage";

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
