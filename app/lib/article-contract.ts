/**
 * The output contract of a generated article (issue 6), enforced in code: at least 1,500 words, exactly one
 * h1, h2 sections, and no invented links (only the sources it was given, and the site itself: with the site's
 * inventory, only its pages that exist; never a competitor of its brief, issue 40). Links to other addresses are
 * repaired (the link is removed, its text kept); the rest needs another answer.
 */

import { isCompetitorUrl, NO_COMPETITORS, type Competitors } from "./competitors";

export const MIN_ARTICLE_WORDS = 1500;

export type ContractCheck = { html: string; words: number; problems: string[] };

const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");

export function countWords(html: string): number {
  return textOf(html)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The answer's HTML without a code fence or a document wrapper around it. */
export function extractHtml(answer: string): string {
  let html = answer.trim();
  const fenced = html.match(/```(?:html)?\s*([\s\S]*?)```/i);
  if (fenced) html = fenced[1].trim();
  const body = html.match(/<body[^>]*>([\s\S]*)<\/body>/i);
  if (body) html = body[1].trim();
  return html;
}

/**
 * A link's address as links are compared: scheme, "www.", the fragment and a trailing slash aside, lower case
 * ("https://www.site.example/Guide/#part" and "http://site.example/guide" are one page).
 */
export function linkKey(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.host.toLowerCase().replace(/^www\./, "");
    return `${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`.toLowerCase();
  } catch {
    return url.replace(/#.*$/, "").replace(/\/+$/, "").toLowerCase();
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
};

const LINK = /<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;

/** What else the contract holds links to (issue 40); without it, any link to the site passes (callers with no inventory). */
export type LinkRules = {
  /** The site's pages that exist (its inventory): the only same-site addresses a link may go to. */
  inventory?: readonly string[];
  /** The competitors named in the site's brief: never linked, even when a source. */
  competitors?: Competitors;
};

/**
 * Removes links to addresses that are neither a given source nor on the site (with an inventory: nor one of its
 * pages), and every link to a competitor; a removed link's text stays. Relative links are read against the site's
 * address when there is an inventory (an invented "/contact" is a same-site link); anchors, mail and phone links
 * stay. Returns the repaired HTML and how many links were removed.
 */
export function removeInventedLinks(
  html: string,
  sources: readonly string[],
  siteUrl: string,
  rules: LinkRules = {},
): { html: string; removed: number } {
  const allowed = new Set(sources.map(linkKey));
  const inventory = rules.inventory ? new Set(rules.inventory.map(linkKey)) : null;
  const competitors = rules.competitors ?? NO_COMPETITORS;
  const siteHost = hostOf(siteUrl);
  let removed = 0;
  const repaired = html.replace(LINK, (whole, href: string, text: string) => {
    let url = href.trim();
    if (!/^https?:\/\//i.test(url)) {
      // An anchor, a mail or phone link, or (without an inventory) a relative one: as before.
      if (!inventory || url === "" || url.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(url)) return whole;
      try {
        url = new URL(url, siteUrl).href;
      } catch {
        return whole;
      }
    }
    const key = linkKey(url);
    const keep =
      !isCompetitorUrl(url, competitors) &&
      (allowed.has(key) || (inventory ? inventory.has(key) : Boolean(siteHost) && hostOf(url) === siteHost));
    if (keep) return whole;
    removed += 1;
    return text;
  });
  return { html: repaired, removed };
}

/** The distinct pages of the inventory the article links to (relative links read against the site's address). */
export function internalLinksOf(html: string, inventory: readonly string[], siteUrl: string): string[] {
  const pages = new Set(inventory.map(linkKey));
  const linked = new Set<string>();
  for (const [, href] of html.matchAll(LINK)) {
    let key: string;
    try {
      key = linkKey(new URL(href.trim(), siteUrl).href);
    } catch {
      continue;
    }
    if (pages.has(key)) linked.add(key);
  }
  return [...linked];
}

/** How many internal links an article aims at when the site has enough pages to link to (issue 40). */
export const INTERNAL_LINKS = { min: 3, max: 8, inventoryAtLeast: 5 } as const;

/**
 * What the article falls short of in internal links: fewer than 3 (or more than 8) links to the site's pages, when
 * there are at least 5 to choose from; null otherwise. Said once to the writer, never a refusal (askForArticle's `wishes`).
 */
export function internalLinksWish(html: string, inventory: readonly string[], siteUrl: string): string | null {
  if (inventory.length < INTERNAL_LINKS.inventoryAtLeast) return null;
  const count = internalLinksOf(html, inventory, siteUrl).length;
  if (count < INTERNAL_LINKS.min)
    return `links to ${count} of the site's pages; link to ${INTERNAL_LINKS.min} to ${INTERNAL_LINKS.max} of the site's pages listed, where they help the reader`;
  if (count > INTERNAL_LINKS.max)
    return `links to ${count} of the site's pages; link to at most ${INTERNAL_LINKS.max}, those that help the reader most`;
  return null;
}

/** Checks what cannot be repaired without another answer. */
export function checkArticle(html: string): ContractCheck {
  const problems: string[] = [];
  const words = countWords(html);
  if (words < MIN_ARTICLE_WORDS) problems.push(`the article has ${words} words; at least ${MIN_ARTICLE_WORDS} are needed`);
  const h1 = (html.match(/<h1[\s>]/gi) ?? []).length;
  if (h1 !== 1) problems.push(h1 === 0 ? "the article has no <h1> title" : `the article has ${h1} <h1> titles; exactly one is needed`);
  if (!/<h2[\s>]/i.test(html)) problems.push("the article has no <h2> sections");
  return { html, words, problems };
}

/** Text compared loosely: lowercase, without accents, punctuation or repeated spaces. */
export function looseText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The text of each heading of a level in the HTML, as written. */
function headingsOf(html: string, level: 1 | 2): string[] {
  return [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "gi"))].map((m) => m[1].replace(/<[^>]+>/g, " "));
}

/**
 * The approved outline's sections (their h2 headings) that the article does not have as an <h2>, compared loosely
 * (case, accents and punctuation aside; a heading that contains the planned one, or is contained in it, counts).
 */
export function missingOutlineHeadings(html: string, planned: readonly string[]): string[] {
  const written = headingsOf(html, 2).map(looseText);
  return planned.filter((heading) => {
    const wanted = looseText(heading);
    return wanted && !written.some((h) => h === wanted || h.includes(wanted) || (h.length >= 8 && wanted.includes(h)));
  });
}

/** Whether the article's <h1> holds the keyword, each of its words in order, compared loosely (issue 39's contract). */
export function keywordInTitle(html: string, keyword: string): boolean {
  const wanted = looseText(keyword);
  if (!wanted) return true;
  return headingsOf(html, 1).some((title) => ` ${looseText(title)} `.includes(` ${wanted} `));
}
