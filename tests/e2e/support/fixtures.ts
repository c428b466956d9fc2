/**
 * The suite's fixtures: the run's server as baseURL, a client address of its own per test (the
 * server trusts X-Forwarded-For from loopback, and rate-limits per address), a guard that fails a
 * test on any unexpected console error or uncaught page error, and signed-in pages (made through the
 * server's test-only sign-in route; `test.use({ signInThrough: "ui" })` in the stories about the account
 * screens makes them through sign-up, the e-mail and sign-in instead).
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { createSignedInAccount, newAccount, signUpConfirmAndSignIn, type Account } from "./users";

let addressSequence = 0;

/** A fake client address, unique in the run (worker index + a per-worker counter). */
export function nextClientAddress(workerIndex: number): string {
  addressSequence += 1;
  const n = addressSequence;
  return `10.${(workerIndex % 250) + 1}.${(Math.floor(n / 250) % 250) + 1}.${(n % 250) + 1}`;
}

export class ConsoleGuard {
  private readonly allowed: RegExp[] = [];
  private readonly seen: string[] = [];

  /** Accepts console errors matching these patterns in this test (e.g. an expected 4xx answer). */
  allow(...patterns: RegExp[]) {
    this.allowed.push(...patterns);
  }

  watch(context: BrowserContext) {
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const where = message.location().url;
      this.seen.push(`console.error: ${message.text()}${where ? ` (at ${where})` : ""}`);
    });
    context.on("weberror", (error) => this.seen.push(`uncaught page error: ${error.error().stack ?? error.error().message}`));
  }

  unexpected(): string[] {
    return this.seen.filter((line) => !this.allowed.some((pattern) => pattern.test(line)));
  }
}

/** The console line Chrome writes for an HTTP error answer, for `consoleGuard.allow`. */
export const failedResource = (status: number | string) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

type OpenedContext = { context: BrowserContext; page: Page; clientAddress: string };

type Fixtures = {
  /** This test's fake client address (X-Forwarded-For). */
  clientAddress: string;
  consoleGuard: ConsoleGuard;
  /** Opens another browser context (another person): own client address, same console guard. */
  openContext: (options?: BrowserContextOptions) => Promise<OpenedContext>;
  /** A fresh account (not created yet unless `signedInPage` is used). */
  account: Account;
  /**
   * How `signedInPage` gets its account: "test-route" (default) through the server's test-only sign-in
   * route; "ui" through the sign-up form, the confirmation e-mail and the sign-in form.
   */
  signInThrough: "test-route" | "ui";
  /**
   * Where `signedInPage` starts when made through the test route: null (the default) opens nothing, and the
   * story opens its first screen itself; `test.use({ startOn: "/dashboard" })` for stories of the sites list,
   * where a sign-in lands. (Through "ui" the page is where the sign-in lands: /dashboard.)
   */
  startOn: string | null;
  /** `page` signed in with `account` (confirmed), made as `signInThrough` says, on `startOn`. */
  signedInPage: Page;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: the global setup did not start the server.");
    await use(url);
  },
  clientAddress: async ({}, use, testInfo) => {
    await use(nextClientAddress(testInfo.workerIndex));
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ "X-Forwarded-For": clientAddress });
  },
  // The guard watches every context a story opens: the default one (below, made only when the story or its `page`
  // asks for it, so that a story of HTTP answers alone opens no browser context) and those of `openContext`.
  consoleGuard: [
    async ({}, use, testInfo) => {
      const guard = new ConsoleGuard();
      await use(guard);
      const problems = guard.unexpected();
      if (problems.length) {
        await testInfo.attach("console-errors.txt", { body: problems.join("\n"), contentType: "text/plain" });
        throw new Error(`Unexpected errors in the page:\n${problems.join("\n")}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, consoleGuard }, use) => {
    consoleGuard.watch(context);
    await use(context);
  },
  openContext: async ({ browser, baseURL, consoleGuard }, use, testInfo) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const clientAddress = nextClientAddress(testInfo.workerIndex);
      const context = await browser.newContext({
        baseURL,
        locale: "fr-FR",
        ...options,
        extraHTTPHeaders: { "X-Forwarded-For": clientAddress, ...options.extraHTTPHeaders },
      });
      consoleGuard.watch(context);
      opened.push(context);
      return { context, page: await context.newPage(), clientAddress };
    });
    for (const context of opened) await context.close();
  },
  account: async ({}, use) => {
    await use(newAccount({ fullName: "Camille Dupont" }));
  },
  signInThrough: ["test-route", { option: true }],
  startOn: [null, { option: true }],
  signedInPage: async ({ page, account, signInThrough, startOn }, use) => {
    if (signInThrough === "ui") await signUpConfirmAndSignIn(page, account);
    else await createSignedInAccount(page, account, { startOn });
    await use(page);
  },
});

export { expect };
