/**
 * conform's parse of a form by its zod schema, the same in the browser (`useSchemaForm`) and in the action
 * (docs/decisions/016-one-way-to-write-an-action.md). Kept apart from ./form.ts so that the public pages,
 * which parse their forms by hand, do not ship conform.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { formErrorMap } from "./form";

/**
 * Parses a form with its schema: the same schema, the same values on both sides. The schemas read the raw
 * strings themselves (empty, 'on', 'none'...), so conform's automatic coercion stays off. A refusal the
 * schema wrote no message for says to check the field (`formErrorMap`, ./form.ts); `error` replaces that net.
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema, error: z.core.$ZodErrorMap = formErrorMap) {
  return parseWithZod(form, { schema, disableAutoCoercion: true, error });
}
