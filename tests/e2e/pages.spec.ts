/**
 * The page list of a site at /sites/{siteId}/pages (spec part 2, sections 2, 4, 5, 8 and 9; issue 3):
 * creating, editing and deleting pages, search, status filter, sorting, pagination, row click, the
 * empty messages, the batch actions (create articles, copy URLs), the phone layout and ownership.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, failedResource, test } from "./support/fixtures";
import {
  addVersionByRequest,
  bodyRows,
  chooseFromSelect,
  createPageByRequest,
  createSite,
  expectEmpty,
  openPages,
  pageRow,
  pagesPath,
  pagesTable,
  postPagesForm,
  shownNames,
  sortButton,
} from "./support/pages";
import { publicPathOf } from "./support/review";
import { expectToast, open, openDocument } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

/** Records every POST the page sends from now on. */
function watchPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test.describe("creating, editing and deleting pages", () => {
  test("a site owner creates a page from the dialog; a path is joined to the site's address", async ({ signedInPage: page }) => {
    const { siteId, siteName } = await createSite(page);
    await openPages(page, siteId);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pages for ${siteName}`);
    await expect(page.getByRole("link", { name: `Back to ${siteName}` })).toHaveAttribute("href", `/sites/${siteId}`);
    await expectEmpty(page, "No pages found for this site.");
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
    for (const column of ["Page name", "URL", "Status", "Last modified", "Nb SERP results", "Nb LLM answers", "Actions"]) {
      await expect(pagesTable(page).getByRole("columnheader", { name: column })).toBeVisible();
    }

    // Name and URL are required, checked before anything is sent.
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByRole("dialog", { name: "New page" });
    const posts = watchPosts(page);
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expect(dialog.getByText("Page name is required")).toBeVisible();
    await expect(dialog.getByText("Page URL is required")).toBeVisible();
    await expect(dialog.getByLabel("Page name")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Page name")).toBeFocused();
    expect(posts).toEqual([]);

    // The status select lists the statuses table; new pages start on status 1.
    await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveText("Published");
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await expect(page.getByRole("option")).toHaveText(["Published", "Draft", "In Review"]);
    await page.getByRole("option", { name: "Draft" }).click();
    await dialog.getByLabel("Page name").fill("Choisir ses chaussures de trail");
    await dialog.getByLabel("Page URL").fill("/blog/chaussures-trail");
    // No demo switch: only the service's team decides what the home page shows.
    await expect(dialog.getByRole("switch", { name: "Demo article" })).toHaveCount(0);
    await expect(dialog.getByRole("switch", { name: "Hide the cover image in previews" })).toHaveAttribute("aria-checked", "false");
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expectToast(page, "Page created");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const row = pageRow(page, "Choisir ses chaussures de trail");
    await expect(row).toBeVisible();
    const site = `https://${siteName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}.example.com`;
    await expect(row.getByRole("cell").nth(2)).toHaveText(`${site}/blog/chaussures-trail`);
    await expect(row.getByRole("cell").nth(3)).toHaveText("Draft");
    await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(row.getByRole("cell").nth(5)).toHaveText("0");
    await expect(row.getByRole("cell").nth(6)).toHaveText("0");

    // Editing: the dialog holds the page's values; a bare host gets https://.
    await page.getByRole("button", { name: "Edit Choisir ses chaussures de trail" }).click();
    const edit = page.getByRole("dialog", { name: "Edit page" });
    await expect(edit.getByLabel("Page name")).toHaveValue("Choisir ses chaussures de trail");
    await expect(edit.getByLabel("Page URL")).toHaveValue(`${site}/blog/chaussures-trail`);
    await expect(edit.getByRole("combobox", { name: "Status" })).toHaveText("Draft");
    await edit.getByLabel("Page name").fill("Trail : le guide");
    await edit.getByLabel("Page URL").fill("autre-site.fr/guide-trail");
    await chooseFromSelect(page, "Status", "In Review");
    await edit.getByRole("switch", { name: "Hide the cover image in previews" }).click();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Page updated");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const edited = pageRow(page, "Trail : le guide");
    await expect(edited.getByRole("cell").nth(2)).toHaveText("https://autre-site.fr/guide-trail");
    await expect(edited.getByRole("cell").nth(3)).toHaveText("In Review");
    await expect(pageRow(page, "Choisir ses chaussures de trail")).toHaveCount(0);

    // Saved: a reload shows the same, and the switch kept its new state.
    await openPages(page, siteId);
    await page.getByRole("button", { name: "Edit Trail : le guide" }).click();
    const again = page.getByRole("dialog", { name: "Edit page" });
    await expect(again.getByRole("switch", { name: "Hide the cover image in previews" })).toHaveAttribute("aria-checked", "true");
    await expect(again.getByRole("combobox", { name: "Status" })).toHaveText("In Review");
  });

  test("deleting asks for confirmation; Cancel keeps the page, Delete removes it", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    await createPageByRequest(page, siteId, { name: "Page à garder" });
    await createPageByRequest(page, siteId, { name: "Page à supprimer" });
    await openPages(page, siteId);

    await page.getByRole("button", { name: "Delete Page à supprimer" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText('Are you sure you want to delete the page "Page à supprimer"?');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(pageRow(page, "Page à supprimer")).toBeVisible();

    await page.getByRole("button", { name: "Delete Page à supprimer" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Page deleted");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(pageRow(page, "Page à supprimer")).toHaveCount(0);
    await expect.poll(() => shownNames(page)).toEqual(["Page à garder"]);

    // Gone for good; deleting it again says so.
    await openPages(page, siteId);
    await expect(pageRow(page, "Page à supprimer")).toHaveCount(0);
    await page.getByRole("button", { name: "Delete Page à garder" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Page deleted");
    await expectEmpty(page, "No pages found for this site.");
  });

  // The server's own checks of the form, and status 1 for an unknown status, are in
  // tests/integration/route-answers.test.ts: they need no browser.
});

test.describe("finding pages", () => {
  test("the search matches the name or the URL, case-insensitive, and the status filter the status", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    await createPageByRequest(page, siteId, { name: "Guide du Running", url: "/blog/running", status: "1" });
    await createPageByRequest(page, siteId, { name: "Recettes d'hiver", url: "/cuisine/soupe-potiron", status: "2" });
    await createPageByRequest(page, siteId, { name: "Vélo électrique", url: "/blog/velo", status: "3" });
    await openPages(page, siteId);
    await expect(bodyRows(page)).toHaveCount(3);

    const search = page.getByRole("searchbox", { name: "Search pages" });
    await expect(search).toHaveAttribute("placeholder", "Search pages...");
    await search.fill("RUNNING");
    await expect.poll(() => shownNames(page)).toEqual(["Guide du Running"]);
    await search.fill("potiron");
    await expect.poll(() => shownNames(page)).toEqual(["Recettes d'hiver"]);
    await search.fill("/blog/");
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(["Guide du Running", "Vélo électrique"]);
    await search.fill("nothing like this");
    await expectEmpty(page, "No pages match your search.");
    await search.fill("");
    await expect(bodyRows(page)).toHaveCount(3);

    await expect(page.getByRole("combobox", { name: "Filter by status" })).toHaveText("All statuses");
    await chooseFromSelect(page, "Filter by status", "Draft");
    await expect.poll(() => shownNames(page)).toEqual(["Recettes d'hiver"]);
    await chooseFromSelect(page, "Filter by status", "In Review");
    await expect.poll(() => shownNames(page)).toEqual(["Vélo électrique"]);
    await chooseFromSelect(page, "Filter by status", "Published");
    await expect.poll(() => shownNames(page)).toEqual(["Guide du Running"]);
    // Both together.
    await search.fill("velo");
    await expectEmpty(page, "No pages match your search.");
    await chooseFromSelect(page, "Filter by status", "All statuses");
    await expect.poll(() => shownNames(page)).toEqual(["Vélo électrique"]);
  });

  test("sorting: newest change first by default; a new column sorts ascending first, the same column toggles", async ({
    signedInPage: page,
  }) => {
    const { siteId } = await createSite(page);
    // Created in this order, so the last one is the most recently modified.
    await createPageByRequest(page, siteId, { name: "Bravo", url: "/c" });
    await createPageByRequest(page, siteId, { name: "alpha", url: "/b" });
    await createPageByRequest(page, siteId, { name: "Charlie", url: "/a" });
    await openPages(page, siteId);

    const header = (name: string) => pagesTable(page).getByRole("columnheader", { name });
    await expect.poll(() => shownNames(page)).toEqual(["Charlie", "alpha", "Bravo"]);
    await expect(header("Last modified")).toHaveAttribute("aria-sort", "descending");
    await expect(header("Page name")).toHaveAttribute("aria-sort", "none");

    await sortButton(page, "Page name").click();
    await expect.poll(() => shownNames(page)).toEqual(["alpha", "Bravo", "Charlie"]);
    await expect(header("Page name")).toHaveAttribute("aria-sort", "ascending");
    await expect(header("Last modified")).toHaveAttribute("aria-sort", "none");
    await sortButton(page, "Page name").click();
    await expect.poll(() => shownNames(page)).toEqual(["Charlie", "Bravo", "alpha"]);
    await expect(header("Page name")).toHaveAttribute("aria-sort", "descending");
    await sortButton(page, "Page name").click();
    await expect.poll(() => shownNames(page)).toEqual(["alpha", "Bravo", "Charlie"]);

    await sortButton(page, "URL").click();
    await expect.poll(() => shownNames(page)).toEqual(["Charlie", "alpha", "Bravo"]);
    await expect(header("URL")).toHaveAttribute("aria-sort", "ascending");
    await sortButton(page, "URL").click();
    await expect.poll(() => shownNames(page)).toEqual(["Bravo", "alpha", "Charlie"]);

    // Last modified, newly clicked, sorts ascending (oldest first) too.
    await sortButton(page, "Last modified").click();
    await expect.poll(() => shownNames(page)).toEqual(["Bravo", "alpha", "Charlie"]);
    await expect(header("Last modified")).toHaveAttribute("aria-sort", "ascending");
    await sortButton(page, "Last modified").click();
    await expect.poll(() => shownNames(page)).toEqual(["Charlie", "alpha", "Bravo"]);
  });

  test("pagination: 10 per page, Previous and Next disabled at the ends, and a page size of 5, 10, 20 or 50", async ({
    signedInPage: page,
  }) => {
    const { siteId } = await createSite(page);
    for (let i = 1; i <= 12; i++) await createPageByRequest(page, siteId, { name: `Article ${String(i).padStart(2, "0")}` });
    await openPages(page, siteId);

    const previous = page.getByRole("button", { name: "Previous" });
    const next = page.getByRole("button", { name: "Next" });
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect.poll(async () => (await shownNames(page))[0]).toBe("Article 12");

    await next.click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(["Article 02", "Article 01"]);
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();

    await page.getByRole("combobox", { name: "Rows per page" }).click();
    await expect(page.getByRole("option")).toHaveText(["5", "10", "20", "50"]);
    await page.getByRole("option", { name: "5", exact: true }).click();
    await expect(page.getByText("Page 1 of 3")).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(5);
    await next.click();
    await next.click();
    await expect(page.getByText("Page 3 of 3")).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(2);

    // The header checkbox selects the rows shown, not the whole list.
    await previous.click();
    await expect(page.getByText("Page 2 of 3")).toBeVisible();
    await pagesTable(page).getByRole("checkbox", { name: "Select all pages shown" }).click();
    await expect(page.getByRole("region", { name: "Batch actions" })).toContainText("5 pages selected");
    await expect(pagesTable(page).getByRole("checkbox", { name: "Select Article 07" })).toBeChecked();
    await expect(pagesTable(page).getByRole("checkbox", { name: "Select Article 07" })).toBeVisible();

    await chooseFromSelect(page, "Rows per page", "20");
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(12);
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();

    // A search starts again on the first page.
    await chooseFromSelect(page, "Rows per page", "5");
    await next.click();
    await expect(page.getByText("Page 2 of 3")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search pages" }).fill("Article 1");
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(["Article 12", "Article 11", "Article 10"]);
  });

  test("back and reload keep the view: search, filter, sort, page and size live in the address; the document holds only the rows shown", async ({
    signedInPage: page,
  }) => {
    const { siteId } = await createSite(page);
    // Fiche 04, 08 and 12 are drafts.
    for (let i = 1; i <= 12; i++) {
      await createPageByRequest(page, siteId, { name: `Fiche ${String(i).padStart(2, "0")}`, status: i % 4 === 0 ? "2" : "1" });
    }
    await openPages(page, siteId);
    const search = page.getByRole("searchbox", { name: "Search pages" });
    const rowsPerPage = page.getByRole("combobox", { name: "Rows per page" });
    const nameHeader = pagesTable(page).getByRole("columnheader", { name: "Page name" });

    await sortButton(page, "Page name").click();
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await chooseFromSelect(page, "Rows per page", "5");
    await expect(page.getByText("Page 1 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 3")).toBeVisible();
    const secondPage = ["Fiche 06", "Fiche 07", "Fiche 08", "Fiche 09", "Fiche 10"];
    await expect.poll(() => shownNames(page)).toEqual(secondPage);
    await expect(page).toHaveURL(new RegExp(`${pagesPath(siteId)}\\?sort=name&dir=asc&page=2&size=5$`));

    // Reload: the same view.
    await page.reload();
    await expect(page.getByText("Page 2 of 3")).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(secondPage);
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(rowsPerPage).toHaveText("5");

    // Typing replaces the view in the history (and starts on page 1); the filter adds a view.
    await search.fill("fiche 1");
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 10", "Fiche 11", "Fiche 12"]);
    await chooseFromSelect(page, "Filter by status", "Draft");
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 12"]);
    await page.reload();
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 12"]);
    await expect(search).toHaveValue("fiche 1");
    await expect(page.getByRole("combobox", { name: "Filter by status" })).toHaveText("Draft");

    // Back: the search without the filter; back again: page 1 of the sorted list in 5 rows (the search
    // replaced page 2), and the search box empties; forward brings the search back into the box.
    await page.goBack();
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 10", "Fiche 11", "Fiche 12"]);
    await expect(page.getByRole("combobox", { name: "Filter by status" })).toHaveText("All statuses");
    await expect(search).toHaveValue("fiche 1");
    await page.goBack();
    await expect(page.getByText("Page 1 of 3")).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 01", "Fiche 02", "Fiche 03", "Fiche 04", "Fiche 05"]);
    await expect(search).toHaveValue("");
    await page.goForward();
    await expect(search).toHaveValue("fiche 1");
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 10", "Fiche 11", "Fiche 12"]);

    // The document of a view holds its rows only; an invalid value reads as its default.
    const html = await (await page.request.get(`${pagesPath(siteId)}?sort=name&dir=desc&size=5&page=nonsense&status=unknown`)).text();
    expect([...new Set(html.match(/Fiche \d\d/g))].sort()).toEqual(["Fiche 08", "Fiche 09", "Fiche 10", "Fiche 11", "Fiche 12"]);

    // A slow answer: the list says it is loading (the screen's words, not the guard's), then shows the view.
    await page.route(`**${pagesPath(siteId)}.data*`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await sortButton(page, "Page name").click();
    await expect(page.getByText("Loading pages...")).toBeVisible();
    await expect(page.getByText("Chargement...")).toHaveCount(0);
    await expect.poll(() => shownNames(page)).toEqual(["Fiche 12", "Fiche 11", "Fiche 10"]);
    await expect(page.getByText("Loading pages...")).toHaveCount(0);
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  });

  test("back to a view that loads slowly shows that view: the search typed on the page left is not sent over it", async ({
    signedInPage: page,
  }) => {
    const { siteId } = await createSite(page);
    for (let i = 1; i <= 12; i++) await createPageByRequest(page, siteId, { name: `Fiche ${String(i).padStart(2, "0")}` });
    await openPages(page, siteId);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search pages" });
    await search.fill("fiche 1");
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
    await expect(page).toHaveURL(/q=fiche\+1/);

    // Each view now takes longer to arrive than the search box waits before it sends what was typed.
    await page.route(`**${pagesPath(siteId)}.data*`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goBack();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(search).toHaveValue("");
    // Long enough for a stray search to have gone out and come back: the view stays the one gone back to.
    await page.waitForTimeout(1500);
    await expect(page).not.toHaveURL(/q=/);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(search).toHaveValue("");
    await page.goForward();
    await expect(search).toHaveValue("fiche 1");
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
  });

  test("a click on a row opens the page; the checkbox and the buttons do not; the name is a link", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    const pageId = await createPageByRequest(page, siteId, { name: "Cliquable" });
    await openPages(page, siteId);
    const row = pageRow(page, "Cliquable");

    await row.getByRole("checkbox", { name: "Select Cliquable" }).click();
    await expect(row.getByRole("checkbox", { name: "Select Cliquable" })).toBeChecked();
    await row.getByRole("button", { name: "Edit Cliquable" }).click();
    await expect(page.getByRole("dialog", { name: "Edit page" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${pagesPath(siteId)}$`));

    // A click anywhere else in the row (here, on the URL cell).
    await row.getByRole("cell").nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages/${pageId}$`));

    // By keyboard: the name is a link.
    await openPages(page, siteId);
    const link = pageRow(page, "Cliquable").getByRole("link", { name: "Cliquable" });
    await expect(link).toHaveAttribute("href", `/sites/${siteId}/pages/${pageId}`);
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages/${pageId}$`));
  });
});

test.describe("batch actions", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("create articles needs 2 selected pages or more and queues one request per page", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    const one = await createPageByRequest(page, siteId, { name: "Batch one" });
    await createPageByRequest(page, siteId, { name: "Batch two" });
    await createPageByRequest(page, siteId, { name: "Batch three" });
    await openPages(page, siteId);
    await expect(page.getByRole("region", { name: "Batch actions" })).toHaveCount(0);

    await pageRow(page, "Batch one").getByRole("checkbox").click();
    const bar = page.getByRole("region", { name: "Batch actions" });
    await expect(bar).toContainText("1 page selected");
    await expect(bar.getByRole("button", { name: "Create articles" })).toBeDisabled();
    await expect(bar.getByRole("button", { name: "Copy URLs" })).toBeEnabled();

    await pageRow(page, "Batch three").getByRole("checkbox").click();
    await expect(bar).toContainText("2 pages selected");
    await bar.getByRole("button", { name: "Create articles" }).click();
    await expectToast(page, "Success", "2 page actions created successfully.");
    // Done: the selection is cleared.
    await expect(page.getByRole("region", { name: "Batch actions" })).toHaveCount(0);

    // The server holds the same rule.
    const single = await postPagesForm(page, siteId, { intent: "create-articles", pageId: [String(one)] });
    expect(single.status()).toBe(400);
    expect(await single.text()).toContain("Batch creation failed");
    const none = await postPagesForm(page, siteId, { intent: "create-articles" });
    expect(none.status()).toBe(400);
    expect(await none.text()).toContain("No page IDs provided");
  });

  test("the selection survives a search: rows hidden by it stay selected and the bar says so", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    for (const name of ["Tomates anciennes", "Tomates cerises", "Courgettes", "Poivrons"])
      await createPageByRequest(page, siteId, { name });
    await openPages(page, siteId);
    await pageRow(page, "Courgettes").getByRole("checkbox").click();
    await pageRow(page, "Poivrons").getByRole("checkbox").click();
    const bar = page.getByRole("region", { name: "Batch actions" });
    await expect(bar).toContainText("2 pages selected");
    await expect(bar).not.toContainText("hidden");

    // A search that hides both: still selected, and the bar says they are out of sight.
    const search = page.getByRole("searchbox", { name: "Search pages" });
    await search.fill("tomates");
    await expect.poll(() => shownNames(page)).toEqual(expect.arrayContaining(["Tomates anciennes", "Tomates cerises"]));
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(bar).toContainText("2 pages selected");
    await expect(bar).toContainText("2 hidden by the search or filter");
    // Selecting a shown row adds to them.
    await pageRow(page, "Tomates cerises").getByRole("checkbox").click();
    await expect(bar).toContainText("3 pages selected");
    await expect(bar).toContainText("2 hidden by the search or filter");
    await expect(bar.getByRole("button", { name: "Create articles" })).toBeEnabled();

    // The status filter keeps it too; clearing the search shows every selected row checked.
    await chooseFromSelect(page, "Filter by status", "Draft");
    await expect(bar).toContainText("3 pages selected");
    await expect(bar).toContainText("3 hidden by the search or filter");
    await chooseFromSelect(page, "Filter by status", "All statuses");
    await search.fill("");
    await expect(bodyRows(page)).toHaveCount(4);
    await expect(bar).toContainText("3 pages selected");
    await expect(bar).not.toContainText("hidden");
    for (const name of ["Courgettes", "Poivrons", "Tomates cerises"]) await expect(pageRow(page, name).getByRole("checkbox")).toBeChecked();
    await expect(pageRow(page, "Tomates anciennes").getByRole("checkbox")).not.toBeChecked();

    // 'Clear selection' clears the hidden ones as well.
    await search.fill("tomates");
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await expect(page.getByRole("region", { name: "Batch actions" })).toHaveCount(0);
    await search.fill("");
    await expect(pagesTable(page).getByRole("checkbox", { checked: true })).toHaveCount(0);
  });

  test("copy URLs writes one line per page with a version, with its newest version", async ({ signedInPage: page, baseURL }) => {
    const { siteId } = await createSite(page);
    const first = await createPageByRequest(page, siteId, { name: "Premier article" });
    const without = await createPageByRequest(page, siteId, { name: "Sans version" });
    const second = await createPageByRequest(page, siteId, { name: "Second article" });
    await addVersionByRequest(page, siteId, first, "<p>old</p>");
    const firstNewest = await addVersionByRequest(page, siteId, first, "<p>new</p>");
    const secondOnly = await addVersionByRequest(page, siteId, second);
    expect(without).toBeGreaterThan(0);
    // Each page's newest version, by its public link (never its sequential id).
    const [firstPath, secondPath] = [await publicPathOf(page, firstNewest), await publicPathOf(page, secondOnly)];
    await openPages(page, siteId);
    await sortButton(page, "Page name").click();
    await expect.poll(() => shownNames(page)).toEqual(["Premier article", "Sans version", "Second article"]);

    await pagesTable(page).getByRole("checkbox", { name: "Select all pages shown" }).click();
    const bar = page.getByRole("region", { name: "Batch actions" });
    await expect(bar).toContainText("3 pages selected");
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await bar.getByRole("button", { name: "Copy URLs" }).click();
    await expectToast(page, "URLs copied");
    const origin = baseURL!.replace(/\/+$/, "");
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`- Premier article -- ${origin}${firstPath}\n- Second article -- ${origin}${secondPath}`);

    // The links open the public viewer.
    expect((await page.request.get(firstPath)).status()).toBe(200);

    // Only a page without a version: nothing to copy.
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await page.evaluate(() => navigator.clipboard.writeText("unchanged"));
    await pageRow(page, "Sans version").getByRole("checkbox").click();
    await page.getByRole("region", { name: "Batch actions" }).getByRole("button", { name: "Copy URLs" }).click();
    await expectToast(page, "Error", "No versions found");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("unchanged");
  });
});

test.describe("layout", () => {
  test("the list has no axe violations (empty, with pages and a selection, with each dialog open)", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    await openPages(page, siteId);
    await expectNoAxeViolations(page, "the empty list");
    await createPageByRequest(page, siteId, { name: "Accessible one", status: "1" });
    await createPageByRequest(page, siteId, { name: "Accessible two", status: "2" });
    await createPageByRequest(page, siteId, { name: "Accessible three", status: "3" });
    await openPages(page, siteId);
    await pageRow(page, "Accessible two").getByRole("checkbox").click();
    await expectNoAxeViolations(page, "the list with a selection");
    await page.getByRole("button", { name: "Edit Accessible two" }).click();
    await expect(page.getByRole("dialog", { name: "Edit page" })).toBeVisible();
    await expectNoAxeViolations(page, "the edit dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete Accessible one" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page, "the delete confirmation");
  });

  test("on a phone the table scrolls sideways inside its card and the toolbar wraps", async ({ signedInPage: page }) => {
    const { siteId } = await createSite(page);
    await createPageByRequest(page, siteId, { name: "Un article au titre assez long pour un téléphone" });
    await page.setViewportSize({ width: 390, height: 844 });
    await openPages(page, siteId);
    const region = pagesTable(page);
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "New page" })).toBeInViewport();
    await expect(page.getByRole("searchbox", { name: "Search pages" })).toBeInViewport();
  });
});

test.describe("ownership", () => {
  test("another account gets 'Site not found' and cannot create, change or delete pages there", async ({
    signedInPage: alice,
    openContext,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(404));
    const { siteId } = await createSite(alice);
    const pageId = await createPageByRequest(alice, siteId, { name: "Page d'Alice" });

    const { page: bob } = await openContext();
    await createSignedInAccount(bob, newAccount({ fullName: "Bob Martin" }));
    const response = await openDocument(bob, pagesPath(siteId));
    expect(response?.status()).toBe(404);
    await expect(bob.getByRole("heading", { name: "Site not found" })).toBeVisible();
    await expect(bob.getByText("The requested site does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(bob.getByText("Page d'Alice")).toHaveCount(0);
    // A missing site reads the same.
    await open(bob, pagesPath(987654321));
    await expect(bob.getByRole("heading", { name: "Site not found" })).toBeVisible();

    const create = await postPagesForm(bob, siteId, { intent: "create", name: "Page de Bob", url: "/bob", status: "1" });
    expect(create.status()).toBe(404);
    expect(await create.text()).toContain("Unable to create the page. Please verify you have permission to create pages for this site.");
    const update = await postPagesForm(bob, siteId, { intent: "update", pageId: String(pageId), name: "Prise par Bob", url: "/bob" });
    expect(update.status()).toBe(404);
    const remove = await postPagesForm(bob, siteId, { intent: "delete", pageId: String(pageId) });
    expect(remove.status()).toBe(404);
    const batch = await postPagesForm(bob, siteId, { intent: "create-articles", pageId: [String(pageId), String(pageId + 1)] });
    expect(batch.status()).toBe(404);
    const copy = await postPagesForm(bob, siteId, { intent: "copy-urls", pageId: [String(pageId)] });
    expect(copy.status()).toBe(404);

    await openPages(alice, siteId);
    await expect.poll(() => shownNames(alice)).toEqual(["Page d'Alice"]);
  });

  test("nobody signed in: the list sends to /auth and a POST is refused", async ({ page, signedInPage: alice, browser, baseURL }) => {
    const { siteId } = await createSite(alice);
    const anonymous = await browser.newContext({ baseURL });
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto(pagesPath(siteId));
      await expect(visitor).toHaveURL(/\/auth$/);
      const post = await anonymous.request.post(`${pagesPath(siteId)}.data`, {
        form: { intent: "create", name: "x", url: "/x" },
        failOnStatusCode: false,
      });
      expect(post.status()).toBe(401);
      expect(await post.text()).toContain("You must be logged in to create a page");
    } finally {
      await anonymous.close();
    }
    await openPages(page, siteId);
    await expectEmpty(page, "No pages found for this site.");
  });
});
