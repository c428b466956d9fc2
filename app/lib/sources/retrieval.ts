/**
 * Which passages of a source a claim is held against (issue 40): a long page does not go whole to the judge, only
 * its sentences nearest the claim, by the stems they share with it (French and English, lib/content-score/text.ts)
 * weighted by how rare each stem is in the page (BM25's idea, over sentences), and by the claim's figures they
 * carry; each chosen sentence comes with the next one, since a figure's subject is often the sentence before.
 * And a lexical judge, the baseline a model must beat: a claim is supported when the best passage carries most of
 * its stems and every one of its figures.
 */
import { contentStems, textLanguage } from "../content-score/text";

/** Numbers as a claim and a page write them: "87 %", "1 500", "2025", "3,5". */
const FIGURE = /\d+(?:[\s\u00a0\u202f.,]\d+)*/g;

/** The figures of a text, written one way ("1 500" and "1500" alike). */
export function figuresOf(text: string): string[] {
  return [...text.matchAll(FIGURE)].map((m) => m[0].replace(/[\s\u00a0\u202f]/g, "").replace(",", "."));
}

/** A text's sentences, by Intl.Segmenter, lines kept apart; the short ones (under 4 characters) left out. */
export function sentencesOf(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  return text
    .split(/\n+/)
    .flatMap((line) => [...segmenter.segment(line)].map((s) => s.segment.trim()))
    .filter((s) => s.length >= 4);
}

export type Passage = { passage: string; index: number; score: number };

/** The `k` passages of the page nearest the claim, best first: a sentence and the one after it. */
export function retrievePassages(claim: string, pageText: string, language: string, k = 5): Passage[] {
  const lang = textLanguage(language);
  const sentences = sentencesOf(pageText, language);
  if (sentences.length === 0) return [];
  const wanted = contentStems(claim, lang);
  const figures = new Set(figuresOf(claim));
  const stemsOf = sentences.map((s) => contentStems(s, lang));
  // How rare each of the claim's stems is among the page's sentences.
  const weight = new Map<string, number>();
  for (const stem of wanted) {
    const df = stemsOf.filter((set) => set.has(stem)).length;
    weight.set(stem, Math.log(1 + (sentences.length - df + 0.5) / (df + 0.5)));
  }
  const scored = sentences.map((sentence, index) => {
    let score = 0;
    for (const stem of wanted) if (stemsOf[index]!.has(stem)) score += weight.get(stem)!;
    for (const figure of figuresOf(sentence)) if (figures.has(figure)) score += 2;
    // Long sentences gather stems by length alone: a little less for them.
    score /= 1 + 0.1 * Math.max(0, stemsOf[index]!.size / 20 - 1);
    return { index, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, k)
    .map(({ index, score }) => ({ passage: [sentences[index], sentences[index + 1]].filter(Boolean).join(" "), index, score }));
}

/** A claim's share of stems a passage holds above which it is supported, and partly supported. */
const SUPPORTED = 0.6;
const PARTLY = 0.35;

/**
 * The lexical judge: the best passage's share of the claim's stems; a figure of the claim that the passage lacks
 * makes it not supported, whatever the words.
 */
export function lexicalSupport(
  claim: string,
  passages: string[],
  language: string,
): { verdict: "supported" | "partly" | "not_supported"; score: number; passage: string | null } {
  const lang = textLanguage(language);
  const wanted = contentStems(claim, lang);
  const figures = figuresOf(claim);
  let best: { score: number; passage: string | null; figures: boolean } = { score: 0, passage: null, figures: figures.length === 0 };
  for (const passage of passages) {
    const stems = contentStems(passage, lang);
    const share = wanted.size ? [...wanted].filter((s) => stems.has(s)).length / wanted.size : 0;
    const has = new Set(figuresOf(passage));
    const allFigures = figures.every((f) => has.has(f));
    if (share > best.score || (share === best.score && allFigures && !best.figures)) best = { score: share, passage, figures: allFigures };
  }
  const score = Math.round(best.score * 100) / 100;
  if (!best.figures) return { verdict: "not_supported", score, passage: best.passage };
  if (best.score >= SUPPORTED) return { verdict: "supported", score, passage: best.passage };
  if (best.score >= PARTLY) return { verdict: "partly", score, passage: best.passage };
  return { verdict: "not_supported", score, passage: best.passage };
}
