/**
 * Crash recovery: a worker process claims the one queued job and hangs in its handler; it is killed with SIGKILL;
 * a second worker (already running, in this process) takes the job again. Times from the kill and from the claim
 * to the second worker's handler starting.
 *   tsx crash.ts --candidate ours|pgboss|graphile --config NAME [--db pg|pglite]
 * Configs:
 *   ours:     lease120 (WORKER_LEASE_SECONDS default), lease10; poll 1 s as startWorker's default
 *   pgboss:   default (expireInSeconds 900, no heartbeat), heartbeat10 (heartbeatSeconds 10, the minimum),
 *             expire30; supervise/poll intervals at their defaults (60 s / 2 s) unless "+fast" (supervise and monitor every 5 s)
 *   graphile: default (4 h lock timeout in SQL, reset pass every 8-10 min), fastreset (reset pass every 1 s);
 *             WATCH_S seconds of watching, then locked_at is moved 4 h back and the wait goes on
 * A child process is the victim: `tsx crash.ts --victim ...`.
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { makeWorkerUtils, run, runMigrations, Logger } from "graphile-worker";
import { arg, ensureDatabase, report, sleep } from "./lib.ts";
import { claim, complete, enqueue, runOnce, SCHEMA } from "./ours-sql.ts";

const candidate = arg("candidate", "ours");
const config = arg("config", "lease10");
const isVictim = process.argv.includes("--victim");
const dbName = `crash_${candidate}_${config.replace(/[^a-z0-9]/gi, "_")}`.toLowerCase();
const quiet = new Logger(() => (level, message) => {
  if (level === "error") console.error("graphile-worker:", message);
});
const hang = () => new Promise<void>(() => {});

const pgbossQueueOptions = () => {
  const base = { retryLimit: 4, retryDelay: 1, retryBackoff: true, retryDelayMax: 300 };
  if (config.startsWith("heartbeat10")) return { ...base, heartbeatSeconds: 10 };
  if (config.startsWith("expire30")) return { ...base, expireInSeconds: 30 };
  return base;
};
const pgbossOptions = (url: string) => ({
  connectionString: url,
  max: 5,
  ...(config.endsWith("+fast") ? { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 } : {}),
});

const url = await ensureDatabase(dbName);

if (isVictim) {
  // ---- the worker that dies mid-job ----
  const say = (id: string | number) => console.log(`STARTED ${id}`);
  if (candidate === "ours") {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const q = (t: string, p?: unknown[]) => pool.query(t, p as any[]);
    const lease = config === "lease120" ? 120 : 10;
    await runOnce(q, "victim", lease, async (row) => {
      say(row.id);
      await hang();
    });
  } else if (candidate === "pgboss") {
    const boss = new PgBoss(pgbossOptions(url));
    boss.on("error", () => {});
    await boss.start();
    await boss.work("crash", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      say(job.id);
      await hang();
    });
  } else {
    const pool = new pg.Pool({ connectionString: url });
    pool.on("error", () => {});
    await run({ pgPool: pool, logger: quiet, noHandleSignals: true, taskList: { crash: async (_p, h) => (say(h.job.id), hang()) } });
  }
  await hang();
}

// ---- the orchestrator and the second worker ----
const pool = new pg.Pool({ connectionString: url, max: 5 });
pool.on("error", () => {});
const q = (t: string, p?: unknown[]) => pool.query(t, p as any[]);
let rescued: { at: number; id: string } | null = null;
let stopRescuer: () => Promise<void> = async () => {};
let backdate: (() => Promise<void>) | null = null;

// Clean state and one queued job.
if (candidate === "ours") {
  await q(SCHEMA);
  await q("truncate pages_actions cascade");
  await enqueue(q, 1);
} else if (candidate === "pgboss") {
  const boss = new PgBoss(pgbossOptions(url));
  boss.on("error", () => {});
  await boss.start();
  if (await boss.getQueue("crash")) await boss.deleteQueue("crash");
  await boss.createQueue("crash", pgbossQueueOptions());
  await boss.send("crash", { what: "one job" });
  await boss.stop({ graceful: false });
} else {
  await runMigrations({ pgPool: pool, logger: quiet });
  await q("delete from graphile_worker._private_jobs");
  const utils = await makeWorkerUtils({ pgPool: pool, logger: quiet });
  await utils.addJob("crash", { what: "one job" });
  await utils.release();
}

const victim = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--victim", "--candidate", candidate, "--config", config], {
  stdio: ["ignore", "pipe", "inherit"],
});
const claimedId = await new Promise<string>((resolve, reject) => {
  victim.stdout.on("data", (d: Buffer) => {
    const m = /STARTED (\S+)/.exec(d.toString());
    if (m) resolve(m[1]);
  });
  victim.once("exit", (code) => reject(new Error(`victim exited ${code}`)));
  setTimeout(() => reject(new Error("victim never claimed")), 60_000);
});
const claimedAt = Date.now();

// The second worker starts now (after the claim, so that it cannot take the job first).
const onRescue = (id: string | number) => {
  if (!rescued) rescued = { at: Date.now(), id: String(id) };
};
if (candidate === "ours") {
  const lease = config === "lease120" ? 120 : 10;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const worked = await runOnce(q, "rescuer", lease, async (row) => onRescue(row.id));
      if (!worked) await sleep(1000); // startWorker's pollMs default
    }
  })();
  stopRescuer = async () => {
    stopped = true;
    await loop;
  };
} else if (candidate === "pgboss") {
  const boss = new PgBoss(pgbossOptions(url));
  boss.on("error", () => {});
  await boss.start();
  await boss.work("crash", {}, async ([job]) => onRescue(job.id)); // default polling (2 s)
  stopRescuer = () => boss.stop({ graceful: false });
} else {
  const fast = config === "fastreset";
  const runner = await run({
    pgPool: pool,
    logger: quiet,
    noHandleSignals: true,
    ...(fast ? { minResetLockedInterval: 1000, maxResetLockedInterval: 1000 } : {}),
    taskList: { crash: async (_p, h) => onRescue(h.job.id) },
  });
  stopRescuer = () => runner.stop();
  backdate = async () => {
    await q("update graphile_worker._private_jobs set locked_at = locked_at - interval '4 hours' where locked_at is not null");
  };
}

await sleep(500);
victim.kill("SIGKILL");
const killedAt = Date.now();
console.error(`[${candidate}/${config}] claimed ${claimedId}, victim killed; waiting`);

const limitS = Number(arg("limit-s", "1200"));
const watchS = Number(arg("watch-s", "60"));
let backdatedAt: number | null = null;
while (!rescued && Date.now() - killedAt < limitS * 1000) {
  if (backdate && !backdatedAt && Date.now() - killedAt >= watchS * 1000) {
    await backdate();
    backdatedAt = Date.now();
    console.error(`[${candidate}/${config}] not taken again after ${watchS} s; locked_at moved 4 h back`);
  }
  await sleep(100);
}
const r = rescued as { at: number; id: string } | null;
report({
  candidate,
  config,
  sameJob: r ? r.id === claimedId : null,
  fromKillS: r ? (r.at - killedAt) / 1000 : null,
  fromClaimS: r ? (r.at - claimedAt) / 1000 : null,
  fromBackdateS: r && backdatedAt ? (r.at - backdatedAt) / 1000 : null,
  notRescuedWithinS: r ? null : limitS,
  watchedBeforeBackdateS: backdatedAt ? (backdatedAt - killedAt) / 1000 : null,
});
await stopRescuer();
await pool.end();
process.exit(0);
