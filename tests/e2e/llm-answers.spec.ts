/**
 * The LLM answers screen of a page: empty list, queuing a search, what each answer does for the site (with a
 * fake OpenRouter), refusal of another account, 390px.
 */
import type { Page } from "@playwright/test";
import { startFakeOpenRouter } from "../fakes/openrouter";
import { expectNoAxeViolations } from "./support/axe";
import { expect, failedResource, test } from "./support/fixtures";
import { createPageByRequest, createSite, unique } from "./support/pages";
import { serverWithProviders } from "./support/provider-server";
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

  test("each answer says whether it mentions the site and which URLs it cites, the site's own marked", async ({
    browser,
    clientAddress,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    const openRouter = await startFakeOpenRouter();
    const own = await serverWithProviders(browser, clientAddress, {
      tag: "llm-cites",
      fullName: "Lina Moreau",
      env: { OPENROUTER_API_KEY: openRouter.apiKey, OPENROUTER_BASE_URL: openRouter.baseUrl },
    });
    consoleGuard.watch(own.context);
    try {
      const { page } = own;
      const { siteId, siteName, siteUrl } = await createSite(page, unique("Cited site"));
      const pageId = await createPageByRequest(page, siteId, { name: unique("Cited page") });
      const siteLink = `${siteUrl}/guide`;
      const otherLink = "https://other-bakery.example.org/compare";
      // Seven sources, the last one on a subdomain of the site: five shown, then "+2 more".
      const sources = [
        ...Array.from({ length: 6 }, (_, i) => `https://source${i + 1}.example.net/page`),
        siteUrl.replace("://", "://shop."),
      ];
      openRouter.answer = (model) => {
        if (model === "openai/gpt-4o") return `${siteName} explains it well: ${siteLink}. Compare with ${otherLink}.`;
        if (model === "anthropic/claude-sonnet-4") return `Many sources: ${sources.join(" , ")} .`;
        return `An answer from ${model}, without links.`;
      };

      await open(page, `/sites/${siteId}/pages/${pageId}/llm-answers-for-page`);
      await page.getByRole("button", { name: "Search LLM Answers" }).click();
      await expectToast(page, QUEUED);
      const table = page.getByRole("table", { name: "LLM answers" });
      // Each model answers each of the page's three prompts: a row per prompt, the first of each asked first.
      await expect(table.getByRole("row").filter({ hasText: "openai/gpt-4o" })).toHaveCount(3, { timeout: 20_000 });
      const citing = table.getByRole("row").filter({ hasText: "openai/gpt-4o" }).first();
      await expect(citing).toContainText("explains it well", { timeout: 20_000 });
      // Above each answer, what the model was asked.
      await expect(citing).toContainText("Asked: I'm looking into");
      await expect(citing.getByText("Mentions the site")).toBeVisible();
      const cites = citing.getByRole("list", { name: "Cites:" });
      await expect(cites.getByRole("link")).toHaveCount(2);
      const ownLink = cites.getByRole("link", { name: /Your site/ });
      await expect(ownLink).toHaveAttribute("href", siteLink);
      await expect(ownLink).toHaveAttribute("target", "_blank");
      await expect(ownLink).toHaveAttribute("rel", "noopener noreferrer nofollow");
      await expect(ownLink.getByText("Your site", { exact: true })).toBeVisible();
      const otherAnchor = cites.getByRole("link", { name: /other-bakery/ });
      await expect(otherAnchor).toHaveAttribute("href", otherLink);
      await expect(otherAnchor).not.toContainText("Your site");

      const many = table.getByRole("row").filter({ hasText: "anthropic/claude-sonnet-4" }).first();
      // Its subdomain names the site's domain too.
      await expect(many.getByText("Mentions the site")).toBeVisible();
      await expect(many.getByRole("list", { name: "Cites:" }).getByRole("link")).toHaveCount(5);
      const more = many.getByRole("button", { name: "+2 more (1 from your site)" });
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await more.click();
      await expect(many.getByRole("list", { name: "Cites:" }).getByRole("link")).toHaveCount(7);
      await expect(many.getByRole("link", { name: /Your site/ })).toHaveAttribute("href", sources[6]);
      await expect(many.getByRole("button", { name: "Show fewer" })).toHaveAttribute("aria-expanded", "true");

      const silent = table.getByRole("row").filter({ hasText: "perplexity/sonar" }).first();
      await expect(silent.getByText("Does not mention the site")).toBeVisible();
      await expect(silent.getByText("Cites no URLs")).toBeVisible();
      // axe: the contrast of the badges and links, the names of the lists and links.
      await expectNoAxeViolations(page, "the answers", { include: "main" });

      // A phone: each answer's card keeps its facts and links readable, nothing wider than the screen.
      await page.setViewportSize({ width: 375, height: 812 });
      const card = page.getByRole("list", { name: "LLM answers" }).getByRole("listitem").filter({ hasText: "openai/gpt-4o" }).first();
      await expect(card.getByText("Mentions the site")).toBeVisible();
      await expect(card.getByRole("link", { name: /Your site/ })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, "the answers on a phone", { include: "main" });
    } finally {
      await own.close();
      await openRouter.close();
    }
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
