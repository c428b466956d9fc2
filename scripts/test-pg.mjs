#!/usr/bin/env node
// `npm run test:pg`: runs the integration tests against a real PostgreSQL server instead of PGlite.
//
// Starts a throwaway server from Debian's `postgresql` package (initdb + pg_ctl under
// /usr/lib/postgresql/<version>/bin) in a temporary folder, listening on 127.0.0.1 on a free port,
// runs `vitest run tests/integration` with TEST_DATABASE_URL pointing at it, then always stops the
// server and removes the folder (also on failure or Ctrl-C). Exits with vitest's exit code.
// As root (CI), the server runs as the `postgres` system user, which PostgreSQL requires.
// Extra arguments are passed to vitest, e.g. `npm run test:pg -- tests/integration/auth.test.ts`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PG_USER = "postgres";

function fail(message) {
  console.error(`test:pg: ${message}`);
  process.exit(1);
}

/** initdb and pg_ctl of the newest PostgreSQL found (PG_BIN overrides the search). */
function findBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(base, version, "bin"));
  }
  for (const dir of candidates) {
    const initdb = path.join(dir, "initdb");
    const pgCtl = path.join(dir, "pg_ctl");
    if (fs.existsSync(initdb) && fs.existsSync(pgCtl)) return { dir, initdb, pgCtl };
  }
  return null;
}

const binaries = findBinaries();
if (!binaries) {
  fail(
    "no PostgreSQL server binaries found (looked for initdb and pg_ctl under /usr/lib/postgresql/*/bin" +
      (process.env.PG_BIN ? ` and in PG_BIN=${process.env.PG_BIN}` : "") +
      "). Install Debian's package: apt-get install -y postgresql (or set PG_BIN to the folder holding initdb and pg_ctl).",
  );
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
let pgIds;
if (asRoot) {
  const uid = spawnSync("id", ["-u", PG_USER], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", PG_USER], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) fail(`running as root, but there is no '${PG_USER}' system user to run PostgreSQL as.`);
  pgIds = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "seo-test-pg-"));
const dataDir = path.join(tmp, "data");
const logFile = path.join(tmp, "server.log");
if (pgIds) fs.chownSync(tmp, pgIds.uid, pgIds.gid);

/** Runs a PostgreSQL tool (as the postgres user when we are root), from the temp folder. */
function pg(tool, args, options = {}) {
  const [command, argv] = asRoot ? ["runuser", ["-u", PG_USER, "--", tool, ...args]] : [tool, args];
  return spawnSync(command, argv, { cwd: tmp, encoding: "utf8", ...options });
}

let serverStarted = false;
let cleanedUp = false;
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (serverStarted) {
    const stop = pg(binaries.pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    if (stop.status !== 0) console.error(`test:pg: could not stop PostgreSQL:\n${stop.stderr || stop.stdout}`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.on("exit", cleanup);

let vitest;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    // vitest gets the signal from the terminal too; wait for it briefly, then clean up.
    if (vitest && vitest.exitCode === null) {
      vitest.kill(signal);
      setTimeout(() => process.exit(130), 5000).unref();
      vitest.once("exit", () => process.exit(130));
    } else process.exit(130);
  });
}

const started = Date.now();
const init = pg(binaries.initdb, ["-D", dataDir, "-A", "trust", "-U", PG_USER, "-E", "UTF8", "--no-locale", "--no-sync"]);
if (init.status !== 0) fail(`initdb failed:\n${init.stderr || init.stdout}`);

let port;
for (let attempt = 1; ; attempt++) {
  port = await freePort();
  const options = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    `-k ${tmp}`,
    // A throwaway server: durability does not matter, speed does.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = pg(binaries.pgCtl, ["-D", dataDir, "-o", options, "-l", logFile, "-w", "-t", "60", "start"]);
  if (start.status === 0) break;
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
  // Another process may have taken the port between our check and the start: try another one.
  if (attempt < 3 && /could not bind|address already in use/i.test(log)) continue;
  serverStarted = true; // pg_ctl may have left a half-started server: try to stop it.
  fail(`could not start PostgreSQL:\n${start.stderr || start.stdout}\n${log}`);
}
serverStarted = true;

const url = `postgres://${PG_USER}@127.0.0.1:${port}/postgres`;
const version = path.basename(path.dirname(binaries.dir));
console.log(`test:pg: PostgreSQL ${version} on 127.0.0.1:${port} (started in ${Date.now() - started} ms)`);

const vitestBin = path.join(root, "node_modules", "vitest", "vitest.mjs");
if (!fs.existsSync(vitestBin)) fail("vitest is not installed: run npm install first.");
const args = process.argv.slice(2);
const code = await new Promise((resolve) => {
  vitest = spawn(process.execPath, [vitestBin, "run", ...(args.length ? args : ["tests/integration"])], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  vitest.once("error", (error) => {
    console.error(`test:pg: could not run vitest: ${error.message}`);
    resolve(1);
  });
  vitest.once("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
});

cleanup();
process.exit(code);
