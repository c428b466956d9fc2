/**
 * Rules of the keywords screen (spec part 2, sections 2, 5, 8 and 9), shared by the model, the route
 * and the components: keyword normalisation, the SERP button rule, the SERP result formatting and
 * every text the screen shows.
 */
import { SERP_META_DESCRIPTION_SHOWN } from "./constants";

/** The keyword list is refreshed this long after a SERP search was queued (spec part 2, section 9). */
export const SERP_REFRESH_DELAY_MS = 2000;

export const KEYWORD_TEXTS = {
  loadFailed: "Unable to load page keywords.",
  empty: "No keywords associated with this page",
  toggleUnable: "Unable to update keyword search setting.",
  toggleFailed: "Failed to update search setting.",
  checkActionFailed: "Unable to check if action already exists.",
  updateActionFailed: "Unable to update existing search action.",
  createActionFailed: "Unable to create SERP search action.",
  unexpected: "An unexpected error occurred.",
  queued: "SERP search action added. The search will run in the background.",
  searchFailed: "Error searching for keyword",
  createFailed: "Error creating keyword",
  linkFailed: "Error linking keyword to page",
  addUnexpected: "An unexpected error occurred",
  added: "Keyword added successfully",
  alreadyLinked: "This keyword is already linked to this page.",
  required: "Keyword is required",
  keywordNotFound: "This keyword is not linked to this page.",
  /** A keyword's intent without a keyword id the form could carry: only a changed page posts that. */
  chooseAgain: "Reload the page, then choose the keyword again.",
  searching: "Searching...",
  serpEmpty: "Aucun résultat SERP trouvé pour ce mot-clé",
} as const;

/** The title of the SERP results dialog. */
export const serpDialogTitle = (keyword: string) => `Résultats SERP pour "${keyword}"`;

/** A keyword as stored: trimmed. */
export function normalizeKeyword(text: string): string {
  return text.trim();
}

/** The key keywords are matched on: trimmed and case-insensitive (the unique index lower(btrim(keyword))). */
export function keywordKey(text: string): string {
  return text.trim().toLowerCase();
}

/** Whether two keywords are the same keyword. */
export function sameKeyword(a: string, b: string): boolean {
  return keywordKey(a) === keywordKey(b);
}

/** The 'Add' button is disabled while the value is blank after trimming. */
export function canAddKeyword(text: string): boolean {
  return normalizeKeyword(text).length > 0;
}

/**
 * The SERP search button is offered only when the serps action is known, the keyword has 0 results
 * and is enabled for search (spec part 2, section 5).
 */
export function showSerpSearchButton(row: { serpCount: number; toSearch: boolean }, serpsActionAvailable: boolean): boolean {
  return serpsActionAvailable && row.serpCount === 0 && row.toSearch;
}

/** 'View SERPS' is offered when the keyword has at least one result. */
export function showViewSerps(row: { serpCount: number }): boolean {
  return row.serpCount > 0;
}

/** A SERP result's meta description cut to 150 characters plus '...' when longer. */
export function truncateMetaDescription(text: string | null | undefined, max = SERP_META_DESCRIPTION_SHOWN): string {
  if (!text) return "";
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

/** Host plus path of a result's address ('example.com/a/b'); the text itself when it is not a URL. */
export function hostAndPath(url: string | null | undefined): string {
  if (!url) return "";
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === "/" ? "" : parsed.pathname;
    return decodeForReading(`${parsed.host}${path}`);
  } catch {
    return decodeForReading(url);
  }
}

/** How many bytes a UTF-8 character takes, from its first byte (0 when no character starts so). */
function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
// eslint-disable-next-line no-control-regex -- finding control characters (U+0000-U+001F, U+007F) is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * An address's text as people read it ('v%C3%A9lo%20%C3%A9lectrique' → 'vélo électrique'), for
 * display only (a link keeps the real address). Never throws: an escape that does not start a whole
 * UTF-8 character (a lone '%', '%E9' in Latin-1, a cut sequence) stays as written, and so do control
 * characters.
 */
export function decodeForReading(text: string): string {
  return text.replace(ESCAPES, (run) => {
    const escapes = run.match(/%[0-9a-f]{2}/gi) ?? [];
    let out = "";
    for (let i = 0; i < escapes.length; ) {
      const length = utf8Length(parseInt(escapes[i].slice(1), 16));
      const sequence = length > 0 && i + length <= escapes.length ? escapes.slice(i, i + length).join("") : null;
      let decoded: string | null = null;
      if (sequence) {
        try {
          decoded = decodeURIComponent(sequence);
        } catch {
          decoded = null;
        }
      }
      if (decoded !== null && !CONTROL.test(decoded)) {
        out += decoded;
        i += length;
      } else {
        out += escapes[i];
        i += 1;
      }
    }
    return out;
  });
}

/** Only http(s) addresses are rendered as links. */
export function isSafeLink(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
