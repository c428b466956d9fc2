/**
 * The evidence pack's passages (issue 40): from a source's text, the short passages worth citing in an article on a
 * topic: a quotation, a figure, a date, a definition, each a sentence of the page as written (the writer quotes it
 * word for word, and the check finds it there). A passage must bear on the topic (share one of its stems); the best
 * are the ones that share the most, the kinds that assistants reward first (quotations, then figures).
 */
import { contentStems, textLanguage } from "../content-score/text";
import { figuresOf, sentencesOf } from "./retrieval";

export const EVIDENCE_KINDS = ["quotation", "figure", "date", "definition", "passage"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_LIMITS = {
  /** Passages taken from one source, gathered or added. */
  perSource: 3,
  /** Passages gathered for a page's pack (an owner's sources come on top). */
  pack: 18,
  /** Sources the owner and the team may add to one page. */
  addedSources: 10,
  /** A passage's length in characters: shorter says too little to cite, longer is not a passage. */
  passageMin: 40,
  passageMax: 400,
  /** A source address's length. */
  url: 2000,
} as const;

export type EvidencePassage = { kind: EvidenceKind; passage: string; relevance: number };

/** Words quoted between quotation marks (French, English or straight), long enough to be someone's words. */
const QUOTED = /[«“„"]\s*[^«»“”"]{20,}?\s*[»”"]/u;
const YEAR = /\b(1[6-9]|20)\d{2}\b/;
const MONTH =
  "(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|january|february|march|april|may|june|july|august|september|october|november|december)";
/** A day of a month ("12 mars", "1er juin", "March 3"), not the month's name alone ("may" is also a verb). */
const DAY_OF_MONTH = new RegExp(`\\b\\d{1,2}(?:er)? ${MONTH}\\b|\\b${MONTH} \\d{1,2}\\b`, "i");
/** A reference to a law's article: "L. 1224-3-2", "R1234-5", "article 12", "articles 3 et 4". */
const LEGAL_REFERENCE = /\b(?:[LRD]\.?\s?\d+(?:-\d+)*|articles?\s+\d+(?:-\d+)*)/gi;
/** A passage that stands on its own: it starts as a sentence does and ends as one, not as a list's item (":" or ";"). */
const STANDS_ALONE = /^[\p{Lu}\d«“"'(]/u;
const OPENS_A_LIST = /[:;,]$/;

/** "X est un…", "X désigne…", "X is a…", "X refers to…": near the start of the sentence. */
const DEFINES =
  /^[^.;:]{2,80}?\b(est (?:une?|la|le|l['’])|sont des|désigne|se définit comme|consiste à|correspond à|is an?|refers to|is defined as|means)\b/i;

/** What a sentence holds that is worth citing, the rarest first; null when nothing. */
export function evidenceKindOf(sentence: string): Exclude<EvidenceKind, "passage"> | null {
  if (QUOTED.test(sentence)) return "quotation";
  // The day of a date is no figure, nor the number of a law's article ("L. 1224-3", "article 12").
  const figures = figuresOf(sentence.replace(new RegExp(DAY_OF_MONTH.source, "gi"), " ").replace(LEGAL_REFERENCE, " "));
  const years = figures.filter((f) => YEAR.test(f) && f.length === 4);
  if (figures.length > years.length) return "figure";
  if (years.length || DAY_OF_MONTH.test(sentence)) return "date";
  if (DEFINES.test(sentence)) return "definition";
  return null;
}

/** Weight of each kind in the choice: what the GEO paper found assistants reward most comes first. */
const KIND_WEIGHT: Record<EvidenceKind, number> = { quotation: 1.3, figure: 1.2, date: 1, definition: 1.1, passage: 0.8 };

/**
 * The passages of a source's text worth citing about `topic` (the page's keywords and main terms), best first, at
 * most `max`. With `anySentence`, a source that holds no figure, date, definition or quotation on the topic still
 * gives its sentences nearest the topic (a source someone chose is never empty-handed).
 */
export function passagesWorthCiting(
  text: string,
  topic: string,
  language: string,
  options: { max?: number; anySentence?: boolean } = {},
): EvidencePassage[] {
  const lang = textLanguage(language);
  const wanted = contentStems(topic, lang);
  if (wanted.size === 0) return [];
  const seen = new Set<string>();
  const found: EvidencePassage[] = [];
  for (const sentence of sentencesOf(text, language)) {
    const passage = sentence.replace(/\s+/g, " ").trim();
    if (passage.length < EVIDENCE_LIMITS.passageMin || passage.length > EVIDENCE_LIMITS.passageMax) continue;
    if (!STANDS_ALONE.test(passage) || OPENS_A_LIST.test(passage)) continue;
    const key = passage.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const stems = contentStems(passage, lang);
    const shared = [...wanted].filter((s) => stems.has(s)).length;
    if (shared === 0) continue;
    const kind = evidenceKindOf(passage) ?? (options.anySentence ? "passage" : null);
    if (!kind) continue;
    found.push({ kind, passage, relevance: Math.round((shared / wanted.size) * KIND_WEIGHT[kind] * 1000) / 1000 });
  }
  return found.sort((a, b) => b.relevance - a.relevance).slice(0, options.max ?? EVIDENCE_LIMITS.perSource);
}

/**
 * A pack from several sources' passages: one passage of each source in turn (in the sources' order), so that no
 * single page fills it, up to `max`.
 */
export function packFrom<T>(sources: T[][], max: number): T[] {
  const pack: T[] = [];
  for (let round = 0; pack.length < max; round += 1) {
    const taken = sources.flatMap((passages) => (round < passages.length ? [passages[round]!] : []));
    if (taken.length === 0) break;
    pack.push(...taken.slice(0, max - pack.length));
  }
  return pack;
}
