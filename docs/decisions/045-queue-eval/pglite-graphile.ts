/**
 * Can graphile-worker 0.18 run on PGlite 0.5.16 (in-process, one connection)? Three attempts:
 *   A: no server: run() with the PGlite instance given as `pgPool` (it is not a pg.Pool)
 *   B: a pg.Pool-shaped shim over the one PGlite session (connect() hands out "clients" that all share it;
 *      LISTEN through pglite.listen) -- what an adapter would have to be
 *   C: (separate script) @electric-sql/pglite-socket + a real pg.Pool
 *   tsx pglite-graphile.ts A|B
 */
import { EventEmitter } from "node:events";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { makeWorkerUtils, run, runMigrations, Logger } from "graphile-worker";

const which = process.argv[2] ?? "A";
const dir = fs.mkdtempSync("/tmp/queue-eval/pglite-graphile-");
const db = await PGlite.create(dir);
const logger = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning") console.error(`graphile-worker ${level}:`, message);
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function describe(err: unknown) {
  const e = err as Error & { code?: string };
  return `${e?.constructor?.name}: ${e?.message}${e?.code ? ` (code ${e.code})` : ""}`;
}

/** The shim: every client is the same PGlite session (no isolation between "connections"). */
class PGlitePool extends EventEmitter {
  options = { max: 10 };
  totalCount = 0;
  idleCount = 0;
  waitingCount = 0;
  async query(config: any, values?: unknown[]) {
    const text = typeof config === "string" ? config : config.text;
    const params = (typeof config === "string" ? values : (config.values ?? values)) ?? [];
    if (params.length === 0 && text.includes(";") && text.trim().replace(/;\s*$/, "").includes(";")) {
      const results = await db.exec(text);
      const last = results[results.length - 1];
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
    }
    const r = await db.query(text, params as any[]);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  }
  connect(cb?: (err: Error | null, client?: any, release?: () => void) => void): any {
    const emitter = new EventEmitter();
    const unsubs: (() => Promise<void>)[] = [];
    const client = Object.assign(emitter, {
      query: async (config: any, values?: unknown[]) => {
        const text = typeof config === "string" ? config : config.text;
        const listen = /^\s*LISTEN\s+/i.test(text);
        if (listen) {
          for (const m of text.matchAll(/LISTEN\s+"([^"]+)"/gi)) {
            const channel = m[1];
            unsubs.push(await db.listen(`"${channel}"`, (payload) => emitter.emit("notification", { channel, payload })));
          }
          return { rows: [], rowCount: 0 };
        }
        if (/^\s*UNLISTEN/i.test(text)) {
          for (const u of unsubs.splice(0)) await u();
          return { rows: [], rowCount: 0 };
        }
        return this.query(config, values);
      },
      release: () => {},
      escapeIdentifier: (s: string) => `"${s.replace(/"/g, '""')}"`,
    });
    if (cb) {
      setImmediate(() => cb(null, client, () => {}));
      return undefined;
    }
    return Promise.resolve(client);
  }
  async end() {}
}

const jobsRun: string[] = [];
try {
  if (which === "A") {
    try {
      await runMigrations({ pgPool: db as any, logger });
      console.log("A: runMigrations succeeded");
    } catch (err) {
      console.log("A: runMigrations(pgPool: PGlite) failed:", describe(err));
    }
    try {
      const runner = await run({ pgPool: db as any, logger, noHandleSignals: true, taskList: { t: async () => {} } });
      console.log("A: run() started");
      await runner.stop();
    } catch (err) {
      console.log("A: run(pgPool: PGlite) failed:", describe(err));
    }
  } else {
    const pool = new PGlitePool();
    await runMigrations({ pgPool: pool as any, logger });
    const version = (await db.query<{ id: number }>("select max(id) as id from graphile_worker.migrations")).rows[0];
    console.log("B: migrations ran on PGlite through the shim; latest migration", version.id);
    const utils = await makeWorkerUtils({ pgPool: pool as any, logger });
    await utils.addJobs(Array.from({ length: 200 }, (_, i) => ({ identifier: "t", payload: { i } })));
    const N = 200;
    let completed = 0;
    const started = performance.now();
    const runner = await run({
      pgPool: pool as any,
      logger,
      noHandleSignals: true,
      concurrency: 1,
      taskList: { t: async (payload: any) => void jobsRun.push(String(payload.i)) },
    });
    runner.events.on("job:complete", ({ error }) => void (error ? 0 : completed++));
    const deadline = Date.now() + 60_000;
    while (completed < N && Date.now() < deadline) await sleep(5);
    const seconds = (performance.now() - started) / 1000;
    console.log(`B: ${completed}/${N} jobs completed in ${seconds.toFixed(2)} s (${(completed / seconds).toFixed(0)}/s), distinct ${new Set(jobsRun).size}`);
    // A job added after the worker is idle: woken by LISTEN/NOTIFY (in-process) or the 2 s poll?
    const t0 = performance.now();
    const before = completed;
    await utils.addJob("t", { i: "late" });
    while (completed === before && performance.now() - t0 < 10_000) await sleep(2);
    console.log(`B: a job added while idle ran after ${(performance.now() - t0).toFixed(0)} ms`);
    await runner.stop();
    await utils.release();
  }
} catch (err) {
  console.log(`${which}: failed:`, describe(err), (err as Error).stack?.split("\n").slice(1, 4).join(" | "));
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
