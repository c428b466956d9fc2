/** Constants of the specification, shared by the browser and the server. */

export const BRAND_NAME = "SEO × IA Content";
export const BRAND_TAGLINE = "SEO × IA Content";

// The side panel is 240px expanded and 70px collapsed, and a drawer under 768px (Tailwind's md):
// the values stand as literal classes in components/app-sidebar.tsx, where Tailwind can see them.

export const TOAST_DURATION_MS = 5000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Logo upload (spec part 1, section 5). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const LOGO_BUCKET = "seo1";
export const LOGO_FOLDER = "logos";
export const LOGO_CACHE_SECONDS = 3600;

/** Site defaults (spec part 1, sections 3 and 9). */
export const SITE_DEFAULTS = {
  serpsNbResults: 10,
  serpsImgNbResults: 10,
  coverImageWidth: 1200,
  coverImageHeight: 630,
  nbImagesToCreate: 1,
  defaultStatus: "draft",
} as const;
export const SERP_RESULTS_MIN = 1;
export const SERP_RESULTS_MAX = 100;
export const SITE_STATUSES = ["private", "publish", "draft"] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

// Two meta description limits, for two different texts.
/** A SERP result's meta description (another site's) is shown cut to this many characters plus '...' (spec part 2, sections 2 and 9). */
export const SERP_META_DESCRIPTION_SHOWN = 150;
/**
 * The longest meta description an article's version keeps (issue 15): what search engines show whole. The article
 * writer is asked for at most this many characters, a longer one is cut at a word, and the editor refuses one over it.
 */
export const ARTICLE_META_DESCRIPTION_MAX = 160;

/** Paths only a signed-in user may open; the guard sends others to /auth. */
export const PROTECTED_PREFIXES = ["/dashboard", "/sites", "/profile", "/settings", "/notifications", "/tone-articles", "/review"];
export const isProtectedPath = (pathname: string) => PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
