/**
 * `npm run bench:sources` (issue 40): what the code's own parts of the sources check are worth on real, labelled
 * data (../shared/data/claims: WiCE, 60 English claims with the sentences of the page each cites, labelled by
 * people; DACCORD, 1,034 French sentence pairs from AFP fact-checks, compatible or contradiction). No model is
 * reachable here: this measures the quotation check, the passage retrieval that picks what a judge reads, the
 * lexical judge (the baseline a model judge must beat), and the time of checking an article's claims.
 *
 * Then the check end to end (sections 5-7):
 *   5. planted errors: real saved source pages (tests/fixtures/sources, cut from WiCE by
 *      scripts/cut-sources-fixture.ts) served on 127.0.0.1 with a 404 and a redirect to another topic; a scripted
 *      writer cites them with real quotations and claims and plants an invented statistic, a misquotation, a link
 *      to the 404, a redirect and an internal link outside the site's inventory, one article per page; the
 *      contract's link repair (removeInventedLinks) and checkArticleSources (lexical judge) must catch each;
 *   6. time and cost of checking a ~2,000-word article citing the 15 pages: reading them from the local server and
 *      judging, with the lexical judge, then with the model judge against a local fake speaking OpenRouter's
 *      protocol (the plumbing's time; the prompts' tokens counted as characters / 4);
 *   7. with OPENROUTER_API_KEY set, the real judge (SOURCE_JUDGE_MODEL) over the 60 WiCE claims and 200 DACCORD
 *      pairs (a seeded sample): precision and recall of "supported", and the cost OpenRouter reports. Without a key
 *      it says it was skipped.
 *
 *   npm run bench:sources                                   # sections 1-6
 *   OPENROUTER_API_KEY=sk-or-... npm run bench:sources      # and section 7, the real judge (costs money)
 */
import fs from "node:fs";
import path from "node:path";
import { claimsOf } from "../app/lib/sources/claims.server";
import { quotationFound } from "../app/lib/sources/quotation";
import { figuresOf, lexicalSupport, retrievePassages } from "../app/lib/sources/retrieval";

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

// ------------------------------------------------------------------------------------------------------------------
// 5-7. The check end to end: real saved pages on a local server, the product's reader, check and link repair.
// ------------------------------------------------------------------------------------------------------------------

/** The caller's OpenRouter settings (section 7 runs only with a key); sections 5-6 set their own. */
const CALLER = { key: process.env.OPENROUTER_API_KEY?.trim() || null, baseUrl: process.env.OPENROUTER_BASE_URL };
// The sources are served on 127.0.0.1: the outbound guard refuses private addresses unless this says otherwise.
process.env.OUTBOUND_ALLOW_PRIVATE_HOSTS = "true";
process.env.AUTH_SECRET ??= "bench-sources-not-a-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";

const http = await import("node:http");
const { checkArticleSources, judgeClaim, sourceReader } = await import("../app/jobs/tasks/check_sources.server");
const { removeInventedLinks, countWords } = await import("../app/lib/article-contract");
const { UsageTally } = await import("../app/lib/usage");
const { getEnv, resetEnvForTests } = await import("../app/services/env.server");
const { openRouterClient } = await import("../app/services/providers/openrouter.server");
const { RetryableError } = await import("../app/services/providers/http.server");
const { startFakeOpenRouter } = await import("../tests/fakes/openrouter");
const { fakeWriter } = await import("../tests/fakes/writer");
type CheckedClaim = import("../app/jobs/tasks/check_sources.server").CheckedClaim;

/** Which judge checkArticleSources uses: none configured (the lexical judge), or OpenRouter at an address. */
function useJudge(openRouter: { key: string; baseUrl?: string } | null) {
  if (openRouter) process.env.OPENROUTER_API_KEY = openRouter.key;
  else delete process.env.OPENROUTER_API_KEY;
  if (openRouter?.baseUrl) process.env.OPENROUTER_BASE_URL = openRouter.baseUrl;
  else delete process.env.OPENROUTER_BASE_URL;
  resetEnvForTests();
}

type SourcePage = {
  file: string;
  wice: string;
  wikipedia: { title: string; section: string; url: string };
  page: { title: string | null };
  claim: string;
  label: string;
  supportingSentences: number[][];
  sentences: string[];
};
const FIXTURE = path.resolve(import.meta.dirname, "../tests/fixtures/sources");
const sourcePages = (JSON.parse(fs.readFileSync(path.join(FIXTURE, "sources.json"), "utf8")) as { pages: SourcePage[] }).pages;

/**
 * The saved pages on 127.0.0.1: `/pages/<file>` each page as saved, `/gone/<n>` a 404, `/moved/<n>` a redirect (302)
 * to the page of another topic (the page 5 further on in the fixture).
 */
const MOVED_BY = 5;
const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  const page = /^\/pages\/([\w-]+\.html)$/.exec(pathname)?.[1];
  if (page && sourcePages.some((p) => p.file === page))
    return res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(fs.readFileSync(path.join(FIXTURE, page)));
  const moved = /^\/moved\/(\d+)$/.exec(pathname);
  if (moved)
    return res.writeHead(302, { Location: `/pages/${sourcePages[(Number(moved[1]) + MOVED_BY) % sourcePages.length]!.file}` }).end();
  res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" }).end("<!doctype html><title>Not found</title><h1>Page not found</h1>");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const SOURCES = `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
const sourceUrl = (page: SourcePage) => `${SOURCES}/pages/${page.file}`;

/** The site the articles are written for, and its inventory: a page per topic of the fixture. */
const SITE = "https://site.example";
const slugOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const inventory = sourcePages.map((p) => `${SITE}/${slugOf(p.wikipedia.title)}`);

/** check_sources' own check of an article, with its own reader of sources (the guarded fetch, at most 3 redirects). */
const check = (html: string) =>
  checkArticleSources(
    html,
    { url: SITE, language: "en" },
    { reader: sourceReader(), usage: new UsageTally(), signal: new AbortController().signal },
  );

/** A sentence a writer can quote: 8 words or more, no quotation mark inside, a capital first and a full stop last. */
const quotable = (s: string) => s.split(/\s+/).length >= 8 && !/["“”«»]/.test(s) && /^\p{Lu}/u.test(s) && /[.!?]$/.test(s);
/** A plain number of 2-4 digits (a year, a count), not part of a larger figure such as "5,000" or "3.5". */
const PLAIN_NUMBER = /(?<![\d.,'’])\d{2,4}(?![\d\p{L}]|[.,]\d)/u;
const loose = (text: string) => text.toLowerCase().replace(/\s+/g, " ");

/**
 * What the scripted writer cites of a page: two real sentences to quote, one to misquote, one to cite at a 404 and
 * one at a redirect (WiCE's supporting sentences first, then the page's order), and one with a plain number, whose
 * number it changes to one the page does not have (the invented statistic).
 */
function plantsOf(page: SourcePage) {
  const text = page.sentences.join("\n");
  const supporting = [...new Set(page.supportingSentences.flat())].sort((a, b) => a - b);
  const order = [...supporting, ...page.sentences.keys()].filter((i, at, all) => all.indexOf(i) === at);
  const candidates = order.map((i) => page.sentences[i]!).filter(quotable);
  const statistic = page.sentences.find((s) => quotable(s) && PLAIN_NUMBER.test(s)) ?? page.sentences.find((s) => PLAIN_NUMBER.test(s));
  if (!statistic) throw new Error(`${page.file}: no sentence with a number to change`);
  const [quote1, quote2, misquoted, broken, redirected] = candidates.filter((s) => s !== statistic);
  if (!redirected) throw new Error(`${page.file}: too few sentences to quote`);
  // The invented statistic: the sentence's number moved by 7 (then 14, ...) until the page does not have it.
  const number = PLAIN_NUMBER.exec(statistic)![0];
  const pageFigures = new Set(figuresOf(text));
  let invented = Number(number);
  do invented += 7;
  while (pageFigures.has(String(invented)) || text.includes(String(invented)));
  const inventedStatistic = statistic.replace(PLAIN_NUMBER, String(invented));
  // The misquotation: its middle word of 4 letters or more swapped for another word of the page.
  const words = misquoted!.split(" ");
  const middle = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => /^\p{L}{4,}$/u.test(w))
    .sort((a, b) => Math.abs(a.i - words.length / 2) - Math.abs(b.i - words.length / 2))[0];
  const other = text.match(/\b\p{L}{5,}\b/gu)?.find((w) => !words.some((x) => x.toLowerCase() === w.toLowerCase()));
  if (!middle || !other) throw new Error(`${page.file}: no word to swap`);
  words[middle.i] = other;
  const misquotation = words.join(" ");
  if (loose(text).includes(loose(misquotation))) throw new Error(`${page.file}: the misquotation is on the page`);
  return { quote1: quote1!, quote2: quote2!, misquotation, broken: broken!, redirected: redirected!, inventedStatistic, number, invented };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const cite = (url: string, anchor = "source") => `<a href="${url}">${anchor}</a>`;

/**
 * The scripted writer's article on page `n`'s topic: WiCE's supported claim, two correct quotations, then the planted
 * faults (a misquotation, an invented statistic, a link to a 404, a link that redirects to another topic), and two
 * internal links, one to a page of the inventory and one invented (relative "/contact" or an absolute address on
 * the site, in turn). Its outbound links come in this order, which is the order of the check's rows.
 */
function plantedArticle(n: number) {
  const page = sourcePages[n]!;
  const plants = plantsOf(page);
  const url = sourceUrl(page);
  const next = inventory[(n + 1) % inventory.length]!;
  const invented = n % 2 === 0 ? "/contact" : `${SITE}/${slugOf(page.wikipedia.title)}-complete-guide`;
  const html = [
    `<h1>${escapeHtml(page.wikipedia.title)}</h1>`,
    `<p>${escapeHtml(page.claim.trim())} ${cite(url)}.</p>`,
    `<p>The page puts it this way: “${escapeHtml(plants.quote1)}” (${cite(url)}).</p>`,
    `<p>It adds: “${escapeHtml(plants.quote2)}” (${cite(url)}).</p>`,
    `<p>Elsewhere it reads: “${escapeHtml(plants.misquotation)}” (${cite(url)}).</p>`,
    `<p>${escapeHtml(plants.inventedStatistic)} ${cite(url)}.</p>`,
    `<p>${escapeHtml(plants.broken)} ${cite(`${SOURCES}/gone/${n}`)}.</p>`,
    `<p>${escapeHtml(plants.redirected)} ${cite(`${SOURCES}/moved/${n}`)}.</p>`,
    `<p>Read also <a href="${next}">our page on the next topic</a> and <a href="${invented}">our contact page</a>.</p>`,
  ].join("\n");
  return {
    html,
    sources: [url, `${SOURCES}/gone/${n}`, `${SOURCES}/moved/${n}`],
    inventoryLink: next,
    inventedLink: invented,
    movedTo: sourceUrl(sourcePages[(n + MOVED_BY) % sourcePages.length]!),
  };
}

// 5. Planted errors, one article per page, the lexical judge (no model).
useJudge(null);
const ROLES = ["claim", "quote1", "quote2", "misquotation", "statistic", "broken", "redirect"] as const;
const planted = {
  broken: 0,
  misquotations: 0,
  quotes: 0,
  quotesFlagged: [] as string[],
  quotesAsClaims: [] as string[],
  redirects: 0,
  redirectVerdicts: [] as string[],
  internalRemoved: 0,
  inventoryKept: 0,
  sourcesKept: 0,
  wronglyRemoved: 0,
  statistics: 0,
  statisticVerdicts: [] as string[],
  statisticsMissed: [] as string[],
  resolving: 0,
  realLinks: 0,
  claimVerdicts: [] as string[],
};
for (const n of sourcePages.keys()) {
  const article = plantedArticle(n);
  const repaired = removeInventedLinks(article.html, article.sources, SITE, { inventory });
  // Removed: its address gone, its text kept.
  const inventedGone = !repaired.html.includes(`href="${article.inventedLink}"`) && repaired.html.includes("our contact page");
  if (inventedGone) planted.internalRemoved += 1;
  if (repaired.html.includes(`href="${article.inventoryLink}"`)) planted.inventoryKept += 1;
  planted.sourcesKept += article.sources.filter((u) => repaired.html.includes(`href="${u}"`)).length;
  planted.wronglyRemoved += Math.max(0, repaired.removed - (inventedGone ? 1 : 0));
  const rows = await check(repaired.html);
  const expected = [...Array(5).fill(article.sources[0]), article.sources[1], article.sources[2]];
  if (rows.length !== ROLES.length || rows.some((r, i) => r.url !== expected[i]))
    throw new Error(`Article ${n}: the check's rows are not the writer's links: ${JSON.stringify(rows.map((r) => r.url))}`);
  const row = Object.fromEntries(ROLES.map((role, i) => [role, rows[i]!])) as Record<(typeof ROLES)[number], CheckedClaim>;
  if (row.broken.linkStatus === "broken" && row.broken.verdict === "broken") planted.broken += 1;
  if (row.misquotation.kind === "quotation" && row.misquotation.verdict === "not_supported") planted.misquotations += 1;
  for (const quote of [row.quote1, row.quote2]) {
    planted.quotes += 1;
    if (quote.verdict !== "supported") planted.quotesFlagged.push(`${sourcePages[n]!.file}: ${quote.kind} ${quote.verdict}`);
    // Not seen as a quotation: its claim was cut short of the opening quotation mark, and it was judged as a claim.
    if (quote.kind !== "quotation")
      planted.quotesAsClaims.push(`${sourcePages[n]!.file}: ${quote.kind} ${quote.verdict} ("${quote.claim?.slice(0, 40)}...")`);
  }
  if (row.redirect.linkStatus === "redirects" && row.redirect.finalUrl === article.movedTo) planted.redirects += 1;
  planted.redirectVerdicts.push(row.redirect.verdict!);
  planted.statisticVerdicts.push(`${row.statistic.kind} ${row.statistic.verdict}`);
  if (row.statistic.kind === "statistic" && row.statistic.verdict === "not_supported") planted.statistics += 1;
  else planted.statisticsMissed.push(`${sourcePages[n]!.file}: ${row.statistic.kind} ${row.statistic.verdict} ("${row.statistic.claim}")`);
  for (const real of [row.claim, row.quote1, row.quote2, row.misquotation, row.statistic]) {
    planted.realLinks += 1;
    if (real.linkStatus === "resolves") planted.resolving += 1;
  }
  planted.claimVerdicts.push(row.claim.verdict!);
}
const tally = (values: string[]) =>
  Object.entries(values.reduce<Record<string, number>>((t, v) => ({ ...t, [v]: (t[v] ?? 0) + 1 }), {}))
    .map(([v, count]) => `${v} ${count}`)
    .join(", ");
const articles = sourcePages.length;
console.log(`
Planted errors (tests/fixtures/sources: ${articles} real pages cited by Wikipedia, as WiCE saved them, served on 127.0.0.1; ${articles} articles by a scripted writer, one per page, each with WiCE's supported claim, 2 real quotations and 5 planted faults; removeInventedLinks with a ${inventory.length}-page inventory, then checkArticleSources with the lexical judge, no model):
  broken links found (404): ${pct(planted.broken, articles)} (${planted.broken}/${articles}); goal 100 %
  misquotations found (one word swapped): ${pct(planted.misquotations, articles)} (${planted.misquotations}/${articles}); goal 100 %
  quotations that do appear, flagged: ${planted.quotesFlagged.length} of ${planted.quotes}${planted.quotesFlagged.length ? ` (${planted.quotesFlagged.join("; ")})` : ""}; goal 0
    of which checked word for word as quotations: ${planted.quotes - planted.quotesAsClaims.length}/${planted.quotes}${planted.quotesAsClaims.length ? `; the others were cut by the claim's sentence split at an abbreviation inside the quotation and judged as claims: ${planted.quotesAsClaims.join("; ")}` : ""}
  redirects to another topic detected (linkStatus "redirects", final address the other page): ${planted.redirects}/${articles}; their claims, judged against the other topic's page: ${tally(planted.redirectVerdicts)}
  internal links outside the inventory removed (text kept): ${planted.internalRemoved}/${articles}; inventory links kept ${planted.inventoryKept}/${articles}, sources kept ${planted.sourcesKept}/${3 * articles}, other links removed ${planted.wronglyRemoved}
  invented statistics (a figure not in the page) flagged not supported: ${planted.statistics}/${articles} (${tally(planted.statisticVerdicts)})${planted.statisticsMissed.length ? `; missed: ${planted.statisticsMissed.join("; ")}` : ""}
  links to the real pages read as resolving: ${planted.realLinks ? pct(planted.resolving, planted.realLinks) : "-"} (${planted.resolving}/${planted.realLinks})
  WiCE's supported claims, as the lexical judge sees them: ${tally(planted.claimVerdicts)} (of ${articles}; the judge's recall, not a planted fault)`);

// 6. Time and cost of checking a ~2,000-word article with 15 sources, end to end.
/**
 * The article: a section per page (its Wikipedia title as h2), each with WiCE's supported claim and one real
 * quotation, each citing the page, then more of the page's sentences, uncited, up to ~2,000 words in all.
 */
function longArticle(words = 2000) {
  const perSection = Math.round(words / sourcePages.length);
  const sections = sourcePages.map((page) => {
    const url = sourceUrl(page);
    const plants = plantsOf(page);
    const cited = [
      `<p>${escapeHtml(page.claim.trim())} ${cite(url)}.</p>`,
      `<p>The page puts it this way: “${escapeHtml(plants.quote1)}” (${cite(url)}).</p>`,
    ];
    const body: string[] = [];
    for (const sentence of page.sentences.filter((s) => quotable(s) && s !== plants.quote1)) {
      const have = countWords([...cited, ...body].join(" "));
      if (have >= perSection - 5) break;
      if (have + countWords(sentence) <= perSection + 5) body.push(sentence);
    }
    return `<h2>${escapeHtml(page.wikipedia.title)}</h2>\n${cited.join("\n")}\n<p>${escapeHtml(body.join(" "))}</p>`;
  });
  return `<h1>Fifteen stories from the sources Wikipedia cites</h1>\n${sections.join("\n")}`;
}
const long = longArticle();
const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(runs: number) {
  const ms: number[] = [];
  let rows: CheckedClaim[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    rows = await check(long);
    ms.push(performance.now() - start);
  }
  return { ms, rows };
}
useJudge(null);
const lexicalRun = await timed(RUNS);
const lexicallyJudged = lexicalRun.rows.filter((r) => (r.judge as { method?: string } | null)?.method === "lexical").length;
const quotations = lexicalRun.rows.filter((r) => r.kind === "quotation").length;

// The model judge against the fake OpenRouter: the plumbing's time, and what the prompts weigh.
const fake = await startFakeOpenRouter();
const answers: string[] = [];
fake.answer = (model, question) => {
  const answer = fakeWriter(model, question);
  answers.push(answer);
  return answer;
};
useJudge({ key: fake.apiKey, baseUrl: fake.baseUrl });
const judgeModel = getEnv().SOURCE_JUDGE_MODEL;
const modelRun = await timed(RUNS);
const perRun = fake.asked.length / RUNS;
const lastPrompts = fake.asked.slice(-perRun).map((a) => a.question);
const lastAnswers = answers.slice(-perRun);
const tokensIn = lastPrompts.reduce((sum, q) => sum + Math.ceil(q.length / 4), 0);
const tokensOut = lastAnswers.reduce((sum, a) => sum + Math.ceil(a.length / 4), 0);
const modelMethods = tally(modelRun.rows.map((r) => String((r.judge as { method?: string } | null)?.method ?? "none")));
await fake.close();
/**
 * OpenRouter's listed price of openai/gpt-4o-mini, US dollars per million tokens, input and output: its model page
 * (https://openrouter.ai/models/openai/gpt-4o-mini, a stored copy, undated, read 2026-11-29). The real cost is what
 * OpenRouter reports with each answer (section 7, with a key).
 */
const LISTED_PRICE: Record<string, { input: number; output: number; source: string }> = {
  "openai/gpt-4o-mini": { input: 0.15, output: 0.6, source: "https://openrouter.ai/models/openai/gpt-4o-mini" },
};
const price = LISTED_PRICE[judgeModel];
const estimate = price ? (tokensIn * price.input + tokensOut * price.output) / 1e6 : null;
console.log(`
Time and cost of checking a ${countWords(long).toLocaleString("en")}-word article citing ${sourcePages.length} sources (${lexicalRun.rows.length} claims: ${sourcePages.length} of WiCE's claims and ${sourcePages.length} real quotations, of which the check took ${quotations} as quotations, checked in code, and judged the other ${lexicalRun.rows.length - quotations}), end to end: each source read from the local server with the product's reader (guarded fetch, Readability), every claim held against its source; median of ${RUNS} runs, this machine:
  lexical judge (no model): ${median(lexicalRun.ms).toFixed(0)} ms (runs: ${lexicalRun.ms.map((t) => t.toFixed(0)).join(", ")} ms; ${lexicallyJudged} claims judged lexically); goal < 30 s
  model judge against a local fake of OpenRouter (${judgeModel}; the fake answers at once, so this is the plumbing alone, the model's own latency comes on top, once per judged claim, four claims judged at a time): ${median(modelRun.ms).toFixed(0)} ms (runs: ${modelRun.ms.map((t) => t.toFixed(0)).join(", ")} ms; judged by ${modelMethods})
  what the judge is sent per article: ${perRun} calls, ${lastPrompts.reduce((s, q) => s + q.length, 0).toLocaleString("en")} characters of prompts, about ${tokensIn.toLocaleString("en")} input tokens (characters / 4, an estimate; the fake's own usage figures are fixed and not used); answers about ${tokensOut.toLocaleString("en")} tokens (the fake's answers, characters / 4)
  ${
    estimate !== null && price
      ? `estimated cost at OpenRouter's listed price for ${judgeModel} ($${price.input} / $${price.output} per million input / output tokens, ${price.source}): $${estimate.toFixed(4)} per article; goal < $0.01 (the real cost: section 7 with a key)`
      : `cost: the price of ${judgeModel} is not known here (only the token counts above)`
  }`);

// 7. The real judge, with a key: WiCE and a DACCORD sample, precision and recall of "supported", and the cost.
if (!CALLER.key) {
  console.log(`
Model judge on real labelled data (WiCE, DACCORD): skipped, no OPENROUTER_API_KEY set. To run it (about 260 calls of ${judgeModel}, paid): OPENROUTER_API_KEY=sk-or-... npm run bench:sources (SOURCE_JUDGE_MODEL=... to try another model).`);
} else {
  useJudge({ key: CALLER.key, baseUrl: CALLER.baseUrl });
  const env = getEnv();
  const api = openRouterClient(env);
  /** A seeded shuffle (mulberry32), so that the DACCORD sample is the same on every run. */
  const random = (() => {
    let seed = 40;
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  })();
  const order = [...daccord.keys()];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const DACCORD_SAMPLE = 200;
  const sample = order.slice(0, DACCORD_SAMPLE).map((i) => daccord[i]!);
  type Item = { claim: string; page: string; language: string; supported: boolean };
  async function modelJudged(name: string, items: Item[]) {
    const usage = new UsageTally();
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let failed = 0;
    const methods: string[] = [];
    const start = performance.now();
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        let judgement: Awaited<ReturnType<typeof judgeClaim>> | null = null;
        for (let attempt = 0; attempt < 3 && !judgement; attempt++) {
          try {
            judgement = await judgeClaim(item.claim, item.page, item.language, { api, model: env.SOURCE_JUDGE_MODEL, usage });
          } catch (error) {
            if (!(error instanceof RetryableError) || attempt === 2) break;
            await new Promise((resolve) => setTimeout(resolve, 2000 * 2 ** attempt));
          }
        }
        if (!judgement) {
          failed += 1;
          continue;
        }
        const judge = judgement.judge as { method?: string; modelAnswer?: string; quoteRefused?: boolean };
        methods.push(
          judge.quoteRefused ? "model, quote refused" : judge.modelAnswer ? "lexical (answer unreadable)" : String(judge.method),
        );
        const said = judgement.verdict === "supported";
        if (said && item.supported) tp += 1;
        else if (said) fp += 1;
        else if (item.supported) fn += 1;
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const seconds = (performance.now() - start) / 1000;
    return `  ${name}: precision ${pct(tp, tp + fp)} (${tp}/${tp + fp}), recall ${pct(tp, tp + fn)} (${tp}/${tp + fn}); judged by ${tally(methods)}${failed ? `; ${failed} calls failed, left out` : ""}; cost as OpenRouter reported it $${usage.costUsd?.toFixed(4) ?? "not reported"} (${usage.tokensIn ?? "?"} tokens in, ${usage.tokensOut ?? "?"} out), ${seconds.toFixed(0)} s`;
  }
  const wiceLine = await modelJudged(
    `WiCE (${wice.length} claims, supported vs the rest)`,
    wice.map((r) => ({ claim: r.claim, page: pageOf(r), language: "en", supported: r.label === "supported" })),
  );
  const daccordLine = await modelJudged(
    `DACCORD (${sample.length} pairs, a seeded sample, compatible vs contradiction)`,
    sample.map((d) => ({ claim: d.hypothesis, page: d.premise, language: "fr", supported: d.compatible })),
  );
  console.log(`
Model judge on real labelled data (${env.SOURCE_JUDGE_MODEL} through ${env.OPENROUTER_BASE_URL}, 4 calls at a time), "supported"; goal precision ≥ 0.95:
${wiceLine}
${daccordLine}`);
}
useJudge(CALLER.key ? { key: CALLER.key, baseUrl: CALLER.baseUrl } : null);
server.closeAllConnections();
server.close();
