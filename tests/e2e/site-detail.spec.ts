import { expect, failedResource, test } from "./support/fixtures";
import { createSiteByRequest, siteIdOf } from "./support/sites";
import { expectToast, open, openMenu } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

test.describe("the site detail screen", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("a site owner renames the site in place, copies its URL and finds its pages", async ({ signedInPage: page }) => {
    await createSiteByRequest(page, { url: "https://www.detail.example.com" });
    await open(page, "/sites");
    const id = await siteIdOf(page, "detail.example.com");
    await page
      .getByRole("link", { name: /detail\.example\.com/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/sites/${id}$`));

    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(trail.getByRole("link", { name: "My Sites" })).toHaveAttribute("href", "/sites");
    await expect(trail).toContainText("detail.example.com");
    await expect(page.getByRole("heading", { level: 1, name: "detail.example.com" })).toBeVisible();
    // What the AI work cost is the team's business: the client's screen shows no cost.
    await expect(page.getByRole("region", { name: "AI work" })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(/\$\d|tokens/);

    // Cancel keeps the name; Save renames.
    await page.getByRole("button", { name: "Rename the site" }).click();
    await page.getByLabel("Site name").fill("Never saved");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "detail.example.com" })).toBeVisible();
    await page.getByRole("button", { name: "Rename the site" }).click();
    await page.getByLabel("Site name").fill("Mon site de détail");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Site Updated");
    await expect(page.getByRole("heading", { level: 1, name: "Mon site de détail" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Mon site de détail" })).toBeVisible();

    // The URL's copy button confirms for 2 seconds.
    await page.getByRole("button", { name: "Copy the site URL" }).click();
    await expectToast(page, "URL Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("https://www.detail.example.com");

    await page.getByRole("button", { name: "Settings" }).click();
    await expectToast(page, "Site settings coming soon");
    const menu = await openMenu(page, page.getByRole("button", { name: "More options" }));
    for (const item of ["View Analytics", "Export Content", "Share Site"])
      await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
    // The site's analytics are its results (issue 17).
    await menu.getByRole("menuitem", { name: "View Analytics" }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${id}/results$`));
    await expect(page.getByRole("heading", { level: 1, name: "Results" })).toBeVisible();
    await page.goBack();

    await page.getByRole("link", { name: /Pages/ }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${id}/pages$`));
  });

  test("'Edit Site' opens the site dialog and the screen shows the saved values", async ({ signedInPage: page }) => {
    await createSiteByRequest(page, { url: "https://editme.example.com" });
    await open(page, "/sites");
    const id = await siteIdOf(page, "editme.example.com");
    await open(page, `/sites/${id}`);
    await page.getByRole("button", { name: "Edit Site" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit editme.example.com" });
    await dialog.getByLabel("Site name").fill("Edited from detail");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Success", "Site Edited from detail updated successfully.");
    await expect(page.getByRole("heading", { level: 1, name: "Edited from detail" })).toBeVisible();
  });

  test("another account gets the permission wording for someone else's site", async ({ signedInPage: page, openContext, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    await createSiteByRequest(page, { url: "https://private.example.com" });
    await open(page, "/sites");
    const id = await siteIdOf(page, "private.example.com");

    const other = await openContext();
    await createSignedInAccount(other.page, newAccount({ fullName: "Other Person" }));
    const response = await other.page.goto(`/sites/${id}`);
    expect(response?.status()).toBe(404);
    await expect(other.page.getByRole("heading", { name: "Site not found" })).toBeVisible();
    await expect(other.page.getByText("The requested site does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(other.page.getByText("private.example.com")).toHaveCount(0);

    // A rename by request is refused, and the name is unchanged for the owner.
    const rename = await other.page.request.post(`/sites/${id}.data`, {
      form: { intent: "rename", name: "Stolen" },
      failOnStatusCode: false,
    });
    expect(rename.status()).toBe(404);
    await open(page, `/sites/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "private.example.com" })).toBeVisible();
  });
});
