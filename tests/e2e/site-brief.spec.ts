/**
 * Issue 16, a site's brief: one screen from the site's detail, filled in a few minutes, kept, and showing what
 * the site's settings already said (its topics).
 */
import { expect, test } from "./support/fixtures";
import { createSite } from "./support/review";
import { expectToast, open } from "./support/ui";

test("an owner fills the site's brief from the site's screen and finds it kept", async ({ signedInPage: page }) => {
  const siteId = await createSite(page, "Boulangerie Brief");
  await open(page, `/sites/${siteId}`);
  await page.getByRole("main").getByRole("link", { name: "Brief", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brief du site" })).toBeVisible();

  await page.getByLabel("Lecteurs").fill("Boulangers amateurs qui débutent");
  await page.getByLabel("Offre").fill("Cours de boulangerie le samedi");
  await page.getByLabel("Groupe de ton").selectOption({ index: 1 });
  await page.getByLabel("Textes d'exemple").fill("Chez nous, le pain prend son temps.");
  await page.getByLabel("Sujets à traiter").fill("pain, levain");
  await page.getByLabel("Sujets à éviter").fill("régimes");
  await page.getByLabel("Concurrents").fill("La Mie Câline");
  await page.getByLabel("Mots à employer").fill("pâte mère");
  // Outlines first by default (issue 16); this owner wants the articles directly.
  await expect(page.getByLabel("Valider un plan avant chaque article")).toBeChecked();
  await page.getByLabel("Écrire l'article directement").check();
  await page.getByRole("button", { name: "Enregistrer le brief" }).click();
  await expectToast(page, "Brief enregistré");

  await page.reload();
  await expect(page.getByLabel("Lecteurs")).toHaveValue("Boulangers amateurs qui débutent");
  await expect(page.getByLabel("Sujets à traiter")).toHaveValue("pain, levain");
  await expect(page.getByLabel("Groupe de ton")).not.toHaveValue("none");
  await expect(page.getByLabel("Écrire l'article directement")).toBeChecked();
  await expect(page.getByText(/^Enregistré le /)).toBeVisible();
});
