import { describe, expect, it } from "vitest";
import { QUIZ_ADVANCE_MS, QUIZ_QUESTIONS, quizProgress, quizResult, type QuizAnswers } from "./quiz";

describe("the ideal-client quiz", () => {
  it("has three questions with the spec's option values, and advances after 500 ms", () => {
    expect(QUIZ_ADVANCE_MS).toBe(500);
    expect(QUIZ_QUESTIONS.map((q) => q.id)).toEqual(["websiteAge", "siteType", "seoHours"]);
    expect(QUIZ_QUESTIONS.map((q) => q.options.map((o) => o.value))).toEqual([
      ["less-1-year", "more-1-year"],
      ["corporate", "local-business", "ecommerce", "marketplace", "information-affiliate", "news", "other"],
      ["less", "more"],
    ]);
  });

  it.each(["corporate", "ecommerce", "marketplace"] as const)("is 'ideal' for a site over a year old, of type %s, with under 10 SEO hours", (siteType) => {
    expect(quizResult({ websiteAge: "more-1-year", siteType, seoHours: "less" })).toBe("ideal");
  });

  it("is 'notIdeal' as soon as one condition fails", () => {
    const ideal: QuizAnswers = { websiteAge: "more-1-year", siteType: "corporate", seoHours: "less" };
    expect(quizResult({ ...ideal, websiteAge: "less-1-year" })).toBe("notIdeal");
    expect(quizResult({ ...ideal, seoHours: "more" })).toBe("notIdeal");
    for (const siteType of ["local-business", "information-affiliate", "news", "other"] as const) {
      expect(quizResult({ ...ideal, siteType })).toBe("notIdeal");
    }
    expect(quizResult({})).toBe("notIdeal");
  });

  it("fills the progress bar with the share of questions reached", () => {
    expect([0, 1, 2].map(quizProgress)).toEqual([33, 67, 100]);
  });
});
