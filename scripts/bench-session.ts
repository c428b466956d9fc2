/**
 * What reading the session costs on every request (`npm run bench:session`, decision 031): better-auth's
 * `auth.api.getSession` against the app's own read (`getSignedIn`: the cookie's signature checked with node:crypto,
 * the session and its user in one prepared statement), and, for scale, the cheapest query the database answers.
 * Each is run RUNS times after a warm-up on a fresh embedded database (PGlite, in its own thread as the app runs
 * it); the figures are wall time and the process's CPU time (both threads) per call.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const RUNS = Number(process.env.RUNS ?? 2000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-bench-session-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";
process.env.NODE_ENV = "production";
process.env.PUBLIC_URL = "http://127.0.0.1:3000";

const { sql } = await import("drizzle-orm");
const { closeDatabase, getDb } = await import("../app/services/db.server");
const { getAuth, getSignedIn } = await import("../app/services/auth.server");
const { testUtils } = await import("better-auth/plugins");

const db = await getDb();
const auth = await getAuth();
type PluginContext = Parameters<ReturnType<typeof testUtils>["init"]>[0];
const test = testUtils().init((await auth.$context) as unknown as PluginContext).context.test;
const user = await test.saveUser(test.createUser({ email: "bench-session@example.test", name: "Bench", emailVerified: true }));
const { cookies } = await test.login({ userId: user.id });
const cookie = cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`).join("; ");
const headers = new Headers({ cookie });
const request = () => new Request("http://127.0.0.1:3000/sites", { headers });

async function measure(label: string, call: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, RUNS); i++) await call();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await call();
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - started) / RUNS;
  console.log(`${label.padEnd(44)} ${wall.toFixed(3)} ms wall  ${((used.user + used.system) / 1000 / RUNS).toFixed(3)} ms CPU per call`);
}

console.log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}, PGlite, ${RUNS} calls each`);
const ours = await getSignedIn(request());
if (ours?.user.id !== user.id) throw new Error("getSignedIn did not read the bench's session");
await measure("better-auth's auth.api.getSession", () => auth.api.getSession({ headers }));
await measure("the app's read (getSignedIn)", () => getSignedIn(request()));
await measure("select 1 (one round trip to the database)", () => db.execute(sql`select 1`));
await closeDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });
