import { describe, expect, it } from "vitest";
import { KEYWORD_TEXTS } from "~/lib/keyword-rules";
import { parseSubmission } from "~/lib/schemas/submission";
import { addKeywordSchema } from "./keyword-form";
import { formOf as form } from "~/lib/schemas/form-test-helpers";

describe("addKeywordSchema", () => {
  it("trims the keyword", () => {
    const submission = parseSubmission(form({ intent: "add", keyword: "  Jardin bio  " }), addKeywordSchema);
    expect(submission.status === "success" && submission.value).toEqual({ keyword: "Jardin bio" });
  });

  it("refuses a keyword that is blank after trimming, or absent, with the spec's message", () => {
    for (const values of [{ keyword: "   " }, { keyword: "" }, {}] as Record<string, string>[]) {
      const submission = parseSubmission(form(values), addKeywordSchema);
      expect(submission.status === "error" && submission.error).toEqual({ keyword: [KEYWORD_TEXTS.required] });
    }
  });
});
