/**
 * pg-boss 12 on PGlite 0.5.16 (fromPglite adapter, backend 'pglite'), one process: start (schema install), send,
 * work() woken by in-process LISTEN/NOTIFY, supervision (expiry of a job fetched and never completed), and the
 * errors/warnings it emits over the run.
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PgBoss, fromPglite } from "pg-boss";
import { sleep } from "./lib.ts";

const dir = fs.mkdtempSync("/tmp/queue-eval/pglite-pgboss-");
const db = await PGlite.create(dir);
const events: string[] = [];
const boss = new PgBoss({
  db: fromPglite(db),
  backend: "pglite",
  useListenNotify: true,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
});
boss.on("error", (e) => events.push(`error: ${e.message}`));
boss.on("warning", (w: any) => events.push(`warning: ${w.message ?? JSON.stringify(w)}`));
const t0 = performance.now();
await boss.start();
console.log(`start() with schema install: ${(performance.now() - t0).toFixed(0)} ms`);
const schemas = (await db.query<{ n: string }>("select nspname as n from pg_namespace where nspname like 'pgboss%'")).rows;
const tables = (await db.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = 'pgboss'")).rows[0].n;
console.log(`schemas: ${schemas.map((s) => s.n).join(", ")}; tables in pgboss: ${tables}`);

// 1. work() woken by NOTIFY: latency of a job sent while the worker is idle (poll interval 30 s as notify backstop).
await boss.createQueue("notify-q", { notify: true } as any);
const latencies: number[] = [];
let sentAt = 0;
let got = 0;
await boss.work("notify-q", {}, async () => {
  latencies.push(performance.now() - sentAt);
  got++;
});
await sleep(1500);
for (let i = 0; i < 5; i++) {
  sentAt = performance.now();
  await boss.send("notify-q", { i });
  const before = got;
  while (got === before && performance.now() - sentAt < 10_000) await sleep(2);
  await sleep(300);
}
console.log(`work() + NOTIFY on PGlite, job sent while idle -> handler: ${latencies.map((l) => l.toFixed(0)).join(", ")} ms`);

// 2. Expiry: a job fetched and never completed (its "worker" gone), expireInSeconds 2, supervision every 1 s.
await boss.createQueue("expire-q", { expireInSeconds: 2, retryLimit: 2, retryDelay: 0 });
await boss.send("expire-q", { x: 1 });
const [first] = await boss.fetch("expire-q");
const fetchedAt = performance.now();
let again: any[] = [];
while (!again.length && performance.now() - fetchedAt < 30_000) {
  await sleep(100);
  again = await boss.fetch("expire-q");
}
console.log(
  again.length
    ? `expiry on PGlite: job ${again[0].id === first.id ? "same id" : "other id"} fetched again ${((performance.now() - fetchedAt) / 1000).toFixed(1)} s after the first fetch (expireInSeconds 2, supervise 1 s)`
    : "expiry on PGlite: not fetched again within 30 s",
);
// The first holder's late completion, fenced by its attempt:
const late = await boss.complete("expire-q", { id: first.id, retryCount: first.retryCount } as any);
console.log(`late complete() by the first holder (fenced by attempt): ${JSON.stringify(late)}`);
await sleep(2000);
await boss.stop({ graceful: true, timeout: 3000 });
await sleep(500);
console.log(`errors/warnings emitted: ${events.length ? events.join(" | ") : "none"}`);
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
