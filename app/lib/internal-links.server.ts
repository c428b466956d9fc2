/**
 * Internal links (issue 40), the pure parts: a page's main terms (what the site's inventory keeps of each page), and
 * the pages of the inventory an article should link to, chosen by the overlap of their terms with the article's
 * keyword models (their terms' importance), or, without research, with the words of the page's name and keywords.
 * Terms are the content score's (content-score/text.ts): keys of 1 to 3 stems, in the site's language.
 *
 * Server-side only: text.ts carries every language's stop words.
 */
import { linkKey } from "~/lib/article-contract";
import { contentStems, termsOf, textLanguage } from "~/lib/content-score/text";
import type { KeywordModel } from "~/lib/content-score/types";

/** How many terms the inventory keeps of a page. */
export const PAGE_TERMS = 20;

/** How many candidates an article is given: at least (when the inventory has them), at most. */
export const CANDIDATES = { min: 5, max: 10 } as const;

/**
 * A page's main terms: the keys of its text's terms, the most frequent first, a phrase of 2-3 words weighing more
 * than a word alone, the title's terms counted 3 times. At most `max`.
 */
export function mainTerms(text: string, language: string, title = "", max = PAGE_TERMS): string[] {
  const lang = textLanguage(language);
  const weights = new Map<string, number>();
  const add = (source: string, factor: number) => {
    for (const [key, term] of termsOf(source, lang)) {
      weights.set(key, (weights.get(key) ?? 0) + term.count * factor * (1 + 0.5 * (term.words - 1)));
    }
  };
  add(text, 1);
  if (title) add(title, 3);
  return [...weights]
    .filter(([key]) => /\p{L}/u.test(key))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([key]) => key);
}

/** The words of an address's last path segment, as a title would have them ("/guide-du-levain/" reads "guide du levain"). */
export function slugWords(url: string): string {
  try {
    const segments = new URL(url).pathname.split("/").filter(Boolean);
    const last = decodeURIComponent(segments.at(-1) ?? "").replace(/\.[a-z0-9]{2,5}$/i, "");
    return last.replace(/[-_+]+/g, " ").trim();
  } catch {
    return "";
  }
}

export type InventoryPage = { url: string; title: string | null; terms: string[]; page: number | null };

export type CandidateQuery = {
  /** The page the article is for: never one of its candidates. */
  self: { url: string; pageId: number };
  /** The article's keyword models (its research); none: by `words` only. */
  models: readonly KeywordModel[];
  /** The page's name and keywords. */
  words: string;
  language: string;
};

/**
 * The inventory's pages to offer an article, best first: scored by the importance of the models' terms they share,
 * plus a little for each word of the page's name and keywords in their terms or title (all of it without a model).
 * At most 10 with a score; when fewer score, the others fill up to 5 (in the inventory's order), so that a site with
 * pages always offers enough to reach the contract's 3 internal links.
 */
export function chooseCandidates(inventory: readonly InventoryPage[], query: CandidateQuery, limits = CANDIDATES): InventoryPage[] {
  const lang = textLanguage(query.language);
  const selfKey = linkKey(query.self.url);
  const weights = new Map<string, number>();
  for (const model of query.models)
    for (const term of model.terms) weights.set(term.key, Math.max(weights.get(term.key) ?? 0, term.importance));
  const words = contentStems(query.words, lang);
  const wordWeight = query.models.length ? 0.1 : 1;
  const others = inventory.filter((p) => p.page !== query.self.pageId && linkKey(p.url) !== selfKey);
  const scored = others.map((page, index) => {
    let score = 0;
    for (const key of page.terms) score += weights.get(key) ?? 0;
    const stems = new Set([...page.terms.flatMap((key) => key.split(" ")), ...contentStems(page.title ?? "", lang)]);
    for (const word of words) if (stems.has(word)) score += wordWeight;
    return { page, score, index };
  });
  const ranked = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen = ranked.slice(0, limits.max).map((s) => s.page);
  for (const { page } of scored) {
    if (chosen.length >= limits.min) break;
    if (!chosen.includes(page)) chosen.push(page);
  }
  return chosen;
}
