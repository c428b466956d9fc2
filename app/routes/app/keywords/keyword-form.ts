/**
 * The 'Add Keyword' form (spec part 2, section 5): its schema, read in the dialog and again by the keywords
 * action (intent=add). The model takes the keyword's text and keeps the rules (lib/keyword-rules.ts).
 */
import { KEYWORD_TEXTS, normalizeKeyword } from "~/lib/keyword-rules";
import { z } from "~/lib/zod";

export const addKeywordSchema = z.object({
  // Trimmed; blank after trimming (or absent) is refused.
  keyword: z
    .unknown()
    .optional()
    .transform((value) => normalizeKeyword(typeof value === "string" ? value : ""))
    .pipe(z.string().min(1, KEYWORD_TEXTS.required)),
});
