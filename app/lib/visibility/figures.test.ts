import { describe, expect, it } from "vitest";
import { livenessOf, shareChange, shareSentence, shareWithInterval, shownShare, visibilityTrends } from "./figures";

describe("a share as it reads", () => {
  it("carries its sample size and its 95% interval", () => {
    expect(shareSentence(shownShare(7, 45), "Cited in")).toBe("Cited in 7 of 45 answers: 16%, 8-29%");
    expect(shareSentence(shownShare(0, 1))).toBe("0 of 1 answer: 0%, 0-79%");
    expect(shareSentence(shownShare(0, 0))).toBe("No answer yet");
    expect(shareWithInterval(shownShare(9, 9))).toBe("100%, 70-100%");
  });

  it("calls a change clear only when the test is", () => {
    // One answer each side, 0% then 100%: the story the old screen told, and no evidence at all.
    expect(shareChange({ k: 0, n: 1 }, { k: 1, n: 1 }).words).toBe("No clear change");
    expect(shareChange({ k: 2, n: 45 }, { k: 20, n: 45 }).words).toBe("Clear rise");
    expect(shareChange({ k: 20, n: 45 }, { k: 2, n: 45 }).words).toBe("Clear fall");
    expect(shareChange({ k: 3, n: 9 }, { k: 6, n: 9 }).words).toBe("No clear change");
  });

  it("says where the answers come from", () => {
    expect([livenessOf(9, 9), livenessOf(0, 9), livenessOf(3, 9), livenessOf(0, 0)]).toEqual(["live", "memory", "mixed", "memory"]);
  });
});

describe("the newest week against the one before", () => {
  const week = (llm: string, week: string, answers: number, mentioned: number, cited: number, live: number) => ({
    llm,
    week,
    answers,
    mentioned,
    cited,
    live,
  });

  it("per assistant and for all of them together, first", () => {
    const trends = visibilityTrends([
      week("GPT-4o", "2027-01-04", 9, 1, 0, 9),
      week("Mistral", "2027-01-04", 9, 0, 0, 0),
      week("GPT-4o", "2027-01-11", 9, 8, 7, 9),
      week("Mistral", "2027-01-11", 9, 7, 6, 0),
    ]);
    expect(trends.map((t) => [t.llm, t.week, t.previousWeek, t.cited.k, t.cited.n, t.liveness, t.citedChange?.words])).toEqual([
      [null, "2027-01-11", "2027-01-04", 13, 18, "mixed", "Clear rise"],
      ["GPT-4o", "2027-01-11", "2027-01-04", 7, 9, "live", "Clear rise"],
      ["Mistral", "2027-01-11", "2027-01-04", 6, 9, "memory", "Clear rise"],
    ]);
  });

  it("has no change to call with a single week", () => {
    const [all] = visibilityTrends([week("GPT-4o", "2027-01-04", 1, 1, 1, 0)]);
    expect(all).toMatchObject({ previousWeek: null, citedChange: null, mentionedChange: null });
    expect(visibilityTrends([])).toEqual([]);
  });
});
