/**
 * Throughput of (a) our queue's SQL (ours-sql.ts): JOBS independent requests queued first, then WORKERS loops
 * (like scripts/bench-worker.ts: `while (await runOnce(...))`) drain them; jobs per second over the drain.
 *   tsx bench-ours.ts --db pg|pglite --workers 1|4 --handler noop|insert --jobs 1000
 */
import fs from "node:fs";
import pg from "pg";
import { arg, ensureDatabase, report, RESULTS_DDL, type Query } from "./lib.ts";
import { enqueue, runOnce, SCHEMA } from "./ours-sql.ts";

const dbKind = arg("db", "pg");
const workers = Number(arg("workers", "1"));
const handlerKind = arg("handler", "noop");
const jobs = Number(arg("jobs", "1000"));
const LEASE = 120; // WORKER_LEASE_SECONDS default (app/services/env.server.ts)

let q: Query;
let close: () => Promise<void>;
if (dbKind === "pglite") {
  const { PGlite } = await import("@electric-sql/pglite");
  const dir = fs.mkdtempSync("/tmp/queue-eval/pglite-bench-");
  const db = await PGlite.create(dir);
  q = (text, params) => db.query(text, params as any[]);
  await db.exec(SCHEMA + ";" + RESULTS_DDL);
  close = async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
} else {
  const url = await ensureDatabase("bench_ours");
  const pool = new pg.Pool({ connectionString: url, max: 10 }); // the project's pool size (app/services/db.server.ts)
  q = (text, params) => pool.query(text, params as any[]);
  await q(SCHEMA);
  await q(RESULTS_DDL);
  await q("truncate pages_actions, bench_results");
  await q("vacuum analyze pages_actions");
  await q("vacuum analyze bench_results");
  close = () => pool.end();
}

await enqueue(q, jobs);
const handler =
  handlerKind === "insert"
    ? async (row: any) => {
        await q("insert into bench_results (job_id, note) values ($1, $2)", [String(row.id), "done"]);
      }
    : async () => {};
const started = performance.now();
await Promise.all(
  Array.from({ length: workers }, async (_, i) => {
    while (await runOnce(q, `bench-${i}`, LEASE, handler));
  }),
);
const seconds = (performance.now() - started) / 1000;
const { rows } = await q("select count(*)::int as done from pages_actions where state = 'done'");
const inserted = (await q("select count(*)::int as n from bench_results")).rows[0].n;
report({ candidate: `ours-${dbKind}`, workers, handler: handlerKind, jobs, seconds, perSecond: jobs / seconds, done: rows[0].done, inserted });
await close();
