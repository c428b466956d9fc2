/**
 * Interleaved throughput runs: REPS repetitions; in each, every (database, workers, handler) configuration runs every
 * candidate once, in an order rotated per repetition, each in a fresh process. Appends JSON lines to
 * results/throughput.jsonl (with the 1-minute load average at the start of the run).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

const REPS = Number(process.env.REPS ?? 3);
const JOBS = process.env.JOBS ?? "1000";
const out = "results/throughput.jsonl";
const burst = [
  "--work-opts",
  JSON.stringify({ burstWhenReadyExceeds: 1 }),
  "--boss-opts",
  JSON.stringify({ queueCacheIntervalSeconds: 1, monitorIntervalSeconds: 1, superviseIntervalSeconds: 1 }),
];
const candidates: Record<string, Record<string, string[]>> = {
  pg: {
    ours: ["bench-ours.ts", "--db", "pg"],
    "pgboss-fetch": ["bench-pgboss.ts", "--db", "pg", "--api", "fetch"],
    "pgboss-work": ["bench-pgboss.ts", "--db", "pg", "--api", "work", ...burst],
    graphile: ["bench-graphile.ts"],
  },
  pglite: {
    ours: ["bench-ours.ts", "--db", "pglite"],
    "pgboss-fetch": ["bench-pgboss.ts", "--db", "pglite", "--api", "fetch"],
  },
};
const configs: { db: string; workers: string; handler: string }[] = [];
for (const db of ["pg", "pglite"]) for (const workers of ["1", "4"]) for (const handler of ["noop", "insert"]) configs.push({ db, workers, handler });

const START = Number(process.env.REP_START ?? 1);
for (let rep = START; rep < START + REPS; rep++) {
  for (const c of configs) {
    const names = Object.keys(candidates[c.db]);
    const order = names.map((_, i) => names[(i + rep - 1) % names.length]);
    for (const name of order) {
      const load = os.loadavg()[0];
      const args = [...candidates[c.db][name], "--workers", c.workers, "--handler", c.handler, "--jobs", JOBS];
      const r = spawnSync("npx", ["tsx", ...args], { encoding: "utf8", timeout: 300_000 });
      const line = (r.stdout ?? "").split("\n").find((l) => l.startsWith("RESULT "));
      const result = line ? JSON.parse(line.slice(7)) : { error: (r.stderr || r.stdout || String(r.error)).slice(-500) };
      const row = { rep, db: c.db, name, workers: Number(c.workers), handler: c.handler, load1: load, ...result };
      fs.appendFileSync(out, JSON.stringify(row) + "\n");
      console.log(`rep ${rep} ${c.db} ${name} w${c.workers} ${c.handler}: ${result.perSecond ? result.perSecond.toFixed(0) + "/s" : "ERROR " + result.error} (load ${load.toFixed(2)})`);
    }
  }
}
