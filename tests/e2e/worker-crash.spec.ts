/**
 * Issue 6: a worker killed in the middle of an action loses nothing. The server (whose worker runs in-process)
 * dies while OpenRouter is still writing the article; after a restart, once the lease has expired, the action
 * is taken again, and the new version appears with the request marked done on its second attempt.
 */
import { startFakeOpenRouter } from "../fakes/openrouter";
import { fakeWriter } from "../fakes/writer";
import { expect, test } from "./support/fixtures";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";
import { createSiteWithPage, postVersionsForm, skipOutlines, versionRows, versionsPath } from "./support/versions";

const MODEL = "test/article-writer";

test("an action whose worker died is taken again after its lease and completes", async ({ browser, clientAddress }) => {
  test.setTimeout(120_000);
  const openRouter = await startFakeOpenRouter();
  openRouter.answer = fakeWriter;
  // The first request never gets an answer: the server is killed while it waits.
  openRouter.script.set(MODEL, [{ hang: true }]);
  const dataDir = makeDataDir("crash");
  const port = await freePort();
  const env = {
    OPENROUTER_API_KEY: openRouter.apiKey,
    OPENROUTER_BASE_URL: openRouter.baseUrl,
    ARTICLE_MODEL: MODEL,
    WORKER_LEASE_SECONDS: "3",
  };
  let server: RunningServer = await startServer({ port, dataDir, env });
  const context = await browser.newContext({
    baseURL: server.url,
    locale: "fr-FR",
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  try {
    const page = await context.newPage();
    await createSignedInAccount(page, newAccount({ fullName: "Karim Crash" }));
    const { siteId, pageId } = await createSiteWithPage(page);
    // The article itself is the request that dies with its worker (no outline first).
    await skipOutlines(page, siteId);
    const queued = await postVersionsForm(page, siteId, pageId, { intent: "create-new-version" });
    expect(queued.status()).toBe(200);
    await expect.poll(() => openRouter.asked.length, { timeout: 20_000 }).toBe(1);

    await open(page, `/sites/${siteId}/pages/${pageId}`);
    const request = page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Article creation" });
    await expect(request).toContainText("In progress");

    // The worker dies mid-action: no clean shutdown, no word to the queue.
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server.child.once("exit", resolve));
    server = await startServer({ port, dataDir, env });

    await expect.poll(() => openRouter.asked.length, { timeout: 30_000 }).toBe(2);
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await expect(request).toContainText("Ready", { timeout: 20_000 });
    // Done on the second attempt (the first died with its worker): the team sees attempts, the client does not.
    await expect(request).not.toContainText("attempts");
    await open(page, versionsPath(siteId, pageId));
    await expect(versionRows(page)).toHaveCount(1);
  } finally {
    await context.close();
    await server.stop();
    await openRouter.close();
  }
});
