/**
 * Issue 14, the console's work queue, demo articles and accounts ("done when" steps): two stories, each with a
 * server of its own (own DATA_DIR) and an admin with two-factor sign-in on (team-console.spec.ts tells how one is made).
 *
 * 1. With a fake OpenRouter that reports usage and cost (tests/fakes/openrouter.ts): a client makes a site; the
 *    admin adds pages on it and queues articles. /team/work lists the requests under the client's site: one
 *    written (its cost, "0,0015 $"), one refused by the provider (failed, its reason), one rate-limited (queued
 *    again in an hour); the OpenRouter card says it is configured, with its last error and its failures. The
 *    failed one is retried and written, the rate-limited one cancelled. A written page becomes a demo article
 *    from /team/demo: '/' lists it at once (the server's kept copy is dropped), then no longer once it is taken off. Audited.
 * 2. Without OPENROUTER_API_KEY: the OpenRouter card says what to set and a client's article request waits for a
 *    provider, then is cancelled. The admin finds the client in /team/accounts, sees the product as them (the
 *    bar at the bottom, the way back to the account's page), bans them (asked first; the client's session is
 *    closed and they cannot sign in), then lifts the ban (they can). Audited.
 */
import fs from "node:fs";
import type { BrowserContextOptions, Locator, Page } from "@playwright/test";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { fakeWriter } from "../fakes/writer";
import { expect, failedResource, test } from "./support/fixtures";
import { pngFile } from "./support/images";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { siteCard, siteIdOf } from "./support/sites";
import { createTeamMember } from "./support/team";
import { expectToast, open, waitForHydration } from "./support/ui";
import { createSignedInAccount, newAccount, submitSignIn } from "./support/users";
import { versionsPath } from "./support/versions";

test.describe.configure({ timeout: 240_000 });

/** The model create_article asks for (ARTICLE_MODEL): the fake's script is per model. */
const ARTICLE_MODEL = "fake/article-writer";

let server: RunningServer | undefined;
let dataDir: string | undefined;
let openRouter: FakeOpenRouter | undefined;

test.afterEach(async ({}, testInfo) => {
  if (server && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach("server output", { body: server.output(), contentType: "text/plain" });
  await server?.stop();
  await openRouter?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
  openRouter = undefined;
});

type OpenContext = (options?: BrowserContextOptions) => Promise<{ page: Page }>;

/** A server of this test's own with an admin (two-factor on), signed in on /team in `page`. */
async function serverWithAdmin(openContext: OpenContext, tag: string, env: NodeJS.ProcessEnv) {
  dataDir = makeDataDir(tag);
  server = await startServer({ port: await freePort(), dataDir, env });
  const { page } = await openContext({ baseURL: server.url });
  const { email: adminEmail } = await createTeamMember(page, "admin");
  return { page, adminEmail, url: server.url, dir: dataDir };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The table of every request on /team/work (not the stuck ones' table). */
const workTable = (page: Page) => page.getByRole("table", { name: "Travaux", exact: true });
const workRows = (page: Page) => workTable(page).locator("tbody tr");
const workBar = (page: Page) => page.getByRole("group", { name: "Actions sur la sélection (Travaux)", exact: true });

/** A provider's card on /team/work, by its name. */
const providerCard = (page: Page, name: string): Locator =>
  page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

/** A line of /team/audit whose action reads `label`. */
const auditRows = (page: Page, label: string) =>
  page
    .getByRole("table", { name: "Journal de l'équipe" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: label, exact: true }) });

/** Reloads `page` until `check` passes (the screens do not refresh by themselves). */
async function untilAfterReload(page: Page, check: () => Promise<void>, timeout = 30_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [500, 1000, 1000, 2000] });
}

/** A client makes a site through the 'Add Site' dialog; returns its id and the name it gets (the address). */
async function clientMakesSite(client: Page, host: string): Promise<number> {
  await open(client, "/sites");
  await client.getByRole("button", { name: "Add Site" }).click();
  const dialog = client.getByRole("dialog", { name: "Add a new site" });
  await expect(dialog.getByRole("combobox", { name: "Country" })).toBeEnabled();
  await dialog.getByLabel("Site URL").fill(`https://${host}`);
  await dialog.getByLabel("Logo").setInputFiles(pngFile());
  await dialog.getByRole("button", { name: "Create site" }).click();
  await expectToast(client, "Success", `Site ${host} created successfully.`);
  await expect(siteCard(client, host)).toBeVisible();
  return siteIdOf(client, host);
}

test("the work queue shows the client's article requests with their cost, retries and cancels them; a written page becomes a demo article on '/'", async ({
  openContext,
  consoleGuard,
}) => {
  // Cancelling a finished request is refused (400, with its toast).
  consoleGuard.allow(failedResource(400));
  openRouter = await startFakeOpenRouter();
  openRouter.answer = fakeWriter;
  // The batch's articles are written one after the other: the first is written, the second refused (a permanent
  // failure), the third rate-limited for an hour (last: a batch's item waits for the earlier ones); then all are written.
  openRouter.script.set(ARTICLE_MODEL, [{}, { status: 400 }, { status: 429, headers: { "Retry-After": "3600" } }]);
  const { page, url } = await serverWithAdmin(openContext, "work", {
    OPENROUTER_API_KEY: openRouter.apiKey,
    OPENROUTER_BASE_URL: openRouter.baseUrl,
    ARTICLE_MODEL,
  });

  // The client's site, made by the client.
  const tag = Date.now().toString(36);
  const siteName = `jardinerie-${tag}.example`;
  const { page: client } = await openContext({ baseURL: url });
  const clientAccount = await createSignedInAccount(client, newAccount({ fullName: "Paule Jardin" }));
  const siteId = await clientMakesSite(client, siteName);

  // 1. The admin opens the client's site from the console, adds three pages and queues their articles.
  await open(page, "/team/sites");
  await page.getByRole("table", { name: "Sites des clients" }).getByRole("link", { name: siteName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/team/sites/${siteId}$`));
  await waitForHydration(page);
  await page.getByRole("link", { name: "Ouvrir le site" }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}$`));
  await expect(page.getByTestId("whose-site").filter({ visible: true })).toContainText("Site de Paule Jardin");
  // The client wants the articles without an outline to approve first: the team sets it in the site's brief.
  await page.getByRole("link", { name: "Brief" }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/brief$`));
  await waitForHydration(page);
  await page.getByLabel("Écrire l'article directement").check();
  await page.getByRole("button", { name: "Enregistrer le brief" }).click();
  await expectToast(page, "Brief enregistré");
  await open(page, `/sites/${siteId}/pages`);
  const pageNames = ["Tailler les rosiers", "Semer des tomates", "Pailler le potager"];
  for (const [i, name] of pageNames.entries()) {
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByRole("dialog", { name: "New page" });
    await dialog.getByLabel("Page name").fill(name);
    await dialog.getByLabel("Page URL").fill(`/conseils/page-${i + 1}`);
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expectToast(page, "Page created");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  const pagesTable = page.getByRole("region", { name: "Pages table" });
  for (const name of pageNames) {
    await pagesTable
      .locator("tbody tr")
      .filter({ has: page.getByRole("link", { name, exact: true }) })
      .getByRole("checkbox")
      .click();
  }
  const batch = page.getByRole("region", { name: "Batch actions" });
  await expect(batch).toContainText("3 pages selected");
  await batch.getByRole("button", { name: "Create articles" }).click();
  await expectToast(page, "Success", "3 page actions created successfully.");

  // 2. /team/work: the three requests under the client's site, once the worker has been through them.
  await open(page, "/team/work");
  await expect(page.getByRole("heading", { name: "Travaux en file", level: 1 })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filtres des travaux" });
  await filters.getByLabel("Type").selectOption({ label: "Création d'article" });
  await filters.getByLabel("Site ou page").fill(siteName);
  await filters.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/\/team\/work\?.*kind=create_article.*&q=jardinerie-/);
  const failed = workRows(page).filter({ hasText: "Échec" });
  const done = workRows(page).filter({ hasText: "Terminé" });
  const later = workRows(page).filter({ hasText: "Nouvel essai après" });
  await untilAfterReload(page, async () => {
    await expect(workRows(page)).toHaveCount(3, { timeout: 1000 });
    await expect(failed).toHaveCount(1, { timeout: 1000 });
    await expect(done).toHaveCount(1, { timeout: 1000 });
    await expect(later).toHaveCount(1, { timeout: 1000 });
  });
  await expect(page.getByText("3 travaux.", { exact: true })).toBeVisible();
  for (let i = 0; i < 3; i += 1) {
    const row = workRows(page).nth(i);
    await expect(row).toContainText("Création d'article");
    await expect(row.getByRole("link", { name: siteName, exact: true })).toBeVisible();
  }
  // Written: one attempt, its duration and cost (the tokens in the cell's title); the page has its version now.
  await expect(done.locator("td").nth(4)).toHaveText("1");
  await expect(done.locator("td").nth(7)).toHaveText("0,0015 $");
  await expect(done.locator("td").nth(7)).toHaveAttribute("title", "40 + 60 jetons");
  await expect(done.locator("td").nth(6)).not.toHaveText("—");
  const writtenPage = (await done.locator("td").nth(2).getByRole("link").nth(1).textContent())!.trim();
  expect(pageNames).toContain(writtenPage);
  // Refused: failed at once with the provider's reason, no cost; rate-limited: queued again, no cost yet.
  await expect(failed).toContainText("OpenRouter refused the request for fake/article-writer (400)");
  await expect(failed.locator("td").nth(7)).toHaveText("—");
  await expect(later).toContainText("En file");
  await expect(later).toContainText("OpenRouter answered 429 for fake/article-writer (rate limited)");
  await expect(page.getByRole("heading", { name: /^Bloqués/ })).toHaveCount(0);
  // The provider's card: configured, its last success and last error, half of what ended in the last hour failed.
  const card = providerCard(page, "OpenRouter");
  await expect(card.getByText("Configuré", { exact: true })).toBeVisible();
  await expect(card).not.toContainText("À régler");
  await expect(card).not.toContainText("Dernier succès : aucun");
  await expect(card).toContainText(/Dernière erreur : .*OpenRouter answered 429/);
  await expect(card).toContainText("Échecs (dernière heure) : 50 % de 2");

  // The site's link narrows the list to the site.
  await waitForHydration(page);
  await done.getByRole("link", { name: siteName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/team/work\\?site=${siteId}$`));
  await expect(page.getByText(`Site : ${siteName}.`)).toBeVisible();
  await expect(workRows(page)).toHaveCount(3);

  // 3. The failed one is retried (and written), the rate-limited one cancelled.
  await waitForHydration(page);
  await expect(workBar(page).getByRole("button", { name: "Relancer" })).toBeDisabled();
  const failedId = (await failed.getByRole("checkbox").getAttribute("value"))!;
  await failed.getByRole("checkbox").check();
  await expect(workBar(page)).toContainText("1 sélectionné");
  await workBar(page).getByRole("button", { name: "Relancer" }).click();
  await expectToast(page, "1 relancé");
  const retried = workRows(page).filter({ has: page.getByRole("checkbox", { name: `Sélectionner le travail ${failedId}` }) });
  await untilAfterReload(page, async () => {
    await expect(retried).toContainText("Terminé", { timeout: 1000 });
  });
  // Retried as new: one attempt, the earlier error gone, its cost.
  await expect(retried.locator("td").nth(4)).toHaveText("1");
  await expect(retried.locator("td").nth(8)).toHaveText("—");
  await expect(retried.locator("td").nth(7)).toHaveText("0,0015 $");
  await waitForHydration(page);
  await later.getByRole("checkbox").check();
  await workBar(page).getByRole("button", { name: "Annuler" }).click();
  await expectToast(page, "1 annulé");
  const cancelled = workRows(page).filter({ hasText: "Annulé" });
  await expect(cancelled).toHaveCount(1);
  await expect(workRows(page).filter({ hasText: "Terminé" })).toHaveCount(2);
  const cancelledPage = (await cancelled.locator("td").nth(2).getByRole("link").nth(1).textContent())!.trim();
  // Cancelling a finished request changes nothing, and says so.
  await waitForHydration(page);
  await done.first().getByRole("checkbox").check();
  await workBar(page).getByRole("button", { name: "Annuler" }).click();
  await expectToast(page, "0 annulé", "1 laissé tel quel (déjà commencé ou fini).");

  // 4. Demo articles: a written page is found by its name and marked; the page without a version says it cannot show.
  await open(page, "/team/demo");
  await expect(page.getByRole("heading", { name: "Articles de démonstration", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pages en démo (0)" })).toBeVisible();
  await page.getByLabel("Page (numéro, nom ou adresse)").fill(cancelledPage);
  await page.getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/\/team\/demo\?q=/);
  const notWritten = page.getByRole("listitem").filter({ hasText: cancelledPage });
  await expect(notWritten).toContainText("Aucune version : absente de l'accueil");
  await expect(notWritten).toContainText(`${siteName} · ${clientAccount.email}`);
  await waitForHydration(page);
  await page.getByLabel("Page (numéro, nom ou adresse)").fill(writtenPage);
  await page.getByRole("button", { name: "Chercher" }).click();
  const found = page.getByRole("listitem").filter({ hasText: writtenPage });
  await expect(found).toHaveCount(1);
  await expect(found).not.toContainText("Aucune version");
  await expect(found.getByRole("link", { name: "Voir la dernière version (nouvel onglet)" })).toHaveAttribute("href", /^\/view\/.+/);

  // A visitor's '/' without it, as the server keeps it for visitors (its `Age` says the copy was kept).
  const { page: visitor } = await openContext({ baseURL: url });
  const demoList = visitor.getByRole("region", { name: "View below some demo articles" });
  await open(visitor, "/");
  await expect(visitor.getByText("Loading demo articles...")).toHaveCount(0);
  await expect(async () => {
    const kept = await visitor.reload();
    expect(kept?.headers()["age"], "the kept copy's Age").toBeDefined();
  }).toPass({ timeout: 10_000 });
  await expect(demoList.getByRole("link", { name: writtenPage })).toHaveCount(0);

  await waitForHydration(page);
  await found.getByRole("button", { name: `Marquer comme démo : ${writtenPage}` }).click();
  await expectToast(page, "Page marquée comme démo", `${writtenPage} apparaît sur l'accueil.`);
  await expect(page.getByRole("heading", { name: "Pages en démo (1)" })).toBeVisible();
  const demoLine = page.getByRole("region", { name: "Pages en démo (1)" }).getByRole("listitem");
  await expect(demoLine).toContainText(writtenPage);
  await expect(demoLine.getByText("Démo", { exact: true })).toBeVisible();

  // '/' lists it at once: the change dropped the server's kept copy. It opens the newest version.
  await visitor.reload();
  await expect(demoList.getByRole("link", { name: writtenPage })).toBeVisible();
  await expect(demoList.getByRole("link", { name: writtenPage })).toHaveAttribute("href", /^\/view\/.+/);
  await expect(demoList.getByText(cancelledPage)).toHaveCount(0);

  // Taken off: gone from the console's list, then from '/'.
  await waitForHydration(page);
  await demoLine.getByRole("button", { name: `Retirer des démos : ${writtenPage}` }).click();
  await expectToast(page, "Page retirée des démos");
  await expect(page.getByRole("heading", { name: "Pages en démo (0)" })).toBeVisible();
  await expect(found.getByRole("button", { name: `Marquer comme démo : ${writtenPage}` })).toBeVisible();
  await expect(found.getByText("Démo", { exact: true })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText("Loading demo articles...")).toHaveCount(0);
  await expect(demoList.getByRole("link", { name: writtenPage })).toHaveCount(0);

  // 5. The audit log: the retry, the cancel, the demo set and cleared, each by the admin.
  await open(page, "/team/audit");
  for (const label of ["Travaux relancés", "Travaux annulés", "Page marquée comme démo", "Page retirée des démos"]) {
    await expect(auditRows(page, label), label).toHaveCount(1);
  }
  await expect(auditRows(page, "Travaux relancés")).toContainText(`travail ${failedId}`);
  for (const each of [page, client, visitor]) await each.context().close();
});

test("without OpenRouter a request waits and is cancelled; an admin finds a client, sees the product as them and comes back, bans them (signed out) and lifts the ban", async ({
  openContext,
  consoleGuard,
}) => {
  // The banned client's sign-in is refused (400); their closed session's requests may be too (401, 403).
  consoleGuard.allow(failedResource(400), failedResource(401), failedResource(403));
  const { page, adminEmail, url } = await serverWithAdmin(openContext, "accounts", { OPENROUTER_API_KEY: "" });

  // A client with a site and a page, who asks for an article.
  const tag = Date.now().toString(36);
  const siteName = `ferronnerie-${tag}.example`;
  const { page: client } = await openContext({ baseURL: url });
  const account = newAccount({ fullName: "Gaspard Forge" });
  await createSignedInAccount(client, account);
  const siteId = await clientMakesSite(client, siteName);
  await open(client, `/sites/${siteId}/pages`);
  await client.getByRole("button", { name: "New page" }).click();
  const dialog = client.getByRole("dialog", { name: "New page" });
  await dialog.getByLabel("Page name").fill("Entretenir un portail");
  await dialog.getByLabel("Page URL").fill("/conseils/portail");
  await dialog.getByRole("button", { name: "Create page" }).click();
  await expectToast(client, "Page created");
  await client.getByRole("link", { name: "Entretenir un portail", exact: true }).click();
  await expect(client).toHaveURL(new RegExp(`/sites/${siteId}/pages/\\d+$`));
  const pageId = Number(new URL(client.url()).pathname.split("/").pop());
  await open(client, versionsPath(siteId, pageId));
  await client.getByRole("button", { name: "Create new page version" }).click();

  // 1. /team/work: OpenRouter is not configured and says what to set; the request waits for it, then is cancelled.
  await open(page, "/team/work");
  const card = providerCard(page, "OpenRouter");
  await expect(card.getByText("Non configuré", { exact: true })).toBeVisible();
  await expect(card).toContainText("À régler : OPENROUTER_API_KEY");
  const request = workRows(page).filter({ hasText: "Entretenir un portail" });
  await untilAfterReload(page, async () => {
    await expect(request).toContainText("En attente d'un fournisseur", { timeout: 1000 });
  });
  // The site approves outlines first: the article's outline is what waits.
  await expect(request).toContainText("Plan d'article");
  await expect(request.getByRole("link", { name: siteName, exact: true })).toBeVisible();
  await expect(request.locator("td").nth(7)).toHaveText("—");
  await waitForHydration(page);
  await request.getByRole("checkbox").check();
  await workBar(page).getByRole("button", { name: "Annuler" }).click();
  await expectToast(page, "1 annulé");
  await expect(request).toContainText("Annulé");

  // 2. /team/accounts: the client, found by e-mail, with their site.
  await open(page, "/team/accounts");
  await page.getByLabel("Rechercher").fill(account.email);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page.getByText("1 compte.", { exact: true })).toBeVisible();
  const line = page.getByRole("table", { name: "Comptes" }).locator("tbody tr");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(account.email);
  await expect(line).toContainText("Client");
  await expect(line).toContainText("Actif");
  await expect(line.locator("td").nth(3)).toHaveText("1");
  await waitForHydration(page);
  await line.getByRole("link", { name: "Gaspard Forge", exact: true }).click();
  await expect(page).toHaveURL(/\/team\/accounts\/[^/]+$/);
  const accountPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Gaspard Forge", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: siteName, exact: true })).toBeVisible();
  const admin = page.locator("[data-slot='card']").filter({ has: page.getByRole("heading", { name: "Administration" }) });
  await expect(admin.getByLabel("Rôle")).toHaveValue("client");

  // 3. The product as the client: their sites, the bar at the bottom; the way back to the account's page.
  await waitForHydration(page);
  await admin.getByRole("button", { name: "Voir le produit comme ce client" }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expectToast(page, "Vous voyez le produit comme ce client");
  const bar = page.getByRole("status").filter({ hasText: "Vous voyez le produit en tant que" });
  await expect(bar).toHaveText(
    new RegExp(
      `Vous voyez le produit en tant que Gaspard Forge \\(${escapeRegExp(account.email)}\\), depuis la console\\.\\s*Revenir à mon compte`,
    ),
  );
  await expect(siteCard(page, siteName)).toBeVisible();
  // The bar stays in view on another screen, and the client's screens do not know the console.
  await open(page, `/sites/${siteId}/pages`);
  await expect(bar).toBeInViewport();
  await expect(page.getByTestId("whose-site")).toHaveCount(0);
  await bar.getByRole("button", { name: "Revenir à mon compte" }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(accountPath)}$`));
  await expectToast(page, "Retour à votre compte", "La session du client est fermée.");
  await expect(page.getByRole("status").filter({ hasText: "Vous voyez le produit en tant que" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Gaspard Forge", level: 1 })).toBeVisible();
  // The client's own session is untouched.
  await open(client, "/sites");
  await expect(siteCard(client, siteName)).toBeVisible();

  // 4. Banned, after being asked: the account says so with the reason; the client's session is closed.
  await waitForHydration(page);
  const reason = "Paiements contestés à répétition";
  await admin.getByLabel("Raison du bannissement (facultative)").fill(reason);
  await admin.getByRole("button", { name: "Bannir" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Bannir ce compte ?" });
  await expect(confirm).toContainText(
    `${account.email} ne pourra plus se connecter ; ses sessions et les liens de relecture de ses sites seront fermés`,
  );
  await confirm.getByRole("button", { name: "Bannir" }).click();
  await expectToast(page, "Compte banni", "Ses sessions et ses liens de relecture sont fermés ; il ne peut plus se connecter.");
  await expect(confirm).toHaveCount(0);
  const state = page
    .getByRole("term")
    .filter({ hasText: /^État$/ })
    .locator("xpath=following-sibling::dd[1]");
  await expect(state).toContainText("Banni");
  await expect(state).toContainText(reason);
  await expect(admin.getByRole("button", { name: "Voir le produit comme ce client" })).toHaveCount(0);
  await client.reload();
  await expect(client).toHaveURL(/\/auth$/);
  await waitForHydration(client);
  await submitSignIn(client, account.email, account.password);
  await expectToast(
    client,
    "Erreur de connexion",
    "Ce compte a été suspendu. Pour en savoir plus, écrivez-nous depuis le formulaire de contact.",
  );
  await expect(client).toHaveURL(/\/auth$/);
  await open(page, `/team/accounts?q=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole("table", { name: "Comptes" }).locator("tbody tr")).toContainText("Banni");

  // 5. The ban lifted: the client signs in again.
  await page.getByRole("link", { name: "Gaspard Forge", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(accountPath)}$`));
  await waitForHydration(page);
  await admin.getByRole("button", { name: "Lever le bannissement" }).click();
  await expectToast(page, "Bannissement levé");
  await expect(state).toHaveText("Actif");
  await open(client, "/auth");
  await submitSignIn(client, account.email, account.password);
  await expect(client).toHaveURL(/\/dashboard$/);

  // 6. The audit log: each step, by the admin, on the client's account.
  await open(page, "/team/audit");
  for (const label of [
    "Travaux annulés",
    "Session ouverte en tant que client",
    "Retour de la session client",
    "Compte banni",
    "Bannissement levé",
  ]) {
    await expect(auditRows(page, label), label).toHaveCount(1);
    await expect(auditRows(page, label), label).toContainText(adminEmail);
  }
  await expect(auditRows(page, "Compte banni")).toContainText(`reason: ${reason}`);
  for (const each of [page, client]) await each.context().close();
});
