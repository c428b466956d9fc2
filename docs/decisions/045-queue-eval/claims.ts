/**
 * "Ten simultaneous claims never share a row", for each candidate: ROUNDS rounds of 6 queued jobs and 10 claims at
 * the same moment; each job must be claimed exactly once and 4 claims must come back empty.
 *   tsx claims.ts --candidate ours|pgboss|graphile [--db pg|pglite] [--rounds 20]
 */
import fs from "node:fs";
import pg from "pg";
import { PgBoss, fromPglite } from "pg-boss";
import { makeWorkerUtils, run, runMigrations, Logger } from "graphile-worker";
import { arg, ensureDatabase, report, sleep, type Query } from "./lib.ts";
import { claim, enqueue, SCHEMA } from "./ours-sql.ts";

const candidate = arg("candidate", "ours");
const dbKind = arg("db", "pg");
const rounds = Number(arg("rounds", "20"));
const quiet = new Logger(() => (level, message) => {
  if (level === "error") console.error("graphile-worker:", message);
});
const failures: string[] = [];
const check = (round: number, ids: string[], empties: number) => {
  const distinct = new Set(ids).size;
  if (ids.length !== 6 || distinct !== 6 || empties !== 4) failures.push(`round ${round}: ${ids.length} claims, ${distinct} distinct, ${empties} empty`);
};

let pglite: any = null;
let dir = "";
if (dbKind === "pglite") {
  const { PGlite } = await import("@electric-sql/pglite");
  dir = fs.mkdtempSync("/tmp/queue-eval/pglite-claims-");
  pglite = await PGlite.create(dir);
}
const url = dbKind === "pg" ? await ensureDatabase(`claims_${candidate}`) : "";

if (candidate === "ours") {
  const pool = dbKind === "pg" ? new pg.Pool({ connectionString: url, max: 10 }) : null;
  const q: Query = pool ? (t, p) => pool.query(t, p as any[]) : (t, p) => pglite.query(t, p);
  if (pool) await q(SCHEMA);
  else await pglite.exec(SCHEMA);
  for (let r = 0; r < rounds; r++) {
    await q("truncate pages_actions cascade");
    await enqueue(q, 6);
    const got = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(q, `w${i}`, 60)));
    check(r, got.filter(Boolean).map((g) => String(g.id)), got.filter((g) => !g).length);
  }
  await pool?.end();
} else if (candidate === "pgboss") {
  const boss = new PgBoss(dbKind === "pg" ? { connectionString: url, max: 10 } : { db: fromPglite(pglite), backend: "pglite" });
  boss.on("error", () => {});
  await boss.start();
  for (let r = 0; r < rounds; r++) {
    if (await boss.getQueue("claims")) await boss.deleteQueue("claims");
    await boss.createQueue("claims");
    await boss.insert("claims", Array.from({ length: 6 }, (_, i) => ({ data: { i } })));
    const got = await Promise.all(Array.from({ length: 10 }, () => boss.fetch("claims")));
    check(r, got.flat().map((j) => j.id), got.filter((g) => g.length === 0).length);
  }
  await boss.stop({ graceful: false });
} else {
  // No public "claim one job" call: ten runners of concurrency 1, woken at once by the insert's NOTIFY.
  const pool = new pg.Pool({ connectionString: url, max: 30 });
  pool.on("error", () => {});
  await runMigrations({ pgPool: pool, logger: quiet });
  await pool.query("delete from graphile_worker._private_jobs");
  const utils = await makeWorkerUtils({ pgPool: pool, logger: quiet });
  let runs: { runner: number; id: string }[] = [];
  const runners = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      run({
        pgPool: pool,
        logger: quiet,
        noHandleSignals: true,
        concurrency: 1,
        taskList: {
          claims: async (_p, h) => {
            runs.push({ runner: i, id: String(h.job.id) });
            await sleep(1500); // hold the job while the other runners claim
          },
        },
      }),
    ),
  );
  await sleep(1000);
  for (let r = 0; r < rounds; r++) {
    runs = [];
    await utils.addJobs(Array.from({ length: 6 }, (_, i) => ({ identifier: "claims", payload: { i } })));
    await sleep(1000);
    const busyRunners = new Set(runs.map((x) => x.runner)).size;
    check(r, runs.map((x) => x.id), 10 - busyRunners);
    await sleep(1200);
  }
  await Promise.all(runners.map((x) => x.stop()));
  await utils.release();
  await pool.end();
}
if (pglite) {
  await pglite.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
report({ candidate, db: dbKind, rounds, claimsPerRound: 10, jobsPerRound: 6, failures: failures.length, failureDetail: failures.slice(0, 5) });
process.exit(0);
