/**
 * The shapes of a keyword's research (issue 39): what a search paid for besides its organic results, the top
 * pages as read, the keyword model built from them, and a version's content score against those models. Plain
 * JSON (stored in jsonb columns), shared by the scoring code (pure, app/lib/content-score), the research task and
 * the screens.
 */

/** A heading of a page, h1 to h3. */
export type Heading = { level: 1 | 2 | 3; text: string };

/** A page reduced to what the score reads: its headings, and the text under each (the text before the first heading has none). */
export type PageDocument = {
  sections: { heading: Heading | null; text: string }[];
};

/** A question people ask (Google's People Also Ask), with its short answer and where it comes from, when given. */
export type AskedQuestion = { question: string; answer: string | null; url: string | null; title: string | null };

/**
 * What a search returned besides its organic results, as the provider gave it (DataForSEO's items of the same
 * answer): kept with the check, so nothing a check paid for is thrown away.
 */
export type SerpFeatures = {
  peopleAlsoAsk: AskedQuestion[];
  relatedSearches: string[];
  featuredSnippet: { title: string | null; text: string | null; url: string | null; domain: string | null } | null;
  aiOverview: { text: string; references: { url: string; title: string | null; source: string | null }[] } | null;
};

/** A term or phrase (1 to 3 words) of a keyword's model, as the top pages use it. */
export type ModelTerm = {
  /** The stems joined by a space: the key under which "vélos électriques" and "vélo électrique" are one. */
  key: string;
  /** How it reads: the form the top pages use most. */
  label: string;
  words: 1 | 2 | 3;
  /** 0 to 1: how much it weighs in the terms' part of the score. */
  importance: number;
  /** How many of the top pages use it. */
  pages: number;
  /** Its typical count in a page that uses it: 25th and 75th percentiles (at least 1). */
  range: [number, number];
  /** How many of the top pages use it in a heading. */
  inHeadings: number;
};

/** A question to answer: from People Also Ask, or asked in a top page's heading. */
export type ModelQuestion = { text: string; source: "people-also-ask" | "heading"; answer: string | null; url: string | null };

/** A top page's outline, as read. */
export type CompetitorOutline = {
  url: string;
  position: number;
  title: string | null;
  wordCount: number;
  headings: Heading[];
  /** When the page was read (ISO 8601). */
  readAt: string;
};

/** A top result that could not be read, and why ('403', 'timeout', 'not HTML'...): said in the research, left out of the model. */
export type UnreadPage = { url: string; position: number; reason: string };

/** 25th, 50th and 75th percentiles. */
export type Quartiles = { p25: number; p50: number; p75: number };

/** A keyword's model, built from the top pages of one check, in the site's language. */
export type KeywordModel = {
  keyword: string;
  language: string;
  /** How many pages it was built from (pages that could not be read are left out). */
  pages: number;
  terms: ModelTerm[];
  /** Words of the top pages. */
  length: Quartiles;
  /** h2 and h3 headings of the top pages. */
  headings: Quartiles;
  questions: ModelQuestion[];
  outlines: CompetitorOutline[];
};

/** A version's score against one or more keyword models, with its parts (each 0-100) and what it lacks. */
export type ContentScore = {
  score: number;
  parts: { terms: number; questions: number; structure: number; length: number };
  /** Important terms the version does not use, most important first. */
  missingTerms: string[];
  /** Terms used more than the top pages' typical range allows. */
  overusedTerms: { term: string; count: number; max: number }[];
  unansweredQuestions: string[];
  answeredQuestions: string[];
  structure: { keywordInH1: boolean; keywordInH2: boolean; headings: number; headingRange: [number, number] };
  wordCount: number;
  lengthRange: [number, number];
};

/** The top pages scored the same way, each against a model built from the others. */
export type TopPagesScores = { pages: { url: string; position: number; score: number }[]; median: number | null; best: number | null };
