/**
 * The site's settings (spec part 1, sections 3 and 5), as the site dialog posts them and the models take
 * them; the dialog's own schema (routes/app/sites/site-form.ts) adds the logo. Used in the browser and in
 * the action. Texts are the spec's (English, as on the site screens).
 */
import { optionalIdField } from "~/lib/schemas/id";
import { z } from "~/lib/zod";
import { SERP_RESULTS_MAX, SERP_RESULTS_MIN, SITE_DEFAULTS, SITE_STATUSES } from "~/lib/constants";

/** Empty, 'none' or absent become null (language, country, tone group). */
const optionalId = optionalIdField("Invalid choice");

/** Numeric fields become 0 when the input is not a number. */
const numberOrZero = (message: string) =>
  z
    .union([z.string(), z.number(), z.null(), z.undefined()], { error: message })
    .optional()
    .transform((v) => {
      const n = typeof v === "number" ? v : Number(String(v ?? "").trim());
      return Number.isFinite(n) && String(v ?? "").trim() !== "" ? Math.trunc(n) : 0;
    });

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean(), z.null(), z.undefined()], {
    error: "Turn this option on or off",
  })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

const slider = (label: string) =>
  z
    .union([z.string(), z.number(), z.undefined(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v) => (v === undefined || v === null || v === "" ? 10 : Number(v)))
    .pipe(
      z
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .min(SERP_RESULTS_MIN, `${label} must be between ${SERP_RESULTS_MIN} and ${SERP_RESULTS_MAX}`)
        .max(SERP_RESULTS_MAX, `${label} must be between ${SERP_RESULTS_MIN} and ${SERP_RESULTS_MAX}`),
    );

const optionalText = (max: number) =>
  z
    .union([z.string(), z.null(), z.undefined()], { error: "Enter text in this field" })
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `Must be at most ${max} characters`))
    .transform((v) => (v === "" ? null : v));

/** Adds https:// when no scheme is given; refuses anything that is not an http(s) address. */
export function normalizeSiteUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    return withScheme.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

/** The default name: the URL without scheme and leading www. */
export function defaultSiteName(url: string): string {
  return url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
}

/**
 * The site's fields as the dialog posts them, before the defaults are filled in. Each one reads an absent
 * field like an empty one (`.optional()` before the transform: zod 4 otherwise refuses a missing key).
 */
export const siteFields = z.object({
  name: z
    .union([z.string(), z.undefined(), z.null()], { error: "Enter the site's name, or leave it empty" })
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(200, "The name must be at most 200 characters")),
  url: z
    .string({ error: "The site URL is required" })
    .trim()
    .min(1, "The site URL is required")
    .max(2048, "The URL is too long")
    .transform((v, ctx) => {
      const normalized = normalizeSiteUrl(v);
      if (!normalized) {
        ctx.addIssue({ code: "custom", message: "Please enter a valid URL, such as https://example.com" });
        return z.NEVER;
      }
      return normalized;
    }),
  country: optionalId,
  language: optionalId,
  toneArticlesGroup: optionalId,
  forceDefinedLanguageForSerps: checkbox,
  serpsNbResults: slider("Number of SERP results"),
  serpsImgNbResults: slider("Number of image results"),
  familiarTerms: checkbox,
  addressTheReaderWithI: checkbox,
  acceptedTopics: optionalText(5000),
  additionalGuidelines: optionalText(20000),
  coverImageWidth: numberOrZero("The width must be a number").pipe(
    z.number().min(0, "The width cannot be negative").max(10000, "The width must be at most 10000"),
  ),
  coverImageHeight: numberOrZero("The height must be a number").pipe(
    z.number().min(0, "The height cannot be negative").max(10000, "The height must be at most 10000"),
  ),
  nbImagesToCreate: numberOrZero("The number of images must be a number").pipe(
    z.number().min(0, "The number of images cannot be negative").max(100, "The number of images must be at most 100"),
  ),
  defaultTypePagePost: optionalText(100),
  defaultStatus: z
    .union([z.enum(SITE_STATUSES), z.literal(""), z.undefined(), z.null()], { error: "Choose a default status from the list" })
    .optional()
    .transform((v) => v || SITE_DEFAULTS.defaultStatus),
  autoPublishImage: checkbox,
});

export const SITE_NAME_LENGTH = "The site name must be between 1 and 200 characters.";

/** Renaming a site in place, on its own screen (POST /sites/:siteId, intent=rename). */
export const siteRenameSchema = z.object({
  name: z.string({ error: SITE_NAME_LENGTH }).trim().min(1, SITE_NAME_LENGTH).max(200, SITE_NAME_LENGTH),
});

/** Fills in what the form leaves to the defaults: the name from the URL, and no language without a country. */
export function completeSite<T extends z.output<typeof siteFields>>(values: T): T {
  return { ...values, name: values.name || defaultSiteName(values.url), language: values.country === null ? null : values.language };
}

/** The site's settings as the models take them (the dialog's form adds the logo: routes/app/sites/site-form.ts). */
export const siteFormSchema = siteFields.transform(completeSite);

export type SiteInput = z.output<typeof siteFormSchema>;

/** Every field name of the dialog, in the order of the form (for reading a FormData). */
export const SITE_FIELDS = [
  "name",
  "url",
  "country",
  "language",
  "toneArticlesGroup",
  "forceDefinedLanguageForSerps",
  "serpsNbResults",
  "serpsImgNbResults",
  "familiarTerms",
  "addressTheReaderWithI",
  "acceptedTopics",
  "additionalGuidelines",
  "coverImageWidth",
  "coverImageHeight",
  "nbImagesToCreate",
  "defaultTypePagePost",
  "defaultStatus",
  "autoPublishImage",
] as const;

export function siteFormValues(form: FormData): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const field of SITE_FIELDS) {
    const v = form.get(field);
    values[field] = typeof v === "string" ? v : undefined;
  }
  return values;
}
