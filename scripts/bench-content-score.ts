/**
 * Benchmark of the content score (`npm run bench:content-score`, issue 39), on real data only: the fixture cut by
 * scripts/cut-content-score-fixture.ts (tests/fixtures/content-score/: the French labour-law site's search topics,
 * their references graded 1-5 by the site's editors, the pages' text from travail-emploi.gouv.fr). This is a site's
 * own search with its editors' grades, not Google's results.
 *
 * (a) Speed: a keyword model from 10 pages of about 3,000 words (each made of whole real pages of the fixture, one
 *     after another, until it reaches 3,000 words), a 3,000-word document scored against it, the 10 pages scored
 *     leave-one-out, and a page read from HTML. Median of RUNS runs after one warm-up run (the first, cold run is
 *     printed too: it fills the stems' memory).
 * (b) Validity: each topic's graded pages are its "top results"; each page is scored against a model built from the
 *     others (scoreTopPages, leave-one-out), with the topic's first query variant as the keyword and no People Also
 *     Ask (the data has none). Every page weighs the same in the models (position 1 for all), so that no grade or
 *     rank leaks into them. Per topic, the Spearman correlation (average ranks for ties) between the score and the
 *     grade, and between the score and the site's search position where known (at least 3 pages); a topic whose
 *     grades (or positions) are all the same is left out, and a measure constant within a topic correlates 0 there
 *     (it orders nothing). The figure is the mean of the per-topic correlations, with a 95 % bootstrap interval (BOOTSTRAP
 *     resamples of the topics, seeded), beside two baselines computed the same way: the word count alone, and the
 *     share of the query's words (content stems) present in the page; and the difference of the score's mean to
 *     each baseline's, with its interval over the same resamples (paired).
 *
 *   npm run bench:content-score
 *   RUNS=20 BOOTSTRAP=10000 npm run bench:content-score
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { documentFromHtml, wordCount } from "../app/lib/content-score/document.server";
import { analyzePage, buildKeywordModel, type TopPage } from "../app/lib/content-score/model";
import { scoreDocument, scoreTopPages } from "../app/lib/content-score/score";
import { contentStems, textLanguage } from "../app/lib/content-score/text";
import type { PageDocument } from "../app/lib/content-score/types";
import type { Fixture, FixtureTopic } from "./cut-content-score-fixture";

const FIXTURE = path.resolve(import.meta.dirname, "../tests/fixtures/content-score/cdtn-topics.json");
const size = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const RUNS = size("RUNS", 9);
const BOOTSTRAP = size("BOOTSTRAP", 5000);
const LONG_PAGE_WORDS = 3000;
const READ_AT = "2020-03-01T00:00:00.000Z";

const fixture = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as Fixture;
const documents = new Map(Object.entries(fixture.pages).map(([url, page]) => [url, documentFromHtml(page.html)]));

// ---- (a) speed

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function time<T>(run: () => T): { first: number; median: number; result: T } {
  let start = performance.now();
  const result = run();
  const first = performance.now() - start;
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return { first, median: median(times), result };
}

/** A real section as part of a longer page: an h1 becomes an h2. */
function demoted(section: PageDocument["sections"][number]): PageDocument["sections"][number] {
  return section.heading?.level === 1 ? { ...section, heading: { ...section.heading, level: 2 } } : section;
}

/** Page `index` of about 3,000 words: the real sections of the fixture's pages one after another (from a different page for each index), until it reaches 3,000 words. */
function longPage(index: number): PageDocument {
  const urls = [...documents.keys()].sort();
  const sections: PageDocument["sections"] = [];
  let words = 0;
  for (let offset = 0; words < LONG_PAGE_WORDS && offset < urls.length; offset++) {
    for (const section of documents.get(urls[(index * 7 + offset) % urls.length])!.sections) {
      if (words >= LONG_PAGE_WORDS) break;
      sections.push(sections.length === 0 ? section : demoted(section));
      words += wordCount({ sections: [section] });
    }
  }
  return { sections };
}

/** A page as HTML: its headings, and each line of its text as a paragraph. */
function asHtml(doc: PageDocument): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return doc.sections
    .flatMap((section) => [
      ...(section.heading ? [`<h${section.heading.level}>${escape(section.heading.text)}</h${section.heading.level}>`] : []),
      ...section.text.split("\n").map((line) => `<p>${escape(line)}</p>`),
    ])
    .join("\n");
}

function speed() {
  const long = Array.from({ length: 11 }, (_, index) => longPage(index));
  const pages: TopPage[] = long.slice(0, 10).map((page, index) => ({
    url: `fixture-long-${index + 1}`,
    position: index + 1,
    title: null,
    document: page,
    readAt: READ_AT,
  }));
  const input = { keyword: "contrat de travail", language: "fr", pages, peopleAlsoAsk: [] };
  const version = long[10];
  const words = pages.map((page) => wordCount(page.document));
  const html = asHtml(version);
  const model = time(() => buildKeywordModel(input));
  const score = time(() => scoreDocument(version, [model.result]));
  const topPages = time(() => scoreTopPages(input));
  const read = time(() => documentFromHtml(html));
  const analyse = time(() => analyzePage(version, "fr"));
  console.log(
    `(a) Speed: ${RUNS} runs after a warm-up; pages of ${Math.min(...words)}-${Math.max(...words)} words, version of ${wordCount(version)} words`,
  );
  console.log("| step | first run (cold) | median | target |");
  console.log("|---|---|---|---|");
  const row = (step: string, measured: { first: number; median: number }, target: string) =>
    console.log(`| ${step} | ${measured.first.toFixed(1)} ms | ${measured.median.toFixed(1)} ms | ${target} |`);
  row("model from 10 pages of ~3,000 words (buildKeywordModel)", model, "< 300 ms");
  row("score of a 3,000-word version (scoreDocument)", score, "< 20 ms");
  row("10 top pages scored leave-one-out (scoreTopPages)", topPages, "");
  row("a 3,000-word page read from HTML (documentFromHtml)", read, "");
  row("a 3,000-word page analysed (analyzePage)", analyse, "");
  console.log("");
}

// ---- (b) validity

/** Ranks from 1, ties sharing their average rank. */
function ranks(values: number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].value === order[start].value) end++;
    for (let at = start; at <= end; at++) result[order[at].index] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return result;
}

/** Spearman's rho (Pearson's over average ranks); 0 when a side is constant (it orders nothing). */
function spearman(a: number[], b: number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let index = 0; index < ra.length; index++) {
    cov += (ra[index] - ma) * (rb[index] - mb);
    va += (ra[index] - ma) ** 2;
    vb += (rb[index] - mb) ** 2;
  }
  return va === 0 || vb === 0 ? 0 : cov / Math.sqrt(va * vb);
}

type Measure = "score" | "terms" | "questions" | "structure" | "length" | "words" | "query share";
const MEASURES: Measure[] = ["score", "words", "query share", "terms", "questions", "structure", "length"];
type ScoredRef = { grade: number; position: number | null; values: Record<Measure, number> };

function scoreTopic(topic: FixtureTopic): ScoredRef[] {
  const keyword = topic.variants[0] ?? topic.title;
  const pages: TopPage[] = topic.refs.map((ref) => ({
    url: ref.url,
    position: 1,
    title: ref.title,
    document: documents.get(ref.url)!,
    readAt: READ_AT,
  }));
  const input = { keyword, language: "fr", pages, peopleAlsoAsk: [] };
  const scores = scoreTopPages(input);
  const query = [...contentStems(keyword, textLanguage("fr"))];
  return topic.refs.map((ref, index) => {
    const others = pages.filter((_, other) => other !== index);
    const parts = scoreDocument(pages[index].document, [buildKeywordModel({ ...input, pages: others })]).parts;
    const stems = contentStems(
      pages[index].document.sections.map((section) => `${section.heading?.text ?? ""}\n${section.text}`).join("\n"),
      textLanguage("fr"),
    );
    return {
      grade: ref.grade,
      position: ref.position,
      values: {
        score: scores.pages[index].score,
        ...parts,
        words: wordCount(pages[index].document),
        "query share": query.length ? query.filter((stem) => stems.has(stem)).length / query.length : 0,
      },
    };
  });
}

/** Per topic and measure, the correlation with the grade (or the position), null when undefined. */
function perTopic(topics: ScoredRef[][], against: "grade" | "position"): Record<Measure, (number | null)[]> {
  const result = {} as Record<Measure, (number | null)[]>;
  for (const measure of MEASURES) {
    result[measure] = topics.map((refs) => {
      const known = refs.filter((ref) => (against === "grade" ? true : ref.position !== null));
      const target = known.map((ref) => (against === "grade" ? ref.grade : ref.position!));
      if (known.length < 3 || target.every((value) => value === target[0])) return null;
      return spearman(
        known.map((ref) => ref.values[measure]),
        target,
      );
    });
  }
  return result;
}

function meanDefined(values: (number | null)[], picks: number[]): number | null {
  const defined = picks.map((pick) => values[pick]).filter((value): value is number => value !== null);
  return defined.length ? defined.reduce((sum, value) => sum + value, 0) / defined.length : null;
}

/** Mulberry32: a small seeded generator, so the intervals are the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function interval(values: number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
  return [at(0.025), at(0.975)];
}

function report(label: string, rhos: Record<Measure, (number | null)[]>) {
  const topics = rhos.score.length;
  const all = Array.from({ length: topics }, (_, index) => index);
  const next = random(39);
  const resamples = Array.from({ length: BOOTSTRAP }, () => all.map(() => Math.floor(next() * topics)));
  const boot = (values: (number | null)[]) =>
    resamples.map((picks) => meanDefined(values, picks)).filter((value): value is number => value !== null);
  const f = (value: number | null) => (value === null ? "n/a" : value.toFixed(3));
  console.log(`Spearman with the ${label}: mean of per-topic correlations, 95 % bootstrap interval over topics (${BOOTSTRAP} resamples)`);
  console.log("| measure | topics | mean rho | 95 % interval |");
  console.log("|---|---|---|---|");
  for (const measure of MEASURES) {
    const [low, high] = interval(boot(rhos[measure]));
    console.log(
      `| ${measure} | ${rhos[measure].filter((rho) => rho !== null).length} | ${f(meanDefined(rhos[measure], all))} | [${f(low)}, ${f(high)}] |`,
    );
  }
  for (const baseline of ["words", "query share"] as const) {
    const differences = resamples
      .map((picks) => {
        const score = meanDefined(rhos.score, picks);
        const other = meanDefined(rhos[baseline], picks);
        return score === null || other === null ? null : score - other;
      })
      .filter((value): value is number => value !== null);
    const [low, high] = interval(differences);
    const point = (meanDefined(rhos.score, all) ?? 0) - (meanDefined(rhos[baseline], all) ?? 0);
    console.log(`score - ${baseline}: ${point.toFixed(3)} [${low.toFixed(3)}, ${high.toFixed(3)}] (paired)`);
  }
  console.log("");
}

function validity() {
  const topics = fixture.topics.map(scoreTopic);
  const refs = topics.reduce((sum, topic) => sum + topic.length, 0);
  console.log(`(b) Validity: ${topics.length} topics, ${refs} graded pages (the French labour-law site's own search, not Google)`);
  report("editors' grade (1-5, higher is more relevant)", perTopic(topics, "grade"));
  report("site's search position (lower is higher: a useful score correlates negatively)", perTopic(topics, "position"));
}

console.log(`content score bench, ${new Date().toISOString()}, ${os.availableParallelism()} CPUs, Node ${process.version}\n`);
speed();
validity();
