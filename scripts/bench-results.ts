/**
 * Benchmark of the results charts and tables (`npm run bench:results`, issues 17 and 42): for one site of PAGES pages
 * with KEYWORDS_PER_PAGE keywords each, WEEKS weekly SERP checks per keyword and, each week, every page's PROMPTS
 * prompts asked SAMPLES times of each of MODELS active models, the time of each results query through its model
 * function (ownership check included, as the screens call them): keywordRankings, aiVisibility, shareOfVoice,
 * resultMarks, publishEffects (the site's published pages) and monthlyReport (of the previous month). For each:
 * median and p95 (nearest rank) of RUNS runs after WARMUP warm-up runs, and the rows it returned. Target: under
 * 100 ms each.
 *
 * The default sizes are issue 42's: "100 keywords × 52 weeks × 5 models × 3 prompts × 3 samples". Answers are asked
 * about pages, not keywords, so the site has 100 pages of one keyword each: 100 keywords in use, 5,200 SERP checks,
 * and 100 × 52 × 5 × 3 × 3 = 234,000 answers (45 a page a week). Issue 17's volume (docs/performance.md) is
 * PAGES=50 KEYWORDS_PER_PAGE=2 PROMPTS=1 SAMPLES=1 (13,000 answers).
 *
 *   npm run bench:results                 PGlite, then PostgreSQL when Debian's server is installed
 *   npm run bench:results -- --pglite     PGlite only
 *   npm run bench:results -- --pg         PostgreSQL only (fails when there is none)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:results   that PostgreSQL database instead of a throwaway server
 *                                                             (what the run wrote there is deleted at the end)
 *
 * Each database runs in a child process of its own (the app's database handle and configuration are per process),
 * with a fresh DATA_DIR in a temporary folder, migrated and seeded through the app's own services (getDb()), then
 * filled with bulk inserts (generate_series, one statement per table). The throwaway PostgreSQL server is started
 * as `npm run test:pg` starts it (scripts/test-pg.mjs: initdb and pg_ctl of the newest /usr/lib/postgresql/<version>/bin,
 * or PG_BIN; as root it runs as the `postgres` user), and always stopped and removed at the end. Exits with 1 when
 * a run fails; a query over the target is reported, not an error.
 *
 * The fill, as the app stores it: the checks in the order they come, week after week (as they lie in the table);
 * each week's answers about a page share one date (one llm_answers request); a model marked web in the seed (4 of
 * the first 5) answers live, its citations read from annotations (from the text one time in ten), the others from
 * memory (citations from the text, fewer of them). The SERP checks of the older half of the year have no features
 * (made before issue 39 kept them); the newer ones have People Also Ask, related searches, and for seven keywords in
 * ten an AI Overview (most weeks) of 3 to 6 references, which cites the site's page for half of them (a third of
 * those only from the last quarter on). Every other page has an approved version, every fourth a publication of it
 * (publishEffects' pages: 4 weeks of answers before and after, or fewer at the ends).
 *
 * Sizes: PAGES (100), KEYWORDS_PER_PAGE (1), WEEKS (52), MODELS (5), PROMPTS (3), SAMPLES (3), RUNS (20),
 * WARMUP (2), ANSWER_CHARS (300: the length of each answer's text, made of hex digests that do not compress;
 * real answers are often longer, ANSWER_CHARS=1500 measures wider rows). With EXPLAIN=1 it also prints the plan
 * (EXPLAIN ANALYZE) of each statement the functions send.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPostgresBinaries, throwawayPostgres } from "./throwaway-postgres.mjs";

const size = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};
const PAGES = Math.max(1, size("PAGES", 100));
const KEYWORDS_PER_PAGE = Math.max(1, size("KEYWORDS_PER_PAGE", 1));
const WEEKS = Math.max(1, size("WEEKS", 52));
const MODELS = Math.max(1, size("MODELS", 5));
const PROMPTS = Math.max(1, size("PROMPTS", 3));
const SAMPLES = Math.max(1, size("SAMPLES", 3));
const ANSWER_CHARS = Math.max(1, size("ANSWER_CHARS", 300));
const RUNS = Math.max(1, size("RUNS", 20));
const WARMUP = size("WARMUP", 2);
const TARGET_MS = 100;

type Timing = { name: string; medianMs: number; p95Ms: number; rows: number; detail: string };
type RunResult = { database: string; fillMs: number; counts: Record<string, number>; timings: Timing[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Nearest rank: of 20 runs, the 19th fastest; of 10, the slowest. */
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------
// One database, in a child process (BENCH_RESULTS_CHILD): fill it, time the queries, write the figures.
// ---------------------------------------------------------------------------------------------

async function runOne(outFile: string) {
  // The app reads its configuration lazily: set it before importing any of its modules.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-bench-results-"));
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
  if (process.env.BENCH_RESULTS_CHILD === "postgres") process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else delete process.env.DATABASE_URL;

  const { sql } = await import("drizzle-orm");
  const { closeDatabase, getDb, getDbKind } = await import("../app/services/db.server");
  const { keywordRankings, aiVisibility, shareOfVoice, resultMarks, publishEffects, monthlyReport } =
    await import("../app/models/results.server");
  const { reportMonth } = await import("../app/lib/results-rules");
  type Db = Awaited<ReturnType<typeof getDb>>;
  const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  let cleanup: (() => Promise<void>) | undefined;
  let kind: "pglite" | "postgres" | undefined;
  try {
    const openedAt = performance.now();
    const db = await getDb();
    kind = await getDbKind();
    const database =
      kind === "pglite"
        ? "PGlite"
        : `PostgreSQL ${(await rowsOf<{ v: string }>(db, sql`select current_setting('server_version') as v`))[0].v.split(" ")[0]}`;
    console.log(
      `database: ${database}${kind === "pglite" ? ` in ${dataDir}` : ""} (opened, migrated and seeded in ${ms(performance.now() - openedAt)})`,
    );

    /** Keeps this run's shared rows (keywords, models) apart from any other data on a PostgreSQL server. */
    const tag = crypto.randomBytes(4).toString("hex");
    const userId = `bench-results-${tag}`;
    const keywordPrefix = `results bench ${tag} keyword `;
    const siteUrl = "https://bench-results.example";
    const insertedLlms: number[] = [];
    cleanup = async () => {
      // Pages, checks, versions and publications go with the site; keywords and models are shared rows.
      await db.execute(sql`delete from sites where linked_user = ${userId}`);
      await db.execute(sql`delete from keywords where keyword like ${`${keywordPrefix}%`}`);
      if (insertedLlms.length) await db.execute(sql`delete from llms where id in ${insertedLlms}`);
      await db.execute(sql`delete from "user" where id = ${userId}`);
    };

    const filledAt = performance.now();
    // The owner, as tests/setup/factories.ts insertUser makes one.
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values (${userId}, 'Bench owner', ${`${userId}@example.test`}, true, now(), now())`);
    const [site] = await rowsOf<{ id: number }>(
      db,
      sql`insert into sites (name, url, linked_user) values ('bench-results.example', ${siteUrl}, ${userId}) returning id`,
    );
    const siteId = Number(site.id);

    // The models: the seeded active ones, completed with models of this run when fewer than MODELS are active.
    const active = await rowsOf<{ id: number }>(db, sql`select id from llms where active order by id limit ${MODELS}`);
    if (active.length < MODELS) {
      const added = await rowsOf<{ id: number }>(
        db,
        sql`insert into llms (name, name_openrouter, active)
          select 'Bench model ' || g, ${`bench-${tag}/model-`} || g, true from generate_series(1, ${MODELS - active.length}) g
          returning id`,
      );
      insertedLlms.push(...added.map((row) => Number(row.id)));
    }
    const llmIds = [...active.map((row) => Number(row.id)), ...insertedLlms];

    await db.execute(sql`
      insert into pages (site, name, url, status, creator, date_created, date_modified)
      select ${siteId}, 'Bench page ' || g, ${siteUrl} || '/blog/page-' || g, 1 + g % 3, ${userId},
        now() - (${WEEKS} + 1) * interval '1 week', now() - g * interval '1 hour'
      from generate_series(1, ${PAGES}) g`);
    await db.execute(sql`
      insert into keywords (keyword)
      select ${keywordPrefix}::text || g from generate_series(1, ${PAGES * KEYWORDS_PER_PAGE}) g`);
    await db.execute(sql`
      with p as (select id, row_number() over (order by id) as n from pages where site = ${siteId}),
        k as (select id, row_number() over (order by id) as n from keywords where keyword like ${`${keywordPrefix}%`})
      insert into pages_keywords (linked_page, linked_keyword, to_search)
      select p.id, k.id, true from k join p on p.n = (k.n - 1) / ${KEYWORDS_PER_PAGE} + 1`);

    // One SERP check per keyword and week. Each keyword has its own starting position and climbs about a place a
    // month, with some noise; it is absent from the results now and then (and a tenth of the keywords for the first
    // half of the year). Every sixth week another URL of the site ranks first for it (two URLs compete). The checks of
    // the older half of the year have no features (made before issue 39 kept them); the newer ones have People Also
    // Ask and related searches, and an AI Overview for seven keywords in ten (not every week), of 3 to 6 references:
    // the site's page among them for half of those keywords (for a third of these only from the last quarter on).
    await db.execute(sql`
      with kw as (
        select pk.linked_keyword as keyword, pk.linked_page as page, p.url as page_url,
          row_number() over (order by pk.linked_keyword)::int as n
        from pages_keywords pk join pages p on p.id = pk.linked_page
        where p.site = ${siteId}
      ),
      grid as (
        select kw.*, w,
          date_trunc('week', now()) - (${WEEKS} - w) * interval '1 week' + (kw.n % 48) * interval '1 hour' as checked_at,
          case when (kw.n * 7 + w * 3) % 13 = 0 or (kw.n % 10 = 0 and w <= ${WEEKS} / 2) then null
            else greatest(1, least(100, 5 + (kw.n * 37) % 60 - w / 4 + (kw.n * 13 + w * 7) % 5 - 2)) end as position,
          ${siteUrl} || '/blog/other-' || kw.n as other_url,
          w > ${WEEKS} / 2 as featured,
          kw.n % 10 < 7 and (kw.n * 3 + w) % 9 <> 0 as overview,
          3 + (kw.n + w) % 4 as refs,
          case when kw.n % 6 < 2 or (kw.n % 6 = 2 and w > ${WEEKS} * 3 / 4) then 1 + (kw.n + w) % 3 end as site_ref
        from kw cross join generate_series(1, ${WEEKS}) w
      )
      insert into serp_checks (site, keyword, page, checked_at, results, site_position, site_url, is_target, site_urls, features)
      select ${siteId}, g.keyword, g.page, g.checked_at,
        (select jsonb_agg(jsonb_build_object(
            'position', r,
            'url', case when r = g.position then (case when g.w % 6 = 0 then g.other_url else g.page_url end)
              else 'https://rival' || (r + g.n) % 12 || '.example/' || g.n || '/' || r end,
            'title', 'Result ' || r,
            'type', 'organic') order by r)
          from generate_series(1, 10) r),
        g.position,
        case when g.position is null then null when g.w % 6 = 0 then g.other_url else g.page_url end,
        case when g.position is null then null else g.w % 6 <> 0 end,
        case when g.position is null then '{}'::text[] when g.w % 6 = 0 then array[g.other_url, g.page_url] else array[g.page_url] end,
        case when g.featured then jsonb_build_object(
          'peopleAlsoAsk', (select jsonb_agg(jsonb_build_object(
              'question', 'Question ' || q || ' people ask about keyword ' || g.n || '?',
              'answer', 'A short answer of a sentence or two, as Google shows it under the question.',
              'url', 'https://rival' || (q + g.n) % 12 || '.example/faq/' || g.n, 'title', 'Answer ' || q) order by q)
            from generate_series(1, 4) q),
          'relatedSearches', (select jsonb_agg('related search ' || r || ' of keyword ' || g.n order by r) from generate_series(1, 8) r),
          'featuredSnippet', case when g.n % 4 = 0 then jsonb_build_object('title', 'Snippet', 'text',
            'The paragraph Google quotes at the top of the results.', 'url', 'https://rival' || g.n % 12 || '.example/snippet',
            'domain', 'rival' || g.n % 12 || '.example') end,
          'aiOverview', case when g.overview then jsonb_build_object(
            'text', repeat('An AI Overview sentence that sums up what the sources say about the keyword. ', 8),
            'references', (select jsonb_agg(jsonb_build_object(
                'url', case when r = g.site_ref then g.page_url else 'https://rival' || (r * 5 + g.n) % 12 || '.example/guide/' || g.n end,
                'title', 'Source ' || r,
                'source', case when r = g.site_ref then 'bench-results.example' else 'rival' || (r * 5 + g.n) % 12 || '.example' end) order by r)
              from generate_series(1, g.refs) r)) end)
        end
      from grid g
      order by g.checked_at, g.keyword`);

    // Every week, each page's PROMPTS prompts asked SAMPLES times of each model, stored together (one date per page
    // and week, as one llm_answers request stores them). An answer names the site two times in five; a live answer
    // (a model marked web) cites it about three times in four, an answer from memory about half as often (first,
    // second or third of three cited URLs; a third of the pages only from a later week on, which gives the monthly
    // report new citations); it names two to four other domains. A live answer's citations are read from its
    // annotations, one time in ten from its text (no annotations); an answer from memory's from its text. Its text is
    // ANSWER_CHARS characters that do not compress (hex digests), so that the rows are as wide as that says.
    await db.execute(sql`
      with p as (select id, url, row_number() over (order by id)::int as n from pages where site = ${siteId}),
        m as (select id, web_search, row_number() over (order by id)::int as j from llms where id in ${llmIds}),
        grid as (
          select p.id as page, p.url, p.n, m.id as llm, m.j, m.web_search as live, w, q, s,
            date_trunc('week', now()) - (${WEEKS} - w) * interval '1 week' + interval '1 day'
              + (p.n % 24) * interval '1 hour' as checked_at,
            case when (p.n * 3 + m.j + w + q * 2 + s) % 4 = 0 or (p.n % 3 = 0 and w < (p.n * 5 + m.j * 11) % ${WEEKS})
              or (not m.web_search and (p.n + w + q + s) % 2 = 0) then null
              else 1 + (p.n + w + s) % 3 end as citation,
            array['https://rival' || (p.n + m.j) % 12 || '.example/a', 'https://rival' || (p.n + w + q) % 12 || '.example/b',
              'https://rival' || (m.j + w + s) % 12 || '.example/c'] as rivals
          from p cross join m cross join generate_series(1, ${WEEKS}) w
            cross join generate_series(1, ${PROMPTS}) q cross join generate_series(1, ${SAMPLES}) s
        )
      insert into llm_checks (site, page, llm, checked_at, question, answer, mentions_site, cited_urls, site_citation, domains,
        prompt, sample, live, citations_from)
      select ${siteId}, g.page, g.llm, g.checked_at, 'Prompt ' || g.q || ': which site explains the subject of page ' || g.n || '?',
        left('An answer naming a few sites and citing their pages: ' ||
          (select string_agg(md5(g.page || ':' || g.llm || ':' || g.w || ':' || g.q || ':' || g.s || ':' || i), ' ')
            from generate_series(1, ${Math.ceil(ANSWER_CHARS / 33)}) i), ${ANSWER_CHARS}),
        (g.n + g.j * 3 + g.w + g.q + g.s * 2) % 5 < 2,
        case when g.citation is null then g.rivals else g.rivals[1:g.citation - 1] || g.url || g.rivals[g.citation + 1:3] end,
        g.citation,
        (select array_agg(distinct d order by d) from unnest(array[
          'rival' || (g.n + g.j) % 12 || '.example', 'rival' || (g.n + g.w + g.q) % 12 || '.example',
          'rival' || (g.j + g.w + g.s) % 12 || '.example', case when (g.w + g.q) % 3 = 0 then 'wikipedia.org' end]) d where d is not null),
        g.q, g.s, g.live,
        case when g.live and (g.n + g.j + g.w + g.q + g.s) % 10 <> 0 then 'annotations' else 'text' end
      from grid g
      order by g.checked_at, g.page, g.llm, g.q, g.s`);
    // What the screens read beside them (issue 42): the answers' counts and the AI Overviews' meaning for the site,
    // as the migrations that made them fill them (the live writes make the same: migration-visibility-tallies.test.ts).
    for (const [file, start] of [
      ["0037_visibility_tallies.sql", "INSERT INTO"],
      ["0038_ai_overview_meaning.sql", "WITH refs AS"],
    ] as const)
      for (const statement of fs
        .readFileSync(path.resolve("db/migrations", file), "utf8")
        .split("--> statement-breakpoint")
        .map((part) => part.replace(/^\s*--.*$/gm, "").trim())
        .filter((part) => part.startsWith(start)))
        await db.execute(sql.raw(statement));

    // The marks: every page has a first draft; every other page an approved version later in the year, and every
    // fourth page that version published a day after its approval.
    await db.execute(sql`
      with p as (select id, row_number() over (order by id)::int as n from pages where site = ${siteId})
      insert into pages_versions (page, html_content, creator, created_date, approved, approved_at)
      select p.id, '<h1>Draft</h1><p>Text.</p>', ${userId}, now() - (${WEEKS} + 1) * interval '1 week' + p.n * interval '1 day', false, null
      from p
      union all
      select p.id, '<h1>Article</h1><p>Text.</p>', ${userId},
        date_trunc('week', now()) - (${WEEKS} - (p.n * 7) % ${WEEKS}) * interval '1 week' + interval '2 days', true,
        date_trunc('week', now()) - (${WEEKS} - (p.n * 7) % ${WEEKS}) * interval '1 week' + interval '4 days'
      from p where p.n % 2 = 0`);
    await db.execute(sql`
      insert into page_publications (page_id, target, remote_id, remote_type, remote_status, remote_link, live_version, published_at, published_by)
      select p.id, 'wordpress', 1000 + p.id, 'post', 'publish', p.url, v.id, v.approved_at + interval '1 day', ${userId}
      from pages p join pages_versions v on v.page = p.id and v.approved
      where p.site = ${siteId} and p.id % 4 = 0`);
    await db.execute(sql`analyze`);
    const fillMs = performance.now() - filledAt;

    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from pages where site = ${siteId}) as pages,
        (select count(*)::int from pages_keywords pk join pages p on p.id = pk.linked_page where p.site = ${siteId}) as keywords,
        (select count(*)::int from serp_checks where site = ${siteId}) as serp_checks,
        (select count(*)::int from serp_checks where site = ${siteId} and features is not null) as featured,
        (select count(*)::int from serp_checks where site = ${siteId} and jsonb_typeof(features -> 'aiOverview') = 'object') as overviews,
        (select count(*)::int from llm_checks where site = ${siteId}) as llm_checks,
        (select count(*)::int from llm_checks where site = ${siteId} and live) as live,
        (select count(*)::int from llm_check_tallies where site = ${siteId}) as tallies,
        (select count(*)::int from llm_check_domains where site = ${siteId}) as domain_counts,
        (select count(*)::int from pages_versions v join pages p on p.id = v.page where p.site = ${siteId} and v.approved_at is not null) as approvals,
        (select count(*)::int from page_publications pp join pages p on p.id = pp.page_id where p.site = ${siteId}) as publications`,
    );
    console.log(
      `filled in ${ms(fillMs)}: ${counts.pages} pages, ${counts.keywords} keywords, ${counts.serp_checks} SERP checks ` +
        `(${counts.featured} with features, ${counts.overviews} with an AI Overview), ${counts.llm_checks} LLM answers ` +
        `(${llmIds.length} models, ${counts.live} live; counted in ${counts.tallies} tallies and ${counts.domain_counts} domain counts), ` +
        `${counts.approvals} approvals, ${counts.publications} publications`,
    );

    const actor = { id: userId };
    const month = reportMonth(new Date());
    const queries: [string, () => Promise<{ rows: number; detail: string }>][] = [
      [
        "keywordRankings",
        async () => {
          const rows = await keywordRankings(actor, siteId);
          if (rows.length !== PAGES * KEYWORDS_PER_PAGE || rows.some((row) => row.checks !== WEEKS)) {
            throw new Error(`keywordRankings: ${rows.length} keywords, expected ${PAGES * KEYWORDS_PER_PAGE} with ${WEEKS} checks each`);
          }
          const overviews = rows.filter((row) => row.aiOverview?.present);
          const citing = overviews.filter((row) => row.aiOverview?.siteUrls.length).length;
          return {
            rows: rows.length,
            detail: `keywords, ${WEEKS} points each; ${overviews.length} AI Overviews, ${citing} citing the site`,
          };
        },
      ],
      [
        "aiVisibility",
        async () => {
          const rows = await aiVisibility(actor, siteId);
          const answers = rows.reduce((sum, row) => sum + row.answers, 0);
          const expected = PAGES * MODELS * WEEKS * PROMPTS * SAMPLES;
          if (answers !== expected) throw new Error(`aiVisibility: ${answers} answers, expected ${expected}`);
          const live = rows.reduce((sum, row) => sum + row.live, 0);
          return { rows: rows.length, detail: `model-weeks of ${answers} answers, ${live} live` };
        },
      ],
      [
        "shareOfVoice",
        async () => {
          const share = await shareOfVoice(actor, siteId);
          return { rows: share.domains.length, detail: `domains of ${share.total} answers` };
        },
      ],
      [
        "resultMarks",
        async () => {
          const marks = await resultMarks(actor, siteId);
          return { rows: marks.length, detail: "marks" };
        },
      ],
      [
        "publishEffects",
        async () => {
          const effects = await publishEffects(actor, siteId);
          if (effects.length !== counts.publications) {
            throw new Error(`publishEffects: ${effects.length} pages, expected ${counts.publications}`);
          }
          const read = effects.reduce((sum, e) => sum + e.before.answers + e.after.answers, 0);
          return { rows: effects.length, detail: `published pages, ${read} answers before and after` };
        },
      ],
      [
        `monthlyReport`,
        async () => {
          const report = await monthlyReport(actor, siteId, month);
          if (!report) throw new Error(`monthlyReport: no report for ${month}`);
          const parts = [report.movers, report.newCitations, report.visibility, report.articles, report.marks];
          return {
            rows: parts.reduce((sum, part) => sum + part.length, 0),
            detail:
              `${month}: ${report.movers.length} movers (${report.movers.filter((m) => m.aiOverview?.present).length} with an AI Overview), ` +
              `${report.newCitations.length} new citations, ` +
              `${report.visibility.length} models (${report.visibility.reduce((sum, v) => sum + v.answers, 0)} answers, ` +
              `${report.visibility.reduce((sum, v) => sum + v.previous.answers, 0)} the month before), ` +
              `${report.articles.length} articles, ${report.marks.length} marks`,
          };
        },
      ],
    ];

    /** EXPLAIN=1: the plan of every statement the function sends through db.execute (its aggregate queries). */
    const explain = async (name: string, run: () => Promise<unknown>) => {
      const internals = db as unknown as {
        execute: (query: unknown) => Promise<unknown>;
        dialect: { sqlToQuery: (query: unknown) => { sql: string; params: unknown[] } };
        $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, string>[] }> };
      };
      const recorded: unknown[] = [];
      const execute = internals.execute;
      internals.execute = (query: unknown) => {
        recorded.push(query);
        return execute.call(db, query);
      };
      try {
        await run();
      } finally {
        internals.execute = execute;
      }
      for (const query of recorded) {
        const { sql: text, params } = internals.dialect.sqlToQuery(query);
        const plan = await internals.$client.query(`explain (analyze, buffers off) ${text}`, params);
        console.log(`--- ${name}:\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
      }
    };

    console.log(`\nmedian and p95 of ${RUNS} runs (after ${WARMUP} warm-up runs), target ${TARGET_MS} ms:`);
    const timings: Timing[] = [];
    for (const [name, run] of queries) {
      const times: number[] = [];
      let last = { rows: 0, detail: "" };
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const started = performance.now();
        last = await run();
        if (i >= WARMUP) times.push(performance.now() - started);
      }
      const timing = { name, medianMs: median(times), p95Ms: p95(times), rows: last.rows, detail: last.detail };
      timings.push(timing);
      if (process.env.EXPLAIN === "1") await explain(name, run);
      console.log(
        `  ${name.padEnd(16)} median ${ms(timing.medianMs).padStart(9)}  p95 ${ms(timing.p95Ms).padStart(9)}  rows ${String(timing.rows).padStart(4)} (${timing.detail})` +
          (timing.p95Ms >= TARGET_MS ? "  OVER THE TARGET" : ""),
      );
    }
    fs.writeFileSync(outFile, JSON.stringify({ database, fillMs, counts, timings } satisfies RunResult));
  } finally {
    if (kind === "postgres") {
      await cleanup?.().catch((error: unknown) => console.error("cleanup failed:", error));
    }
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The parent: which databases, the throwaway PostgreSQL server, one child per database, the summary.
// ---------------------------------------------------------------------------------------------

/** What the parent started: the running child, the server and the folder where the children write their figures. */
let child: ChildProcess | undefined;
let server: { stop: () => void; stopAsync: () => Promise<void> } | undefined;
let outDir: string | undefined;
/** Set by a signal: nothing more is started. */
let interrupted = false;

/** Runs this script in a child process for one database; its figures, or null when it failed. */
async function runChild(kind: "pglite" | "postgres", databaseUrl?: string): Promise<RunResult | null> {
  outDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "seo-bench-results-out-"));
  const outFile = path.join(outDir, `${kind}.json`);
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_RESULTS_CHILD: kind, BENCH_RESULTS_OUT: outFile };
    if (databaseUrl) env.BENCH_DATABASE_URL = databaseUrl;
    const code = await new Promise<number>((resolve) => {
      child = spawn(process.execPath, [...process.execArgv, import.meta.filename], { stdio: "inherit", env });
      child.once("error", (error) => {
        console.error(`bench:results: could not start the ${kind} run: ${error.message}`);
        resolve(1);
      });
      child.once("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
    });
    child = undefined;
    if (code !== 0 || !fs.existsSync(outFile)) return null;
    return JSON.parse(fs.readFileSync(outFile, "utf8")) as RunResult;
  } finally {
    fs.rmSync(outFile, { force: true });
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== "--pg" && arg !== "--pglite");
  if (unknown.length) throw new Error(`unknown argument ${unknown.join(" ")} (use --pg, --pglite, or neither for both)`);
  const onlyPg = args.includes("--pg") && !args.includes("--pglite");
  const onlyPglite = args.includes("--pglite") && !args.includes("--pg");
  const binaries = process.env.BENCH_DATABASE_URL ? null : findPostgresBinaries();
  if (onlyPg && !process.env.BENCH_DATABASE_URL && !binaries) {
    throw new Error(
      "--pg: no PostgreSQL server binaries found (initdb and pg_ctl under /usr/lib/postgresql/*/bin, or PG_BIN), and no BENCH_DATABASE_URL",
    );
  }

  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
      `load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
  );
  console.log(
    `data set: 1 site, ${PAGES} pages × ${KEYWORDS_PER_PAGE} keywords, ${WEEKS} weekly SERP checks per keyword, ` +
      `${WEEKS} weeks of answers per page of ${MODELS} models × ${PROMPTS} prompts × ${SAMPLES} samples ` +
      `(${PAGES * WEEKS * MODELS * PROMPTS * SAMPLES} answers of ${ANSWER_CHARS} characters)`,
  );

  const results: RunResult[] = [];
  let failed = false;
  if (!onlyPg) {
    console.log("\n== PGlite");
    const result = await runChild("pglite");
    if (result) results.push(result);
    else failed = true;
  }
  if (interrupted) return 130;
  if (!onlyPglite && (process.env.BENCH_DATABASE_URL || binaries)) {
    if (process.env.BENCH_DATABASE_URL) {
      console.log("\n== PostgreSQL (BENCH_DATABASE_URL)");
      const result = await runChild("postgres", process.env.BENCH_DATABASE_URL);
      if (result) results.push(result);
      else failed = true;
    } else if (binaries) {
      const startedAt = performance.now();
      try {
        // Known to the exit and signal handlers before it starts, which stop it (and remove its folder) whatever happens.
        const postgres = throwawayPostgres(binaries, "seo-bench-results-pg-");
        server = postgres;
        const { url, version } = await postgres.start();
        console.log(`\n== PostgreSQL ${version} (throwaway server), started in ${ms(performance.now() - startedAt)}`);
        const result = await runChild("postgres", url);
        if (result) results.push(result);
        else failed = true;
      } finally {
        // Interrupted, the signal's handler stops it without blocking.
        if (!interrupted) server?.stop();
      }
    }
  } else if (!onlyPglite) {
    console.log("\n(no PostgreSQL: Debian's server is not installed under /usr/lib/postgresql and BENCH_DATABASE_URL is not set)");
  }

  if (interrupted) return 130;
  if (results.length) {
    console.log(`\nsummary: median / p95 of ${RUNS} runs, target ${TARGET_MS} ms`);
    const width = 26;
    console.log(`  ${"query".padEnd(16)}${results.map((r) => r.database.padStart(width)).join("")}`);
    for (const [i, { name }] of results[0].timings.entries()) {
      const cells = results.map((r) => {
        const t = r.timings[i];
        return `${t.medianMs.toFixed(1)} / ${t.p95Ms.toFixed(1)} ms${t.p95Ms >= TARGET_MS ? " (!)" : ""}`.padStart(width);
      });
      console.log(`  ${name.padEnd(16)}${cells.join("")}`);
    }
    const over = results.flatMap((r) => r.timings.filter((t) => t.p95Ms >= TARGET_MS).map((t) => `${t.name} on ${r.database}`));
    console.log(over.length ? `over the target (p95 ≥ ${TARGET_MS} ms): ${over.join(", ")}` : `every query under ${TARGET_MS} ms (p95)`);
  }
  if (failed) console.error("bench:results: a run failed (see above)");
  return failed ? 1 : 0;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

if (process.env.BENCH_RESULTS_CHILD) {
  const outFile = process.env.BENCH_RESULTS_OUT;
  if (!outFile) throw new Error("BENCH_RESULTS_OUT is not set");
  // Interrupted, the child leaves at once; its 'exit' handler removes its folder (runOne's `finally` does otherwise).
  for (const signal of SIGNALS) process.on(signal, () => process.exit(130));
  await runOne(outFile);
} else {
  // Whatever happens, the server this run started is stopped and the temporary folders are removed.
  const cleanUp = () => {
    server?.stop();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  };
  process.on("exit", cleanUp);
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      // The child gets the terminal's signal too: let it leave (it removes its folder), then stop the server.
      void (async () => {
        const running = child;
        if (running && running.exitCode === null && running.signalCode === null) {
          const left = new Promise((resolve) => running.once("exit", resolve));
          running.kill(signal);
          await Promise.race([left, new Promise((resolve) => setTimeout(resolve, 5000))]);
        }
        await server?.stopAsync();
        process.exit(130);
      })();
    });
  }
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(`bench:results: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Interrupted, the signal's handler finishes (and exits) once the server is stopped.
  if (!interrupted) {
    cleanUp();
    process.exit(code);
  }
}
