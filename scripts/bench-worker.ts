/**
 * `npm run bench:worker`: how many queued actions per second go through the worker (claim, handler, done)
 * when the provider answers at once. The handler is the real serps handler (it reads the keyword and its
 * site, and replaces the keyword's 10 results) with an in-process provider that answers immediately.
 * PGlite in a temporary folder by default (one worker: one connection); with BENCH_DATABASE_URL=postgres://...
 * against that server with 1 and then WORKERS (default 4) workers claiming in parallel.
 *   ACTIONS=1000 WORKERS=4 npm run bench:worker
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ACTIONS = Math.max(1, Number(process.env.ACTIONS ?? 1000));
const WORKERS = Math.max(1, Number(process.env.WORKERS ?? 4));

// The app reads its configuration lazily: set it before importing any of its modules.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-bench-worker-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;

const { eq, inArray, sql } = await import("drizzle-orm");
const schema = await import("../db/schema");
const { closeDatabase, getDb, getDbKind } = await import("../app/services/db.server");
const { queueActions } = await import("../app/jobs/queue.server");
const { runOnce } = await import("../app/jobs/run.server");
const { serpsTask } = await import("../app/jobs/tasks/serps.server");
type SerpQuery = import("../app/services/providers/dataforseo.server").SerpQuery;

const instant = serpsTask(
  () => ({
    name: "instant",
    async search(query: SerpQuery) {
      return {
        rows: Array.from({ length: query.depth }, (_, i) => ({
          positionAbsolute: i + 1,
          title: `${query.keyword} ${i + 1}`,
          url: `https://example.com/${i + 1}`,
          metaDescription: "About it",
          type: "organic",
        })),
        features: { peopleAlsoAsk: [], relatedSearches: [], featuredSnippet: null, aiOverview: null },
        costUsd: 0.002,
      };
    },
  }),
  () => ({
    // The worker's own pace: no page is read (each result is left unread at once).
    method: "fetch" as const,
    read: async (url: string) => ({
      ok: false as const,
      url,
      finalUrl: null,
      httpStatus: null,
      method: "fetch" as const,
      reason: "not read in the bench",
    }),
  }),
);

const db = await getDb();
const kind = await getDbKind();
const tag = crypto.randomBytes(4).toString("hex");
const userId = `bench-${tag}`;
try {
  await db.insert(schema.user).values({ id: userId, email: `${userId}@example.test`, name: "Bench", emailVerified: true });
  const [site] = await db.insert(schema.sites).values({ name: "Bench", url: "https://bench.example", linkedUser: userId }).returning();
  const [page] = await db.insert(schema.pages).values({ site: site.id, name: "Bench page", url: "https://bench.example/p" }).returning();
  const [keyword] = await db
    .insert(schema.keywords)
    .values({ keyword: `bench worker ${tag}` })
    .returning();
  await db.insert(schema.pagesKeywords).values({ linkedPage: page.id, linkedKeyword: keyword.id });

  const rounds = kind === "postgres" ? [1, WORKERS] : [1];
  console.log(`Worker throughput on ${kind}, ${ACTIONS} serps actions per round, provider answering at once\n`);
  for (const workers of rounds) {
    const queued = await queueActions(
      { id: userId },
      "serps",
      Array.from({ length: ACTIONS }, () => ({ pageId: page.id, info2: String(keyword.id) })),
    );
    // Independent requests (a batch would run one after another by design).
    await db
      .update(schema.pagesActions)
      .set({ queued: null })
      .where(
        inArray(
          schema.pagesActions.id,
          queued.map((q: { id: number }) => q.id),
        ),
      );
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async (_, i) => {
        while (await runOnce(`bench-${i}`, { serps: instant }));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [{ done }] = await db
      .select({ done: sql<number>`count(*)`.mapWith(Number) })
      .from(schema.pagesActions)
      .where(sql`${schema.pagesActions.linkedPage} = ${page.id} and ${schema.pagesActions.state} = 'done'`);
    console.log(
      `${String(workers).padStart(2)} worker${workers > 1 ? "s" : " "}: ${(ACTIONS / seconds).toFixed(0).padStart(5)} actions/s (${ACTIONS} in ${seconds.toFixed(2)} s; ${done} done in all)`,
    );
    await db.delete(schema.pagesActions).where(eq(schema.pagesActions.linkedPage, page.id));
  }
} finally {
  await db.delete(schema.sites).where(eq(schema.sites.linkedUser, userId));
  await db.delete(schema.keywords).where(sql`${schema.keywords.keyword} like ${`bench worker ${tag}%`}`);
  await db.delete(schema.user).where(eq(schema.user.id, userId));
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
