/**
 * The output contract of a generated article (issue 6), enforced in code: at least 1,500 words, exactly one
 * h1, h2 sections, and no invented links (only the sources it was given, and the site itself). Links to
 * other addresses are repaired (the link is removed, its text kept); the rest needs another answer.
 */

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

const normalizeUrl = (url: string) => url.replace(/#.*$/, "").replace(/\/+$/, "").toLowerCase();

/** Removes links to addresses that are neither a given source nor on the site; returns the repaired HTML and how many were removed. */
export function removeInventedLinks(html: string, sources: readonly string[], siteUrl: string): { html: string; removed: number } {
  const allowed = new Set(sources.map(normalizeUrl));
  let siteHost = "";
  try {
    siteHost = new URL(siteUrl).hostname.replace(/^www\./, "");
  } catch {
    siteHost = "";
  }
  let removed = 0;
  const repaired = html.replace(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (whole, href: string, text: string) => {
    if (!/^https?:\/\//i.test(href)) return whole;
    let host = "";
    try {
      host = new URL(href).hostname.replace(/^www\./, "");
    } catch {
      host = "";
    }
    if (allowed.has(normalizeUrl(href)) || (siteHost && host === siteHost)) return whole;
    removed += 1;
    return text;
  });
  return { html: repaired, removed };
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
