/**
 * Throughput of (b) pg-boss 12: JOBS jobs inserted first (boss.insert), then drained.
 *   --api work : boss.work(queue, { localConcurrency: WORKERS, batchSize: 1, ...WORK_OPTS }, handler)
 *   --api fetch: WORKERS hand-written loops of boss.fetch(queue) -> handler -> boss.complete(queue, id)
 *                (the same shape as our runOnce loop: the queue's own cost)
 *   --db pg|pglite (pglite: fromPglite adapter, backend 'pglite')
 */
import fs from "node:fs";
import pg from "pg";
import { PgBoss, fromPglite } from "pg-boss";
import { arg, ensureDatabase, report, RESULTS_DDL, sleep, type Query } from "./lib.ts";

const dbKind = arg("db", "pg");
const api = arg("api", "fetch");
const workers = Number(arg("workers", "1"));
const handlerKind = arg("handler", "noop");
const jobs = Number(arg("jobs", "1000"));
const workOpts = JSON.parse(arg("work-opts", "{}"));
const bossOpts = JSON.parse(arg("boss-opts", "{}"));
const QUEUE = "serps";

let boss: PgBoss;
let appQuery: Query; // the app's own connection, for the handler's INSERT
let close: () => Promise<void>;
if (dbKind === "pglite") {
  const { PGlite } = await import("@electric-sql/pglite");
  const dir = fs.mkdtempSync("/tmp/queue-eval/pglite-boss-");
  const db = await PGlite.create(dir);
  await db.exec(RESULTS_DDL);
  appQuery = (text, params) => db.query(text, params as any[]);
  boss = new PgBoss({ db: fromPglite(db), backend: "pglite", ...bossOpts });
  close = async () => {
    await boss.stop({ graceful: true, timeout: 5000 });
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
} else {
  const url = await ensureDatabase("bench_pgboss");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  appQuery = (text, params) => pool.query(text, params as any[]);
  await appQuery(RESULTS_DDL);
  await appQuery("truncate bench_results");
  boss = new PgBoss({ connectionString: url, max: 10, ...bossOpts });
  close = async () => {
    await boss.stop({ graceful: true, timeout: 5000 });
    await pool.end();
  };
}
boss.on("error", (e) => console.error("pg-boss error:", e.message));
await boss.start();
if (await boss.getQueue(QUEUE)) await boss.deleteQueue(QUEUE);
await boss.createQueue(QUEUE, { retryLimit: 4, retryDelay: 1, retryBackoff: true, retryDelayMax: 300 });
if (dbKind === "pg") {
  await appQuery("vacuum analyze");
}
await boss.insert(
  QUEUE,
  Array.from({ length: jobs }, (_, i) => ({ data: { keyword: String(i + 1) } })),
);

let handled = 0;
const handle = async (job: { id: string }) => {
  if (handlerKind === "insert") await appQuery("insert into bench_results (job_id, note) values ($1, $2)", [job.id, "done"]);
  handled++;
};
const completedCount = async () =>
  (await appQuery(`select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`, [QUEUE])).rows[0].n;

const started = performance.now();
if (api === "fetch") {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const got = await boss.fetch(QUEUE);
        if (!got.length) break;
        const [job] = got;
        try {
          await handle(job);
          await boss.complete(QUEUE, job.id);
        } catch (err) {
          await boss.fail(QUEUE, job.id, { message: String(err) });
        }
      }
    }),
  );
} else {
  await boss.work(QUEUE, { localConcurrency: workers, batchSize: 1, ...workOpts }, async (batch) => {
    for (const job of batch) await handle(job);
  });
  const deadline = Date.now() + Number(arg("timeout-ms", "600000"));
  while ((await completedCount()) < jobs && Date.now() < deadline) await sleep(10);
}
const seconds = (performance.now() - started) / 1000;
const done = await completedCount();
const inserted = (await appQuery("select count(*)::int as n from bench_results")).rows[0].n;
report({ candidate: `pgboss-${api}-${dbKind}`, workers, handler: handlerKind, jobs, seconds, perSecond: done / seconds, done, inserted, workOpts, bossOpts });
await close();
