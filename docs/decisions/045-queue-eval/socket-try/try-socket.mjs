// Attempt C: graphile-worker 0.18 -> pg.Pool -> @electric-sql/pglite-socket 0.2.17 (peer: pglite 0.5.14, installed
// with --legacy-peer-deps over 0.5.16) -> PGlite 0.5.16, all in one process.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import { makeWorkerUtils, run, runMigrations, Logger } from "graphile-worker";

const maxConnections = Number(process.argv[2] ?? 1);
const dir = fs.mkdtempSync("/tmp/queue-eval/pglite-socket-");
const db = await PGlite.create(dir);
const port = 55400 + Math.floor(Math.random() * 30);
const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections });
await server.start();
const logger = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning") console.error(`graphile-worker ${level}:`, message);
});
const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 10, connectionTimeoutMillis: 10000 });
pool.on("error", (e) => console.error("pool error:", e.message));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const timeout = (p, ms, what) => Promise.race([p, sleep(ms).then(() => { throw new Error(`${what}: no answer within ${ms} ms`); })]);
try {
  console.log(`C (maxConnections ${maxConnections}):`);
  await timeout(runMigrations({ pgPool: pool, logger }), 30000, "runMigrations");
  console.log("  migrations ok");
  const utils = await makeWorkerUtils({ pgPool: pool, logger });
  await utils.addJobs(Array.from({ length: 200 }, (_, i) => ({ identifier: "t", payload: { i } })));
  let completed = 0;
  const started = performance.now();
  const runner = await timeout(run({ pgPool: pool, logger, noHandleSignals: true, concurrency: 1, taskList: { t: async () => {} } }), 30000, "run()");
  runner.events.on("job:complete", ({ error }) => void (error ? 0 : completed++));
  const deadline = Date.now() + 60000;
  while (completed < 200 && Date.now() < deadline) await sleep(5);
  const s = (performance.now() - started) / 1000;
  console.log(`  ${completed}/200 jobs in ${s.toFixed(2)} s (${(completed / s).toFixed(0)}/s)`);
  const t0 = performance.now();
  const before = completed;
  await utils.addJob("t", {});
  while (completed === before && performance.now() - t0 < 10000) await sleep(2);
  console.log(`  a job added while idle ran after ${(performance.now() - t0).toFixed(0)} ms`);
  await timeout(runner.stop(), 15000, "runner.stop()");
  await utils.release();
} catch (err) {
  console.log(`  failed: ${err.constructor.name}: ${err.message}${err.code ? ` (code ${err.code})` : ""}`);
} finally {
  await Promise.race([pool.end(), sleep(3000)]);
  await server.stop();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
