/**
 * Forms with conform and their zod schema (docs/decisions/016-one-way-to-write-an-action.md): one schema,
 * parsed in the browser on submit and again by the action; the action's answer to a refused form carries
 * conform's `result`, whose errors show on the same fields.
 */
import { useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { parseSubmission } from "~/lib/schemas/submission";

/** The fetcher that posts the form (its answer may carry conform's `result`). */
type PostingFetcher = { data?: unknown; reset: () => void };

/**
 * conform's `useForm` for a form posted by `fetcher` (a `fetcher.Form` spread with `getFormProps(form)`):
 * - validated with `schema` on submit, and only then (errors stay until the next submit, unless the form
 *   clears one as the person changes its field: `clearFieldError`);
 * - conform focuses the first field in error, and ties each error to its field (`aria-invalid`,
 *   `aria-describedby`: use the field's `id` and `errorId`);
 * - a submit the browser refuses forgets the action's previous answer (its message no longer applies) and
 *   calls `onInvalid` with the first message (and every field's messages, for a form that tells one apart).
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    fetcher: PostingFetcher;
    defaultValue?: DefaultValue<z.input<Schema>>;
    onInvalid?: (message: string, errors: Record<string, string[] | null>) => void;
  },
) {
  const { fetcher, onInvalid } = options;
  const answer = fetcher.data as { result?: SubmissionResult<string[]> } | null | undefined;
  return useForm({
    lastResult: answer?.result,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate({ formData }) {
      const submission = parseSubmission(formData, schema);
      // 'error' is a submit refused here; conform's own intents (clearFieldError) have no status.
      if (submission.status === "error") {
        if (fetcher.data !== undefined) fetcher.reset();
        const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
        if (first) onInvalid?.(first, submission.error ?? {});
      }
      return submission;
    },
  });
}

/**
 * Hides the error of one field until the next submit, for forms whose field error goes as soon as the
 * person changes that field (the others stay until fixed and submitted again).
 */
export function clearFieldError(form: Pick<FormMetadata, "allErrors" | "update">, name: string) {
  if (name && form.allErrors[name]) form.update({ name, validated: false });
}
