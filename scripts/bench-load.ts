/**
 * Load test of the signed-in screens (`npm run bench:load`, issue 13): the built app started as `npm start`
 * starts it (NODE_ENV=production, `node build/server-entry/index.js`, as `npm start` does), USERS signed-in people in a closed loop over the
 * sites list, a site's detail, its 200-page list, a page's detail and its versions, as documents and as
 * `.data` requests (what a click inside the app asks for), each person pausing PAUSE_MS between screens.
 *
 * Before the server starts, the script seeds a fresh database through the app's own services: USERS
 * confirmed accounts (better-auth's own test utilities, over the app's auth context) with a session each,
 * one site each with PAGES pages and two versions on the first page. The server then reads the same
 * DATA_DIR (same generated secret, so the sessions' cookies are valid).
 *
 *   npm run build && npm run bench:load                      100 users, 1 s pauses, 60 s, PGlite
 *   PAUSE_MS=0 npm run bench:load                            the same mix without pauses (throughput)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:load     PostgreSQL (an empty database of its own)
 *   WEB_CONCURRENCY=2 ...                                    that many server processes (PostgreSQL only)
 * Other knobs: USERS, PAGES, DURATION_S, WARMUP_S, PORT, CPU_PROF=dir (the server runs with --cpu-prof).
 * It prints the server's start (spawn to a healthy /api/health, on the seeded data folder), one line per screen and a
 * total: requests/s, p50, p95, p99 and failures, then the server's CPU time per request over the measured window
 * (from /proc, Linux only). Exits 1 on failures > 1 %.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_ENTRY } from "../tests/e2e/support/server";

const ROOT = path.resolve(import.meta.dirname, "..");
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
};
const USERS = number("USERS", 100);
const PAGES = number("PAGES", 200);
const PAUSE_MS = number("PAUSE_MS", 1_000);
const DURATION_S = number("DURATION_S", 60);
const WARMUP_S = number("WARMUP_S", 5);
const WEB_CONCURRENCY = number("WEB_CONCURRENCY", 1);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

if (!fs.existsSync(path.join(ROOT, SERVER_ENTRY))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-load-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";
process.env.NODE_ENV = "production";
if (DATABASE_URL) process.env.DATABASE_URL = DATABASE_URL;
else delete process.env.DATABASE_URL;

type Person = { cookie: string; siteId: number; pageId: number };

/** Seeds USERS people, their sites, pages and versions, and returns each person's cookie and ids. */
async function seed(publicUrl: string): Promise<Person[]> {
  process.env.PUBLIC_URL = publicUrl;
  const { sql } = await import("drizzle-orm");
  const schema = await import("../db/schema");
  const { closeDatabase, getDb } = await import("../app/services/db.server");
  const { getAuth } = await import("../app/services/auth.server");
  const { testUtils } = await import("better-auth/plugins");
  const db = await getDb();
  const context = await (await getAuth()).$context;
  type PluginContext = Parameters<ReturnType<typeof testUtils>["init"]>[0];
  const test = testUtils().init(context as unknown as PluginContext).context.test;

  const people: Person[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await test.saveUser(test.createUser({ email: `load-${i}@example.test`, name: `Load ${i}`, emailVerified: true }));
    const { cookies } = await test.login({ userId: user.id });
    const cookie = cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`).join("; ");
    const [site] = await db
      .insert(schema.sites)
      .values({ name: `load-${i}.example.com`, url: `https://load-${i}.example.com`, linkedUser: user.id })
      .returning({ id: schema.sites.id });
    await db.execute(sql`
      insert into pages (site, name, url, status, creator, date_created, date_modified)
      select ${site!.id}, 'Article ' || n, 'https://load-${sql.raw(String(i))}.example.com/article-' || n, 1 + n % 3, ${user.id},
             now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
      from generate_series(1, ${PAGES}) as n`);
    const [page] = await db
      .select({ id: schema.pages.id })
      .from(schema.pages)
      .where(sql`${schema.pages.site} = ${site!.id}`)
      .orderBy(schema.pages.id)
      .limit(1);
    await db.execute(sql`
      insert into pages_versions (page, html_content, creator, created_date)
      select ${page!.id}, '<h1>Article</h1><p>' || repeat('Text of the article. ', 200) || '</p>', ${user.id}, now() - (n || ' hours')::interval
      from generate_series(1, 2) as n`);
    people.push({ cookie, siteId: site!.id, pageId: page!.id });
  }
  await closeDatabase();
  return people;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const args: string[] = [];
  if (process.env.CPU_PROF) args.push("--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.CPU_PROF)}`);
  const child = spawn(process.execPath, [...args, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: String(WEB_CONCURRENCY),
      // The load comes from one address: the per-address limits are for strangers, not for this test.
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const spawned = performance.now();
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        console.log(`server ready in ${Math.round(performance.now() - spawned)} ms (spawn to a healthy /api/health)`);
        return child;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc; undefined where there is no /proc. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15 (clock ticks, 100 a second on Linux).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

type Screen = { name: string; path: (p: Person) => string };
const SCREENS: Screen[] = [
  { name: "sites list", path: () => "/sites" },
  { name: "site detail", path: (p) => `/sites/${p.siteId}` },
  { name: `pages list (${PAGES})`, path: (p) => `/sites/${p.siteId}/pages` },
  { name: "page detail", path: (p) => `/sites/${p.siteId}/pages/${p.pageId}` },
  { name: "page versions", path: (p) => `/sites/${p.siteId}/pages/${p.pageId}/page-versions` },
];
/** A document, or the `.data` a click inside the app asks for (with the route ids React Router adds). */
const KINDS = ["document", "data"] as const;

type Sample = { screen: string; kind: (typeof KINDS)[number]; ms: number; ok: boolean; at: number };

async function person(base: string, who: Person, index: number, until: number, samples: Sample[], clientAddress: string) {
  let step = index; // people start at different screens
  // ...and at different moments within the first pause, as people arriving one by one do (all starting at
  // once, they would keep arriving in bursts of USERS requests, then all pause together).
  if (PAUSE_MS) await new Promise((resolve) => setTimeout(resolve, (index / USERS) * PAUSE_MS));
  while (Date.now() < until) {
    const screen = SCREENS[step % SCREENS.length]!;
    const kind = KINDS[Math.floor(step / SCREENS.length) % KINDS.length]!;
    step++;
    const url = `${base}${screen.path(who)}${kind === "data" ? ".data" : ""}`;
    const started = performance.now();
    let ok = false;
    try {
      const response = await fetch(url, {
        headers: { cookie: who.cookie, "accept-encoding": "gzip, br", "x-forwarded-for": clientAddress },
        redirect: "manual",
      });
      // The whole answer, as a browser would read it (streamed lists included).
      await response.arrayBuffer();
      ok = response.status === 200;
    } catch {
      ok = false;
    }
    samples.push({ screen: screen.name, kind, ms: performance.now() - started, ok, at: Date.now() });
    if (PAUSE_MS) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

function report(label: string, samples: Sample[], seconds: number) {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failures = samples.filter((s) => !s.ok).length;
  const line = [
    label.padEnd(28),
    `${(samples.length / seconds).toFixed(1).padStart(7)} req/s`,
    `p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms`,
    `p95 ${percentile(times, 95).toFixed(0).padStart(5)} ms`,
    `p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms`,
    `failures ${failures}/${samples.length}`,
  ];
  console.log(line.join("  "));
  return { failures, total: samples.length };
}

async function main() {
  const port = number("PORT", 0) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), Node ${process.version}; database: ${DATABASE_URL ? "PostgreSQL" : "PGlite"}; ` +
      `server processes: ${WEB_CONCURRENCY}; ${USERS} users, ${PAGES} pages each, pause ${PAUSE_MS} ms, ${DURATION_S} s after ${WARMUP_S} s of warm-up`,
  );
  const seeded = performance.now();
  const people = await seed(base);
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const server = await startServer(port);
  try {
    const samples: Sample[] = [];
    const start = Date.now();
    const measureFrom = start + WARMUP_S * 1000;
    const until = measureFrom + DURATION_S * 1000;
    // The server's CPU over the measured window (WEB_CONCURRENCY=1: one process; more: its primary only, so not given).
    let cpuAtStart: number | undefined;
    let cpuAtEnd: number | undefined;
    const cpuTimers = [
      setTimeout(() => (cpuAtStart = cpuMs(server.pid)), measureFrom - Date.now()),
      setTimeout(() => (cpuAtEnd = cpuMs(server.pid)), until - Date.now()),
    ];
    await Promise.all(people.map((who, i) => person(base, who, i, until, samples, `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`)));
    const measured = samples.filter((s) => s.at >= measureFrom && s.at <= until);
    const seconds = DURATION_S;
    for (const screen of SCREENS)
      for (const kind of KINDS)
        report(
          `${screen.name} (${kind})`,
          measured.filter((s) => s.screen === screen.name && s.kind === kind),
          seconds,
        );
    const { failures, total } = report("all", measured, seconds);
    cpuTimers.forEach(clearTimeout);
    if (WEB_CONCURRENCY === 1 && cpuAtStart !== undefined && cpuAtEnd !== undefined && total > 0)
      console.log(
        `server CPU: ${((cpuAtEnd - cpuAtStart) / 1000).toFixed(1)} s over ${seconds} s, ` +
          `${((cpuAtEnd - cpuAtStart) / total).toFixed(2)} ms per request (${total} requests)`,
      );
    if (total === 0 || failures / total > 0.01) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    // With BENCH_DATABASE_URL, what the seed wrote stays in that database (hence an empty database of its own).
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
