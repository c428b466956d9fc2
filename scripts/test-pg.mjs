#!/usr/bin/env node
// `npm run test:pg`: runs the integration tests against a real PostgreSQL server instead of PGlite.
//
// Starts a throwaway server from Debian's `postgresql` package (scripts/throwaway-postgres.mjs: initdb + pg_ctl
// under /usr/lib/postgresql/<version>/bin, in a temporary folder, on 127.0.0.1 on a free port; as the `postgres`
// system user when run as root, as in CI), runs `vitest run tests/integration` with TEST_DATABASE_URL pointing at
// it, then always stops the server and removes the folder (also on failure or Ctrl-C). Exits with vitest's exit code.
// Extra arguments are passed to vitest, e.g. `npm run test:pg -- tests/integration/auth.test.ts`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findPostgresBinaries, throwawayPostgres } from "./throwaway-postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");

function fail(message) {
  console.error(`test:pg: ${message}`);
  process.exit(1);
}

const binaries = findPostgresBinaries();
if (!binaries) {
  fail(
    "no PostgreSQL server binaries found (looked for initdb and pg_ctl under /usr/lib/postgresql/*/bin" +
      (process.env.PG_BIN ? ` and in PG_BIN=${process.env.PG_BIN}` : "") +
      "). Install Debian's package: apt-get install -y postgresql (or set PG_BIN to the folder holding initdb and pg_ctl).",
  );
}

let server;
try {
  server = throwawayPostgres(binaries, "seo-test-pg-");
} catch (error) {
  fail(error.message);
}
process.on("exit", () => server.stop());

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
let url;
try {
  const running = await server.start();
  url = running.url;
  console.log(`test:pg: PostgreSQL ${running.version} on ${new URL(url).host} (started in ${Date.now() - started} ms)`);
} catch (error) {
  fail(error.message);
}

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

server.stop();
process.exit(code);
