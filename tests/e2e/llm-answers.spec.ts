/** The LLM answers screen of a page: empty list, queuing a search, refusal of another account, 390px. */
import type { Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { createPageByRequest, createSite, unique } from "./support/pages";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

const EMPTY = "No LLM answers available for this page.";
const QUEUED = "LLM answers search action added. The search will run in the background.";

async function pageWithoutAnswers(page: Page) {
  const { siteId } = await createSite(page, unique("LLM site"));
  const pageName = unique("LLM page");
  const pageId = await createPageByRequest(page, siteId, { name: pageName });
  return { siteId, pageId, pageName, path: `/sites/${siteId}/pages/${pageId}/llm-answers-for-page` };
}

test.describe("the LLM answers screen", () => {
  test("says when a page has no answers and leads back to the page", async ({ signedInPage: page }) => {
    const { siteId, pageId, pageName, path } = await pageWithoutAnswers(page);
    await open(page, path);
    await expect(page.getByRole("heading", { level: 1, name: `${pageName} - LLM Answers` })).toBeVisible();
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByRole("button", { name: "Search LLM Answers" })).toBeEnabled();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: pageName })).toHaveAttribute(
      "href",
      `/sites/${siteId}/pages/${pageId}`,
    );
    await page.getByRole("link", { name: `Back to ${pageName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages/${pageId}$`));
  });

  test("queues a search: 'Searching...', the toast, then the button again; a second search re-queues", async ({ signedInPage: page }) => {
    const { path } = await pageWithoutAnswers(page);
    await open(page, path);
    await page.getByRole("button", { name: "Search LLM Answers" }).click();
    await expect(page.getByRole("button", { name: "Searching..." })).toBeDisabled();
    await expectToast(page, QUEUED);
    // The list is read again 2 seconds later; the button comes back then.
    await expect(page.getByRole("button", { name: "Search LLM Answers" })).toBeEnabled({ timeout: 8_000 });
    await expect(page.getByText(EMPTY)).toBeVisible();

    // The same request again (the page's llm_answers row is re-triggered, not duplicated: see the model tests).
    const again = await page.request.post(`${path}.data`, { form: { intent: "search" }, failOnStatusCode: false });
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain(QUEUED);
  });

  test("another account gets 'Page not found' and cannot queue a search", async ({ signedInPage: page, openContext, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    const { path, pageName } = await pageWithoutAnswers(page);
    const other = await openContext();
    await createSignedInAccount(other.page, newAccount({ fullName: "Nosy Neighbour" }));
    const response = await other.page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(other.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(other.page.getByText("The requested page does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(other.page.getByText(pageName)).toHaveCount(0);
    const queued = await other.page.request.post(`${path}.data`, { form: { intent: "search" }, failOnStatusCode: false });
    expect(queued.status()).toBe(404);
    expect(await queued.text()).not.toContain(QUEUED);
  });

  test("fits a 390px screen", async ({ signedInPage: page }) => {
    const { path } = await pageWithoutAnswers(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, path);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByRole("button", { name: "Search LLM Answers" })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
