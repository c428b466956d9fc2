/** Helpers shared by every form schema: field errors keyed by field name. */
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    result[key] ??= issue.message;
  }
  return result;
}

/** Parses a FormData (or a plain object) with a schema: the data, or the field errors. */
export function parseForm<T extends z.ZodType>(schema: T, form: FormData | Record<string, unknown>) {
  const values = form instanceof FormData ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) : form;
  const result = schema.safeParse(values);
  return result.success
    ? ({ ok: true, data: result.data as z.infer<T> } as const)
    : ({ ok: false, errors: fieldErrors(result.error) } as const);
}
