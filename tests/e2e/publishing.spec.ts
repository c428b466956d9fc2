/**
 * Issue 15, a site's WordPress connection, as a client sets it up: from the site's page to its Publishing
 * screen; a form refused in place; 'Connect and test' against a fake WordPress speaking the REST API (the
 * user's name comes back, the password field is empty again and says one is stored); a wrong password and a
 * security plugin's page said plainly; 'Disconnect' asks first. Works on a phone.
 */
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { expect, failedResource, test } from "./support/fixtures";
import { createSite, unique } from "./support/pages";
import { expectToast, open, waitForHydration } from "./support/ui";

const PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";

let wp: FakeWordPress;
test.beforeAll(async () => {
  wp = await startFakeWordPress();
});
test.afterAll(() => wp.close());

test("a client connects the site's WordPress, tests it, sees each problem in plain words, and disconnects", async ({
  signedInPage: page,
  consoleGuard,
}) => {
  // The server's refusal of a form without a password is a 400, which Chrome logs.
  consoleGuard.allow(failedResource(400));
  const { siteId } = await createSite(page, unique("Publier"));
  await open(page, `/sites/${siteId}`);
  await expect(page.getByTestId("publishing-state")).toHaveText("Not connected");
  await page.getByRole("link", { name: /Publishing/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/publishing$`));
  await expect(page.getByRole("heading", { name: "Publishing", level: 1 })).toBeVisible();
  await expect(page.getByText("Not connected")).toBeVisible();
  await waitForHydration(page);

  // Refused in place: no user name, no password.
  const address = page.getByLabel("WordPress site address");
  await expect(address).toHaveValue(/^https:\/\/publier-.+\.example\.com$/);
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expect(page.getByLabel("WordPress user name")).toHaveAccessibleDescription("Enter the WordPress user name");
  await expect(page.getByLabel("WordPress user name")).toBeFocused();

  await address.fill(wp.url);
  await page.getByLabel("WordPress user name").fill("editor");
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expect(page.getByLabel("Application password")).toHaveAccessibleDescription(/^Enter the application password\./);
  await page.getByLabel("Application password").fill(PASSWORD);
  await page.getByLabel("Publish on approval").check();
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expectToast(page, "Connection saved", "Connected as Éditrice: ready to publish.");
  await expect(page.getByTestId("connection-check")).toContainText("Connected as Éditrice: ready to publish.");
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  const password = page.getByLabel("Application password");
  await expect(password).toHaveValue("");
  await expect(password).toHaveAttribute("placeholder", "Stored: leave empty to keep it");
  await expect(page.getByLabel("Publish on approval")).toBeChecked();
  expect(await page.content(), "the password never reaches the browser").not.toContain("EFGH");

  // A wrong password: the stored one is replaced, and the screen says what is wrong.
  await password.fill("not the password");
  await page.getByRole("button", { name: "Save and test" }).click();
  await expectToast(page, "WordPress connection problem");
  await expect(page.getByTestId("connection-check")).toContainText("WordPress refused the user name or the application password.");
  await expect(page.getByText("Connection problem", { exact: true })).toBeVisible();
  await expect(password, "what was typed is not kept in the field").toHaveValue("");
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Save and test" }).click();
  await expect(page.getByTestId("connection-check")).toContainText("Connected as Éditrice");

  // The site changes: a security plugin answers with its own page.
  wp.fault = "html";
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection-check")).toContainText("a security plugin or a firewall may be blocking the API");
  wp.fault = "none";
  await open(page, `/sites/${siteId}`);
  await expect(page.getByTestId("publishing-state")).toHaveText("WordPress: connection problem");

  // Disconnect asks first.
  await open(page, `/sites/${siteId}/publishing`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Disconnect" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Disconnect WordPress?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Connection problem", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Disconnect" }).click();
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expectToast(page, "Disconnected", "The WordPress connection and its password were removed.");
  await expect(page.getByText("Not connected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect and test" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Test connection" })).toHaveCount(0);
});

test("the publishing screen is usable on a phone", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { siteId } = await createSite(page, unique("Mobile"));
  await open(page, `/sites/${siteId}/publishing`);
  await expect(page.getByRole("heading", { name: "Publishing", level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "no sideways scrolling").toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("publishing-phone.png"), fullPage: true });
});
