/**
 * setupFiles entry of the integration project: runs in each test file's context before the file's
 * own imports, so the app's modules (which read process.env lazily, the logger at import) see a
 * test configuration: NODE_ENV=test, a fresh DATA_DIR per file, a fixed PUBLIC_URL and AUTH_SECRET,
 * and none of the variables that would switch a driver (database, SMTP, S3) on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { TEST_AUTH_SECRET, TEST_PUBLIC_URL } from "./constants";

const DRIVER_VARIABLES = [
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
  "S3_REGION",
  "TRUST_PROXY",
  "PORT",
  "HOST",
];

// Under the run's temp folder (removed by the global setup's teardown, whatever happens to a worker).
const dataDir = fs.mkdtempSync(path.join(inject("testRunDir") ?? os.tmpdir(), "data-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL = TEST_PUBLIC_URL;
process.env.AUTH_SECRET = TEST_AUTH_SECRET;
for (const name of DRIVER_VARIABLES) delete process.env[name];
// No article request of a test reads a real site's sitemap or WordPress (issue 40): the inventory's tests turn it on against the fakes.
process.env.INVENTORY_READ_SITES = "false";

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
