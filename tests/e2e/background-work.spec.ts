/**
 * Issue 6: with the providers configured (fake DataForSEO and OpenRouter here), a SERP search queued from the
 * keywords screen and an LLM answers search queued from its screen run in the server's worker, and their
 * results appear on the screens without a reload, with what they cost.
 */
import { startFakeDataForSeo } from "../fakes/dataforseo";
import { startFakeOpenRouter } from "../fakes/openrouter";
import { expect, test } from "./support/fixtures";
import { createPageByRequest, createSite, unique } from "./support/pages";
import { serverWithProviders } from "./support/provider-server";
import { expectToast, open } from "./support/ui";

test("SERP and LLM answer searches run in the background and their results appear without a reload", async ({ browser, clientAddress }) => {
  test.setTimeout(90_000);
  const fake = await startFakeDataForSeo();
  const openRouter = await startFakeOpenRouter();
  const own = await serverWithProviders(browser, clientAddress, {
    tag: "serp",
    fullName: "Serge Perez",
    env: {
      DATAFORSEO_LOGIN: fake.login,
      DATAFORSEO_PASSWORD: fake.password,
      DATAFORSEO_URL: fake.url,
      OPENROUTER_API_KEY: openRouter.apiKey,
      OPENROUTER_BASE_URL: openRouter.baseUrl,
    },
  });
  try {
    const { page } = own;
    const { siteId } = await createSite(page, unique("Serp site"));
    const pageId = await createPageByRequest(page, siteId, { name: unique("Serp page") });
    await open(page, `/sites/${siteId}/pages/${pageId}/keywords-for-page`);

    const keyword = unique("potager urbain").toLowerCase();
    await page.getByRole("button", { name: "Add Keyword" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Keyword" });
    await dialog.getByLabel("Keyword").fill(keyword);
    await dialog.getByRole("button", { name: "Add Keyword" }).click();
    await expectToast(page, "Keyword added successfully");

    await page.getByRole("button", { name: `Search SERPs for ${keyword}` }).click();
    await expectToast(page, "SERP search action added. The search will run in the background.");
    // No reload: the screen refreshes itself while the search is queued or running.
    const view = page.getByRole("button", { name: /View SERPS/ });
    await expect(view).toBeVisible({ timeout: 20_000 });
    await view.click();
    await expect(page.getByRole("dialog")).toContainText(`${keyword} result 1`);
    expect(fake.tasks.at(-1)).toMatchObject({ keyword, depth: 10 });

    await open(page, `/sites/${siteId}/pages/${pageId}`);
    const request = page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Search results (SERP)" });
    await expect(request).toContainText("Ready");
    // What the provider reported it cost is the team's: never on the client's screen.
    await expect(page.getByRole("main")).not.toContainText(/\$\d|tokens|AI work/);

    // LLM answers: every active LLM (six seeded) answers; the table fills in by itself.
    await open(page, `/sites/${siteId}/pages/${pageId}/llm-answers-for-page`);
    await page.getByRole("button", { name: "Search LLM Answers" }).click();
    await expectToast(page, "LLM answers search action added. The search will run in the background.");
    await expect(page.getByText("An answer from openai/gpt-4o.", { exact: false }).first()).toBeVisible({ timeout: 20_000 });
    for (const model of ["anthropic/claude-sonnet-4", "google/gemini-2.5-pro", "perplexity/sonar"]) {
      await expect(page.getByText(`An answer from ${model}.`, { exact: false }).first()).toBeVisible();
    }
    expect(new Set(openRouter.asked.map((a) => a.model)).size).toBe(6);
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    const llmRequest = page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "LLM answers" });
    await expect(llmRequest).toContainText("Ready");
    await expect(llmRequest).not.toContainText("tokens");
  } finally {
    await own.close();
    await fake.close();
    await openRouter.close();
  }
});
