/**
 * `npm run bench:sources` (issue 40): what the code's own parts of the sources check are worth on real, labelled
 * data (../shared/data/claims: WiCE, 60 English claims with the sentences of the page each cites, labelled by
 * people; DACCORD, 1,034 French sentence pairs from AFP fact-checks, compatible or contradiction). No model is
 * reachable here: this measures the quotation check, the passage retrieval that picks what a judge reads, the
 * lexical judge (the baseline a model judge must beat), and the time of checking an article's claims.
 */
import fs from "node:fs";
import path from "node:path";
import { claimsOf } from "../app/lib/sources/claims.server";
import { quotationFound } from "../app/lib/sources/quotation";
import { lexicalSupport, retrievePassages } from "../app/lib/sources/retrieval";

const DATA = path.resolve(import.meta.dirname, "../../shared/data/claims");
type Wice = {
  label: "supported" | "partially_supported" | "not_supported";
  claim: string;
  evidence: string[];
  supporting_sentences: number[][];
};
const wice = fs
  .readFileSync(path.join(DATA, "wice-test-subset.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Wice);
const daccord = fs
  .readFileSync(path.join(DATA, "daccord.tsv"), "utf8")
  .split("\n")
  .slice(1)
  .filter(Boolean)
  .map((line) => {
    const [, premise, hypothesis, label] = line.split("\t");
    return { premise: premise!, hypothesis: hypothesis!, compatible: label === "0" };
  });

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
/** The page's text: its sentences without WiCE's metadata lines. */
const pageOf = (record: Wice) => record.evidence.filter((s) => !s.startsWith("(meta data)")).join("\n");

// 1. Quotations: real sentences of the cited pages must be found; the same with one word swapped must not.
let quotes = 0;
let found = 0;
let misquotes = 0;
let caught = 0;
for (const record of wice) {
  const page = pageOf(record);
  const words = page.split(/\s+/).filter((w) => /^\p{L}{4,}$/u.test(w));
  const sentences = record.evidence.filter((s) => !s.startsWith("(meta data)") && s.split(/\s+/).length >= 8).slice(0, 5);
  for (const sentence of sentences) {
    quotes += 1;
    if (quotationFound(sentence, page).found) found += 1;
    const parts = sentence.split(" ");
    const at = parts.findIndex((w) => /^\p{L}{4,}$/u.test(w));
    const other = words.find((w) => w.toLowerCase() !== parts[at]?.toLowerCase());
    if (at < 0 || !other) continue;
    parts[at] = other;
    const misquote = parts.join(" ");
    if (page.includes(misquote)) continue;
    misquotes += 1;
    if (!quotationFound(misquote, page).found) caught += 1;
  }
}

// 2. Retrieval: does what the judge reads hold one of the sentences people marked as the evidence?
const withEvidence = wice.filter((r) => r.supporting_sentences.some((set) => set.length));
const recallAt = (k: number) =>
  withEvidence.filter((record) => {
    const passages = retrievePassages(record.claim, pageOf(record), "en", k).map((p) => p.passage);
    const wanted = record.supporting_sentences.flat().map((i) => record.evidence[i]!.slice(0, 60));
    return wanted.some((start) => passages.some((p) => p.includes(start)));
  }).length;

// 3. The lexical judge: precision and recall of "supported".
function judged(items: { claim: string; page: string; language: string; supported: boolean }[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const item of items) {
    const passages = retrievePassages(item.claim, item.page, item.language, 5).map((p) => p.passage);
    const said = lexicalSupport(item.claim, passages, item.language).verdict === "supported";
    if (said && item.supported) tp += 1;
    else if (said) fp += 1;
    else if (item.supported) fn += 1;
  }
  return `precision ${pct(tp, tp + fp)} (${tp}/${tp + fp}), recall ${pct(tp, tp + fn)} (${tp}/${tp + fn})`;
}
const wiceJudged = judged(wice.map((r) => ({ claim: r.claim, page: pageOf(r), language: "en", supported: r.label === "supported" })));
const daccordJudged = judged(daccord.map((d) => ({ claim: d.hypothesis, page: d.premise, language: "fr", supported: d.compatible })));

// 4. Time: the claims of a 2,000-word article with 15 sources, and the passages of each source.
const cited = wice.slice(0, 15);
const filler = wice
  .flatMap((r) => r.evidence.filter((s) => !s.startsWith("(meta data)")))
  .join(" ")
  .split(/\s+/)
  .slice(0, 1600)
  .join(" ");
const article = `<h1>Article</h1><p>${filler}</p>${cited.map((r, i) => `<p>${r.claim} <a href="https://source${i}.example/">source</a>.</p>`).join("")}`;
const times: number[] = [];
for (let run = 0; run < 7; run++) {
  const start = performance.now();
  const claims = claimsOf(article, "https://site.example", "en");
  for (const [i, claim] of claims.entries()) retrievePassages(claim.claim, pageOf(cited[i]!), "en", 5);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);

console.log(`Sources bench, ${new Date().toISOString()} (data: ../shared/data/claims, WiCE and DACCORD; see its README)

Quotations (in code): real sentences found ${pct(found, quotes)} (${found}/${quotes}); one word swapped, not found ${pct(caught, misquotes)} (${caught}/${misquotes}).
Retrieval, WiCE claims with marked evidence (${withEvidence.length}): a marked sentence among the passages read, k=3 ${pct(recallAt(3), withEvidence.length)}, k=5 ${pct(recallAt(5), withEvidence.length)}, k=8 ${pct(recallAt(8), withEvidence.length)}.
Lexical judge, "supported": WiCE (supported vs the rest) ${wiceJudged}; DACCORD (compatible vs contradiction, ${daccord.length} pairs) ${daccordJudged}.
Time, claims of a ~2,000-word article with 15 sources and their passages: median ${times[3]!.toFixed(1)} ms (7 runs; reading the sources and the judge's calls come on top).`);
