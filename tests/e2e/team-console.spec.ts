/**
 * Issue 14, who is who, as the README says it: the first admin is made from the command line (with the server
 * stopped: PGlite allows one process), chooses a password through the e-mailed link, must set up two-factor
 * sign-in before anything else of the console, and signs in with a code from then on. A client and a visitor
 * get the same 404 as any unknown address. A server of its own (own DATA_DIR).
 */
import fs from "node:fs";
import { expect, failedResource, test } from "./support/fixtures";
import { waitForEmailLink } from "./support/mail";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { addTeamAccountFromCli } from "./support/team";
import { totpCode } from "./support/totp";
import { expectToast, open, waitForHydration } from "./support/ui";
import { createSignedInAccount, newAccount, submitSignIn, uniqueEmail } from "./support/users";

test.describe.configure({ timeout: 120_000 });

let server: RunningServer | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

const PASSWORD = "une phrase de passe de l'équipe";

test("the first admin is made from the command line, sets up two-factor sign-in, then signs in with a code", async ({
  openContext,
  consoleGuard,
}) => {
  // A wrong password or code answers 400; a client's and a visitor's tries answer 404, as any unknown address does.
  consoleGuard.allow(failedResource(400), failedResource(404));
  const port = await freePort();
  dataDir = makeDataDir("team");
  const email = uniqueEmail("admin");

  // 1. npm run team:add -- <e-mail> admin, with the server stopped.
  const cli = await addTeamAccountFromCli(port, dataDir, email, "admin");
  expect(cli).toContain(`Account created: ${email} is now an admin.`);
  server = await startServer({ port, dataDir });

  // 2. The e-mailed link: choose a password; the console then asks for two-factor sign-in first.
  const { page } = await openContext({ baseURL: server.url });
  await open(page, await waitForEmailLink(email, "reset", { dataDir }));
  await page.getByLabel("Nouveau mot de passe").fill(PASSWORD);
  await page.getByLabel("Confirmer le mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
  await expect(page).toHaveURL(/\/team\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Connexion en deux étapes", level: 1 })).toBeVisible();
  // Nothing else of the console before that.
  await open(page, "/team");
  await expect(page).toHaveURL(/\/team\/two-factor$/);

  // 3. Set-up: the password, then the QR code, the key and ten backup codes; a wrong code is refused.
  await waitForHydration(page);
  await page.getByLabel("Mot de passe").fill("not my password");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Le mot de passe est incorrect.").first()).toBeVisible();
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("img", { name: "Code QR à scanner avec l'application d'authentification" })).toBeVisible();
  const key = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = await page.getByRole("list", { name: "Codes de secours" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  await page.getByLabel("3. Code affiché par l'application").fill("000000" === totpCode(key) ? "111111" : "000000");
  await page.getByRole("button", { name: "Activer" }).click();
  await expect(page.getByText(/Ce code n'est pas valide/).first()).toBeVisible();
  await page.getByLabel("3. Code affiché par l'application").fill(totpCode(key));
  await page.getByRole("button", { name: "Activer" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expectToast(page, "Connexion en deux étapes activée");
  await expect(page.getByRole("heading", { name: "Console de l'équipe", level: 1 })).toBeVisible();
  await expect(page.getByText("Demandes de premier article sans client")).toBeVisible();

  // The audit log has both steps: the role given by the command line, two-factor turned on by the admin.
  await page.getByRole("link", { name: "Journal" }).click();
  await expect(page).toHaveURL(/\/team\/audit$/);
  const log = page.getByRole("table", { name: "Journal de l'équipe" });
  await expect(log.getByRole("row").filter({ hasText: "Rôle attribué" })).toContainText("ligne de commande");
  await expect(log.getByRole("row").filter({ hasText: "Connexion en deux étapes activée" })).toContainText(email);
  await page.getByLabel("Action").selectOption({ label: "Rôle attribué" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/action=role\.set/);
  await expect(log.getByRole("row")).toHaveCount(2); // the header and one line

  // 4. Another browser: the password leads to the code; a backup code works once.
  const other = (await openContext({ baseURL: server.url })).page;
  await open(other, "/auth");
  await submitSignIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/auth\/two-factor$/);
  await waitForHydration(other);
  await other.getByRole("link", { name: "Utiliser un code de secours" }).click();
  await expect(other).toHaveURL(/\/auth\/two-factor\?backup=1$/);
  await other.getByLabel("Code de secours").fill(backupCodes[0]!);
  await other.getByRole("button", { name: "Vérifier" }).click();
  await expect(other).toHaveURL(/\/team$/);
  await expectToast(other, "Connecté", "Vous êtes maintenant connecté");

  // 5. A third browser, with the app's code.
  const third = (await openContext({ baseURL: server.url })).page;
  await open(third, "/auth");
  await submitSignIn(third, email, PASSWORD);
  await expect(third).toHaveURL(/\/auth\/two-factor$/);
  await waitForHydration(third);
  // A wrong code is said as such (better-auth answers it 401, which is not an expired sign-in).
  await third.getByLabel("Code de vérification").fill(totpCode(key) === "123456" ? "654321" : "123456");
  await third.getByRole("button", { name: "Vérifier" }).click();
  await expect(third.getByText(/^Ce code n'est pas valide/).first()).toBeVisible();
  await expect(third).toHaveURL(/\/auth\/two-factor$/);
  await third.getByLabel("Code de vérification").fill(totpCode(key));
  await third.getByRole("button", { name: "Vérifier" }).click();
  await expect(third).toHaveURL(/\/team$/);

  // 6. A client and a visitor: the same 404 as an unknown address, on every console address.
  const client = (await openContext({ baseURL: server.url })).page;
  await createSignedInAccount(client, newAccount({ fullName: "Claire Client" }));
  const visitor = (await openContext({ baseURL: server.url })).page;
  for (const who of [client, visitor]) {
    expect((await who.goto("/no-such-address"))?.status()).toBe(404);
    const unknownAddress = await who.locator("main").innerText();
    for (const path of ["/team", "/team/two-factor"]) {
      const response = await who.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await who.locator("main").innerText(), path).toBe(unknownAddress);
      await expect(who.getByText("Console de l'équipe")).toHaveCount(0);
    }
  }
  // The code step without a right password first leads back to the sign-in screen.
  await visitor.goto("/auth/two-factor");
  await expect(visitor).toHaveURL(/\/auth$/);
  await waitForHydration(visitor);
  // The browsers close before this test's server stops (afterEach), so that no page is left loading from it.
  for (const each of [page, other, third, client, visitor]) await each.context().close();
});
