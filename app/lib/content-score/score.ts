/**
 * A version's content score (0-100) against the models of its page's keywords (issue 39), and the same score for
 * each top page against a model built from the other top pages (leave-one-out).
 *
 * Parts, each 0-100, and their weights in the total (SCORE_WEIGHTS):
 * - terms (50): importance-weighted coverage of the model's terms; a term counts up to the low end of its typical
 *   range (count / range[0], at most 1), so repeating it gains nothing. Over-use costs: past the allowed maximum
 *   (1.5 x the top of its range, more for a document longer than the top pages' 75th percentile), a term loses up
 *   to twice its importance (fully at twice the maximum), and is listed in overusedTerms.
 * - questions (20): the share of the model's questions answered, an answer being an h2 or h3 that shares at least
 *   60 % of the question's content stems, with at least half of them in the text under it. A model without
 *   questions leaves this part out of the total (its weight goes to the others) and reads 100.
 * - structure (15): the keyword in the h1 (40 points), in at least one h2 (30), and the number of h2 and h3 within
 *   the top pages' 25th-75th percentiles (30, falling off outside as length does).
 * - length (15): 100 within the top pages' 25th-75th percentiles of words; outside, it falls linearly with the
 *   logarithm of the ratio to the nearest bound, to 0 at 3 times more or less.
 *
 * Several models (a page with several keywords): each gives its own score, and the parts and total are their
 * weighted mean, the first (main) keyword weighing 2 and each other 1. Missing terms, over-used terms and
 * questions are merged (the most important first); the structure's details are the main keyword's.
 *
 * Server-side only (see text.ts).
 */
import { analyzePage, analyzeTopPages, modelFromAnalyses, questionKey, type ModelInput, type PageAnalysis } from "./model";
import { contentStems, textLanguage } from "./text";
import type { ContentScore, KeywordModel, PageDocument, TopPagesScores } from "./types";

export const SCORE_WEIGHTS = { terms: 50, questions: 20, structure: 15, length: 15 };
/** A term is over-used past this many times the top of its range (scaled up for a document longer than the top pages). */
export const OVERUSE_FACTOR = 1.5;
/** What an over-used term can cost, in times its importance: more than its coverage can gain, so stuffing never pays. */
export const OVERUSE_PENALTY = 2;
const MAIN_MODEL_WEIGHT = 2;
const FALLOFF_RATIO = 3;
const QUESTION_HEADING_SHARE = 0.6;
const QUESTION_TEXT_SHARE = 0.5;
const MAX_MISSING_TERMS = 30;

/**
 * `weights`: the parts' weights. `minWords`: the fewest words a text may have whatever the top pages do (the
 * article contract's minimum): the length asked of a version starts there (lengthRangeOf).
 */
export type ScoreOptions = { weights?: Partial<typeof SCORE_WEIGHTS>; minWords?: number };

/** How far above a raised minimum the length asked goes, when the top pages are all shorter. */
const LENGTH_SPAN = 300;

/**
 * The words asked of a text against a model: the top pages' 25th to 75th percentiles, raised to at least `minWords`
 * (then up to LENGTH_SPAN more) when the product asks for more than the top pages have.
 */
export function lengthRangeOf(model: KeywordModel, minWords = 0): [number, number] {
  const low = Math.max(Math.round(model.length.p25), minWords);
  const high = Math.max(Math.round(model.length.p75), minWords > model.length.p25 ? low + LENGTH_SPAN : low);
  return [low, high];
}

type Parts = ContentScore["parts"];
type ModelScore = Omit<ContentScore, "score" | "missingTerms"> & { missing: { term: string; importance: number }[]; hasQuestions: boolean };

/** A document's score against its keywords' models (at least one; the first is the main keyword's). */
export function scoreDocument(doc: PageDocument, models: KeywordModel[], opts: ScoreOptions = {}): ContentScore {
  const analyses = new Map<string, PageAnalysis>();
  const analysisIn = (language: string) => {
    const code = textLanguage(language).code;
    let analysis = analyses.get(code);
    if (!analysis) {
      analysis = analyzePage(doc, code);
      analyses.set(code, analysis);
    }
    return analysis;
  };
  return combine(
    models.map((model) => scoreAgainstModel(analysisIn(model.language), model, opts.minWords)),
    opts,
  );
}

/** A page already analysed (in the models' language), scored against its keywords' models. */
export function scoreAnalysis(analysis: PageAnalysis, models: KeywordModel[], opts: ScoreOptions = {}): ContentScore {
  return combine(
    models.map((model) => scoreAgainstModel(analysis, model, opts.minWords)),
    opts,
  );
}

/** Each top page scored against a model built from the other pages and the same questions; their median and best. */
export function scoreTopPages(input: ModelInput): TopPagesScores {
  const pages = analyzeTopPages(input.pages, input.language);
  if (pages.length < 2) return { pages: [], median: null, best: null };
  const scored = pages.map((page, index) => {
    const others = pages.filter((_, other) => other !== index);
    const model = modelFromAnalyses({
      keyword: input.keyword,
      language: input.language,
      pages: others,
      peopleAlsoAsk: input.peopleAlsoAsk,
    });
    return { url: page.url, position: page.position, score: scoreAnalysis(page.analysis, [model]).score };
  });
  const scores = scored.map((page) => page.score).sort((a, b) => a - b);
  const middle = scores.length / 2;
  const median = scores.length % 2 ? scores[Math.floor(middle)] : (scores[middle - 1] + scores[middle]) / 2;
  return { pages: scored, median, best: scores[scores.length - 1] };
}

function scoreAgainstModel(analysis: PageAnalysis, model: KeywordModel, minWords = 0): ModelScore {
  const lengthRange = lengthRangeOf(model, minWords);
  const terms = termsPart(analysis, model, lengthRange[1]);
  const questions = questionsPart(analysis, model);
  const structure = structurePart(analysis, model);
  const parts: Parts = {
    terms: terms.part,
    questions: questions.part,
    structure: structure.part,
    length: 100 * fit(analysis.wordCount, lengthRange),
  };
  return {
    parts,
    missing: terms.missing,
    overusedTerms: terms.overused,
    unansweredQuestions: questions.unanswered,
    answeredQuestions: questions.answered,
    structure: structure.details,
    wordCount: analysis.wordCount,
    lengthRange,
    hasQuestions: model.questions.length > 0,
  };
}

/** `longest`: the most words asked of the text; a longer text may use each term proportionally more. */
function termsPart(analysis: PageAnalysis, model: KeywordModel, longest: number) {
  const stretch = Math.max(1, analysis.wordCount / Math.max(1, longest));
  let possible = 0;
  let gained = 0;
  let lost = 0;
  const missing: ModelScore["missing"] = [];
  const overused: ContentScore["overusedTerms"] = [];
  for (const term of model.terms) {
    const count = analysis.terms.get(term.key)?.count ?? 0;
    possible += term.importance;
    gained += term.importance * Math.min(1, count / term.range[0]);
    if (count === 0) missing.push({ term: term.label, importance: term.importance });
    const max = Math.ceil(term.range[1] * OVERUSE_FACTOR * stretch);
    if (count > max) {
      overused.push({ term: term.label, count, max });
      lost += term.importance * OVERUSE_PENALTY * Math.min(1, (count - max) / max);
    }
  }
  const part = possible > 0 ? (100 * Math.max(0, gained - lost)) / possible : 100;
  return { part, missing, overused };
}

function questionsPart(analysis: PageAnalysis, model: KeywordModel) {
  const answered: string[] = [];
  const unanswered: string[] = [];
  for (const question of model.questions) {
    (answers(analysis, question.text, model.language) ? answered : unanswered).push(question.text);
  }
  const part = model.questions.length > 0 ? (100 * answered.length) / model.questions.length : 100;
  return { part, answered, unanswered };
}

/** Whether an h2 or h3 asks or answers the question, with the question's terms in the text under it. */
function answers(analysis: PageAnalysis, question: string, language: string): boolean {
  const key = questionKey(question, language).split(" ").filter(Boolean);
  if (key.length === 0) return false;
  return analysis.sections.some(
    (section) =>
      (section.level === 2 || section.level === 3) &&
      share(key, section.headingStems) >= QUESTION_HEADING_SHARE &&
      share(key, section.underStems) >= QUESTION_TEXT_SHARE,
  );
}

function share(stems: string[], within: Set<string>): number {
  return stems.filter((stem) => within.has(stem)).length / stems.length;
}

function structurePart(analysis: PageAnalysis, model: KeywordModel) {
  const keyword = [...contentStems(model.keyword, textLanguage(model.language))];
  const has = (level: 1 | 2) =>
    analysis.sections.some((section) => section.level === level && keyword.every((stem) => section.headingStems.has(stem)));
  const keywordInH1 = keyword.length > 0 && has(1);
  const keywordInH2 = keyword.length > 0 && has(2);
  const headings = analysis.headings.filter((heading) => heading.level > 1).length;
  const headingRange: [number, number] = [model.headings.p25, model.headings.p75];
  const part = (keywordInH1 ? 40 : 0) + (keywordInH2 ? 30 : 0) + 30 * fit(headings, headingRange);
  return { part, details: { keywordInH1, keywordInH2, headings, headingRange } };
}

/** 1 within the range; outside, less with the logarithm of the ratio to the nearest bound, 0 at FALLOFF_RATIO. */
export function fit(value: number, [low, high]: [number, number]): number {
  if (value >= low && value <= high) return 1;
  if (value <= 0) return 0;
  const bound = value < low ? low : high;
  return Math.max(0, 1 - Math.abs(Math.log(value / bound)) / Math.log(FALLOFF_RATIO));
}

function totalOf(parts: Parts, hasQuestions: boolean, opts: ScoreOptions): number {
  const weights = { ...SCORE_WEIGHTS, ...opts.weights };
  if (!hasQuestions) weights.questions = 0;
  const sum = weights.terms + weights.questions + weights.structure + weights.length;
  return (
    (parts.terms * weights.terms +
      parts.questions * weights.questions +
      parts.structure * weights.structure +
      parts.length * weights.length) /
    sum
  );
}

function combine(scores: ModelScore[], opts: ScoreOptions): ContentScore {
  if (scores.length === 0) throw new Error("A content score needs at least one keyword model.");
  const weights = scores.map((_, index) => (index === 0 ? MAIN_MODEL_WEIGHT : 1));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const mean = (value: (score: ModelScore) => number) =>
    scores.reduce((sum, score, index) => sum + value(score) * weights[index], 0) / weightSum;
  const main = scores[0];
  const answered = new Set(scores.flatMap((score) => score.answeredQuestions));
  return {
    score: Math.round(mean((score) => totalOf(score.parts, score.hasQuestions, opts))),
    parts: {
      terms: Math.round(mean((score) => score.parts.terms)),
      questions: Math.round(mean((score) => score.parts.questions)),
      structure: Math.round(mean((score) => score.parts.structure)),
      length: Math.round(mean((score) => score.parts.length)),
    },
    missingTerms: mergeMissing(scores, weights),
    overusedTerms: unique(
      scores.flatMap((score) => score.overusedTerms),
      (term) => term.term,
    ),
    unansweredQuestions: unique(
      scores.flatMap((score) => score.unansweredQuestions),
      (text) => text,
    ).filter((text) => !answered.has(text)),
    answeredQuestions: [...answered],
    structure: main.structure,
    wordCount: main.wordCount,
    lengthRange: main.lengthRange,
  };
}

function mergeMissing(scores: ModelScore[], weights: number[]): string[] {
  const byTerm = new Map<string, number>();
  scores.forEach((score, index) => {
    for (const { term, importance } of score.missing) byTerm.set(term, Math.max(byTerm.get(term) ?? 0, importance * weights[index]));
  });
  return [...byTerm.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_MISSING_TERMS)
    .map(([term]) => term);
}

function unique<T>(items: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
