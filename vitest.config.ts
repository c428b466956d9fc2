/**
 * Vitest: unit tests beside their code (app/**\/*.test.ts, scripts/**\/*.test.ts) plus the lint rules' own test (tests/lint/), and
 * integration tests against a real database (tests/integration/**\/*.test.ts). The integration project's
 * global setup builds one migrated and seeded template database per run; each test file starts from it: a
 * copy of its own, or, in a worker that runs several files, one embedded database given the template's state again
 * before each file (see tests/setup/global-setup.ts and tests/setup/database.ts). The tests of tests/wordpress/ run only under
 * `npm run test:wordpress`, against the real WordPress it starts.
 */
import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { islands } from "./scripts/vite-islands.ts";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
/** Integration files that need modules of their own: they mock an app module or load better-auth as production. */
const OWN_MODULES = ["tests/integration/auth-origin.test.ts", "tests/integration/auth-mail-timing.test.ts"];
/**
 * Unit files that need modules of their own: they mock a module (vi.mock) or run in a browser-like environment
 * (jsdom). The other unit files share their modules within a worker (isolate: false): importing the same modules
 * again for each of about fifty files cost more CPU than their tests (unit project: 36 s of CPU -> 25 s, 2026-11-27).
 */
const UNIT_OWN_MODULES = ["app/routes/app/llm-answers/answer-text.test.ts", "app/islands/*.test.ts", "app/lib/use-delayed.test.ts"];
const integration = {
  include: ["tests/integration/**/*.test.ts"],
  globalSetup: ["tests/setup/global-setup.ts"],
  setupFiles: ["tests/setup/env.ts"],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};
const maxWorkersGiven = process.argv.some((arg) => /^--max-?workers\b/i.test(arg));

export default defineConfig({
  // The islands' URLs (virtual:islands), as the dev server gives them.
  plugins: [islands()],
  resolve: { alias },
  test: {
    environment: "node",
    // Worker threads rather than child processes: the suite ran in 78 s instead of 89 s on the 2-core machine
    // (2026-11-24, docs/performance.md). Each test file gets fresh modules, except in the integration project.
    pool: "threads",
    // Every file has its own database and DATA_DIR, so files run in parallel: one worker more than the cores
    // (Vitest's default for `run` is one fewer), since the integration files wait on scrypt (libuv's pool) and
    // on the database between bursts of CPU. On 2 cores: 70 s with 3 workers, 77 s with 2, 65 s with 4 (which
    // leaves the sign-in timing tests at the edge of their tolerance). Set here, the value would also override
    // `--maxWorkers` given on the command line, which the projects below would not see: so only when none is
    // given. VITEST_MAX_WORKERS always wins.
    ...(maxWorkersGiven ? {} : { maxWorkers: os.availableParallelism() + 1 }),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/lint/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...UNIT_OWN_MODULES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-own-modules", include: UNIT_OWN_MODULES },
      },
      {
        extends: true,
        test: {
          name: "integration",
          ...integration,
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          // The files of a worker share the app's modules, loaded once (the integration files took 43 s instead
          // of 59 s on 2 cores): each file still has its own database and DATA_DIR, and
          // tests/setup/shared-modules.ts makes the configuration, storage, mail transport and auth instance
          // again for it.
          isolate: false,
          // The files of a worker also share one embedded database, given the template's state again for
          // each file (tests/setup/database.ts).
          env: { TEST_SHARED_DATABASE: "1" },
          setupFiles: [...integration.setupFiles, "tests/setup/shared-modules.ts"],
        },
      },
      {
        extends: true,
        test: { name: "integration-own-modules", ...integration, include: OWN_MODULES },
      },
      // Against a real WordPress, which `npm run test:wordpress` (scripts/test-wordpress.mjs) starts and names:
      // only in that run.
      ...(process.env.WORDPRESS_TEST_URL
        ? [
            {
              extends: true as const,
              test: { name: "wordpress", ...integration, include: ["tests/wordpress/**/*.test.ts"], testTimeout: 60_000 },
            },
          ]
        : []),
    ],
  },
});
