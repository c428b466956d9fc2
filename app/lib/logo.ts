/** Logo checks shared by the dialog (before upload) and the server (on the bytes). Spec wording. */
import { LOGO_MAX_BYTES, LOGO_TYPES } from "~/lib/constants";

export const LOGO_MESSAGES = {
  required: "Please upload a logo image.",
  format: "Unsupported file format. Please use JPG, PNG, GIF, or WebP.",
  size: "File is too large. Maximum size is 5MB.",
  auth: "Authentication required to upload files.",
  failed: "Error uploading logo",
} as const;

/** A quick check of what the browser says about the file; the server checks the content. */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_MESSAGES.format;
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.size;
  return null;
}
