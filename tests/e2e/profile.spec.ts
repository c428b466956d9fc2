/** /profile (spec part 2, French): 'Votre Profil', avatar, display name rule, e-mail and the LinkedIn card. */
import fs from "node:fs";
import { expect, test } from "./support/fixtures";
import { freePort, makeDataDir, startServer } from "./support/server";
import { open } from "./support/ui";
import { createSignedInAccount, newAccount, signUpConfirmAndSignIn } from "./support/users";

test("shows the full name, the e-mail, the e-mail's first letter as avatar, and that LinkedIn is not configured", async ({
  signedInPage: page,
  account,
}) => {
  await open(page, "/profile");
  await expect(page).toHaveTitle(/Votre Profil/);
  await expect(page.getByRole("heading", { name: "Votre Profil", level: 1 })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("Camille Dupont");
  await expect(page.getByTestId("profile-email")).toHaveText(account.email);
  await expect(page.getByTestId("profile-avatar")).toHaveText(account.email[0].toUpperCase());

  // The run's server has no LinkedIn application: the card says so in the client's words (no server setting
  // named), with no button to press.
  const card = page.locator("[data-slot=card]").filter({ hasText: "Connectez votre compte LinkedIn" });
  await expect(card.getByRole("heading", { name: "Connectez votre compte LinkedIn" })).toBeVisible();
  await expect(card).toContainText("La connexion à LinkedIn n'est pas encore disponible.");
  await expect(card).toContainText("Elle vous sera proposée ici dès que notre équipe l'aura activée.");
  await expect(card).not.toContainText("LINKEDIN_CLIENT");
  await expect(card.getByRole("button")).toHaveCount(0);
});

test("without a full name, the display name is the part of the e-mail before the @", async ({ page }) => {
  // The name comes from the sign-up: through the form, as a person without a full name signs up.
  const account = await signUpConfirmAndSignIn(page, newAccount({ prefix: "sans-nom" }));
  await open(page, "/profile");
  await expect(page.getByTestId("profile-name")).toHaveText(account.email.split("@")[0]);
  await expect(page.getByTestId("profile-email")).toHaveText(account.email);
  await expect(page.getByTestId("profile-avatar")).toHaveText("S");
});

test("a visitor is sent to /auth", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth$/);
});

// A server of its own with (fake) LinkedIn credentials; LinkedIn itself is stubbed in the browser.
test("with LinkedIn configured, the button starts better-auth's link flow, and a failed link gives a French toast", async ({
  browser,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const dataDir = makeDataDir("linkedin");
  const server = await startServer({
    port,
    dataDir,
    env: { LINKEDIN_CLIENT_ID: "test-client-id", LINKEDIN_CLIENT_SECRET: "test-client-secret" },
  });
  const context = await browser.newContext({
    baseURL: server.url,
    locale: "fr-FR",
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  try {
    const page = await context.newPage();
    await createSignedInAccount(page, newAccount({ fullName: "Lina Kedin" }));
    let target = "";
    await page.route(/linkedin\.com/, async (route) => {
      target = route.request().url();
      await route.fulfill({ status: 200, contentType: "text/html", body: "<main>LinkedIn</main>" });
    });
    await open(page, "/profile");
    const card = page.locator("[data-slot=card]").filter({ hasText: "Connectez votre compte LinkedIn" });
    await expect(card).not.toContainText("n'est pas encore disponible");
    await card.getByRole("button", { name: "Connecter LinkedIn" }).click();
    // The browser arrives at (the stub of) LinkedIn's authorization page before the next step.
    await page.waitForURL(/linkedin\.com\/oauth/);
    expect(target).toContain("linkedin.com/oauth");
    expect(new URL(target).searchParams.get("client_id")).toBe("test-client-id");
    expect(new URL(target).searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/linkedin`);

    await open(page, "/profile?error=email_does_not_match");
    await expect(page.getByText("L'adresse e-mail de votre compte LinkedIn ne correspond pas à celle de votre compte.")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
