/**
 * A keyword's research as the screens show it (issue 39): the newest check of a site's keyword with what its answer
 * held besides the organic results (People Also Ask, related searches, featured snippet, AI Overview), the top 10
 * organic results each with how it was read (its word count and outline, or why it could not be), and the keyword
 * model built from them. Put together here from the stored rows (serp_checks, keyword_models), as pure code: the
 * model function (app/models/research.server.ts) reads the rows, the SERP dialog and the outline screen show this.
 */
import type {
  AskedQuestion,
  Heading,
  KeywordModel,
  ModelQuestion,
  ModelTerm,
  Quartiles,
  SerpFeatures,
  TopPagesScores,
  UnreadPage,
} from "./content-score/types";

/** How many organic results the research shows: the top 10. */
export const TOP_RESULTS = 10;
/** How many of the model's terms the screens list, most important first. */
export const SHOWN_TERMS = 30;

/** How a top result was read: its word count and outline; not read, and why; or not read yet (no model built from the check). */
export type Reading =
  | { state: "read"; wordCount: number; headings: Heading[]; readAt: string }
  | { state: "unread"; reason: string | null }
  | { state: "pending" };

export type TopResult = { position: number; url: string; title: string | null; reading: Reading };

/** What the keyword's model says, as the screens show it. */
export type ResearchModel = {
  builtAt: string;
  /** How many pages it was built from. */
  pages: number;
  /** The most important terms first (at most SHOWN_TERMS). */
  terms: Pick<ModelTerm, "key" | "label" | "pages" | "range" | "inHeadings">[];
  /** How many terms the model has in all. */
  termCount: number;
  length: Quartiles;
  headings: Quartiles;
  questions: ModelQuestion[];
  /** The top pages' own scores (each against the others). */
  topScores: { median: number | null; best: number | null };
};

/** The newest check of a site's keyword, with its research. */
export type CheckResearch = {
  id: number;
  checkedAt: string;
  /** Null: the check was made before the research kept them (its features were thrown away). */
  features: SerpFeatures | null;
  top: TopResult[];
  model: ResearchModel | null;
};

/** A keyword's research: null `check` when the keyword has never been searched for the site. */
export type KeywordResearch = { keywordId: number; keyword: string; check: CheckResearch | null };

/** The stored rows of one check (serp_checks) and of its model (keyword_models, when built). */
export type StoredCheck = {
  id: number;
  checkedAt: Date | string;
  results: { position: number | null; url: string | null; title: string | null; type: string | null }[];
  features: SerpFeatures | null;
};
export type StoredModel = { builtAt: Date | string; model: KeywordModel; topScores: TopPagesScores; unread: UnreadPage[] };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * An address as the research matches it: the same page whatever its fragment, its trailing slash, its host's case or
 * a "www." (a page read after a redirect is still the result that pointed at it).
 */
export function urlKey(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
    const path = parsed.pathname.replace(/\/+$/, "");
    return `${host}${path}${parsed.search}`;
  } catch {
    return url.trim().toLowerCase().replace(/#.*$/, "").replace(/\/+$/, "");
  }
}

/** The top organic results of a check, by position, each with how it was read. */
export function topResults(check: StoredCheck, model: StoredModel | null): TopResult[] {
  const outlines = new Map((model?.model.outlines ?? []).map((outline) => [urlKey(outline.url), outline]));
  const unread = new Map((model?.unread ?? []).map((page) => [urlKey(page.url), page]));
  return check.results
    .filter((row): row is typeof row & { url: string; position: number } => {
      const organic = row.type === null || row.type === "organic";
      return organic && Boolean(row.url) && row.position !== null;
    })
    .sort((a, b) => a.position - b.position)
    .slice(0, TOP_RESULTS)
    .map((row) => {
      const key = urlKey(row.url);
      const outline = outlines.get(key);
      const reading: Reading = !model
        ? { state: "pending" }
        : outline
          ? { state: "read", wordCount: outline.wordCount, headings: outline.headings, readAt: outline.readAt }
          : { state: "unread", reason: unread.get(key)?.reason ?? null };
      return { position: row.position, url: row.url, title: row.title ?? outline?.title ?? null, reading };
    });
}

/** The model as the screens show it. */
export function researchModel(stored: StoredModel): ResearchModel {
  const { model, topScores } = stored;
  const terms = [...model.terms].sort((a, b) => b.importance - a.importance || b.pages - a.pages);
  return {
    builtAt: iso(stored.builtAt),
    pages: model.pages,
    terms: terms.slice(0, SHOWN_TERMS).map(({ key, label, pages, range, inHeadings }) => ({ key, label, pages, range, inHeadings })),
    termCount: terms.length,
    length: model.length,
    headings: model.headings,
    questions: model.questions,
    topScores: { median: topScores.median, best: topScores.best },
  };
}

/** A check and its model (when built) as the screens show them. */
export function checkResearch(check: StoredCheck, model: StoredModel | null): CheckResearch {
  return {
    id: check.id,
    checkedAt: iso(check.checkedAt),
    features: check.features,
    top: topResults(check, model),
    model: model ? researchModel(model) : null,
  };
}

/**
 * The questions to answer for a keyword: its model's (People Also Ask and the top pages' heading questions); before
 * a model is built, the People Also Ask of its check.
 */
export function questionsOf(research: KeywordResearch): ModelQuestion[] {
  const check = research.check;
  if (!check) return [];
  if (check.model) return check.model.questions;
  return (check.features?.peopleAlsoAsk ?? []).map((asked: AskedQuestion) => ({
    text: asked.question,
    source: "people-also-ask" as const,
    answer: asked.answer,
    url: asked.url,
  }));
}

/** How many of the top results were read, could not be read, or wait to be read. */
export function readingCounts(top: readonly TopResult[]): Record<Reading["state"], number> {
  const counts = { read: 0, unread: 0, pending: 0 };
  for (const result of top) counts[result.reading.state] += 1;
  return counts;
}
