import type { Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { createSiteByRequest, siteIdOf } from "./support/sites";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

/** A site with one page, created the way the screens do it; returns their ids. */
async function siteWithPage(page: Page, url: string, pageName: string) {
  await createSiteByRequest(page, { url });
  await open(page, "/sites");
  const siteId = await siteIdOf(page, new URL(url).hostname.replace(/^www\./, ""));
  const created = await page.request.post(`/sites/${siteId}/pages.data`, {
    multipart: { intent: "create", name: pageName, url: "/guide", status: "2" },
    failOnStatusCode: false,
  });
  expect(created.status(), await created.text()).toBe(200);
  await open(page, `/sites/${siteId}/pages`);
  const href = await page.getByRole("link", { name: pageName, exact: true }).first().getAttribute("href");
  const pageId = Number(href?.match(/\/pages\/(\d+)$/)?.[1]);
  expect(pageId).toBeGreaterThan(0);
  return { siteId, pageId };
}

test.describe("the page detail screen", () => {
  test("shows the page, its four blocks and its outline's state, and says when there is no article yet", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await siteWithPage(page, "https://pagedetail.example.com", "Guide du jardin");
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Guide du jardin" })).toBeVisible();
    await expect(page.getByRole("link", { name: "https://pagedetail.example.com/guide" })).toBeVisible();
    const base = `/sites/${siteId}/pages/${pageId}`;
    await expect(page.getByTestId("outline-state")).toContainText("Outline: None yet");
    await expect(page.getByRole("link", { name: "Open the outline" })).toHaveAttribute("href", `/sites/${siteId}/pages/${pageId}/outline`);
    for (const [name, path] of [
      ["Page Versions & HTML Content", "page-versions"],
      ["Keywords", "keywords-for-page"],
      ["LLM Answers", "llm-answers-for-page"],
      ["Image Propositions", "images"],
    ]) {
      await expect(page.getByRole("link", { name: new RegExp(name.replace(/[&]/g, "\\$&")) })).toHaveAttribute("href", `${base}/${path}`);
    }
    await expect(page.getByText("No requests for this page yet.")).toBeVisible();
    await page.getByRole("button", { name: "View article" }).click();
    await expectToast(page, "No content available", "This page doesn't have any published versions yet.");
    await page.getByRole("link", { name: "Back to pages" }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages$`));
  });

  test("'View article' opens the newest version in the same tab", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await siteWithPage(page, "https://viewarticle.example.com", "Article à lire");
    const added = await page.request.post(`/sites/${siteId}/pages/${pageId}/page-versions.data`, {
      multipart: { intent: "add-html", format: "html", content: "<h1>Titre</h1><p>Le texte de l'article.</p>" },
      failOnStatusCode: false,
    });
    expect(added.status(), await added.text()).toBe(200);
    const queued = await page.request.post(`/sites/${siteId}/pages/${pageId}/page-versions.data`, {
      multipart: { intent: "create-new-version" },
      failOnStatusCode: false,
    });
    expect(queued.status(), await queued.text()).toBe(200);
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    // The queued request is visible with its state.
    const requests = page.getByRole("list", { name: "Requests" });
    // Requested, or already delayed (this test server has no language-model provider): in the client's words.
    await expect(requests.getByRole("listitem").filter({ hasText: "Article outline" })).toContainText(
      /Requested|Delayed, the team is on it/,
    );
    await expect(page.getByRole("link", { name: "Open the article in a new tab" })).toHaveAttribute("target", "_blank");
    await page.getByRole("link", { name: "View article" }).click();
    // The public view is addressed by the version's unguessable public id, never its sequential id.
    await expect(page).toHaveURL(/\/view\/[A-Za-z0-9_-]{32}$/);
    await expect(page.getByText("Le texte de l'article.")).toBeVisible();
  });

  test("a request that has not started can be cancelled after a confirmation, and Retry queues it again", async ({
    signedInPage: page,
  }) => {
    const { siteId, pageId } = await siteWithPage(page, "https://cancelrequest.example.com", "Article à annuler");
    const queued = await page.request.post(`/sites/${siteId}/pages/${pageId}/page-versions.data`, {
      multipart: { intent: "create-new-version" },
      failOnStatusCode: false,
    });
    expect(queued.status(), await queued.text()).toBe(200);
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    const request = page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Article outline" });
    // This test server has no language-model provider: the request waits. The client is told it is delayed and
    // that the team is on it; the missing setting is the team's business, never shown.
    await expect(request).toContainText("Delayed, the team is on it", { timeout: 15_000 });
    await expect(page.getByRole("main")).not.toContainText("OPENROUTER_API_KEY");
    await expect(page.getByRole("main")).not.toContainText(/provider|attempt|\$\d/i);

    await request.getByRole("button", { name: "Cancel: Article outline" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this request?" });
    await expect(dialog).toContainText("This request (Article outline) will not run. Retry queues it again.");
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(request).toContainText("Delayed, the team is on it");

    await request.getByRole("button", { name: "Cancel: Article outline" }).click();
    await dialog.getByRole("button", { name: "Cancel request" }).click();
    await expectToast(page, "Request cancelled", "It will not run. Retry queues it again.");
    await expect(request).toContainText("Cancelled");
    await expect(request.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);

    await request.getByRole("button", { name: "Retry" }).click();
    await expectToast(page, "Request queued again");
    await expect(request).toContainText(/Requested|Delayed, the team is on it/);
  });

  test("another account gets 'Page not found' with the permission wording", async ({ signedInPage: page, openContext, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    const { siteId, pageId } = await siteWithPage(page, "https://secretpage.example.com", "Secret");
    const other = await openContext();
    await createSignedInAccount(other.page, newAccount({ fullName: "Nosy Neighbour" }));
    const response = await other.page.goto(`/sites/${siteId}/pages/${pageId}`);
    expect(response?.status()).toBe(404);
    await expect(other.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(other.page.getByText("The requested page does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(other.page.getByText("Secret", { exact: true })).toHaveCount(0);
  });
});
