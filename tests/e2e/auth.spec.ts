/**
 * Accounts (spec part 1, sections 2, 4, 5 and 8; issue 2 "What a user can do"): sign-up with e-mail
 * confirmation, sign-in, password recovery, sessions, sign-out and the redirects of the route table.
 */
import type { Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { readOutbox, waitForEmailLink } from "./support/mail";
import { expectToast, open, waitForHydration } from "./support/ui";
import { authTab, confirmEmail, fillSignUp, signIn, signOut, signUp, submitSignIn, uniqueEmail } from "./support/users";

// These stories are about the account screens: their signed-in pages come through sign-up, the
// confirmation e-mail and sign-in, as a person's would (not through the test-only sign-in route), except those
// that only need an account to start from (signing out, a wrong password, the resets): theirs is made by the
// test-only route, on /dashboard, where a sign-in lands.
test.use({ signInThrough: "ui" });
const ACCOUNT_MADE_FOR_THE_STORY = { signInThrough: "test-route", startOn: "/dashboard" } as const;

/** Records every non-GET request the page sends from now on. */
function watchWrites(page: Page) {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && request.method() !== "HEAD") writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

test.describe("signing up", () => {
  test("a visitor whose two passwords differ is refused before any request is sent", async ({ page, account }) => {
    await open(page, "/auth");
    await fillSignUp(page, account, `${account.password}-typo`);
    const writes = watchWrites(page);
    await page.getByRole("button", { name: "S'inscrire" }).click();

    await expectToast(page, "Erreur d'inscription", "Les mots de passe ne correspondent pas");
    await expect(page.getByLabel("Confirmer le mot de passe")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Les mots de passe ne correspondent pas", { exact: true }).first()).toBeVisible();
    await expect(authTab(page, "Inscription")).toHaveAttribute("aria-current", "page");
    // Give a (wrong) request time to leave, then check none did and no account was made.
    await page.waitForTimeout(500);
    expect(writes).toEqual([]);
    expect(readOutbox(account.email)).toHaveLength(0);
  });

  test("a visitor can sign up, is refused before confirming, confirms the e-mail and signs in", async ({ page, account, consoleGuard }) => {
    consoleGuard.allow(failedResource(400));
    await signUp(page, account);

    // The confirmation e-mail is in French, for this address, and names the product.
    await waitForEmailLink(account.email, "confirm");
    const [mail] = readOutbox(account.email);
    expect(mail.subject).toContain("Confirmez");
    expect(mail.body).toContain("SEO × IA Content");

    // Not confirmed yet: refused with a clear reason.
    await submitSignIn(page, account.email, account.password);
    await expectToast(page, "Erreur de connexion", "pas encore confirmée");
    await expect(page).toHaveURL(/\/auth$/);

    await confirmEmail(page, account.email);
    await signIn(page, account.email, account.password);
    await expect(page.getByRole("heading", { name: "Your Sites" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu du compte" })).toBeVisible();
  });

  test("the sign-up button reads 'Inscription en cours...' while the request runs", async ({ page, account }) => {
    await open(page, "/auth");
    await fillSignUp(page, account);
    // Hold the request a moment so that the busy state can be seen.
    await page.route("**/auth*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByRole("button", { name: "S'inscrire" }).click();
    await expect(page.getByRole("button", { name: "Inscription en cours..." })).toBeDisabled();
    await expectToast(page, "Inscription réussie");
  });
});

test.describe("signing in and out", () => {
  test("a signed-in person stays signed in across reloads", async ({ signedInPage: page, account }) => {
    await page.reload();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Menu du compte" })).toBeVisible();
    await open(page, "/profile");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("main")).toContainText(account.email);
  });

  test.describe("with an account made for the story", () => {
    test.use(ACCOUNT_MADE_FOR_THE_STORY);

    test("a person who types a wrong password is refused with a clear reason", async ({ signedInPage: page, account, consoleGuard }) => {
      consoleGuard.allow(failedResource(400));
      await signOut(page);
      await open(page, "/auth");
      await submitSignIn(page, account.email, `${account.password}-wrong`);
      await expectToast(page, "Erreur de connexion", "E-mail ou mot de passe incorrect.");
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
    });

    test("a signed-in person can sign out from the avatar menu and lands on the home page", async ({ signedInPage: page }) => {
      await signOut(page);
      await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Menu du compte" })).toHaveCount(0);
      // The session is really gone.
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/auth$/);
    });

    test("a signed-in person opening /auth is sent to /dashboard", async ({ signedInPage: page }) => {
      await open(page, "/tone-articles");
      await page.goto("/auth");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { name: "Your Sites" })).toBeVisible();
      // The redirect replaced /auth in the history: going back returns to the page before.
      await page.goBack();
      await expect(page).toHaveURL(/\/tone-articles$/);
    });
  });

  test("a client address that keeps failing to sign in is slowed down", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResource(400), failedResource(429));
    await open(page, "/auth");
    const statuses: number[] = [];
    // Different addresses each time: this is the limit per client address (10 a minute).
    for (let attempt = 0; attempt < 11; attempt++) {
      await page.getByLabel("Email").fill(uniqueEmail("ratelimit"));
      await page.getByLabel("Mot de passe", { exact: true }).fill("not-the-password");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Se connecter" }).click(),
      ]);
      statuses.push(response.status());
      await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    await expectToast(page, "Erreur de connexion", "Trop de tentatives");
  });
});

test.describe("a stranger guessing passwords", () => {
  test("locks the account for unknown browsers, with the wait in French, but not the owner's browser", async ({
    signedInPage: page,
    account,
    openContext,
    playwright,
    baseURL,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(429));
    await signOut(page);
    // Ten wrong passwords on better-auth's own endpoint, each from another address.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    for (let i = 0; i < 10; i++) {
      const answer = await api.post("/api/auth/sign-in/email", {
        data: { email: account.email, password: `guess-${i}` },
        headers: { "X-Forwarded-For": `10.250.${i}.${Math.floor(Math.random() * 250) + 1}` },
      });
      expect(answer.status()).toBe(401);
    }
    await api.dispose();

    // A browser that never signed in to the account waits, even with the right password.
    const stranger = await openContext();
    await open(stranger.page, "/auth");
    await submitSignIn(stranger.page, account.email, account.password);
    await expectToast(stranger.page, "Erreur de connexion", /Trop de tentatives\. Réessayez dans 1[45] minutes\./);
    await expect(stranger.page).toHaveURL(/\/auth$/);

    // The owner's browser, which signed in before, still gets in.
    await signIn(page, account.email, account.password);
  });
});

test.describe("recovering a forgotten password", () => {
  test.use(ACCOUNT_MADE_FOR_THE_STORY);

  test("a person can reset a forgotten password by e-mail; the old one stops working", async ({
    signedInPage: page,
    account,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(400));
    await signOut(page);
    await open(page, "/auth");

    await page.getByRole("link", { name: "Mot de passe oublié?" }).click();
    await expect(page.getByRole("heading", { name: "Mot de passe oublié" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    const since = Date.now();
    await page.getByRole("button", { name: "Envoyer le lien de réinitialisation" }).click();
    await expectToast(page, "Email envoyé", "Vérifiez votre boîte mail pour réinitialiser votre mot de passe");
    // After a successful send the screen goes back to sign-in.
    await expect(authTab(page, "Connexion")).toHaveAttribute("aria-current", "page");

    const link = await waitForEmailLink(account.email, "reset", { since });
    expect(link).toContain("/auth/update-password?token=");
    await page.goto(link);
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/auth\/update-password\?token=/);
    await expect(page.getByRole("heading", { name: "Nouveau mot de passe" })).toBeVisible();

    // The confirmation must match, checked before any request.
    const newPassword = `${account.password}-new`;
    await page.getByLabel("Nouveau mot de passe").fill(newPassword);
    await page.getByLabel("Confirmer le mot de passe").fill(`${newPassword}-typo`);
    const writes = watchWrites(page);
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expectToast(page, "Erreur", "Les mots de passe ne correspondent pas");
    await page.waitForTimeout(300);
    expect(writes).toEqual([]);

    await page.getByLabel("Confirmer le mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Succès", "Votre mot de passe a été mis à jour");
    await waitForHydration(page);

    await signOut(page);
    await open(page, "/auth");
    await submitSignIn(page, account.email, account.password);
    await expectToast(page, "Erreur de connexion", "E-mail ou mot de passe incorrect.");
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, account.email, newPassword);
  });

  test("'Retour à la connexion' leaves the reset mode", async ({ page }) => {
    await open(page, "/auth");
    await page.getByRole("link", { name: "Mot de passe oublié?" }).click();
    await expect(page.getByRole("button", { name: "Envoyer le lien de réinitialisation" })).toBeVisible();
    await page.getByRole("link", { name: "Retour à la connexion" }).click();
    await expect(authTab(page, "Connexion")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  });
});

test.describe("changing the password while signed in", () => {
  test.use(ACCOUNT_MADE_FOR_THE_STORY);

  test("a signed-in person needs the current password; the change signs out every other browser", async ({
    signedInPage: page,
    account,
    openContext,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(400));
    // The same account, signed in on another browser.
    const other = await openContext();
    await signIn(other.page, account.email, account.password);

    await open(page, "/auth/update-password");
    await expect(page.getByRole("heading", { name: "Nouveau mot de passe" })).toBeVisible();
    const newPassword = `${account.password}-new`;
    await page.getByLabel("Mot de passe actuel").fill(`${account.password}-wrong`);
    await page.getByLabel("Nouveau mot de passe").fill(newPassword);
    await page.getByLabel("Confirmer le mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expectToast(page, "Erreur", "Le mot de passe actuel est incorrect.");
    await expect(page.getByLabel("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth\/update-password$/);

    await page.getByLabel("Mot de passe actuel").fill(account.password);
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Succès", "Votre mot de passe a été mis à jour");
    // This browser stays signed in; the other one is signed out.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await other.page.goto("/dashboard");
    await expect(other.page).toHaveURL(/\/auth$/);
    await signIn(other.page, account.email, newPassword);
  });
});

test.describe("the route table's redirects", () => {
  test("/login and /signup lead to /auth, on the 'Connexion' and 'Inscription' tabs", async ({ page }) => {
    await open(page, "/login");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(authTab(page, "Connexion")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();

    await open(page, "/signup");
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(authTab(page, "Inscription")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "S'inscrire" })).toBeVisible();
    // The other tab is one click away.
    await authTab(page, "Connexion").click();
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  });

  test("a signed-out visitor opening a signed-in screen lands on /auth", async ({ page }) => {
    for (const path of ["/sites", "/dashboard", "/profile", "/settings", "/notifications", "/tone-articles"]) {
      await page.goto(path);
      await expect(page, `opening ${path}`).toHaveURL(/\/auth$/);
    }
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  });

  test("an unknown confirmation link is refused", async ({ page }) => {
    await page.goto("/auth/confirm?token=not-a-token");
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, "Erreur", "invalide ou a expiré");
  });
});

test("the tabs of /auth work before the page's script has run: they are links (issue 37, item 8)", async ({ browser, baseURL }) => {
  // No script at all stands for the first seconds on a slow phone or network, before the page hydrates.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/auth");
    const tabs = page.getByRole("navigation", { name: "Connexion ou inscription" });
    await expect(tabs.getByRole("link", { name: "Connexion" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Inscription" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(tabs.getByRole("link", { name: "Inscription" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "S'inscrire" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Se connecter" })).toHaveCount(0);

    await tabs.getByRole("link", { name: "Connexion" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole("link", { name: "Mot de passe oublié?" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=reset$/);
    await expect(page.getByRole("button", { name: "Envoyer le lien de réinitialisation" })).toBeVisible();
    await page.getByRole("link", { name: "Retour à la connexion" }).click();
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("an unknown password-reset link says it is invalid and leads back to sign-in", async ({ page }) => {
  await open(page, "/auth/update-password?token=unknown-token");
  await expect(page.getByRole("heading", { name: "Lien invalide ou expiré" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la connexion" })).toHaveAttribute("href", "/auth");
});

test("the sign-in screen paints before it asks for any script, then turns interactive (issue 13)", async ({ page }) => {
  await open(page, "/auth");
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { paint, scripts };
  });
  expect(timings.paint).toBeGreaterThan(0);
  // The modules it hydrates with all came, and none was asked for before the text was on screen.
  expect(timings.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timings.scripts)).toBeGreaterThanOrEqual(timings.paint);
  // Hydrated: the tabs answer a click without a document load (the page's own state survives it).
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const documents: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
  await authTab(page, "Inscription").click();
  await expect(page.getByRole("button", { name: "S'inscrire" })).toBeVisible();
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
