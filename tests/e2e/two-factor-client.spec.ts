/**
 * Issue 16, /settings: a client who wants it turns two-factor sign-in on, then every sign-in asks for the app's
 * code; they can turn it off again with their password.
 */
import { expect, failedResource, test } from "./support/fixtures";
import { totpCode } from "./support/totp";
import { expectToast, open, waitForHydration } from "./support/ui";
import { signOut, submitSignIn } from "./support/users";

test("a client turns two-factor sign-in on from the settings, signs in with a code, and turns it off", async ({
  signedInPage: page,
  account,
  consoleGuard,
}) => {
  // A wrong password answers 400 (its message is on the field).
  consoleGuard.allow(failedResource(400));
  await open(page, "/settings");
  const card = page.getByRole("main");
  await expect(card.getByText("Désactivée.", { exact: false })).toBeVisible();
  await card.getByRole("link", { name: "Activer la connexion en deux étapes" }).click();
  await expect(page).toHaveURL(/\/settings\/two-factor$/);
  await waitForHydration(page);

  await page.getByLabel("Mot de passe").fill(`${account.password}-faux`);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("main").getByText("Le mot de passe est incorrect.")).toBeVisible();
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Continuer" }).click();
  const key = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByRole("list", { name: "Codes de secours" }).getByRole("listitem")).toHaveCount(10);
  await page.getByLabel("3. Code affiché par l'application").fill(totpCode(key));
  await page.getByRole("button", { name: "Activer" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expectToast(page, "Connexion en deux étapes activée");
  await expect(card.getByText("Activée :", { exact: false })).toBeVisible();

  // The next sign-in asks for the code.
  await signOut(page);
  await open(page, "/auth");
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await waitForHydration(page);
  await page.getByLabel("Code de vérification").fill(totpCode(key));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Off again, with the password.
  await open(page, "/settings");
  await page.getByLabel("Mot de passe, pour la désactiver").fill(account.password);
  await page.getByRole("button", { name: "Désactiver" }).click();
  await expectToast(page, "Connexion en deux étapes désactivée");
  await expect(card.getByText("Désactivée.", { exact: false })).toBeVisible();
});
