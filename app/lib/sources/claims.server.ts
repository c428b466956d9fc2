/**
 * What an article attributes to its sources (issue 40): for each link to another site, in the order of the text,
 * the sentence that holds it (the claim; the sentences of its paragraph or list item, by Intl.Segmenter), its kind
 * (a quotation when it quotes four words or more between « », “ ” or " "; a statistic when it gives a figure: a
 * number with %, a currency or a unit, a year, a number of two digits or more; else a link), with the quotation and
 * the figures. Same-site links are the site's own pages, not sources. Server-side: it reads the HTML with linkedom.
 */
import { parseHTML } from "linkedom";
import { figuresOf } from "./retrieval";

export type Claim = {
  url: string;
  anchor: string;
  /** The sentence holding the link, as the reader reads it. */
  claim: string;
  kind: "link" | "quotation" | "statistic";
  /** The quoted words, for a quotation. */
  quotation: string | null;
  figures: string[];
};

/** Blocks whose text is one claim's context. */
const BLOCKS = "p, li, td, th, blockquote, dd, figcaption, h2, h3, h4";

/** A quotation of four words or more. */
const QUOTED = /[«“"]\s*([^«»“”"]+?)\s*[»”"]/g;
/** A figure worth checking: with a unit, a percentage or currency, or of two digits or more (a year among them). */
const FIGURE = /\d[\d\s\u00a0\u202f.,]*\s?(%|€|\$|£|euros?|dollars?|ans?|mois|jours?|heures?|km|kg|m²|millions?|milliards?)|\b\d{2,}\b/i;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, "").toLowerCase();
  } catch {
    return null;
  }
}

/** Fewer words than this besides the link's own: a citation set after the sentence it backs ("… conviennent. Ministère du Travail."). */
const CITATION_ONLY = 4;

/**
 * The sentence of `text` that holds `anchor` (the first, when several do; the whole text when none does); when that
 * "sentence" is little more than the link itself, the sentence before it, which it cites.
 */
function sentenceHolding(text: string, anchor: string, language: string): string {
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  const sentences = rejoinCuts([...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean));
  const at = sentences.findIndex((s) => anchor && s.includes(anchor));
  if (at < 0) return text.trim();
  const rest = sentences[at]!.replace(anchor, " ").match(/\p{L}+/gu) ?? [];
  return rest.length < CITATION_ONLY && at > 0 ? `${sentences[at - 1]} ${sentences[at]}` : sentences[at]!;
}

/** Whether a text leaves a quotation open: more « or “ than » or ”, or an odd number of straight double quotes. */
function quotationOpen(text: string): boolean {
  const count = (c: string) => text.split(c).length - 1;
  return count("«") > count("»") || count("“") > count("”") || count('"') % 2 === 1;
}

/** A sentence that ends on an initial or a title's abbreviation ("Selman A.", "St.", "Dr.", "Mme."): not its end. */
const ABBREVIATION_END = /(?:^|[\s(])(?:\p{Lu}|St|Ste|Dr|Mr|Mrs|Ms|Jr|Sr|Mme|Mlle|Mgr|Pr|vs|cf|etc)\.$/u;

/**
 * Sentences as cut, joined again where a cut fell inside a quotation or after an initial: the segmenter ends a
 * sentence at an initial or an abbreviation before a capital ("Selman A. Waksman", "St. Louis"), even between quotation
 * marks, and a claim (a quotation above all) must be checked whole.
 */
export function rejoinCuts(sentences: string[]): string[] {
  const joined: string[] = [];
  let open = false;
  for (const sentence of sentences) {
    if (open && joined.length) joined[joined.length - 1] = `${joined.at(-1)} ${sentence}`;
    else joined.push(sentence);
    const last = joined.at(-1)!;
    open = quotationOpen(last) || ABBREVIATION_END.test(last);
  }
  return joined;
}

/** The claims of an article's outbound links, in order. `language`: the site's, for cutting sentences. */
export function claimsOf(html: string, siteUrl: string, language = "fr"): Claim[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const own = hostOf(siteUrl);
  const claims: Claim[] = [];
  for (const link of document.querySelectorAll("a[href]")) {
    const url = link.getAttribute("href") ?? "";
    const host = /^https?:\/\//i.test(url) ? hostOf(url) : null;
    if (!host || host === own) continue;
    const anchor = (link.textContent ?? "").replace(/\s+/g, " ").trim();
    const block = link.closest(BLOCKS);
    const text = (block?.textContent ?? anchor).replace(/\s+/g, " ").trim();
    const claim = sentenceHolding(text, anchor, language);
    const quotes = [...claim.matchAll(QUOTED)].map((m) => m[1]!.trim()).filter((q) => q.split(/\s+/).length >= 4);
    const quotation = quotes.sort((a, b) => b.length - a.length)[0] ?? null;
    const kind = quotation ? "quotation" : FIGURE.test(claim) ? "statistic" : "link";
    claims.push({ url, anchor, claim, kind, quotation, figures: kind === "statistic" ? figuresOf(claim) : [] });
  }
  return claims;
}
