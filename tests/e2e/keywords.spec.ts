/**
 * The keywords screen: adding keywords (an existing one reused, never linked twice), 'Use in search',
 * queuing a SERP search, the SERP dialog (with a fake DataForSEO behind a server of the test's own),
 * and ownership. More of the dialog's content is covered by tests/integration/keyword-model.test.ts and
 * app/lib/keyword-rules.test.ts.
 */
import type { Page } from "@playwright/test";
import { startFakeDataForSeo } from "../fakes/dataforseo";
import { expect, failedResource, test } from "./support/fixtures";
import { createPageByRequest, createSite, unique } from "./support/pages";
import { serverWithProviders } from "./support/provider-server";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

async function keywordsScreen(page: Page) {
  const { siteId } = await createSite(page, unique("Keywords site"));
  const pageName = unique("Keyword page");
  const pageId = await createPageByRequest(page, siteId, { name: pageName });
  const path = `/sites/${siteId}/pages/${pageId}/keywords-for-page`;
  await open(page, path);
  await expect(page.getByRole("heading", { level: 1, name: `${pageName} - Keywords` })).toBeVisible();
  return { siteId, pageId, pageName, path };
}

const table = (page: Page) => page.getByRole("region", { name: "Keywords table" });
const rowOf = (page: Page, keyword: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: keyword, exact: true }) });

async function addKeyword(page: Page, text: string) {
  await page.getByRole("button", { name: "Add Keyword" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Keyword" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Keyword").fill(text);
  await dialog.getByRole("button", { name: "Add Keyword" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("the keywords screen", () => {
  test("adds a keyword, reuses it with another case, toggles search and queues a SERP search", async ({ signedInPage: page }) => {
    const { siteId, pageId, pageName } = await keywordsScreen(page);
    await expect(page.getByText("No keywords associated with this page", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `Back to ${pageName}` })).toHaveAttribute("href", `/sites/${siteId}/pages/${pageId}`);

    // The button stays disabled while the value is blank after trimming.
    await page.getByRole("button", { name: "Add Keyword" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Keyword" });
    await dialog.getByLabel("Keyword").fill("   ");
    await expect(dialog.getByRole("button", { name: "Add Keyword" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const keyword = unique("jardin bio").toLowerCase();
    await addKeyword(page, `  ${keyword}  `);
    await expectToast(page, "Keyword added successfully");
    const row = rowOf(page, keyword);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").first()).toHaveText("0");
    await expect(row.getByRole("button", { name: /View SERPS/ })).toHaveCount(0);

    // The same keyword with another case and spaces: reused, not linked twice.
    await addKeyword(page, `   ${keyword.toUpperCase()} `);
    await expectToast(page, "This keyword is already linked to this page.");
    await expect(table(page).getByRole("rowheader")).toHaveCount(1);

    // 'Use in search' off: no SERP search; on again: offered.
    const toggle = row.getByRole("switch", { name: `Use "${keyword}" in search` });
    await expect(toggle).toBeChecked();
    const search = row.getByRole("button", { name: `Search SERPs for ${keyword}` });
    await expect(search).toBeVisible();
    // The switch turns at once; the reload waits for the answer that saved it (a reload before it cancels it).
    const saved = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/keywords"));
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(search).toHaveCount(0);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(rowOf(page, keyword).getByRole("switch")).not.toBeChecked();
    await rowOf(page, keyword).getByRole("switch").click();
    await expect(rowOf(page, keyword).getByRole("switch")).toBeChecked();

    // Queue a SERP search: 'Searching...' while it runs, the toast, then the list refreshes.
    await rowOf(page, keyword)
      .getByRole("button", { name: `Search SERPs for ${keyword}` })
      .click();
    await expect(rowOf(page, keyword).getByRole("button", { name: "Searching..." })).toBeVisible();
    await expectToast(page, "SERP search action added. The search will run in the background.");
    await expect(rowOf(page, keyword).getByRole("button", { name: `Search SERPs for ${keyword}` })).toBeEnabled({ timeout: 10_000 });
    // Still 0 results: this server has no SERP provider, so the dialog is not reachable and the request
    // waits on the page detail: delayed, in the client's words, never naming the team's settings.
    await expect(page.getByRole("button", { name: /View SERPS/ })).toHaveCount(0);
    await expect(async () => {
      await open(page, `/sites/${siteId}/pages/${pageId}`);
      const request = page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Search results (SERP)" });
      await expect(request).toContainText("Delayed, the team is on it", { timeout: 1000 });
      await expect(request).not.toContainText("DATAFORSEO");
    }).toPass({ timeout: 15_000 });
  });

  test("a search asked for while 'Use in search' is being saved is queued, with its notice, and the switch stays on", async ({
    signedInPage: page,
  }) => {
    await keywordsScreen(page);
    const keyword = unique("potager").toLowerCase();
    await addKeyword(page, keyword);
    await expectToast(page, "Keyword added successfully");
    const toggle = rowOf(page, keyword).getByRole("switch");
    const saved = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/keywords"));
    await toggle.click();
    expect((await saved).status()).toBe(200);
    await expect(toggle).not.toBeChecked();
    // A slow network (or a busy server): the switch's save takes a second, and the search is asked for at once.
    // It used to go out beside the save; the list then refreshed under it and showed the switch off again.
    await page.route(/\/keywords-for-page\.data/, async (route) => {
      if ((route.request().postData() ?? "").includes("toggle")) await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await toggle.click();
    await rowOf(page, keyword)
      .getByRole("button", { name: `Search SERPs for ${keyword}` })
      .click();
    await expectToast(page, "SERP search action added. The search will run in the background.");
    await expect(toggle).toBeChecked();
    await page.reload();
    await expect(rowOf(page, keyword).getByRole("switch")).toBeChecked();
  });

  test("the same keyword typed on another page is reused there too", async ({ signedInPage: page }) => {
    const { siteId, path } = await keywordsScreen(page);
    const keyword = unique("potager").toLowerCase();
    await addKeyword(page, keyword);
    await expectToast(page, "Keyword added successfully");
    const otherId = await createPageByRequest(page, siteId, { name: unique("Second page") });
    await open(page, `/sites/${siteId}/pages/${otherId}/keywords-for-page`);
    await addKeyword(page, keyword.toUpperCase());
    await expectToast(page, "Keyword added successfully");
    // The stored text of the existing keyword is shown.
    await expect(rowOf(page, keyword)).toHaveCount(1);
    await open(page, path);
    await expect(rowOf(page, keyword)).toHaveCount(1);
  });

  test("the SERP dialog shows addresses as people read them, and links to the real ones", async ({ browser, clientAddress }) => {
    test.setTimeout(90_000);
    const fake = await startFakeDataForSeo();
    const own = await serverWithProviders(browser, clientAddress, {
      tag: "serp-paths",
      fullName: "Véronique Lebrun",
      env: { DATAFORSEO_LOGIN: fake.login, DATAFORSEO_PASSWORD: fake.password, DATAFORSEO_URL: fake.url },
    });
    const encoded = "https://www.velos.example/v%C3%A9lo%20%C3%A9lectrique/guide-d%27achat?ref=1";
    const malformed = "https://promo.example/remise-100%-v%C3%A9lo-%E9t%C3";
    const item = (rank: number, url: string, title?: string) => ({
      type: "organic",
      rank_absolute: rank,
      url,
      title,
      description: `Résultat ${rank}`,
    });
    fake.next.push({
      body: JSON.stringify({
        status_code: 20000,
        tasks: [
          {
            status_code: 20000,
            status_message: "Ok.",
            cost: 0.002,
            result: [{ keyword: "vélo électrique", items: [item(1, encoded, "Guide du vélo électrique"), item(2, malformed)] }],
          },
        ],
      }),
    });
    try {
      const { page } = own;
      const { siteId } = await createSite(page, unique("Serp paths site"));
      const pageId = await createPageByRequest(page, siteId, { name: unique("Serp paths page") });
      await open(page, `/sites/${siteId}/pages/${pageId}/keywords-for-page`);
      const keyword = `vélo électrique ${unique("k").toLowerCase()}`;
      await addKeyword(page, keyword);
      await expectToast(page, "Keyword added successfully");
      await page.getByRole("button", { name: `Search SERPs for ${keyword}` }).click();
      const view = page.getByRole("button", { name: /View SERPS/ });
      await expect(view).toBeVisible({ timeout: 20_000 });
      await view.click();
      const results = page.getByRole("dialog").getByRole("list", { name: "Résultats SERP" });
      const [first, second] = [results.getByRole("listitem").nth(0), results.getByRole("listitem").nth(1)];

      // Decoded for reading, the real address as the link.
      await expect(first).toContainText("www.velos.example/vélo électrique/guide-d'achat");
      await expect(first.getByRole("link", { name: "Guide du vélo électrique" })).toHaveAttribute("href", encoded);
      await expect(page.getByRole("dialog")).not.toContainText("%C3%A9");
      // A malformed escape does not break the dialog: what can be decoded is, the rest stays as it was.
      await expect(second).toContainText("promo.example/remise-100%-vélo-%E9t%C3");
      await expect(second.getByRole("link")).toHaveAttribute("href", malformed);
      await expect(second.getByRole("link")).toContainText("promo.example/remise-100%-vélo-%E9t%C3");
    } finally {
      await own.close();
      await fake.close();
    }
  });

  test("fits a 390px wide screen", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await keywordsScreen(page);
    await addKeyword(page, unique("mobile keyword").toLowerCase());
    await expect(table(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("another account gets 'Page not found'", async ({ signedInPage: page, openContext, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    const { path } = await keywordsScreen(page);
    const secret = unique("secret keyword").toLowerCase();
    await addKeyword(page, secret);
    const other = await openContext();
    await createSignedInAccount(other.page, newAccount({ fullName: "Nosy Neighbour" }));
    const response = await other.page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(other.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(other.page.getByText("The requested page does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(other.page.getByText(secret)).toHaveCount(0);
    // Posting to the screen changes nothing either.
    const posted = await other.page.request.post(`${path}.data`, {
      multipart: { intent: "add", keyword: "intrusion" },
      failOnStatusCode: false,
    });
    expect(posted.status()).toBe(404);
  });
});
