/**
 * Measures the two ways of reading a top page (decision 040) on the fixtures: ten real articles
 * (tests/fixtures/pages) served by the local page server inside a made-up site's boilerplate.
 *   - text recovered: the share of the article's text blocks (paragraphs, list items, headings) found in what the
 *     reader kept; boilerplate kept: the share of the site's own blocks of 3 words or more (menu, cookie banner,
 *     sidebar, newsletter, share links, comments, footer) found in it; headings: the article's h1-h3 found as headings;
 *   - time per page, and cost (DataForSEO's documented price for content parsing).
 * Content parsing is measured through the fake DataForSEO, which applies the rule DataForSEO documents (their
 * help center's primary/secondary content): its figures stand for that rule, not for their service.
 *
 *   npx tsx scripts/measure-page-readers.ts
 */
export {};

process.env.OUTBOUND_ALLOW_PRIVATE_HOSTS = "true";
process.env.AUTH_SECRET ??= "measure-page-readers-not-a-secret-0123456789";
process.env.LOG_LEVEL = "warn";

const { startFakePages, pageHtml } = await import("../tests/fakes/pages");
const { startFakeDataForSeo } = await import("../tests/fakes/dataforseo");
const { parseHTML } = await import("linkedom");
const { contentParsingReader, fetchReader } = await import("../app/services/research/page-reader.server");
const { parseEnv } = await import("../app/services/env.server");

const pages = await startFakePages();
const serp = await startFakeDataForSeo();
const normalize = (text: string) => text.replace(/\s+/g, " ").trim();
/** The text blocks of HTML, every block alike (nothing skipped: navigation and footers count as much as the article). */
const linesOf = (html: string) => {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of [...document.querySelectorAll("script,style,button")]) element.remove();
  for (const element of [
    ...document.querySelectorAll(
      "p,li,h1,h2,h3,h4,h5,h6,div,ul,ol,nav,header,footer,aside,section,article,main,form,td,th,tr,dt,dd,blockquote,figcaption,br",
    ),
  ]) {
    element.before("\n");
    element.after("\n");
  }
  return (document.body.textContent ?? "").split("\n").map(normalize).filter(Boolean);
};

const env = {
  ...parseEnv({ ...process.env, DATAFORSEO_LOGIN: serp.login, DATAFORSEO_PASSWORD: serp.password, DATAFORSEO_URL: serp.url }),
  AUTH_SECRET: "x".repeat(32),
};
const readers = [fetchReader({ timeoutMs: 10_000 }), contentParsingReader(env)];
const rows: Record<string, { recall: number[]; boilerplate: number[]; headings: number[]; ms: number[]; cost: number; failed: number }> =
  {};
try {
  for (const reader of readers) {
    const row = (rows[reader.method] = {
      recall: [] as number[],
      boilerplate: [] as number[],
      headings: [] as number[],
      ms: [] as number[],
      cost: 0,
      failed: 0,
    });
    for (const [index, article] of pages.articles.entries()) {
      const own = linesOf(article.html);
      const ownSet = new Set(own);
      const body = /<body>([\s\S]*)<\/body>/.exec(pageHtml(index))![1]!;
      const boilerplate = [...new Set(linesOf(body).filter((line) => !ownSet.has(line) && line.split(" ").length >= 3))];
      const ownHeadings = [...article.html.matchAll(/<h([1-3])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) =>
        normalize(m[2]!.replace(/<[^>]+>/g, "")),
      );
      const started = performance.now();
      const read = await reader.read(pages.at(article.path));
      row.ms.push(performance.now() - started);
      row.cost += read.costUsd ?? 0;
      if (!read.ok) {
        row.failed += 1;
        console.log(`${reader.method}: ${article.path} unread (${read.reason})`);
        continue;
      }
      const kept = normalize(read.document.sections.map((s) => `${s.heading?.text ?? ""} ${s.text}`).join(" "));
      const headings = new Set(read.document.sections.flatMap((s) => (s.heading ? [normalize(s.heading.text)] : [])));
      row.recall.push(own.filter((line) => kept.includes(line)).length / own.length);
      row.boilerplate.push(boilerplate.filter((line) => kept.includes(line)).length / boilerplate.length);
      row.headings.push(ownHeadings.filter((h) => headings.has(h)).length / ownHeadings.length);
    }
  }
} finally {
  await Promise.all([pages.close(), serp.close()]);
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
console.log("\nreader           | text recovered | boilerplate kept | headings kept | median ms/page | cost / 10 pages | unread");
for (const [method, row] of Object.entries(rows))
  console.log(
    `${method.padEnd(16)} | ${pct(mean(row.recall)).padStart(14)} | ${pct(mean(row.boilerplate)).padStart(16)} | ${pct(mean(row.headings)).padStart(13)} | ${median(row.ms).toFixed(1).padStart(14)} | ${`$${row.cost.toFixed(6)}`.padStart(15)} | ${row.failed}`,
  );
