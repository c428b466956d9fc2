/**
 * Starts the built app like `npm start` does (production mode), on a known port with its own DATA_DIR.
 * Used by the global setup (one server for the whole run) and by specs that need a server of their own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  DEMO_CLOCK_ENV,
  TEST_SIGN_IN_ENV,
  TEST_SIGN_IN_HEADER,
  TEST_SIGN_IN_IN_PRODUCTION_ENV,
  TEST_SIGN_IN_PATH,
} from "../../../server/test-sign-in";
import { cachedTemplate } from "../../setup/template-cache";

export const APP_ROOT = path.resolve(import.meta.dirname, "../../..");
/** The server's entry as the build compiled it (scripts/vite-server-entry.ts), as `npm start` runs it. */
export const SERVER_ENTRY = "build/server-entry/index.js";

export { TEST_SIGN_IN_ENV, TEST_SIGN_IN_HEADER, TEST_SIGN_IN_PATH };

/** Makes this run's token for the test-only sign-in route (the global setup does, once per run). */
export function newTestSignInToken(): string {
  process.env[TEST_SIGN_IN_ENV] = crypto.randomBytes(32).toString("base64url");
  return process.env[TEST_SIGN_IN_ENV];
}

/**
 * This run's token for the test-only sign-in route, inherited by the workers through the environment and
 * given to every server the run starts. Outside a Playwright run (e.g. `npm run lighthouse`) there is none,
 * and the servers started here have no such route.
 */
export function testSignInToken(): string {
  const token = process.env[TEST_SIGN_IN_ENV];
  if (!token) throw new Error(`${TEST_SIGN_IN_ENV} is not set: the e2e global setup makes it.`);
  return token;
}

export { freePort } from "../../../scripts/free-port.mjs";

/**
 * Node's flags for every process the tests start that opens the embedded database (the servers, `team:add`,
 * `demo`): WebAssembly compiled by V8's baseline compiler only. PGlite's PostgreSQL is a large WebAssembly module,
 * and V8 recompiles its busiest functions with its optimizing compiler in the background; a server of the tests
 * lives seconds to minutes, too short for that work to pay back. Measured (docs/performance.md): a server's start
 * 3.3 CPU-seconds → 1.9, and the run's server over 53 stories 15.0-15.3 → 13.5-13.7. What the app does is the same;
 * `npm start` keeps V8's defaults, which pay off in a server that runs for days.
 */
export const NODE_FLAGS_FOR_PGLITE = ["--liftoff-only"];

/** Names a migrated and seeded database folder that new DATA_DIRs start from (made once per run by the global setup). */
const DATA_TEMPLATE_ENV = "E2E_DATA_TEMPLATE";

/**
 * Makes the run's template: a PGlite data folder, migrated and seeded by the app's own migrateAndSeed(), or
 * unpacked from the template Vitest kept for the same migrations and seed (tests/setup/template-cache.ts: in
 * `npm test` Vitest runs first; about 1 s instead of 4). A server opening a copy skips PGlite's initdb (seconds
 * per server on a busy machine) and finds the migrations applied; it still runs them (a no-op) and the seed
 * (idempotent) as at every start.
 */
export async function makeDataDirTemplate(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "seo-e2e-template-"));
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const kept = await cachedTemplate();
    const client = await PGlite.create(path.join(root, "db"), kept ? { loadDataDir: new Blob([fs.readFileSync(kept)]) } : {});
    try {
      if (!kept) {
        const { drizzle } = await import("drizzle-orm/pglite");
        const schema = await import("../../../db/schema");
        const { migrateAndSeed } = await import("../../../app/services/db.server");
        await migrateAndSeed(drizzle({ client, schema }) as never, "pglite");
      }
    } finally {
      await client.close();
    }
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  process.env[DATA_TEMPLATE_ENV] = root;
  return root;
}

export function removeDataDirTemplate() {
  const root = process.env[DATA_TEMPLATE_ENV];
  if (root?.includes("seo-e2e-template-")) fs.rmSync(root, { recursive: true, force: true });
}

/**
 * A new temporary DATA_DIR. Its database starts as a copy of the run's template when there is one
 * (`fresh: true` for an empty folder, as on a first start).
 */
export function makeDataDir(tag = "e2e", options: { fresh?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `seo-${tag}-`));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && !options.fresh) fs.cpSync(path.join(template, "db"), path.join(dir, "db"), { recursive: true });
  return dir;
}

/**
 * The environment of a server started by the tests: with the run's test-only sign-in route when the run has
 * a token; `testSignIn: false` starts it as anyone would, without the route.
 */
export function serverEnv(
  port: number,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
  options: { testSignIn?: boolean } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "warn",
    // The stories' fake WordPress and fake top pages listen on 127.0.0.1, which outbound calls refuse otherwise.
    OUTBOUND_ALLOW_PRIVATE_HOSTS: "true",
  };
  // The tests' server must not send real e-mail, nor use a database or bucket of the environment.
  for (const name of [
    "SMTP_URL",
    "DATABASE_URL",
    "S3_ENDPOINT",
    "S3_BUCKET",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_PUBLIC_URL",
    "AUTH_SECRET",
    "LINKEDIN_CLIENT_ID",
    "LINKEDIN_CLIENT_SECRET",
    TEST_SIGN_IN_ENV,
    TEST_SIGN_IN_IN_PRODUCTION_ENV,
    DEMO_CLOCK_ENV,
  ]) {
    delete env[name];
  }
  const token = process.env[TEST_SIGN_IN_ENV];
  // The built app runs as in production, which takes the account-making route only with its loud opt-in.
  if (token && options.testSignIn !== false) Object.assign(env, { [TEST_SIGN_IN_ENV]: token, [TEST_SIGN_IN_IN_PRODUCTION_ENV]: "true" });
  return { ...env, ...extra };
}

/** Spawns the server process (without waiting for it). Its output is kept in `output()`. */
export function spawnServer(
  port: number,
  dataDir: string,
  logFile?: string,
  extraEnv?: NodeJS.ProcessEnv,
  options: { testSignIn?: boolean } = {},
) {
  const child = spawn(process.execPath, [...NODE_FLAGS_FOR_PGLITE, SERVER_ENTRY], {
    cwd: APP_ROOT,
    env: serverEnv(port, dataDir, extraEnv, options),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const log = logFile ? fs.createWriteStream(logFile, { flags: "a" }) : null;
  const collect = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output += text;
    log?.write(text);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code, signal) => {
      log?.end();
      resolve(code ?? (signal ? 128 : null));
    });
  });
  return { child, exited, output: () => output };
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
};

/** Starts a server and resolves once it printed 'Ready on' and /api/health answers 200. */
export async function startServer(options: {
  port: number;
  dataDir: string;
  logFile?: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** false: without the test-only sign-in route, as a server started by anyone else. */
  testSignIn?: boolean;
}): Promise<RunningServer> {
  const { port, dataDir } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started = spawnServer(port, dataDir, options.logFile, options.env, { testSignIn: options.testSignIn });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  while (!started.output().includes("Ready on")) {
    if (exitCode !== undefined) throw new Error(`The server exited (code ${exitCode}) before it was ready:\n${started.output()}`);
    if (Date.now() > deadline) {
      started.child.kill("SIGKILL");
      throw new Error(`The server was not ready after ${timeoutMs} ms:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const health = await fetch(`${url}/api/health`);
  if (health.status !== 200) throw new Error(`GET /api/health answered ${health.status}`);

  const stop = async () => {
    if (exitCode !== undefined) return exitCode;
    started.child.kill("SIGTERM");
    const timer = setTimeout(() => started.child.kill("SIGKILL"), 15_000);
    const code = await started.exited;
    clearTimeout(timer);
    return code;
  };
  return { url, port, dataDir, child: started.child, output: started.output, stop };
}
