import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { checkForm, UNFORESEEN_REFUSAL } from "./form";
import { parseSubmission } from "./submission";

/** A schema that forgot a message: its field refuses a missing value in zod's own words. */
const careless = z.object({ name: z.string(), city: z.string({ error: "Indiquez votre ville." }) });
const form = () => new FormData();

describe("the forms' safety net", () => {
  it("says to check the field, in French, where the schema wrote no message; the schema's own message comes first", () => {
    const submission = parseSubmission(form(), careless);
    expect(submission.status === "error" ? submission.error : submission.status).toEqual({
      name: [UNFORESEEN_REFUSAL],
      city: ["Indiquez votre ville."],
    });
    expect(checkForm(careless, form())).toEqual({ name: [UNFORESEEN_REFUSAL], city: ["Indiquez votre ville."] });
  });

  it("is given to the forms' parses only: another parse keeps zod's precise message", () => {
    const result = careless.safeParse({ city: "Lyon" });
    expect(result.error?.issues[0]?.message).toMatch(/^Invalid input: expected string/);
  });
});
