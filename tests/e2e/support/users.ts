/**
 * Accounts, created through the UI like a person would: sign up, follow the confirmation link from
 * the outbox, sign in.
 */
import { expect, type Page } from "@playwright/test";
import { waitForEmailLink } from "./mail";
import { expectToast, open, waitForHydration } from "./ui";

export type Account = { email: string; password: string; fullName?: string };

let sequence = 0;

/** A unique address per test, so that tests run in parallel against one server. */
export function uniqueEmail(prefix = "e2e"): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export function newAccount(options: { fullName?: string; prefix?: string } = {}): Account {
  return { email: uniqueEmail(options.prefix), password: `Pw-${Math.random().toString(36).slice(2, 10)}-e2e`, fullName: options.fullName };
}

/** Opens /auth and fills the sign-up tab (does not submit). */
export async function fillSignUp(page: Page, account: Account, confirmPassword = account.password) {
  if (new URL(page.url()).pathname !== "/auth") await open(page, "/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  if (account.fullName) await page.getByLabel("Nom complet (optionnel)").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.getByLabel("Confirmer le mot de passe").fill(confirmPassword);
}

/** Signs up through the UI; the screen then says so and goes back to the 'Connexion' tab. */
export async function signUp(page: Page, account: Account) {
  await fillSignUp(page, account);
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expectToast(page, "Inscription réussie", "Veuillez vérifier votre email pour confirmer votre compte");
  await expect(page.getByRole("tab", { name: "Connexion" })).toHaveAttribute("aria-selected", "true");
}

/** Follows the newest confirmation link sent to the address; lands on /auth. */
export async function confirmEmail(page: Page, email: string, dataDir?: string) {
  const link = await waitForEmailLink(email, "confirm", { dataDir });
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth$/);
  await waitForHydration(page);
  await expectToast(page, "Adresse e-mail confirmée");
}

/** Fills and submits the 'Connexion' tab (the page must be on /auth). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByRole("tab", { name: "Connexion" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Signs in through the UI and expects the dashboard with the 'Connecté' notice. */
export async function signIn(page: Page, email: string, password: string) {
  if (new URL(page.url()).pathname !== "/auth") await open(page, "/auth");
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Connecté", "Vous êtes maintenant connecté");
  await waitForHydration(page);
}

/** Sign up, confirm through the e-mail link, sign in: the account is then signed in on `page`. */
export async function createSignedInAccount(page: Page, account: Account, dataDir?: string): Promise<Account> {
  await signUp(page, account);
  await confirmEmail(page, account.email, dataDir);
  await signIn(page, account.email, account.password);
  return account;
}

/** Signs out from the avatar menu; lands on '/' with the 'Déconnecté' notice. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu du compte" }).click();
  await page.getByRole("menuitem", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Déconnecté", "Vous avez été déconnecté avec succès");
}
