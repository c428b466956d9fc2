import { expect, failedResource, test } from "./support/fixtures";
import { JPEG_1X1, PNG_1X1 } from "./support/images";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";
import { createSiteWithPage } from "./support/versions";

const imagesPath = (siteId: number, pageId: number) => `/sites/${siteId}/pages/${pageId}/images`;

test.describe("the images screen", () => {
  test("shows its three parts, the empty texts and the way back to the page", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    await open(page, imagesPath(siteId, pageId));
    for (const name of ["Image Propositions", "Generate New Image", "Image Examples"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText("No image propositions available")).toBeVisible();
    await expect(page.getByText("No example images available")).toBeVisible();
    await expect(page.getByText("10 MB max per image", { exact: false })).toBeVisible();
    await page.getByRole("link", { name: "Back to Page" }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages/${pageId}$`));
  });

  test("uploads two examples by the picker, serves them with their type, and deletes one with its file", async ({
    signedInPage: page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(404));
    const { siteId, pageId } = await createSiteWithPage(page);
    await open(page, imagesPath(siteId, pageId));
    await page.getByLabel("Example image files").setInputFiles([
      { name: "first.png", mimeType: "image/png", buffer: PNG_1X1 },
      { name: "second.jpg", mimeType: "image/jpeg", buffer: JPEG_1X1 },
    ]);
    await expectToast(page, "2 image(s) uploaded successfully");
    const examples = page.getByRole("list", { name: "Example images" }).getByRole("img");
    await expect(examples).toHaveCount(2);
    await expect(page.getByText("No example images available")).toHaveCount(0);

    const sources = await examples.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
    for (const src of sources) expect(src).toMatch(new RegExp(`^/api/files/page-images/${pageId}/\\d+-[0-9a-f]+\\.(png|jpg)$`));
    const types = await Promise.all(sources.map(async (src) => (await page.request.get(src)).headers()["content-type"]));
    expect(types.sort()).toEqual(["image/jpeg", "image/png"]);
    await expect(examples.first()).toHaveAttribute("loading", "lazy");

    await page.getByRole("button", { name: "Delete example image 1" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Delete this image?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Image deleted successfully");
    await expect(examples).toHaveCount(1);
    expect((await page.request.get(sources[0], { failOnStatusCode: false })).status()).toBe(404);
    expect((await page.request.get(sources[1])).status()).toBe(200);
  });

  // A text file pretending to be an image, refused by the server with nothing stored: see
  // tests/integration/route-answers.test.ts (it needs no browser).

  test("the generate form queues a request, with a selected example when 'Use initial photo' is on", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    await open(page, imagesPath(siteId, pageId));
    await page.getByLabel("Example image files").setInputFiles([{ name: "base.png", mimeType: "image/png", buffer: PNG_1X1 }]);
    await expectToast(page, "1 image(s) uploaded successfully");

    await page.getByLabel("Number of images").fill("3");
    await page.getByRole("switch", { name: "Generate prompt" }).click();
    await page.getByRole("switch", { name: "Use initial photo" }).click();
    const pick = page.getByRole("button", { name: "Use example image 1" });
    await pick.click();
    await expect(pick).toHaveAttribute("aria-pressed", "true");
    await pick.click();
    await expect(pick).toHaveAttribute("aria-pressed", "false");
    await pick.click();
    await page.getByLabel("Comments").fill("Couleurs chaudes");
    await page.getByRole("button", { name: "Generate Image" }).click();
    await expectToast(page, "Image generation requested successfully");

    // Out of range is clamped in the form (1 to 10).
    await page.getByLabel("Number of images").fill("25");
    await page.getByLabel("Comments").click();
    await expect(page.getByLabel("Number of images")).toHaveValue("10");
  });

  test("is usable at 390px wide", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, imagesPath(siteId, pageId));
    await expect(page.getByRole("button", { name: "Generate Image" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("another account gets 'Page not found' and cannot change anything", async ({ signedInPage: page, openContext, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    const { siteId, pageId } = await createSiteWithPage(page, { pageName: "Images secrètes" });
    const other = await openContext();
    await createSignedInAccount(other.page, newAccount({ fullName: "Nosy Neighbour" }));
    const response = await other.page.goto(imagesPath(siteId, pageId));
    expect(response?.status()).toBe(404);
    await expect(other.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(other.page.getByText("The requested page does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(other.page.getByText("Images secrètes")).toHaveCount(0);
    const upload = await other.page.request.post(`${imagesPath(siteId, pageId)}.data`, {
      multipart: { intent: "upload", files: { name: "x.png", mimeType: "image/png", buffer: PNG_1X1 } },
      failOnStatusCode: false,
    });
    expect(upload.status()).toBe(404);
    await open(page, imagesPath(siteId, pageId));
    await expect(page.getByText("No example images available")).toBeVisible();
  });
});
