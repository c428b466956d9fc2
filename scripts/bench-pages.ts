/**
 * Benchmark of the page list (`npm run bench:pages`): a fresh embedded database in a temporary
 * folder, opened through the app's own services, one user and one site with 10,000 pages, their
 * keywords, search results, LLM answers and versions (bulk inserts), then the time of listPages()
 * (median of several runs) beside the time of the same SQL sent straight to the database client, and
 * the time of the paged list that the screen uses (listPagesPaged) for a few views: first page, a
 * search, a status filter, a late page, other sorts; and the loader's whole work for the first page.
 *
 * Sizes can be changed: PAGES, KEYWORDS_PER_PAGE, RESULTS_PER_KEYWORD, ANSWERS_PER_PAGE,
 * VERSIONS_PER_PAGE, RUNS. With EXPLAIN=1 it also prints the query plans (the whole list's, and the paged list's two per view). With
 * BENCH_DATABASE_URL=postgres://... it runs against that PostgreSQL server instead (the app's own
 * driver); what it wrote there is deleted at the end. The temporary folder is removed at the end.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PageListQuery } from "../app/lib/page-list-query";

const size = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};
const PAGES = size("PAGES", 10_000);
const KEYWORDS_PER_PAGE = size("KEYWORDS_PER_PAGE", 5);
const RESULTS_PER_KEYWORD = size("RESULTS_PER_KEYWORD", 10);
const ANSWERS_PER_PAGE = size("ANSWERS_PER_PAGE", 3);
const VERSIONS_PER_PAGE = size("VERSIONS_PER_PAGE", 2);
const RUNS = Math.max(1, size("RUNS", 9));
const WARMUP = 2;

// The app reads its configuration lazily: set it before importing any of its modules.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-bench-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;

const { sql } = await import("drizzle-orm");
const schema = await import("../db/schema");
const { closeDatabase, getDb, getDbKind } = await import("../app/services/db.server");
const { listPages, listPagesPaged, listStatuses, pageListQuery, pageListStatements } = await import("../app/models/page.server");
const { ownedSite } = await import("../app/models/access.server");
const { DEFAULT_PAGE_LIST_QUERY } = await import("../app/lib/page-list-query");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

async function main() {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  console.log(
    `machine: ${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${load}`,
  );
  const opened = await timed(() => getDb());
  const db = opened.result;
  const kind = await getDbKind();
  const where = kind === "pglite" ? `PGlite in ${dataDir}` : "PostgreSQL (BENCH_DATABASE_URL)";
  console.log(`database: ${where} (opened, migrated and seeded in ${ms(opened.ms)})`);
  // The driver's client: PGlite, or node-postgres's pool; both answer query(text, params) with { rows }.
  const client = (db as unknown as { $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;

  const userId = crypto.randomUUID();
  cleanup = async () => {
    // Pages and everything under them go with the site; keywords and their results are shared rows.
    await db.delete(schema.sites).where(sql`${schema.sites.linkedUser} = ${userId}`);
    await db.delete(schema.keywords).where(sql`${schema.keywords.keyword} like ${`bench keyword ${tag} %`}`);
    await db.delete(schema.user).where(sql`${schema.user.id} = ${userId}`);
  };
  await db
    .insert(schema.user)
    .values({ id: userId, name: "Bench", email: `bench-${userId.slice(0, 8)}@example.test`, emailVerified: true });
  const [site] = await db
    .insert(schema.sites)
    .values({ name: "bench.example.com", url: "https://bench.example.com", linkedUser: userId })
    .returning({ id: schema.sites.id });
  const [llm] = await db.select({ id: schema.llms.id }).from(schema.llms).limit(1);
  if (!llm) throw new Error("No LLM in the seeded catalogue");

  // Bulk inserts, one statement per table (generate_series), every row tied to this site's pages.
  const seeded = await timed(async () => {
    await db.execute(sql`
      insert into pages (site, name, url, status, creator, date_created, date_modified)
      select ${site.id}, 'Bench page ' || g, 'https://bench.example.com/blog/page-' || g, 1 + g % 3, ${userId},
             now() - g * interval '1 minute', now() - ((g * 7919) % ${PAGES}) * interval '1 minute'
      from generate_series(1, ${PAGES}) g`);
    await db.execute(sql`
      insert into keywords (keyword)
      select ${`bench keyword ${tag} `}::text || g from generate_series(1, ${PAGES * KEYWORDS_PER_PAGE}) g`);
    await db.execute(sql`
      with p as (select id, row_number() over (order by id) - 1 as n from pages where site = ${site.id}),
           k as (select id, row_number() over (order by id) - 1 as n from keywords where keyword like ${`bench keyword ${tag} %`})
      insert into pages_keywords (linked_page, linked_keyword)
      select p.id, k.id from k join p on p.n = k.n / ${Math.max(1, KEYWORDS_PER_PAGE)}`);
    await db.execute(sql`
      insert into serps (site, linked_keyword, position_absolute, title, url, meta_description, type)
      select ${site.id}, k.id, r, 'Result ' || r, 'https://result.example.org/' || k.id || '/' || r, 'A search result description.', 'organic'
      from keywords k cross join generate_series(1, ${RESULTS_PER_KEYWORD}) r
      where k.keyword like ${`bench keyword ${tag} %`}`);
    await db.execute(sql`
      insert into pages_llm_answers (linked_page, linked_llm, answer)
      select p.id, ${llm.id}, 'An answer from a language model.'
      from pages p cross join generate_series(1, ${ANSWERS_PER_PAGE}) a
      where p.site = ${site.id}`);
    await db.execute(sql`
      insert into pages_versions (page, html_content, creator, created_date)
      select p.id, '<h1>Article</h1><p>Text.</p>', ${userId}, now() - v * interval '1 hour'
      from pages p cross join generate_series(1, ${VERSIONS_PER_PAGE}) v
      where p.site = ${site.id}`);
    await db.execute(sql`analyze pages, keywords, pages_keywords, serps, pages_llm_answers, pages_versions`);
  });
  const counts = (
    await client.query(`
    select (select count(*)::int from pages) as pages, (select count(*)::int from pages_keywords) as pages_keywords,
           (select count(*)::int from serps) as serps, (select count(*)::int from pages_llm_answers) as llm_answers,
           (select count(*)::int from pages_versions) as versions`)
  ).rows[0] as Record<string, number>;
  console.log(
    `seeded in ${ms(seeded.ms)}: ${counts.pages} pages, ${counts.pages_keywords} keyword links, ${counts.serps} SERP results, ` +
      `${counts.llm_answers} LLM answers, ${counts.versions} versions`,
  );

  const actor = { id: userId };
  const query = pageListQuery(db, site.id).toSQL();

  if (process.env.EXPLAIN === "1") {
    const plan = await client.query(`explain (analyze, buffers off) ${query.sql}`, query.params);
    console.log((plan.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n"));
  }

  const modelTimes: number[] = [];
  const rawTimes: number[] = [];
  let modelRows = 0;
  let rawRows = 0;
  // Alternate the two, so that neither profits from a warmer cache.
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const model = await timed(() => listPages(actor, site.id));
    const raw = await timed(() => client.query(query.sql, query.params));
    if (i < WARMUP) continue;
    modelTimes.push(model.ms);
    rawTimes.push(raw.ms);
    modelRows = model.result.length;
    rawRows = raw.result.rows.length;
  }

  // A check that the counts are the seeded ones (no multiplication between the joins).
  const sample = (await listPages(actor, site.id))[0];
  const expected = { serp: KEYWORDS_PER_PAGE * RESULTS_PER_KEYWORD, llm: ANSWERS_PER_PAGE };
  if (sample && (sample.serpResultsCount !== expected.serp || sample.llmAnswersCount !== expected.llm)) {
    throw new Error(`Unexpected counts: ${JSON.stringify(sample)} (expected ${JSON.stringify(expected)})`);
  }

  console.log("");
  console.log(`page list of one site, median of ${RUNS} runs (after ${WARMUP} warm-up runs):`);
  console.log(
    `  listPages() (ownership check + list query + row mapping): ${ms(median(modelTimes))}  [min ${ms(Math.min(...modelTimes))}, max ${ms(Math.max(...modelTimes))}]  rows: ${modelRows}`,
  );
  console.log(
    `  raw SQL of the same query on the ${(kind === "pglite" ? "PGlite client:" : "pg pool:").padEnd(25)}${ms(median(rawTimes))}  [min ${ms(Math.min(...rawTimes))}, max ${ms(Math.max(...rawTimes))}]  rows: ${rawRows}`,
  );
  console.log(`  sample row: ${JSON.stringify(sample)}`);

  // The paged list (issue 13): what the screen's loader asks for, one page of rows.
  const lastPage = Math.max(1, Math.ceil(PAGES / DEFAULT_PAGE_LIST_QUERY.pageSize));
  const scenarios: { label: string; query: PageListQuery }[] = [
    { label: "first page, default sort (newest change first)", query: DEFAULT_PAGE_LIST_QUERY },
    { label: "search 'Page 42' (name or URL)", query: { ...DEFAULT_PAGE_LIST_QUERY, search: "Page 42" } },
    { label: "status filter 'draft'", query: { ...DEFAULT_PAGE_LIST_QUERY, status: "draft" } },
    { label: `late page (${lastPage} of ${lastPage}), default sort`, query: { ...DEFAULT_PAGE_LIST_QUERY, page: lastPage } },
    { label: "first page, sorted by name", query: { ...DEFAULT_PAGE_LIST_QUERY, sort: { id: "name", desc: false } } },
    {
      label: `late page (${lastPage}), sorted by URL, descending`,
      query: { ...DEFAULT_PAGE_LIST_QUERY, sort: { id: "url", desc: true }, page: lastPage },
    },
    { label: "first page, oldest change first", query: { ...DEFAULT_PAGE_LIST_QUERY, sort: { id: "dateModified", desc: false } } },
    {
      label: "search 'page-9', status 'published', 50 rows, page 3",
      query: { ...DEFAULT_PAGE_LIST_QUERY, search: "page-9", status: "published", pageSize: 50, page: 3 },
    },
  ];

  console.log("");
  console.log(`paged list (listPagesPaged: ownership + count, then one page of rows), median of ${RUNS} runs:`);
  for (const { label, query } of scenarios) {
    const statements = pageListStatements(db, actor, site.id, query);
    if (process.env.EXPLAIN === "1") {
      const dialect = (db as unknown as { dialect: { sqlToQuery: (s: unknown) => { sql: string; params: unknown[] } } }).dialect;
      const head = dialect.sqlToQuery(statements.head);
      const rows = statements.rows(query.page).toSQL();
      for (const [what, q] of [
        ["count", head],
        ["rows", rows],
      ] as const) {
        const plan = await client.query(`explain (analyze, buffers off) ${q.sql}`, q.params);
        console.log(`--- ${label}: ${what}`);
        console.log((plan.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n"));
      }
    }
    const times: number[] = [];
    let result: Awaited<ReturnType<typeof listPagesPaged>> | undefined;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const run = await timed(() => listPagesPaged(actor, site.id, query));
      if (i >= WARMUP) times.push(run.ms);
      result = run.result;
    }
    console.log(
      `  ${label.padEnd(58)} ${ms(median(times)).padStart(9)}  [min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}]  ` +
        `rows: ${result?.rows.length}, total: ${result?.total}, page ${result?.page} of ${result?.pageCount}`,
    );
  }

  // The loader's whole work for the first page: the site (ownership), the statuses, the paged list.
  const loaderTimes: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const run = await timed(async () => {
      const owned = await ownedSite(actor, site.id);
      return Promise.all([listStatuses(), listPagesPaged(actor, owned.id, DEFAULT_PAGE_LIST_QUERY)]);
    });
    if (i >= WARMUP) loaderTimes.push(run.ms);
  }
  console.log(
    `  ${"the loader's work (site, statuses, first page)".padEnd(58)} ${ms(median(loaderTimes)).padStart(9)}  [min ${ms(Math.min(...loaderTimes))}, max ${ms(Math.max(...loaderTimes))}]`,
  );
  const first = await listPagesPaged(actor, site.id, DEFAULT_PAGE_LIST_QUERY);
  const whole = await listPages(actor, site.id);
  if (JSON.stringify(first.rows) !== JSON.stringify(whole.slice(0, first.rows.length))) {
    throw new Error("The paged list's first page differs from the whole list's first rows");
  }
}

/** A tag that keeps this run's keywords apart from any other data (on a shared PostgreSQL server). */
const tag = crypto.randomBytes(4).toString("hex");
let cleanup: (() => Promise<void>) | undefined;

try {
  await main();
} finally {
  await cleanup?.().catch((error) => console.error("cleanup failed:", error));
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
