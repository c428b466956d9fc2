/**
 * The public forms' own check in the browser (docs/decisions/017-public-forms-without-conform.md): the
 * form's zod schema, parsed without conform, which the public pages do not load. Its messages are keyed by
 * field as in conform's `result.error`, the shape the actions answer (they parse the same schema with
 * `parseSubmission`), so that a form shows its own refusals and the server's the same way.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";

/** Each field's messages, as in conform's `result.error` (field name → messages). */
export type FormErrors = NonNullable<SubmissionResult<string[]>["error"]>;

/** Checks a form with its schema, reading its text fields as the action does: each field's messages, or null. */
export function checkForm(schema: z.ZodType, form: FormData): FormErrors | null {
  const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return errors;
}
