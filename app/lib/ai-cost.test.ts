import { describe, expect, it } from "vitest";
import { aiWorkLabel, costLabel } from "./ai-cost";

describe("costLabel", () => {
  it("says money and tokens, either alone, or nothing", () => {
    expect(costLabel(0.0123, 4210)).toBe("$0.0123 · 4,210 tokens");
    expect(costLabel(1.5, null)).toBe("$1.50");
    expect(costLabel(null, 12)).toBe("12 tokens");
    expect(costLabel(undefined, null)).toBe("");
  });

  it("rounds money to at most 4 decimals", () => {
    expect(costLabel(0.123456, null)).toBe("$0.1235");
  });
});

describe("aiWorkLabel", () => {
  it("is null until a provider reported something", () => {
    expect(aiWorkLabel({ reported: 0, costUsd: 0, tokens: null })).toBeNull();
  });

  it("says the total, leaving tokens out when no provider reported any", () => {
    expect(aiWorkLabel({ reported: 3, costUsd: 0.0123, tokens: 1000 })).toBe("$0.0123 · 1,000 tokens");
    expect(aiWorkLabel({ reported: 2, costUsd: 0.75, tokens: null })).toBe("$0.75");
  });
});
