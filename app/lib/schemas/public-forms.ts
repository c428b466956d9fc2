/**
 * The public forms' schemas (spec part 3, section 5), with the spec's messages, used in the browser and
 * again in the actions. Both forms carry a honeypot field ('website') that people never see nor fill.
 */
import { z } from "~/lib/zod";
import { LANGUAGE_MESSAGES } from "~/lib/site-language";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  GUIDELINES_MAX,
  TOPIC_MAX,
} from "./public-form-fields";

export * from "./public-form-fields";

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const contactSchema = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .min(CONTACT_NAME_MIN, "Name must be at least 2 characters")
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .pipe(z.email("Please enter a valid email address"))
    .transform((v) => v.toLowerCase()),
  message: z
    .string({ error: "Message must be at least 10 characters" })
    .trim()
    .min(CONTACT_MESSAGE_MIN, "Message must be at least 10 characters")
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * A website address as people type it: 'example.com', 'www.example.com/blog' or 'https://example.com'.
 * Without a scheme, https:// is assumed. The host must have a dot (no 'localhost', no bare words).
 */
export function normalizeWebsiteUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname) && !/^xn--/i.test(url.hostname)) return null;
    if (url.username || url.password) return null;
    return url.href.replace(/\/$/, "");
  } catch {
    return null;
  }
}

/** The site name of the first-article form: the URL without its protocol and 'www.' (and without a trailing slash). */
export function siteNameFromUrl(url: string): string {
  return url
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
}

const validEmail = "Please enter a valid email";

export const firstArticleSchema = z.object({
  url: z
    .string({ error: "Website URL is required" })
    .trim()
    .min(1, "Website URL is required")
    .max(2048, "Please enter a valid URL")
    .transform((value, ctx) => {
      const url = normalizeWebsiteUrl(value);
      if (!url) {
        ctx.addIssue({ code: "custom", message: "Please enter a valid URL" });
        return z.NEVER;
      }
      return url;
    }),
  stripe_email: z
    .string({ error: "Stripe email is required" })
    .trim()
    .min(1, "Stripe email is required")
    .pipe(z.email(validEmail))
    .transform((v) => v.toLowerCase()),
  email1: z
    .string({ error: validEmail })
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email(validEmail).nullable()),
  additional_guidelines: optionalText(GUIDELINES_MAX, `Please enter guidelines of at most ${GUIDELINES_MAX} characters`),
  /**
   * The site's language (issue 38), by its code; the server checks that the data has it. The country is optional:
   * empty, it is the language's usual one; the server checks the pair (lib/site-language.ts).
   */
  language: z
    .string({ error: LANGUAGE_MESSAGES.language })
    .trim()
    .regex(/^[a-z]{2,3}$/, LANGUAGE_MESSAGES.language),
  country: z
    .string({ error: LANGUAGE_MESSAGES.country })
    .trim()
    .regex(/^([1-9][0-9]{0,8})?$/, LANGUAGE_MESSAGES.country)
    .optional()
    .transform((v) => (v ? Number(v) : null)),
  /** What the first article is about (issue 38), if the visitor knows: the page's name and keyword once the team starts it. */
  topic: optionalText(TOPIC_MAX, `Please enter a topic of at most ${TOPIC_MAX} characters`),
});
export type FirstArticleInput = z.infer<typeof firstArticleSchema>;
