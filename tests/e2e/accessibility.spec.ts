/**
 * Accessibility (issue 2, "Tests and CI"): axe finds no WCAG 2 A/AA violation on the auth screen (both
 * tabs and the reset mode) and on the sites screen (empty, with a site, with the site dialog open).
 */
import { INDEXED_PUBLIC_PATHS } from "../../app/lib/public-pages";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createSiteWithPage } from "./support/versions";
import { createSiteByRequest } from "./support/sites";
import { open } from "./support/ui";
import { authTab } from "./support/users";

test("the auth screen has no axe violations (Connexion, Inscription, reset mode)", async ({ page }) => {
  await open(page, "/auth");
  await expectNoAxeViolations(page, "/auth, Connexion tab");
  await authTab(page, "Inscription").click();
  await expect(page.getByRole("button", { name: "S'inscrire" })).toBeVisible();
  await expectNoAxeViolations(page, "/auth, Inscription tab");
  await authTab(page, "Connexion").click();
  await page.getByRole("link", { name: "Mot de passe oublié?" }).click();
  await expect(page.getByRole("button", { name: "Envoyer le lien de réinitialisation" })).toBeVisible();
  await expectNoAxeViolations(page, "/auth, reset mode");
});

test("the sites screen has no axe violations (empty, with a site, with the dialog open)", async ({ signedInPage: page }) => {
  await open(page, "/sites");
  await expect(page.getByRole("heading", { name: "Vous n'avez pas encore de site" })).toBeVisible();
  await expectNoAxeViolations(page, "/sites, empty state");

  await createSiteByRequest(page, { url: "https://www.accessible.example.com" });
  await open(page, "/sites");
  await expect(page.getByRole("heading", { name: "accessible.example.com" })).toBeVisible();
  await expectNoAxeViolations(page, "/sites, one site");

  await page.getByRole("button", { name: "Add Site" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a new site" });
  await expect(dialog.getByRole("combobox", { name: "Country" })).toBeEnabled();
  await expectNoAxeViolations(page, "/sites, site dialog open");

  // With a country of several languages, the radio choice too.
  await dialog.getByRole("combobox", { name: "Country" }).click();
  await page.getByRole("option", { name: "Belgium", exact: true }).click();
  await expect(dialog.getByRole("radiogroup", { name: "Language" })).toBeVisible();
  await expectNoAxeViolations(page, "/sites, site dialog with the language choice");
});

test("every public page has no axe violations, on a phone and on a desktop", async ({ page }) => {
  test.setTimeout(120_000);
  const paths = [...INDEXED_PUBLIC_PATHS, "/first-article-success", "/maintenance"];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await open(page, path);
      await expectNoAxeViolations(page, `${path} at ${width}px`);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} width at ${width}px`).toBeLessThanOrEqual(width);
    }
  }
});

test("the notifications screen, the bell's list and the settings have no axe violations", async ({ signedInPage: page }) => {
  await open(page, "/notifications");
  await expect(page.getByText("Aucune notification pour le moment.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "/notifications, empty");
  await page.getByRole("banner").getByRole("button", { name: "Notifications (0)" }).click();
  await expect(page.getByRole("menu").getByText("Aucune notification pour le moment.")).toBeVisible();
  await expectNoAxeViolations(page, "the bell's list, empty");
  await page.keyboard.press("Escape");
  await open(page, "/settings");
  await expect(page.getByRole("radiogroup", { name: "Envoi" })).toBeVisible();
  await expectNoAxeViolations(page, "/settings");
});

test("the outline screen and the brief have no axe violations", async ({ signedInPage: page }) => {
  const { siteId, pageId } = await createSiteWithPage(page);
  await open(page, `/sites/${siteId}/pages/${pageId}/outline`);
  await expect(page.getByRole("heading", { name: "No outline yet" })).toBeVisible();
  await expectNoAxeViolations(page, "/outline, none yet");
  await open(page, `/sites/${siteId}/brief`);
  await expectNoAxeViolations(page, "/brief");
});
