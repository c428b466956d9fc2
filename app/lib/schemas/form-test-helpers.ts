/** Helpers of the form schemas' unit tests (imported by tests only). */
import type { z } from "zod";
import { parseSubmission } from "./submission";

/** A posted form with these fields. */
export function formOf(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** The form as its action parses it (conform's parse): the values, or each field's first message. */
export function parseForTest(schema: z.ZodType, values: Record<string, string> | FormData) {
  const submission = parseSubmission(values instanceof FormData ? values : formOf(values), schema);
  if (submission.status === "success") return { ok: true, data: submission.value } as const;
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
  return { ok: false, errors } as const;
}
