/**
 * The public forms' own check in the browser (docs/decisions/017-public-forms-without-conform.md): the
 * form's zod schema, parsed without conform, which the public pages do not load. Its messages are keyed by
 * field as in conform's `result.error`, the shape the actions answer (they parse the same schema with
 * `parseSubmission`), so that a form shows its own refusals and the server's the same way.
 *
 * And the forms' safety net (issue 37): every parse of a form passes `formErrorMap` to zod, so that a refusal
 * its schema wrote no message for says, in French (the product's language, lib/page-lang.ts), to check the
 * field, instead of zod's English for developers ("Invalid input: expected string, received File"). The
 * schemas write their own messages (app/routes/form-schemas.test.ts checks every one); this is for what they
 * did not foresee. It is given per parse, not set once with `z.config`: the parses that are not forms (the
 * configuration, the queued work's payloads, a language model's outline, whose refusals are sent back to the
 * model) keep zod's precise messages. No zod here at run time: the public pages load it only when a form is used.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";

/** Each field's messages, as in conform's `result.error` (field name → messages). */
export type FormErrors = NonNullable<SubmissionResult<string[]>["error"]>;

/** What a form's refusal says when its schema wrote nothing for it. */
export const UNFORESEEN_REFUSAL = "Vérifiez ce champ, puis réessayez.";

/** zod's per-parse error map of the forms: below the schemas' own messages, above zod's defaults. */
export const formErrorMap: z.core.$ZodErrorMap = () => UNFORESEEN_REFUSAL;

/**
 * Checks a form with its schema, reading its text fields as the action does: each field's messages, or null.
 * `error` replaces the safety net (a test gives its own, to find the refusals a schema wrote no message for).
 */
export function checkForm(schema: z.ZodType, form: FormData, error: z.core.$ZodErrorMap = formErrorMap): FormErrors | null {
  const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const result = schema.safeParse(values, { error });
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return errors;
}
