/**
 * The service's demo articles (issue 11, items 2 and 3): only the team decides what the home page shows.
 * A client's page becomes a demo article only through `npm run demo -- <pageId> on` (no screen sets the
 * flag); then its newest version is listed on '/' and in the sitemap, its public view is cacheable and
 * indexable, its old sequential address redirects to its public id, and review actions are blocked.
 * The command needs the embedded database to itself, so this spec runs a server of its own and stops it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { addVersionByRequest, createPageByRequest, createSite, unique } from "./support/pages";
import { postReviewAction, publicPathOf, stateBadge } from "./support/review";
import { APP_ROOT, freePort, makeDataDir, NODE_FLAGS_FOR_PGLITE, serverEnv, startServer, type RunningServer } from "./support/server";
import { open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

test.describe.configure({ timeout: 150_000 });

/** Runs `npm run demo -- <args>` as the team would, against this DATA_DIR (the script itself, without npm). */
function demoCommand(port: number, dataDir: string, args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [...NODE_FLAGS_FOR_PGLITE, "--import", "tsx", "scripts/demo.ts", ...args], {
      cwd: APP_ROOT,
      env: serverEnv(port, dataDir),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const actionButton = (page: Page, name: string) =>
  page.getByRole("group", { name: "Review actions" }).getByRole("button", { name, exact: true });

test("the team makes a page a demo article: listed on '/', in the sitemap, public and indexable, review blocked", async ({
  openContext,
  consoleGuard,
}) => {
  // While the server is down, an open page's background requests fail; the demo page refuses review actions (403).
  consoleGuard.allow(/net::ERR_CONNECTION_REFUSED/, /Failed to fetch manifest patches/, failedResource(403), failedResource(404));
  const port = await freePort();
  const dataDir = makeDataDir("demo");
  let server: RunningServer | undefined = await startServer({ port, dataDir });
  try {
    const { page: owner } = await openContext({ baseURL: server.url });
    await createSignedInAccount(owner, newAccount({ fullName: "Demo Owner" }));
    const { siteId } = await createSite(owner, unique("Demo site"));
    const demoName = unique("Demo article");
    const demoPage = await createPageByRequest(owner, siteId, { name: demoName });
    const older = await addVersionByRequest(owner, siteId, demoPage, "<h1>First draft</h1><p>Text.</p>");
    const newest = await addVersionByRequest(owner, siteId, demoPage, "<h1>Final</h1><p>The demo text.</p>");
    const draftName = unique("Private article");
    const draftPage = await createPageByRequest(owner, siteId, { name: draftName });
    const draft = await addVersionByRequest(owner, siteId, draftPage, "<h1>Private</h1><p>Text.</p>");
    const [olderPath, newestPath] = [await publicPathOf(owner, older), await publicPathOf(owner, newest)];

    // The page dialog offers no demo switch to the client.
    await open(owner, `/sites/${siteId}/pages`);
    await owner.getByRole("button", { name: `Edit ${demoName}` }).click();
    await expect(owner.getByRole("dialog")).toBeVisible();
    await expect(owner.getByRole("dialog").getByRole("switch", { name: "Demo article" })).toHaveCount(0);
    await expect(owner.getByRole("dialog").getByRole("switch")).toHaveCount(1);
    await owner.keyboard.press("Escape");

    // The command refuses while the server holds the embedded database, then marks the page once it is stopped.
    const busy = await demoCommand(port, dataDir, [String(demoPage), "on"]);
    expect(busy.code).not.toBe(0);
    expect(busy.output).toContain("Stop the server first");
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect((await demoCommand(port, dataDir, ["x"])).output).toContain("Usage: npm run demo -- <pageId> on|off");
    const marked = await demoCommand(port, dataDir, [String(demoPage), "on"]);
    expect(marked.output).toContain(`Page ${demoPage} ('${demoName}') is now a demo article`);
    expect(marked.code).toBe(0);
    server = await startServer({ port, dataDir });

    // '/': the demo article, opening its newest version's public view in a new tab; the client's draft is not there.
    const { page: visitor } = await openContext({ baseURL: server.url });
    await open(visitor, "/");
    const list = visitor.getByRole("region", { name: "View below some demo articles" });
    const link = list.getByRole("link", { name: demoName });
    await expect(link).toHaveAttribute("href", newestPath);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(link).toContainText("(opens in a new tab)");
    await expect(list.getByText(draftName)).toHaveCount(0);

    // The sitemap names it by its public id.
    const xml = await (await visitor.request.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${server.url}${newestPath}</loc>`);
    expect(xml).not.toContain(olderPath);
    expect(xml).not.toMatch(/\/view\/\d+</);

    // Its public view: cacheable, indexable, its canonical address is itself.
    const view = await visitor.request.get(newestPath);
    expect(view.status()).toBe(200);
    expect(view.headers()["cache-control"]).toBe("public, max-age=60");
    expect(view.headers()["x-robots-tag"]).toBeUndefined();
    await open(visitor, newestPath);
    await expect(visitor.getByText("The demo text.")).toBeVisible();
    expect(await visitor.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${server.url}${newestPath}`);
    await expect(visitor.locator('meta[name="robots"]')).toHaveCount(0);

    // Old numeric links of demo articles redirect to the public id; a client's draft by number is still 404.
    for (const [id, path] of [
      [newest, newestPath],
      [older, olderPath],
    ] as const) {
      const moved = await visitor.request.get(`/view/${id}`, { maxRedirects: 0 });
      expect(moved.status()).toBe(301);
      expect(moved.headers().location).toBe(path);
    }
    expect((await visitor.request.get(`/view/${draft}`, { maxRedirects: 0 })).status()).toBe(404);

    // On the review screen, a demo article blocks every action with the 'Demo Article' dialog; the server refuses too.
    await open(owner, `/review/${newest}`);
    await expect(stateBadge(owner)).toHaveText("Draft");
    await expect(owner.getByText("This demo article is public: it is listed on the home page and in the sitemap.")).toBeVisible();
    for (const name of ["Send for revision", "Approve"]) {
      await actionButton(owner, name).click();
      const dialog = owner.getByRole("alertdialog", { name: "Demo Article" });
      await expect(dialog).toContainText("This is a demo article, so you cannot use this feature.");
      await dialog.getByRole("button", { name: "OK" }).click();
      await expect(dialog).toHaveCount(0);
    }
    for (const intent of ["send-revision", "approve", "cancel-revision", "cancel-approval"]) {
      const refused = await postReviewAction(owner, newest, intent, { comments: "Change it" });
      expect(refused.status(), intent).toBe(403);
    }
    await owner.reload();
    await expect(stateBadge(owner)).toHaveText("Draft");
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
