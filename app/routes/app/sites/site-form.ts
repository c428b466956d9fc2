/**
 * The site dialog's form (spec part 1, sections 3 and 5): its schema, read in the browser and again by the
 * sites action (POST /sites, intent=create | update), and the reference data it offers, which the screens'
 * loaders give (site-form.server.ts).
 */
import { LOGO_MESSAGES } from "~/lib/logo";
import { completeSite, siteFields } from "~/lib/schemas/site";
import { z } from "~/lib/zod";

export type Option = { id: number; name: string };

/** What the dialog offers: countries with their languages, tone groups, and what could not be read (shown as toasts). */
export type SiteFormOptions = { countries: (Option & { languages: Option[] })[]; toneGroups: Option[]; problems: string[] };

/**
 * The logo: a chosen file, required to create a site. In the browser `checkFile` also looks at what the
 * browser says of the file (type, size); the server checks its bytes when it stores it (uploads.server.ts).
 */
function logoField(required: boolean, checkFile?: (file: File) => string | null) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const file = typeof File !== "undefined" && value instanceof File && value.size > 0 ? value : undefined;
      if (!file) {
        if (required) ctx.addIssue({ code: "custom", message: LOGO_MESSAGES.required });
        return undefined;
      }
      const problem = checkFile?.(file);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
      return file;
    });
}

/** The dialog's schema for one intent: the site's settings, and the logo last (its error comes after the others'). */
export function siteDialogSchema(intent: "create" | "update", checkFile?: (file: File) => string | null) {
  return siteFields.extend({ logo: logoField(intent === "create", checkFile) }).transform(completeSite);
}
