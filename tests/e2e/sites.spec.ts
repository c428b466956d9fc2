/**
 * Managing sites at /sites and /dashboard (spec part 1, sections 2, 3, 5 and 8; issue 2): the grid,
 * the French empty state, the create and edit dialog with its defaults and the country → language
 * cascade, the logo upload checked in the browser and on the server, deletion after confirmation,
 * and ownership.
 */
import type { Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { GIF_1X1, JPEG_1X1, PNG_1X1, WEBP_1X1, oversizedPng, pngFile, textPretendingToBePng } from "./support/images";
import { cardAction, chooseOption, createSiteByRequest, postSiteForm, siteCard, siteIdOf } from "./support/sites";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

const FORMAT_ERROR = "Unsupported file format. Please use JPG, PNG, GIF, or WebP.";
const SIZE_ERROR = "File is too large. Maximum size is 5MB.";
const LOGO_REQUIRED = "Please upload a logo image.";

const LOGO_SRC = /^\/api\/files\/seo1\/logos\/[0-9a-f-]{36}\.(png|jpg|jpeg|gif|webp)$/;

async function openCreateDialog(page: Page) {
  await page.getByRole("button", { name: "Add Site" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a new site" });
  await expect(dialog).toBeVisible();
  // The countries have loaded when the country select is enabled.
  await expect(dialog.getByRole("combobox", { name: "Country" })).toBeEnabled();
  return dialog;
}

/** Records every POST the page sends from now on. */
function watchPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** These stories are about the screen a sign-in lands on: their signed-in page starts there. */
test.use({ startOn: "/dashboard" });

test.describe("the sites list", () => {
  test("a new user sees the French empty state and can start from it", async ({ signedInPage: page }) => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Your Sites" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vous n'avez pas encore de site" })).toBeVisible();
    await page.getByRole("button", { name: "Créer mon premier site" }).click();
    await expect(page.getByRole("dialog", { name: "Add a new site" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // /sites is the same screen.
    await open(page, "/sites");
    await expect(page.getByRole("heading", { name: "Your Sites" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Créer mon premier site" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Site" })).toBeVisible();
  });
});

test.describe("site cards", () => {
  test("names and addresses use the card's width; what does not fit is cut with the full text on hover", async ({ signedInPage: page }) => {
    const stamp = Date.now().toString(36);
    const name = `Boulangerie Pâtisserie du Marché Saint-Germain ${stamp}`;
    const url = `https://www.boulangerie-patisserie-du-marche-saint-germain-${stamp}.example.fr`;
    await createSiteByRequest(page, { url, name });
    await open(page, "/sites");
    const card = siteCard(page, name);
    const heading = card.getByRole("heading", { name, exact: true });
    const address = card.getByText(url, { exact: true });
    // One site: its card is not squeezed into a third of the row.
    const list = await page.getByRole("list", { name: "Sites" }).boundingBox();
    const box = await card.boundingBox();
    expect(box!.width).toBeGreaterThan(list!.width * 0.6);
    // The whole name is visible, and the full texts are offered as tooltips.
    expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(heading).toHaveAttribute("title", name);
    await expect(address).toHaveAttribute("title", url);

    // With three sites in a row, a long text is cut only at the card's edge.
    for (const n of [2, 3]) await createSiteByRequest(page, { url: `https://autre-${n}-${stamp}.example.fr`, name: `Autre ${n} ${stamp}` });
    await open(page, "/sites");
    const textBox = await heading.boundingBox();
    const cardBox = await card.boundingBox();
    // From the text's left edge, it reaches the card's right side (the menu button aside).
    expect(textBox!.x + textBox!.width).toBeGreaterThan(cardBox!.x + cardBox!.width - 64);
    await expect(heading).toHaveAttribute("title", name);
  });
});

test.describe("the site dialog", () => {
  test("shows the defaults: sliders at 10, cover 1200 × 630, one image, status Draft, tone None", async ({ signedInPage: page }) => {
    const dialog = await openCreateDialog(page);
    const serps = dialog.getByRole("slider", { name: "Number of search results" });
    const serpsImg = dialog.getByRole("slider", { name: "Number of image results" });
    for (const slider of [serps, serpsImg]) {
      await expect(slider).toHaveAttribute("aria-valuenow", "10");
      await expect(slider).toHaveAttribute("aria-valuemin", "1");
      await expect(slider).toHaveAttribute("aria-valuemax", "100");
    }
    await expect(dialog.getByLabel("Cover image width")).toHaveValue("1200");
    await expect(dialog.getByLabel("Cover image height")).toHaveValue("630");
    await expect(dialog.getByLabel("Images to create")).toHaveValue("1");
    await expect(dialog.getByRole("combobox", { name: "Default status" })).toHaveText("Draft");
    await expect(dialog.getByRole("combobox", { name: "Tone of voice" })).toHaveText("None");
    for (const name of [
      "Use familiar terms",
      "Write in the first person",
      "Force the site's language for search results",
      "Publish the cover image automatically",
    ]) {
      await expect(dialog.getByRole("switch", { name })).toHaveAttribute("aria-checked", "false");
    }
    // No language choice before a country is chosen.
    await expect(dialog.getByText("Language", { exact: true })).toHaveCount(0);

    // The sliders follow the keyboard, within 1 to 100.
    await serps.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(serps).toHaveAttribute("aria-valuenow", "12");
    await page.keyboard.press("End");
    await expect(serps).toHaveAttribute("aria-valuenow", "100");
    await page.keyboard.press("ArrowRight");
    await expect(serps).toHaveAttribute("aria-valuenow", "100");
    await serpsImg.focus();
    await page.keyboard.press("Home");
    await expect(serpsImg).toHaveAttribute("aria-valuenow", "1");
    await page.keyboard.press("ArrowLeft");
    await expect(serpsImg).toHaveAttribute("aria-valuenow", "1");
  });

  test("a field's error goes away as soon as the person types in it; the others stay until fixed", async ({ signedInPage: page }) => {
    const dialog = await openCreateDialog(page);
    await dialog.getByRole("button", { name: "Create site" }).click();
    const url = dialog.getByLabel("Site URL");
    await expect(dialog.getByText("The site URL is required")).toBeVisible();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText(LOGO_REQUIRED)).toBeVisible();

    await url.fill("https://filled.example.org");
    await expect(dialog.getByText("The site URL is required")).toHaveCount(0);
    await expect(url).not.toHaveAttribute("aria-invalid");
    await expect(url).not.toHaveAttribute("aria-describedby", /error/);
    // Typing in the URL leaves the logo's error: that field is still wrong.
    await expect(dialog.getByText(LOGO_REQUIRED)).toBeVisible();

    // A number field, too: the error shows on submit and goes once edited.
    const width = dialog.getByLabel("Cover image width");
    await width.fill("-5");
    await dialog.getByRole("button", { name: "Create site" }).click();
    await expect(dialog.getByText("The width cannot be negative")).toBeVisible();
    await width.fill("800");
    await expect(dialog.getByText("The width cannot be negative")).toHaveCount(0);
    await expect(width).not.toHaveAttribute("aria-invalid");
  });

  test("refuses a missing logo, a file over 5 MB and a file that is not an image, without sending anything", async ({
    signedInPage: page,
  }) => {
    const dialog = await openCreateDialog(page);
    const posts = watchPosts(page);
    await dialog.getByLabel("Site URL").fill("https://no-logo.example.org");
    await dialog.getByRole("button", { name: "Create site" }).click();
    await expect(dialog.getByText(LOGO_REQUIRED)).toBeVisible();
    await expectToast(page, "Error", LOGO_REQUIRED);

    const logo = dialog.getByLabel("Logo");
    // The picker offers image files only.
    await expect(logo).toHaveAttribute("accept", "image/jpeg,image/png,image/gif,image/webp");
    await logo.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: oversizedPng() });
    await expect(dialog.getByText(SIZE_ERROR)).toBeVisible();
    await expect(logo).toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("button", { name: "Create site" }).click();
    await expect(dialog.getByText(SIZE_ERROR)).toBeVisible();

    await logo.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(dialog.getByText(FORMAT_ERROR)).toBeVisible();

    // A good file clears the error and shows a preview.
    await logo.setInputFiles(pngFile());
    await expect(dialog.getByText(FORMAT_ERROR)).toHaveCount(0);
    await expect(dialog.getByRole("img", { name: "Logo preview" })).toBeVisible();

    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
  });
});

test.describe("creating a site", () => {
  test("a person can create a site with a logo; the name defaults to the address without scheme and www", async ({
    signedInPage: page,
  }) => {
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel("Site URL").fill("https://www.example.com");
    await dialog.getByLabel("Logo").setInputFiles(pngFile());
    await expect(dialog.getByRole("img", { name: "Logo preview" })).toBeVisible();

    // Belgium has three languages: a radio choice, nothing chosen yet.
    await chooseOption(page, "Country", "Belgium");
    const languages = dialog.getByRole("radiogroup", { name: "Language" });
    await expect(languages.getByRole("radio")).toHaveCount(3);
    for (const name of ["Dutch", "French", "German"]) await expect(languages.getByRole("radio", { name })).not.toBeChecked();
    await languages.getByRole("radio", { name: "Dutch" }).click();
    await expect(languages.getByRole("radio", { name: "Dutch" })).toBeChecked();

    // France has one language: chosen automatically, no radio choice.
    await chooseOption(page, "Country", "France");
    await expect(dialog.getByRole("radiogroup", { name: "Language" })).toHaveCount(0);
    await expect(dialog.locator("p", { hasText: "the only language of this country" })).toHaveText(
      /^French\s*\(the only language of this country\)$/,
    );

    // Back to Belgium: the earlier choice was cleared.
    await chooseOption(page, "Country", "Belgium");
    await expect(languages.getByRole("radio")).toHaveCount(3);
    for (const name of ["Dutch", "French", "German"]) await expect(languages.getByRole("radio", { name })).not.toBeChecked();
    await languages.getByRole("radio", { name: "German" }).click();

    const serps = dialog.getByRole("slider", { name: "Number of search results" });
    await serps.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(serps).toHaveAttribute("aria-valuenow", "12");
    await dialog.getByLabel("Cover image width").fill("800");

    await dialog.getByRole("button", { name: "Create site" }).click();
    await expectToast(page, "Success", "Site example.com created successfully.");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The card: logo, name, address, and a link to the site's page.
    const card = siteCard(page, "example.com");
    await expect(card).toBeVisible();
    await expect(card).toContainText("https://www.example.com");
    await expect(page.getByText("Vous n'avez pas encore de site")).toHaveCount(0);
    await expect(card.getByRole("link")).toHaveAttribute("href", /^\/sites\/\d+$/);
    const logo = card.locator("img");
    const src = await logo.getAttribute("src");
    expect(src).toMatch(LOGO_SRC);
    expect(src).toMatch(/\.png$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(Buffer.compare(await served.body(), PNG_1X1)).toBe(0);

    // The choices were saved.
    await cardAction(page, "example.com", "Edit");
    const edit = page.getByRole("dialog", { name: "Edit example.com" });
    await expect(edit.getByLabel("Site name")).toHaveValue("example.com");
    await expect(edit.getByLabel("Site URL")).toHaveValue("https://www.example.com");
    await expect(edit.getByRole("combobox", { name: "Country" })).toHaveText("Belgium");
    await expect(edit.getByRole("radio", { name: "German" })).toBeChecked();
    await expect(edit.getByRole("slider", { name: "Number of search results" })).toHaveAttribute("aria-valuenow", "12");
    await expect(edit.getByLabel("Cover image width")).toHaveValue("800");
    await expect(edit.getByRole("combobox", { name: "Default status" })).toHaveText("Draft");
  });

  test("JPG, GIF and WebP logos are accepted and served with their type", async ({ signedInPage: page }) => {
    const files = [
      { name: "jpeg.example.net", file: { name: "logo.jpg", mimeType: "image/jpeg", buffer: JPEG_1X1 }, ext: "jpg", type: "image/jpeg" },
      { name: "gif.example.net", file: { name: "logo.gif", mimeType: "image/gif", buffer: GIF_1X1 }, ext: "gif", type: "image/gif" },
      { name: "webp.example.net", file: { name: "logo.webp", mimeType: "image/webp", buffer: WEBP_1X1 }, ext: "webp", type: "image/webp" },
    ];
    for (const { name, file } of files) await createSiteByRequest(page, { url: `https://${name}`, logo: file });
    await open(page, "/sites");
    for (const { name, ext, type, file } of files) {
      const src = await siteCard(page, name).locator("img").getAttribute("src");
      expect(src).toMatch(LOGO_SRC);
      expect(src!.endsWith(`.${ext}`)).toBe(true);
      const served = await page.request.get(src!);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe(type);
      expect(Buffer.compare(await served.body(), file.buffer)).toBe(0);
    }
    // Newest first (id descending).
    await expect(page.getByRole("list", { name: "Sites" }).getByRole("heading")).toHaveText([
      "webp.example.net",
      "gif.example.net",
      "jpeg.example.net",
    ]);
  });

  // The server's own checks of the logo (by content and size, required, no session) are in
  // tests/integration/route-answers.test.ts: they need no browser.
});

test.describe("editing and deleting a site", () => {
  test("a person can rename a site; without a new file the logo is kept", async ({ signedInPage: page }) => {
    await createSiteByRequest(page, { url: "https://www.editable.example.com" });
    await open(page, "/sites");
    const before = await siteCard(page, "editable.example.com").locator("img").getAttribute("src");
    expect(before).toMatch(LOGO_SRC);

    await cardAction(page, "editable.example.com", "Edit");
    const dialog = page.getByRole("dialog", { name: "Edit editable.example.com" });
    await expect(dialog.getByText("Leave empty to keep the current logo.")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", before!);
    await dialog.getByLabel("Site name").fill("Mon site renommé");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Success", "Site Mon site renommé updated successfully.");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const card = siteCard(page, "Mon site renommé");
    await expect(card).toBeVisible();
    await expect(card).toContainText("https://www.editable.example.com");
    await expect(card.locator("img")).toHaveAttribute("src", before!);
    await expect(siteCard(page, "editable.example.com")).toHaveCount(0);

    // A new file replaces the logo.
    await cardAction(page, "Mon site renommé", "Edit");
    const again = page.getByRole("dialog", { name: "Edit Mon site renommé" });
    await again.getByLabel("Logo").setInputFiles({ name: "new.gif", mimeType: "image/gif", buffer: GIF_1X1 });
    await again.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Success", "Site Mon site renommé updated successfully.");
    await expect(card.locator("img")).toHaveAttribute("src", /\.gif$/);
    // The replaced file is removed from storage.
    expect((await page.request.get(before!)).status()).toBe(404);
  });

  test("a refused upload leaves the site as it was", async ({ signedInPage: page }) => {
    await createSiteByRequest(page, { url: "https://kept.example.com" });
    await open(page, "/sites");
    const id = await siteIdOf(page, "kept.example.com");
    const before = await siteCard(page, "kept.example.com").locator("img").getAttribute("src");
    const response = await postSiteForm(page, "update", {
      siteId: String(id),
      url: "https://kept.example.com",
      name: "Changed name",
      logo: textPretendingToBePng(),
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(FORMAT_ERROR);
    await open(page, "/sites");
    await expect(siteCard(page, "kept.example.com").locator("img")).toHaveAttribute("src", before!);
    await expect(siteCard(page, "Changed name")).toHaveCount(0);
  });

  test("deleting asks for confirmation; Cancel keeps the site, Delete removes it", async ({ signedInPage: page }) => {
    await createSiteByRequest(page, { url: "https://doomed.example.com", name: "Doomed" });
    await open(page, "/sites");
    await cardAction(page, "Doomed", "Delete");
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText('Are you sure you want to delete the site "Doomed"?');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(siteCard(page, "Doomed")).toBeVisible();

    const logo = await siteCard(page, "Doomed").locator("img").getAttribute("src");
    await cardAction(page, "Doomed", "Delete");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Site deleted", 'Site "Doomed" has been deleted.');
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(siteCard(page, "Doomed")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Vous n'avez pas encore de site" })).toBeVisible();
    await open(page, "/sites");
    await expect(page.getByRole("heading", { name: "Vous n'avez pas encore de site" })).toBeVisible();
    expect((await page.request.get(logo!)).status()).toBe(404);
  });
});

test.describe("ownership", () => {
  test("another account neither sees nor changes someone else's site", async ({ signedInPage: alice, openContext, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    await createSiteByRequest(alice, { url: "https://alice.example.com", name: "Alice's site" });
    await open(alice, "/sites");
    const id = await siteIdOf(alice, "Alice's site");
    const logo = await siteCard(alice, "Alice's site").locator("img").getAttribute("src");

    const { page: bob } = await openContext();
    await createSignedInAccount(bob, newAccount({ fullName: "Bob Martin" }));
    await open(bob, "/sites");
    await expect(bob.getByRole("heading", { name: "Vous n'avez pas encore de site" })).toBeVisible();
    await expect(bob.getByText("Alice's site")).toHaveCount(0);

    const update = await postSiteForm(bob, "update", {
      siteId: String(id),
      url: "https://bob.example.com",
      name: "Taken by Bob",
      logo: pngFile(),
    });
    expect(update.status()).toBe(404);
    expect(await update.text()).toContain("does not exist or you don't have permission");
    const updateNoLogo = await postSiteForm(bob, "update", { siteId: String(id), url: "https://bob.example.com", name: "Taken by Bob" });
    expect(updateNoLogo.status()).toBe(404);
    const remove = await postSiteForm(bob, "delete", { siteId: String(id), name: "Alice's site" });
    expect(remove.status()).toBe(404);

    // A missing site answers exactly the same way.
    const missing = await postSiteForm(bob, "delete", { siteId: "987654321", name: "Alice's site" });
    expect(missing.status()).toBe(404);
    const withoutStamp = (text: string) => text.replace(/\b\d{13}\b/g, "<stamp>");
    expect(withoutStamp(await missing.text())).toBe(withoutStamp(await remove.text()));

    await open(alice, "/sites");
    const card = siteCard(alice, "Alice's site");
    await expect(card).toBeVisible();
    await expect(card).toContainText("https://alice.example.com");
    await expect(card.locator("img")).toHaveAttribute("src", logo!);
    await expect(siteCard(alice, "Taken by Bob")).toHaveCount(0);
  });
});
