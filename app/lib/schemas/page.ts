/**
 * The page dialog's schema (spec part 2, sections 3, 5 and 8), create and edit: parsed in the browser and
 * again by the page list's action, and what the page model takes (PageInput). An absent field reads like an
 * empty one.
 */
import { PAGE_MESSAGES, parseStatusChoice } from "~/lib/page-rules";
import { z } from "~/lib/zod";

const requiredText = (message: string) =>
  z
    .union([z.string(), z.null(), z.undefined()], { error: message })
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().min(1, message));

const switchValue = z
  .unknown()
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const pageFormSchema = z.object({
  name: requiredText(PAGE_MESSAGES.nameRequired),
  url: requiredText(PAGE_MESSAGES.urlRequired),
  status: z.unknown().optional().transform(parseStatusChoice),
  // No demo flag (hide_revisions_texts_from_preview): only the service's team marks a page as demo.
  hideCoverImageFromPreview: switchValue,
});
export type PageInput = z.infer<typeof pageFormSchema>;
