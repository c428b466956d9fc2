/** The 'Create New Tone Article' form (spec part 2, section 5): name required, parent and content optional. */
import { optionalIdField } from "~/lib/schemas/id";
import { z } from "~/lib/zod";

export const TONE_NAME_MAX = 200;
export const TONE_CONTENT_MAX = 50_000;

const optionalText = z
  .string({ error: "Enter the content as text" })
  .nullish()
  .transform((v) => (v && v.trim() ? v.trim() : null));

export const toneArticleSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(TONE_NAME_MAX, `Name must be at most ${TONE_NAME_MAX} characters`),
  /** A tone group id, or 'none' (or nothing) for no parent. */
  parent: optionalIdField("Parent group not found"),
  content: optionalText.pipe(z.string().max(TONE_CONTENT_MAX, `Content must be at most ${TONE_CONTENT_MAX} characters`).nullable()),
});

export type ToneArticleInput = z.input<typeof toneArticleSchema>;
export type ToneArticleValues = z.output<typeof toneArticleSchema>;
