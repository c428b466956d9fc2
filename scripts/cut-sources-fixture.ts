/**
 * Cuts the sources' fixture (tests/fixtures/sources/, issue 40) from WiCE (../shared/data/claims, its README gives
 * source and licence): 15 real pages that Wikipedia cites, each saved as a plain HTML page holding WiCE's sentences of
 * that page (as Common Crawl archived it), with the Wikipedia claim people labelled "supported" by it.
 *
 *   npx tsx scripts/cut-sources-fixture.ts [path/to/wice-test-subset.jsonl]
 *
 * Which records: the first 15 `supported` records of the file, in its order, whose page has at least 10 sentences a
 * writer can quote (8 words or more, no quotation mark inside, a capital first and a full stop last), so that the
 * benchmark's scripted writer finds enough real sentences to quote, misquote and cite. Writes `NN-<slug>.html`
 * (the page, as written here: .prettierignore leaves the pages alone), `sources.json` (the manifest the benchmark
 * reads: each page's file, titles, claim and sentences) and README.md (where each page came from), both formatted as
 * the project's prettier would, and copies WiCE's licence beside them (`wice.LICENSE`).
 */
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";

const DATA = path.resolve(import.meta.dirname, "../../shared/data/claims");
const input = process.argv[2] ?? path.join(DATA, "wice-test-subset.jsonl");
const OUT = path.resolve(import.meta.dirname, "../tests/fixtures/sources");
const PAGES = 15;
const QUOTABLE_AT_LEAST = 10;

type Wice = {
  label: "supported" | "partially_supported" | "not_supported";
  claim: string;
  evidence: string[];
  supporting_sentences: number[][];
  meta: { id: string; claim_title: string; claim_section: string };
};

/** A sentence a writer can quote: 8 words or more, no quotation mark inside, a capital first and a full stop last. */
const quotable = (sentence: string) =>
  sentence.split(/\s+/).length >= 8 && !/["“”«»]/.test(sentence) && /^\p{Lu}/u.test(sentence) && /[.!?]$/.test(sentence);

const META = "(meta data) ";
const metaOf = (record: Wice, key: string) =>
  record.evidence
    .find((s) => s.startsWith(`${META}${key}: `))
    ?.slice(`${META}${key}: `.length)
    .trim() || null;
const sentencesOf = (record: Wice) => record.evidence.filter((s) => !s.startsWith(META));

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const records = fs
  .readFileSync(input, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Wice);
const chosen = records
  .filter((r) => r.label === "supported" && sentencesOf(r).filter(quotable).length >= QUOTABLE_AT_LEAST)
  .slice(0, PAGES);
if (chosen.length < PAGES) throw new Error(`Only ${chosen.length} records fit; ${PAGES} wanted`);

fs.mkdirSync(OUT, { recursive: true });
for (const old of fs.readdirSync(OUT)) if (/^\d\d-.*\.html$/.test(old)) fs.rmSync(path.join(OUT, old));

const pages = chosen.map((record, i) => {
  const file = `${String(i + 1).padStart(2, "0")}-${slug(record.meta.claim_title)}.html`;
  const title = metaOf(record, "TITLE");
  const author = metaOf(record, "AUTHOR");
  const publisher = metaOf(record, "PUBLISHER");
  const published = metaOf(record, "PUBLISHED DATETIME");
  const sentences = sentencesOf(record);
  /** Where each of WiCE's evidence lines is among the page's sentences (-1: a metadata line). */
  let next = 0;
  const sentenceAt = record.evidence.map((s) => (s.startsWith(META) ? -1 : next++));
  const wikipedia = `https://en.wikipedia.org/wiki/${encodeURIComponent(record.meta.claim_title.replace(/ /g, "_"))}`;
  const html = [
    "<!doctype html>",
    `<!-- WiCE record ${record.meta.id}: the page Wikipedia's "${escape(record.meta.claim_title)}" cites, as WiCE's sentences of it (tests/fixtures/sources/README.md). -->`,
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escape(title ?? record.meta.claim_title)}</title>`,
    ...(author ? [`<meta name="author" content="${escape(author)}">`] : []),
    ...(published ? [`<meta name="date" content="${escape(published)}">`] : []),
    "</head>",
    "<body>",
    "<article>",
    ...sentences.map((s) => `<p>${escape(s)}</p>`),
    "</article>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(OUT, file), html);
  return {
    file,
    wice: record.meta.id,
    wikipedia: { title: record.meta.claim_title, section: record.meta.claim_section, url: wikipedia },
    page: { title, author, publisher, published },
    claim: record.claim,
    label: record.label,
    /** WiCE's supporting sentences (each annotator's set), as indices into `sentences` (WiCE counts its metadata lines too). */
    supportingSentences: record.supporting_sentences.map((set) => set.map((i) => sentenceAt[i]!).filter((i) => i >= 0)),
    sentences,
  };
});

/** Writes a file as the project's prettier formats it, so that `npm run format` leaves the fixture as cut. */
async function writeFormatted(file: string, text: string) {
  const config = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...config, filepath: file }));
}

await writeFormatted(
  path.join(OUT, "sources.json"),
  JSON.stringify(
    {
      source:
        "WiCE (Kamoi et al., 2023), GitHub ryokamoi/wice at ddeb6c1, data/entailment_retrieval/claim/test.jsonl, via ../shared/data/claims",
      licence: "annotations ODC-BY 1.0; claim text CC BY-SA (Wikipedia); page text under Common Crawl's terms of use (wice.LICENSE)",
      pages,
    },
    null,
    1,
  ) + "\n",
);
fs.writeFileSync(path.join(OUT, "wice.LICENSE"), fs.readFileSync(path.join(path.dirname(input), "wice.LICENSE.md")));

const cell = (text: string | null) => (text ?? "not given").replace(/\|/g, "\\|");
const readme = `# Saved source pages for the sources check (issue 40)

Fifteen real web pages that Wikipedia articles cite, each saved as a plain HTML page (\`NN-<slug>.html\`) holding the
page's text as the WiCE dataset gives it: its sentences, as Common Crawl archived the page, one paragraph each, under
the page's own title (WiCE's metadata lines give the title, and for some pages the author and date; they are the
\`<title>\` and \`<meta>\` tags, not text of the page). \`sources.json\` holds the same, with the Wikipedia claim that
people labelled \`supported\` by the page (WiCE's label and supporting sentences), for \`npm run bench:sources\`,
which serves these pages from a local server and has a scripted writer cite them, with planted faults.

Cut by \`scripts/cut-sources-fixture.ts\` (reproducible: \`npx tsx scripts/cut-sources-fixture.ts\`) from
\`../shared/data/claims/wice-test-subset.jsonl\`: WiCE (Kamoi et al., 2023, "WiCE: Real-World Entailment for Claims
in Wikipedia"), GitHub \`ryokamoi/wice\`, commit ddeb6c1, \`data/entailment_retrieval/claim/test.jsonl\`, 20 records
per label chosen at random (seed 7) in that file; here the first ${PAGES} \`supported\` records whose page has at least
${QUOTABLE_AT_LEAST} sentences of 8 words or more without a quotation mark.

Licence (see \`wice.LICENSE\`, WiCE's \`LICENSE.md\` as ../shared/data/claims holds it): WiCE's annotations (labels, supporting sentences) under
ODC-BY 1.0; the claims are Wikipedia text under CC BY-SA; the pages' text was archived by Common Crawl and is used
under Common Crawl's terms of use. WiCE does not give the cited page's own address, only its metadata; the
Wikipedia address below is built from the record's article title.

| file | WiCE record | cited by Wikipedia's article | page title (WiCE metadata) | author / publisher | published | sentences |
| --- | --- | --- | --- | --- | --- | --- |
${pages
  .map(
    (p) =>
      `| ${p.file} | ${p.wice} | [${cell(p.wikipedia.title)}](${p.wikipedia.url}), section "${cell(p.wikipedia.section)}" | ${cell(p.page.title)} | ${cell(
        [p.page.author, p.page.publisher].filter(Boolean).join("; ") || null,
      )} | ${cell(p.page.published)} | ${p.sentences.length} |`,
  )
  .join("\n")}
`;
await writeFormatted(path.join(OUT, "README.md"), readme);
console.log(`${pages.length} pages written to ${path.relative(process.cwd(), OUT)}`);
