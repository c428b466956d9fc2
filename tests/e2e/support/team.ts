/**
 * Team members for the console's stories (issue 14), made as the README says: the account comes from the command
 * line (`npm run team:add`, with the server stopped: PGlite allows one process), then the person chooses a password
 * through the e-mailed link and turns on two-factor sign-in before anything else of the console.
 *
 *   const port = await freePort();
 *   const dataDir = makeDataDir("team");
 *   await addTeamAccountFromCli(port, dataDir, email, "admin");   // before the server starts
 *   server = await startServer({ port, dataDir });
 *   const { page } = await openContext({ baseURL: server.url });
 *   const member = await setUpTeamMember(page, email, { dataDir }); // signed in, on /team
 *   // another browser, later: await signInTeamMember(other, member);
 *
 * team-console.spec.ts tells the same steps one by one, with their refusals; this file only walks the happy path.
 *
 * The stories that are not about making a team account take the fast way, on any server of the run:
 *
 *   const member = await createTeamMember(page, "admin");           // signed in, two-factor on, on /team
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { waitForEmailLink } from "./mail";
import { APP_ROOT, NODE_FLAGS_FOR_PGLITE, serverEnv } from "./server";
import { totpCode } from "./totp";
import { expectToast, open, waitForHydration } from "./ui";
import { createSignedInAccount, newAccount, submitSignIn } from "./users";

export type TeamRole = "admin" | "team";

/** The password the team members of these stories choose (at least as long as the app asks). */
export const TEAM_PASSWORD = "une phrase de passe de l'équipe";

/** A team member with two-factor sign-in on: what they need to sign in again elsewhere. */
export type TeamMemberLogin = {
  email: string;
  password: string;
  /** The base32 key the set-up screen showed (what the phone's app keeps): `totpCode(key)` is the code. */
  key: string;
  /** The ten backup codes the set-up screen showed, each good once. */
  backupCodes: string[];
};

/**
 * `npm run team:add -- <email> <role>` against DATA_DIR `dataDir`: makes the team account and e-mails the link to
 * choose a password (into `dataDir`/outbox). Run it while no server holds `dataDir` (before `startServer`, or
 * after `server.stop()`). `port` is the one the server will listen on: the link is made from it (PUBLIC_URL).
 * Returns what the command printed.
 */
export async function addTeamAccountFromCli(port: number, dataDir: string, email: string, role: TeamRole = "team"): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...NODE_FLAGS_FOR_PGLITE, "--import", "tsx", "scripts/team-add.ts", email, role],
    {
      cwd: APP_ROOT,
      env: serverEnv(port, dataDir),
    },
  );
  expect(stdout, "what team:add printed").toContain(`is now ${role === "admin" ? "an admin" : "a team member"}.`);
  return stdout;
}

/** The two-factor set-up screen (/team/two-factor), from its password step to the console's home. */
async function turnOnTwoFactor(page: Page, password: string): Promise<{ key: string; backupCodes: string[] }> {
  await expect(page).toHaveURL(/\/team\/two-factor$/);
  await waitForHydration(page);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("img", { name: "Code QR à scanner avec l'application d'authentification" })).toBeVisible();
  const key = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = await page.getByRole("list", { name: "Codes de secours" }).getByRole("listitem").allTextContents();
  expect(backupCodes, "the backup codes").toHaveLength(10);
  await page.getByLabel("3. Code affiché par l'application").fill(totpCode(key));
  await page.getByRole("button", { name: "Activer" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expectToast(page, "Connexion en deux étapes activée");
  return { key, backupCodes };
}

/**
 * The first steps of a team account made by `addTeamAccountFromCli`, in `page` (whose baseURL is the running
 * server of `dataDir`): follows the newest e-mailed link, chooses `password`, sets up two-factor sign-in with the
 * key the screen shows. Ends signed in, on the console's home (/team), hydrated.
 */
export async function setUpTeamMember(
  page: Page,
  email: string,
  options: { dataDir: string; password?: string },
): Promise<TeamMemberLogin> {
  const password = options.password ?? TEAM_PASSWORD;
  await open(page, await waitForEmailLink(email, "reset", { dataDir: options.dataDir }));
  await page.getByLabel("Nouveau mot de passe").fill(password);
  await page.getByLabel("Confirmer le mot de passe").fill(password);
  await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
  const { key, backupCodes } = await turnOnTwoFactor(page, password);
  await expect(page.getByRole("heading", { name: "Console de l'équipe", level: 1 })).toBeVisible();
  await waitForHydration(page);
  return { email, password, key, backupCodes };
}

/**
 * Signs a team member (two-factor on) in, in another browser: the password, then the app's code. Ends on /team.
 */
export async function signInTeamMember(page: Page, member: Pick<TeamMemberLogin, "email" | "password" | "key">) {
  await open(page, "/auth");
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await waitForHydration(page);
  await page.getByLabel("Code de vérification").fill(totpCode(member.key));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await waitForHydration(page);
}

/**
 * A team account made through the server's test-only sign-in route (with `role`, as `npm run team:add` gives
 * it) and signed in in `page`, whose two-factor sign-in is then turned on through better-auth's own endpoints
 * (the set-up screen's two steps: the password, then the app's code). Ends on the console's home (/team),
 * hydrated: what `setUpTeamMember` reaches through the e-mailed link and the screens, in a fraction of the time.
 */
export async function createTeamMember(page: Page, role: TeamRole = "team", fullName = "Équipe Test"): Promise<TeamMemberLogin> {
  const account = await createSignedInAccount(page, newAccount({ fullName, prefix: role }), { startOn: null, role });
  // As the browser sends them: better-auth refuses a request that carries a session cookie without an Origin.
  const headers = { Origin: account.origin };
  const enabled = await page.request.post("/api/auth/two-factor/enable", { headers, data: { password: account.password } });
  expect(enabled.status(), `two-factor/enable answered: ${await enabled.text()}`).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const key = new URL(totpURI).searchParams.get("secret")!;
  const verified = await page.request.post("/api/auth/two-factor/verify-totp", { headers, data: { code: totpCode(key) } });
  expect(verified.status(), `two-factor/verify-totp answered: ${await verified.text()}`).toBe(200);
  await open(page, "/team");
  await expect(page.getByRole("heading", { name: "Console de l'équipe", level: 1 })).toBeVisible();
  await waitForHydration(page);
  return { email: account.email, password: account.password, key, backupCodes };
}
