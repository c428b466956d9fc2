/**
 * Accounts. Two ways to get a signed-in page:
 * - `createSignedInAccount`: the fast way, for every story that is not about signing up. The server's
 *   test-only route (server/test-sign-in.ts, docs/decisions/014-test-only-sign-in.md) makes a confirmed
 *   account and a session through better-auth; its real session cookie is put into the page's context.
 * - `signUpConfirmAndSignIn`: through the UI like a person would: sign up, follow the confirmation link
 *   from the outbox, sign in. For the stories about those screens (auth.spec.ts and the like).
 */
import { expect, type Page } from "@playwright/test";
import { waitForEmailLink } from "./mail";
import { TEST_SIGN_IN_HEADER, TEST_SIGN_IN_PATH, testSignInToken } from "./server";
import { expectToast, open, openMenu, waitForHydration } from "./ui";

/** A tab of /auth ('Connexion' or 'Inscription'): a link of its tab list, whose current one says so (aria-current). */
export function authTab(page: Page, name: "Connexion" | "Inscription") {
  return page.getByRole("navigation", { name: "Connexion ou inscription" }).getByRole("link", { name });
}

export type Account = { email: string; password: string; fullName?: string };

let sequence = 0;

/** A unique address per test, so that tests run in parallel against one server. */
export function uniqueEmail(prefix = "e2e"): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * One password for the accounts of this worker: the test-only sign-in route hashes a password once (scrypt, about
 * 0.1 s of CPU per account otherwise). Stories about passwords derive other ones from it.
 */
const WORKER_PASSWORD = `Pw-${Math.random().toString(36).slice(2, 10)}-e2e`;

export function newAccount(options: { fullName?: string; prefix?: string } = {}): Account {
  return { email: uniqueEmail(options.prefix), password: WORKER_PASSWORD, fullName: options.fullName };
}

/** Opens /auth and fills the sign-up tab (does not submit). */
export async function fillSignUp(page: Page, account: Account, confirmPassword = account.password) {
  if (new URL(page.url()).pathname !== "/auth") await open(page, "/auth");
  await authTab(page, "Inscription").click();
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
  await expect(authTab(page, "Connexion")).toHaveAttribute("aria-current", "page");
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
  await authTab(page, "Connexion").click();
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

/** Sign up, confirm through the e-mail link, sign in, all through the UI: the account is then signed in on `page`. */
export async function signUpConfirmAndSignIn(page: Page, account: Account, dataDir?: string): Promise<Account> {
  await signUp(page, account);
  await confirmEmail(page, account.email, dataDir);
  await signIn(page, account.email, account.password);
  return account;
}

type TestSignInAnswer = {
  userId: string;
  cookies: { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: "Lax" | "Strict" | "None"; expires?: number }[];
};

/**
 * Creates a confirmed account (with its password, so that it can also sign in through the form later)
 * and a session, through the test-only route of the server the page's context talks to; puts the
 * session cookie into the context and opens `startOn` (/dashboard, where a sign-in lands, unless told;
 * null opens nothing, for a story whose first step opens its own screen: a signed-in screen loaded only to
 * be left costs the browser about 0.7 s of CPU). The account needs a full name: what a nameless sign-up is
 * called is the sign-up's business (use `signUpConfirmAndSignIn`).
 */
export async function createSignedInAccount(
  page: Page,
  account: Account,
  options: { startOn?: string | null; role?: "admin" | "team" } = {},
): Promise<Account & { userId: string; origin: string }> {
  if (!account.fullName) throw new Error("createSignedInAccount needs a fullName; a nameless sign-up goes through signUpConfirmAndSignIn.");
  const answer = await page.request.post(TEST_SIGN_IN_PATH, {
    headers: { [TEST_SIGN_IN_HEADER]: testSignInToken() },
    data: { email: account.email, password: account.password, name: account.fullName, role: options.role },
    failOnStatusCode: false,
  });
  const text = await answer.text();
  expect(answer.status(), `the test-only sign-in route answered: ${text}`).toBe(200);
  const { userId, cookies } = JSON.parse(text) as TestSignInAnswer;
  // Host-only cookies of the server's origin, with better-auth's own attributes.
  const origin = new URL(answer.url()).origin;
  await page.context().addCookies(
    cookies.map(({ name, value, httpOnly, secure, sameSite, expires }) => ({
      name,
      value,
      url: origin,
      httpOnly,
      secure,
      sameSite,
      expires,
    })),
  );
  const startOn = options.startOn === undefined ? "/dashboard" : options.startOn;
  if (startOn !== null) {
    await open(page, startOn);
    await expect(page).toHaveURL(new URL(startOn, origin).href);
  }
  return { ...account, userId, origin };
}

/** Signs out from the avatar menu; lands on '/' with the 'Déconnecté' notice. */
export async function signOut(page: Page) {
  const menu = await openMenu(page, page.getByRole("button", { name: "Menu du compte" }));
  await menu.getByRole("menuitem", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Déconnecté", "Vous avez été déconnecté avec succès");
}
