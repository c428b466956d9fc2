import fs from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Chromium's headless shell when the machine has it (Debian's chromium-headless-shell, which .ci/run installs):
 * the browser Playwright itself uses for headless runs, without the full browser's UI process and compositor,
 * it costs the run about a third less CPU. Else Debian's full Chromium, headless.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * End-to-end tests: the built app (`npx react-router build`, done by `npm run test:e2e`) is started
 * once by the global setup on a free port with a temporary DATA_DIR (see tests/e2e/support/), and
 * driven with Debian's Chromium. Never run `npx playwright install`.
 */
export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: "./test-results",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  globalTeardown: "./tests/e2e/support/global-teardown.ts",
  fullyParallel: true,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    // baseURL comes from the global setup (tests/e2e/support/fixtures.ts).
    locale: "fr-FR",
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs about a quarter of the run's CPU (measured on pages and sites specs, 2026-11-24),
    // paid by every test even when it passes: record it only on a retry (CI retries once). To debug locally:
    // `npx playwright test <spec> --trace retain-on-failure`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // V8 in the pages with its first two tiers only (the interpreter and Sparkplug): a story's page lives seconds,
        // too short for the optimizing compilers' work (Maglev, TurboFan) to pay back. Four specs, 53 stories,
        // alternated: 135-144 busy CPU-seconds against 149-163 (docs/performance.md). The app's code runs the same.
        "--js-flags=--max-opt=1",
      ],
    },
  },
});
