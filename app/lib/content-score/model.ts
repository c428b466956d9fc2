/**
 * A keyword's model from its top pages (issue 39). Each page is analysed once (`analyzePage`: its terms and their
 * counts, the terms of its headings, its word count, outline and the questions its headings ask), so that a model,
 * and the leave-one-out models of the top pages' own scores, are only sums over those analyses.
 *
 * Term importance: the share of the top pages that use the term, each page weighted a little by its rank
 * (0.5 + 0.5 / log2(position + 1): the first page weighs 1, the tenth 0.64), times 1 + 0.5 x the share of pages
 * that use it in a heading; then scaled so that the most important term is 1. Kept: the MAX_TERMS most important
 * terms, among those used by at least 2 pages when the model has 4 pages or more. The keyword's own words stay.
 *
 * Questions: People Also Ask first, then the questions the top pages ask in their headings (a heading ending with
 * "?" or starting with an interrogative word), the ones most pages ask first, at most MAX_HEADING_QUESTIONS;
 * two questions with the same content stems are one.
 *
 * Server-side only (see text.ts).
 */
import { addTerms, contentStems, mostFrequentSurface, readWords, textLanguage, type TermCounts } from "./text";
import type { AskedQuestion, CompetitorOutline, Heading, KeywordModel, ModelQuestion, ModelTerm, PageDocument, Quartiles } from "./types";

export const MAX_TERMS = 60;
export const MAX_HEADING_QUESTIONS = 10;
const HEADING_BOOST = 0.5;

/** A section of an analysed page, as the questions' check reads it. */
export type AnalyzedSection = {
  level: 0 | 1 | 2 | 3;
  /** The content stems of its heading (none before the first heading). */
  headingStems: Set<string>;
  /** The content stems of the text under its heading: for an h2, its own text and its h3s' (headings and text). */
  underStems: Set<string>;
};

/** What the model and the score read of a page, computed once. */
export type PageAnalysis = {
  language: string;
  wordCount: number;
  headings: Heading[];
  /** Every term of the page (headings included), with its count and forms. */
  terms: TermCounts;
  /** Keys of the terms used in an h1-h3. */
  headingTerms: Set<string>;
  /** Headings that ask a question. */
  questions: string[];
  sections: AnalyzedSection[];
};

/** A top page as the research read it. */
export type TopPage = { url: string; position: number; title: string | null; document: PageDocument; readAt: string };

/** A top page with its analysis in place of its document. */
export type AnalyzedTopPage = Omit<TopPage, "document"> & { analysis: PageAnalysis };

/** What a keyword's model is built from. */
export type ModelInput = { keyword: string; language: string; pages: TopPage[]; peopleAlsoAsk: AskedQuestion[] };

/** Headings that start with one of these words ask a question, in French or English. */
const INTERROGATIVE =
  /^(comment|pourquoi|quel|quelle|quels|quelles|lequel|laquelle|lesquels|lesquelles|qu'est-ce|est-ce|combien|quand|où|que|quoi|qui|how|what|why|when|where|which|who|whom|whose|can|could|does|do|did|is|are|was|were|should|will|would|may|must)(?=$|[\s,:'-])/;

/** Whether a heading asks a question: it ends with "?" or starts with an interrogative word. */
export function isQuestion(text: string): boolean {
  const normalized = text.trim().toLowerCase().replace(/’/g, "'");
  return normalized.endsWith("?") || INTERROGATIVE.test(normalized);
}

/** Reads a page once for the models and the score. */
export function analyzePage(document: PageDocument, language: string): PageAnalysis {
  const lang = textLanguage(language);
  const terms: TermCounts = new Map();
  const headingTerms = new Set<string>();
  const headings: Heading[] = [];
  const questions: string[] = [];
  const sections: AnalyzedSection[] = [];
  const textStems: Set<string>[] = [];
  let wordCount = 0;

  for (const section of document.sections) {
    const headingStems = new Set<string>();
    if (section.heading) {
      const { runs, wordCount: words } = readWords(section.heading.text, lang);
      wordCount += words;
      const own: TermCounts = new Map();
      addTerms(runs, own);
      for (const key of own.keys()) headingTerms.add(key);
      addTerms(runs, terms);
      for (const run of runs) for (const word of run) if (!word.stop) headingStems.add(word.stem);
      headings.push(section.heading);
      if (isQuestion(section.heading.text)) questions.push(section.heading.text);
    }
    const { runs, wordCount: words } = readWords(section.text, lang);
    wordCount += words;
    addTerms(runs, terms);
    const stems = new Set<string>();
    for (const run of runs) for (const word of run) if (!word.stop) stems.add(word.stem);
    textStems.push(stems);
    sections.push({ level: section.heading?.level ?? 0, headingStems, underStems: stems });
  }
  return { language: lang.code, wordCount, headings, terms, headingTerms, questions, sections: withSubsections(sections, textStems) };
}

/** Gives each h2 the stems of its h3s (their headings and text) besides its own text's. */
function withSubsections(sections: AnalyzedSection[], textStems: Set<string>[]): AnalyzedSection[] {
  return sections.map((section, index) => {
    if (section.level !== 2) return section;
    const under = new Set(textStems[index]);
    for (let next = index + 1; next < sections.length && sections[next].level === 3; next++) {
      for (const stem of sections[next].headingStems) under.add(stem);
      for (const stem of textStems[next]) under.add(stem);
    }
    return { ...section, underStems: under };
  });
}

/** Analyses each top page once. */
export function analyzeTopPages(pages: TopPage[], language: string): AnalyzedTopPage[] {
  return pages.map(({ document, ...page }) => ({ ...page, analysis: analyzePage(document, language) }));
}

/** A keyword's model from its top pages and the questions people ask. */
export function buildKeywordModel(input: ModelInput): KeywordModel {
  return modelFromAnalyses({ ...input, pages: analyzeTopPages(input.pages, input.language) });
}

/** A keyword's model from top pages already analysed (the leave-one-out models reuse them). */
export function modelFromAnalyses(input: {
  keyword: string;
  language: string;
  pages: AnalyzedTopPage[];
  peopleAlsoAsk: AskedQuestion[];
}): KeywordModel {
  const { keyword, language, pages, peopleAlsoAsk } = input;
  const h2h3 = pages.map((page) => page.analysis.headings.filter((heading) => heading.level > 1).length);
  return {
    keyword,
    language: textLanguage(language).code,
    pages: pages.length,
    terms: importantTerms(pages),
    length: quartiles(pages.map((page) => page.analysis.wordCount)),
    headings: quartiles(h2h3),
    questions: modelQuestions(pages, peopleAlsoAsk, language),
    outlines: outlines(pages),
  };
}

/** The weight of a page in the terms' importance, by its rank: 1 for the first, slowly less after. */
export function rankWeight(position: number): number {
  return 0.5 + 0.5 / Math.log2(Math.max(1, position) + 1);
}

type TermTally = { key: string; words: 1 | 2 | 3; pages: number; weight: number; inHeadings: number; counts: number[]; total: number };

function importantTerms(pages: AnalyzedTopPage[]): ModelTerm[] {
  if (pages.length === 0) return [];
  const tallies = tallyTerms(pages);
  const totalWeight = pages.reduce((sum, page) => sum + rankWeight(page.position), 0);
  const minPages = pages.length >= 4 ? 2 : 1;
  const ranked = [...tallies.values()]
    .filter((tally) => tally.pages >= minPages)
    .map((tally) => ({ tally, raw: (tally.weight / totalWeight) * (1 + (HEADING_BOOST * tally.inHeadings) / pages.length) }))
    .sort((a, b) => b.raw - a.raw || b.tally.total - a.tally.total || (a.tally.key < b.tally.key ? -1 : 1))
    .slice(0, MAX_TERMS);
  const top = ranked[0]?.raw ?? 1;
  return ranked.map(({ tally, raw }) => ({
    key: tally.key,
    label: termLabel(tally.key, pages),
    words: tally.words,
    importance: round(raw / top, 3),
    pages: tally.pages,
    range: countRange(tally.counts),
    inHeadings: tally.inHeadings,
  }));
}

function tallyTerms(pages: AnalyzedTopPage[]): Map<string, TermTally> {
  const tallies = new Map<string, TermTally>();
  for (const page of pages) {
    const weight = rankWeight(page.position);
    for (const [key, term] of page.analysis.terms) {
      let tally = tallies.get(key);
      if (!tally) {
        tally = { key, words: term.words, pages: 0, weight: 0, inHeadings: 0, counts: [], total: 0 };
        tallies.set(key, tally);
      }
      tally.pages++;
      tally.weight += weight;
      tally.counts.push(term.count);
      tally.total += term.count;
      if (page.analysis.headingTerms.has(key)) tally.inHeadings++;
    }
  }
  return tallies;
}

/** The form the pages use most for a term. */
function termLabel(key: string, pages: AnalyzedTopPage[]): string {
  const surfaces = new Map<string, number>();
  for (const page of pages) {
    const term = page.analysis.terms.get(key);
    if (term) for (const [surface, count] of term.surfaces) surfaces.set(surface, (surfaces.get(surface) ?? 0) + count);
  }
  return mostFrequentSurface(surfaces);
}

/** The 25th and 75th percentiles of a term's counts among the pages that use it, rounded, at least 1. */
function countRange(counts: number[]): [number, number] {
  const sorted = [...counts].sort((a, b) => a - b);
  const low = Math.max(1, Math.round(percentile(sorted, 0.25)));
  return [low, Math.max(low, Math.round(percentile(sorted, 0.75)))];
}

/** Linear interpolation between the closest ranks, over values sorted in ascending order. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = (sorted.length - 1) * p;
  const below = Math.floor(index);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (index - below);
}

export function quartiles(values: number[]): Quartiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { p25: Math.round(percentile(sorted, 0.25)), p50: Math.round(percentile(sorted, 0.5)), p75: Math.round(percentile(sorted, 0.75)) };
}

/** The key of a question: its content stems, sorted (the interrogative words are stop words). */
export function questionKey(text: string, language: string): string {
  return [...contentStems(text, textLanguage(language))].sort().join(" ");
}

function modelQuestions(pages: AnalyzedTopPage[], peopleAlsoAsk: AskedQuestion[], language: string): ModelQuestion[] {
  const seen = new Set<string>();
  const questions: ModelQuestion[] = [];
  for (const asked of peopleAlsoAsk) {
    const key = questionKey(asked.question, language);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    questions.push({ text: asked.question, source: "people-also-ask", answer: asked.answer, url: asked.url });
  }
  const asked = new Map<string, { text: string; url: string; pages: number; position: number }>();
  for (const page of [...pages].sort((a, b) => a.position - b.position)) {
    const ownKeys = new Set<string>();
    for (const text of page.analysis.questions) {
      const key = questionKey(text, language);
      if (!key || seen.has(key) || ownKeys.has(key)) continue;
      ownKeys.add(key);
      const known = asked.get(key);
      if (known) known.pages++;
      else asked.set(key, { text, url: page.url, pages: 1, position: page.position });
    }
  }
  const fromHeadings = [...asked.values()].sort((a, b) => b.pages - a.pages || a.position - b.position).slice(0, MAX_HEADING_QUESTIONS);
  for (const question of fromHeadings) questions.push({ text: question.text, source: "heading", answer: null, url: question.url });
  return questions;
}

function outlines(pages: AnalyzedTopPage[]): CompetitorOutline[] {
  return [...pages]
    .sort((a, b) => a.position - b.position)
    .map((page) => ({
      url: page.url,
      position: page.position,
      title: page.title,
      wordCount: page.analysis.wordCount,
      headings: page.analysis.headings,
      readAt: page.readAt,
    }));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
