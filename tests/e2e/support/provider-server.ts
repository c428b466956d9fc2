/**
 * A server of the test's own, started with provider settings (pointing at fakes), and a browser context on
 * it as a French-speaking visitor from the test's client address; `close()` ends both. For the stories in
 * which the background worker does real work.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { freePort, makeDataDir, startServer, type RunningServer } from "./server";
import { createSignedInAccount, newAccount } from "./users";

export type ProviderServer = {
  server: RunningServer;
  dataDir: string;
  /** The signed-in account's e-mail address (its mail is in dataDir's outbox). */
  email: string;
  context: BrowserContext;
  /** A signed-in page of a new account. */
  page: Page;
  close(): Promise<void>;
};

export async function serverWithProviders(
  browser: Browser,
  clientAddress: string,
  options: { tag: string; env: NodeJS.ProcessEnv; fullName: string },
): Promise<ProviderServer> {
  const dataDir = makeDataDir(options.tag);
  const server = await startServer({ port: await freePort(), dataDir, env: options.env });
  const context = await browser.newContext({
    baseURL: server.url,
    locale: "fr-FR",
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  const close = async () => {
    await context.close();
    await server.stop();
  };
  try {
    const page = await context.newPage();
    const account = newAccount({ fullName: options.fullName });
    await createSignedInAccount(page, account);
    return { server, dataDir, email: account.email, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
