/**
 * One server for the whole run: the built app in production mode, on a free port, with a fresh
 * temporary DATA_DIR (its database copied from a template migrated once per run), and the test-only sign-in route enabled with a token made for this run. Its
 * address, folder and token reach the workers through the environment.
 */
import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { APP_ROOT, SERVER_ENTRY, freePort, makeDataDir, makeDataDirTemplate, newTestSignInToken, startServer } from "./server";

export default async function globalSetup(_config: FullConfig) {
  if (!fs.existsSync(path.join(APP_ROOT, "build/server/index.js")) || !fs.existsSync(path.join(APP_ROOT, SERVER_ENTRY))) {
    throw new Error("No build found: run `npx react-router build` (or `npm run test:e2e`) first.");
  }
  // A new secret per run for the servers' test-only sign-in route (server/test-sign-in.ts).
  newTestSignInToken();
  // Migrated once; every server of the run (this one and the specs' own) starts from a copy.
  await makeDataDirTemplate();
  const port = await freePort();
  const dataDir = makeDataDir("e2e");
  const logDir = path.join(APP_ROOT, "test-results");
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, "e2e-server.log");
  fs.writeFileSync(logFile, "");
  const server = await startServer({ port, dataDir, logFile });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_PID = String(server.child.pid);
}
