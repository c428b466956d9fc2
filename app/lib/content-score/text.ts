/**
 * Words and terms of a text, for the content score (issue 39): words by `Intl.Segmenter` (word granularity), in
 * lower case and NFC; stop words from `stopwords-iso`; Snowball stems from `@orama/stemmers`. A term is a phrase of
 * 1 to 3 words within a run of text (a run ends at punctuation or at a line break, so a term never spans two
 * sentences, two list items or a heading and its text), neither starting nor ending with a stop word; its key is
 * its stems joined by a space, so "vélos électriques" and "vélo électrique" are one term.
 *
 * Languages: French and English fully. French words lose their elided article ("l'employeur" reads "employeur")
 * and a plural -s before stemming (Snowball's French stemmer keeps the -s after a vowel: "vélos" stays
 * "vélos"). Stems are then stripped of their accents, so "13eme" and "13ème", "conge" and "congé" meet. Any other
 * language code gets no stemming (only lower case and accents stripped) and no stop words: a wrong list would
 * drop real words, while no list only lets through terms that start or end with a small word.
 *
 * Server-side only: stopwords-iso is one 200 KB file of every language; only server code (the research task, the
 * models) imports the scoring modules.
 */
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as frenchStemmer } from "@orama/stemmers/french";
import stopwordsIso from "stopwords-iso";

/** How a language reads words: its stemmer (with the memory of stems already made) and its stop words. */
export type TextLanguage = {
  code: string;
  stem: (word: string) => string;
  isStopWord: (word: string) => boolean;
  segmenter: Intl.Segmenter;
};

/** A word of a run: as written (lower case) and as its stem; stop words stay in runs (inside a phrase they count). */
export type Word = { surface: string; stem: string; stop: boolean };

/** A term's occurrences in a text: how many, in which forms, and of how many words. */
export type TermCount = { count: number; words: 1 | 2 | 3; surfaces: Map<string, number> };

/** Terms by key (stems joined by a space). */
export type TermCounts = Map<string, TermCount>;

/**
 * Nouns that stopwords-iso lists among French stop words but that name things in the texts this scores ("période
 * d'essai", "pièce jointe", "prise de parole"): kept as words.
 */
const FRENCH_KEPT_WORDS = ["essai", "pièce", "parole", "retour", "sujet", "début", "force", "mot"];

/** French articles and pronouns elided before a vowel: "l'", "d'", "qu'"... */
const FRENCH_ELISIONS = new Set(["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"]);

const MAX_TERM_WORDS = 3;
const PIECE_LENGTH = 200;

const languages = new Map<string, TextLanguage>();

/** The language of a code ('fr', 'fr-FR', 'en', ...), made once. */
export function textLanguage(code: string): TextLanguage {
  const base = code.toLowerCase().split(/[-_]/)[0] || "und";
  let language = languages.get(base);
  if (!language) {
    language = makeLanguage(base);
    languages.set(base, language);
  }
  return language;
}

function makeLanguage(code: string): TextLanguage {
  const stopWords = stopWordsOf(code);
  const stemWord = stemmerOf(code);
  const stems = new Map<string, string>();
  return {
    code,
    stem: (word) => {
      let stem = stems.get(word);
      if (stem === undefined) {
        stem = stripAccents(stemWord(word));
        stems.set(word, stem);
      }
      return stem;
    },
    isStopWord: (word) => stopWords.has(word),
    segmenter: new Intl.Segmenter(code === "und" ? undefined : code, { granularity: "word" }),
  };
}

function stopWordsOf(code: string): Set<string> {
  const lists = stopwordsIso as Record<string, string[]>;
  if (code === "fr") {
    const kept = new Set(FRENCH_KEPT_WORDS);
    return new Set(lists.fr.map(normalizeWord).filter((word) => !kept.has(word)));
  }
  if (code === "en") return new Set(lists.en.map(normalizeWord));
  return new Set();
}

function stemmerOf(code: string): (word: string) => string {
  if (code === "fr") return (word) => frenchStemmer(frenchSingular(word));
  if (code === "en") return englishStemmer;
  return (word) => word;
}

/** A French word without its plural -s ("vélos" -> "vélo"); Snowball itself reads -aux and -eaux. */
function frenchSingular(word: string): string {
  return word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
}

function normalizeWord(word: string): string {
  return word.normalize("NFC").toLowerCase().replace(/’/g, "'");
}

function stripAccents(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "");
}

/** True when a segment between words ends a run: any punctuation, but not spaces, hyphens or apostrophes. */
function endsRun(segment: string): boolean {
  return !/^[\s\-'’]*$/.test(segment);
}

/** The words of a text, in runs that terms do not cross, and how many words it has (word-like segments). */
export function readWords(text: string, language: TextLanguage): { runs: Word[][]; wordCount: number } {
  const runs: Word[][] = [];
  let run: Word[] = [];
  let wordCount = 0;
  const endRun = () => {
    if (run.length > 0) runs.push(run);
    run = [];
  };
  for (const line of text.split("\n")) {
    for (const piece of pieces(line)) {
      for (const { segment, isWordLike } of language.segmenter.segment(piece)) {
        if (!isWordLike) {
          if (endsRun(segment)) endRun();
          continue;
        }
        wordCount++;
        for (const part of splitElision(normalizeWord(segment), language.code)) {
          run.push({ surface: part, stem: language.stem(part), stop: isStopPart(part, language) });
        }
      }
    }
    endRun();
  }
  return { runs, wordCount };
}

/**
 * A line cut at spaces into pieces of about PIECE_LENGTH characters: V8's segmenter slows down with the length of
 * the string it walks (a 20,000-character text took 10 times longer in one piece than line by line).
 */
function pieces(line: string): string[] {
  if (line.length <= PIECE_LENGTH * 2) return [line];
  const result: string[] = [];
  let start = 0;
  while (line.length - start > PIECE_LENGTH * 2) {
    const space = line.indexOf(" ", start + PIECE_LENGTH);
    if (space < 0) break;
    result.push(line.slice(start, space + 1));
    start = space + 1;
  }
  result.push(line.slice(start));
  return result;
}

function splitElision(word: string, code: string): string[] {
  if (code !== "fr") return [word];
  const apostrophe = word.indexOf("'");
  if (apostrophe <= 0) return [word];
  const prefix = word.slice(0, apostrophe);
  const rest = word.slice(apostrophe + 1);
  return FRENCH_ELISIONS.has(prefix) && rest ? [prefix, rest] : [word];
}

/** Stop words, and numbers alone: a term neither starts nor ends with one. */
function isStopPart(word: string, language: TextLanguage): boolean {
  return language.isStopWord(word) || /^\d+$/.test(word);
}

/** How many words a text has (word-like segments, as a reader counts them; "l'employeur" is one). */
export function wordsIn(text: string, language: TextLanguage = textLanguage("und")): number {
  let count = 0;
  for (const line of text.split("\n")) {
    for (const piece of pieces(line)) for (const { isWordLike } of language.segmenter.segment(piece)) if (isWordLike) count++;
  }
  return count;
}

/** Adds the terms (1 to 3 words) of a text's runs to `into`. */
export function addTerms(runs: Word[][], into: TermCounts): void {
  for (const run of runs) {
    for (let start = 0; start < run.length; start++) {
      if (run[start].stop) continue;
      let key = "";
      let surface = "";
      for (let end = start; end < run.length && end < start + MAX_TERM_WORDS; end++) {
        key = end === start ? run[end].stem : `${key} ${run[end].stem}`;
        surface = end === start ? run[end].surface : `${surface} ${run[end].surface}`;
        if (!run[end].stop) addTerm(into, key, surface, (end - start + 1) as 1 | 2 | 3);
      }
    }
  }
}

function addTerm(into: TermCounts, key: string, surface: string, words: 1 | 2 | 3): void {
  let term = into.get(key);
  if (!term) {
    term = { count: 0, words, surfaces: new Map() };
    into.set(key, term);
  }
  term.count++;
  term.surfaces.set(surface, (term.surfaces.get(surface) ?? 0) + 1);
}

/** The terms of a text. */
export function termsOf(text: string, language: TextLanguage): TermCounts {
  const terms: TermCounts = new Map();
  addTerms(readWords(text, language).runs, terms);
  return terms;
}

/** The distinct stems of a text's words that are not stop words: what a question or a keyword is about. */
export function contentStems(text: string, language: TextLanguage): Set<string> {
  const stems = new Set<string>();
  for (const run of readWords(text, language).runs) for (const word of run) if (!word.stop) stems.add(word.stem);
  return stems;
}

/** The form of a term used most often. */
export function mostFrequentSurface(surfaces: Map<string, number>): string {
  let best = "";
  let bestCount = -1;
  for (const [surface, count] of surfaces) {
    if (count > bestCount) {
      best = surface;
      bestCount = count;
    }
  }
  return best;
}
