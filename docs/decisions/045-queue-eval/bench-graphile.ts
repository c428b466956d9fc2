/**
 * Throughput of (c) graphile-worker 0.18: JOBS jobs added first (workerUtils.addJobs, one call), then
 * run({ concurrency: WORKERS }) drains them (graphile-worker deletes a job when it succeeds).
 *   tsx bench-graphile.ts --workers 1|4 --handler noop|insert --jobs 1000
 */
import pg from "pg";
import { makeWorkerUtils, run, runMigrations, Logger } from "graphile-worker";
import { arg, ensureDatabase, report, RESULTS_DDL, sleep } from "./lib.ts";

const workers = Number(arg("workers", "1"));
const handlerKind = arg("handler", "noop");
const jobs = Number(arg("jobs", "1000"));
const quiet = new Logger(() => (level, message) => {
  if (level === "error") console.error("graphile-worker:", message);
});

const url = await ensureDatabase("bench_graphile");
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on("error", (e) => console.error("pool error:", e.message)); // graphile-worker's default maxPoolSize is 10 too
await pool.query(RESULTS_DDL);
await pool.query("truncate bench_results");
await runMigrations({ pgPool: pool, logger: quiet });
await pool.query("delete from graphile_worker._private_jobs");
await pool.query("vacuum analyze");
const utils = await makeWorkerUtils({ pgPool: pool, logger: quiet });
await utils.addJobs(Array.from({ length: jobs }, (_, i) => ({ identifier: "serps", payload: { keyword: String(i + 1) } })));

let handled = 0;
let completed = 0;
const started = performance.now();
const runner = await run({
  pgPool: pool,
  concurrency: workers,
  noHandleSignals: true,
  logger: quiet,
  taskList: {
    serps: async (_payload, helpers) => {
      if (handlerKind === "insert") await helpers.query("insert into bench_results (job_id, note) values ($1, $2)", [helpers.job.id, "done"]);
      handled++;
    },
  },
});
runner.events.on("job:complete", ({ error }) => {
  if (!error) completed++;
});
const deadline = Date.now() + 600_000;
// "job:complete" fires after the job's row was deleted (completeJob).
while (completed < jobs && Date.now() < deadline) await sleep(5);
const seconds = (performance.now() - started) / 1000;
const left = (await pool.query("select count(*)::int as n from graphile_worker._private_jobs")).rows[0].n;
const inserted = (await pool.query("select count(*)::int as n from bench_results")).rows[0].n;
report({ candidate: "graphile-pg", workers, handler: handlerKind, jobs, seconds, perSecond: completed / seconds, done: jobs - left, handled, inserted });
await runner.stop();
await utils.release();
await pool.end();
