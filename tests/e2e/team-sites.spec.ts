/**
 * Issue 14, the clients' sites in the console ("done when" steps 3-5): a visitor asks for a first article; a team
 * member opens the request from the inbox and invites the requester to the site (the contact e-mail prefilled);
 * the requester follows the e-mailed link to a sign-up with the address filled in and read-only, and is signed in
 * on the site at once, with no e-mail to confirm the address (issue 38: the link proved it); the link then says it
 * has already been used. The team sees the site with its client and the invitation accepted, works on it with the
 * client's screens (the header says whose site it is) and queues articles there, and the audit log has both steps.
 * The client sees nothing of the console: neither in the scripts and pages their browser loads, nor at the
 * console's addresses (the same 404 as an unknown address). A server of its own (own DATA_DIR).
 */
import fs from "node:fs";
import type { Page, Response } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { readOutbox } from "./support/mail";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { siteCard, siteIdOf } from "./support/sites";
import { createTeamMember } from "./support/team";
import { cardTitled as card, detailOf as detail, expectToast, open, openDocument, waitForHydration } from "./support/ui";
import { submitSignIn, uniqueEmail } from "./support/users";

test.describe.configure({ timeout: 180_000 });

let server: RunningServer | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

/** What a client's browser must never receive: words and addresses of the console. */
const CONSOLE_MARKS = ["Console de l'équipe", "team-view", "/team/", "Boîte de réception"];

/** The newest invitation link e-mailed to `to` (the worker sends it: polls the outbox). */
async function waitForInvitationLink(to: string, dir: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of readOutbox(to, dir).reverse()) {
          link = mail.body.match(/https?:\/\/[^\s"'<>]+\/auth\/invitation\?token=[^\s"'<>]+/)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `an invitation e-mail to ${to} in the outbox`, timeout: 20_000 },
    )
    .toBe(true);
  return link!.replace(/&amp;/g, "&");
}

const invitationLines = (page: Page) => page.getByRole("region", { name: "Invitations" }).getByRole("listitem");

/**
 * Everything the browser of `page`'s context receives as script (by URL, first seen on which path) and the HTML
 * of each document, from now on.
 */
function collectScriptsAndHtml(page: Page) {
  const scripts = new Map<string, { on: string; text: Promise<string> }>();
  const documents: { url: string; text: Promise<string> }[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    const type = request.resourceType();
    const contentType = response.headers()["content-type"] ?? "";
    if (type === "document") {
      documents.push({ url: response.url(), text: response.text().catch(() => "") });
    } else if (
      (type === "script" || /javascript/.test(contentType) || /\.m?js(\?|$)/.test(response.url())) &&
      !scripts.has(response.url())
    ) {
      scripts.set(response.url(), { on: new URL(page.url()).pathname, text: response.text().catch(() => "") });
    }
  };
  page.context().on("response", onResponse);
  return {
    stop: () => page.context().off("response", onResponse),
    async leaks() {
      const found: string[] = [];
      for (const [url, { on, text }] of scripts) {
        const body = await text;
        for (const mark of CONSOLE_MARKS)
          if (body.includes(mark)) found.push(`script ${new URL(url).pathname} (loaded on ${on}) contains "${mark}"`);
      }
      for (const { url, text } of documents) {
        const body = await text;
        for (const mark of CONSOLE_MARKS) if (body.includes(mark)) found.push(`HTML of ${new URL(url).pathname} contains "${mark}"`);
      }
      return { found, scripts: scripts.size, documents: documents.length };
    },
  };
}

test("a team member invites a first-article requester, who signs up and gets the site; the team works on it; the client sees nothing of the console", async ({
  openContext,
  consoleGuard,
}) => {
  // The console's addresses answer a client 404, as any unknown address does.
  consoleGuard.allow(failedResource(404));
  dataDir = makeDataDir("sites");
  server = await startServer({ port: await freePort(), dataDir });
  const { page } = await openContext({ baseURL: server.url });
  const { email: memberEmail } = await createTeamMember(page, "team");

  // 1. A visitor asks for a first article, with a contact e-mail.
  const tag = Date.now().toString(36);
  const siteUrl = `https://fromagerie-${tag}.example`;
  const siteName = `fromagerie-${tag}.example`;
  const requesterEmail = uniqueEmail("requester");
  const requesterName = "Inès Fromentin";
  const password = `Une phrase de passe ${tag}`;
  const visitor = (await openContext({ baseURL: server.url })).page;
  await open(visitor, "/first-article");
  await visitor.getByLabel("Website URL", { exact: true }).fill(siteUrl);
  await visitor.getByLabel("Language of your website", { exact: true }).selectOption({ label: "French" });
  await visitor.getByLabel("Stripe email", { exact: true }).fill(uniqueEmail("payer"));
  await visitor.getByLabel("Contact email (optional)", { exact: true }).fill(requesterEmail);
  await visitor.getByRole("button", { name: "Submit" }).click();
  await expect(visitor).toHaveURL(/\/first-article-success$/);
  await visitor.context().close();

  // 2. The team member opens it from the inbox and invites the requester from the site's page.
  await open(page, "/team/inbox");
  await page.getByRole("link", { name: siteUrl, exact: true }).click();
  await expect(page.getByRole("heading", { name: siteUrl, level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Inviter le demandeur ou donner le site" }).click();
  await expect(page).toHaveURL(/\/team\/sites\/\d+$/);
  const siteId = Number(new URL(page.url()).pathname.split("/").pop());
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: siteName, level: 1 })).toBeVisible();
  await expect(detail(page, "Client")).toHaveText("Sans client");
  await expect(detail(page, "E-mail de contact")).toHaveText(requesterEmail);
  await expect(card(page, "Donner à un client existant").getByLabel("Adresse e-mail")).toHaveValue("");
  const invite = card(page, "Inviter le demandeur");
  await expect(invite.getByLabel("Adresse e-mail")).toHaveValue(requesterEmail);
  await expect(page.getByRole("region", { name: "Invitations" })).toHaveCount(0);
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expectToast(page, "Invitation envoyée", new RegExp(`^À ${requesterEmail.replace(/[.+]/g, "\\$&")}, valable jusqu'au `));
  await expect(invitationLines(page)).toHaveCount(1);
  await expect(invitationLines(page)).toContainText(requesterEmail);
  await expect(invitationLines(page).getByText("En attente", { exact: true })).toBeVisible();
  await expect(invitationLines(page)).toContainText(`par ${memberEmail}`);

  // 3. The requester: the e-mailed link, a sign-up with the address filled in and read-only.
  const link = await waitForInvitationLink(requesterEmail, dataDir);
  expect(new URL(link).origin).toBe(server.url);
  const requester = (await openContext({ baseURL: server.url })).page;
  await open(requester, link);
  await expect(requester.getByText("Créez votre compte", { exact: true })).toBeVisible();
  await expect(requester.getByText(siteUrl)).toBeVisible();
  // The address is the invitation's: shown, not a field to change.
  await expect(requester.getByTestId("invited-address")).toHaveText(requesterEmail);
  await expect(requester.getByRole("textbox", { name: "Adresse e-mail" })).toHaveCount(0);
  await requester.getByLabel("Nom complet").fill(requesterName);
  await requester.getByLabel("Mot de passe", { exact: true }).fill(password);
  // A mismatched confirmation is refused before anything is sent.
  await requester.getByLabel("Confirmer le mot de passe").fill(`${password}!`);
  await requester.getByRole("button", { name: "Créer mon compte" }).click();
  await expectToast(requester, "Erreur", "Les mots de passe ne correspondent pas");
  await expect(requester.getByLabel("Confirmer le mot de passe")).toHaveAttribute("aria-invalid", "true");
  await expect(requester.getByText("Confirmez votre adresse e-mail")).toHaveCount(0);
  await requester.getByLabel("Confirmer le mot de passe").fill(password);
  await requester.getByRole("button", { name: "Créer mon compte" }).click();
  // The link proved the address: signed in at once, on the site, with no e-mail to confirm it (issue 38).
  await expect(requester).toHaveURL(new RegExp(`/sites/${siteId}$`));
  await expectToast(requester, "Compte créé", `Vous êtes connecté, et ${siteName} est dans votre compte.`);
  await expect(requester.getByText("Les mots de passe ne correspondent pas")).toHaveCount(0);
  await open(requester, "/sites");
  await expect(siteCard(requester, siteName)).toBeVisible();
  expect(await siteIdOf(requester, siteName)).toBe(siteId);
  // The request's receipt and the invitation, and no link to confirm the address.
  const mails = readOutbox(requesterEmail, dataDir);
  expect(mails).toHaveLength(2);
  expect(mails.filter((mail) => mail.body.includes("/auth/confirm"))).toEqual([]);
  // The link has served: opening it again says so.
  await open(requester, link);
  await expect(requester.getByText("Invitation non valable", { exact: true })).toBeVisible();
  await expect(requester.getByText(/déjà servi/)).toBeVisible();
  await expect(requester.getByRole("link", { name: "Voir mes sites" })).toBeVisible();

  // 4. The team: the site with its client, the invitation accepted; the client's screens, with the header's line.
  await open(page, "/team/sites");
  const row = page
    .getByRole("table", { name: "Sites des clients" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: siteName, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(requesterEmail);
  await expect(row).toContainText(requesterName);
  await expect(row).not.toContainText("Sans client");
  await row.getByRole("link", { name: siteName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/team/sites/${siteId}$`));
  await expect(detail(page, "Client")).toHaveText(`${requesterName} (${requesterEmail})`);
  await expect(page.getByRole("heading", { name: "Inviter le demandeur" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Donner à un client existant" })).toHaveCount(0);
  await expect(invitationLines(page)).toHaveCount(1);
  await expect(invitationLines(page).getByText("Acceptée", { exact: true })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Ouvrir le site" }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}$`));
  await expect(page.getByTestId("whose-site").filter({ visible: true })).toContainText(`Site de ${requesterName}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Pages/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pages for ${siteName}`);
  await expect(page.getByTestId("whose-site").filter({ visible: true })).toContainText(`Site de ${requesterName}`);
  await waitForHydration(page);
  // Two pages from the dialog ("Create articles" needs two selected), then articles queued for both.
  const pageNames = ["Affiner un comté", "Choisir un brie"];
  for (const [i, name] of pageNames.entries()) {
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByRole("dialog", { name: "New page" });
    await dialog.getByLabel("Page name").fill(name);
    await dialog.getByLabel("Page URL").fill(`/blog/page-${i + 1}`);
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expectToast(page, "Page created");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  const table = page.getByRole("region", { name: "Pages table" });
  for (const name of pageNames) {
    await table
      .locator("tbody tr")
      .filter({ has: page.getByRole("link", { name, exact: true }) })
      .getByRole("checkbox")
      .click();
  }
  const bar = page.getByRole("region", { name: "Batch actions" });
  await expect(bar).toContainText("2 pages selected");
  await bar.getByRole("button", { name: "Create articles" }).click();
  await expectToast(page, "Success", "2 page actions created successfully.");
  // The client sees them in their own list.
  await open(requester, `/sites/${siteId}/pages`);
  for (const name of pageNames) await expect(requester.getByRole("link", { name, exact: true })).toBeVisible();

  // 5. The audit log: the invitation sent by the member, accepted by the requester.
  await open(page, "/team/audit");
  const log = page.getByRole("table", { name: "Journal de l'équipe" });
  const sent = log.getByRole("row").filter({ hasText: "Invitation envoyée" });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(memberEmail);
  await expect(sent).toContainText(`to: ${requesterEmail}`);
  const accepted = log.getByRole("row").filter({ hasText: "Invitation acceptée" });
  await expect(accepted).toHaveCount(1);
  await expect(accepted).toContainText(requesterEmail);

  // 6. The client sees nothing of the console: not in what their browser loads, and not at its addresses.
  const client = (await openContext({ baseURL: server.url })).page;
  const loaded = collectScriptsAndHtml(client);
  await open(client, "/auth");
  await submitSignIn(client, requesterEmail, password);
  await expect(client).toHaveURL(/\/dashboard$/);
  await waitForHydration(client);
  for (const path of ["/sites", `/sites/${siteId}`, `/sites/${siteId}/pages`, "/profile"]) {
    // Each screen as a document: its HTML is what this checks.
    await openDocument(client, path);
    await expect(client).toHaveURL(new RegExp(`${path}$`));
    await expect(client.getByTestId("whose-site")).toHaveCount(0);
    await expect(client.getByText("Console de l'équipe")).toHaveCount(0);
  }
  await client.waitForLoadState("networkidle");
  loaded.stop();
  const { found, scripts, documents } = await loaded.leaks();
  expect(scripts, "scripts loaded").toBeGreaterThan(5);
  expect(documents, "documents loaded").toBeGreaterThanOrEqual(5);
  expect(found, "console words in what the client's browser loaded").toEqual([]);

  expect((await client.goto("/no-such-address"))?.status()).toBe(404);
  const unknownAddress = await client.locator("main").innerText();
  for (const path of ["/team", "/team/sites", `/team/sites/${siteId}`]) {
    const response = await client.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(await client.locator("main").innerText(), path).toBe(unknownAddress);
    await expect(client.getByText("Console de l'équipe")).toHaveCount(0);
  }
  // The browsers close before this test's server stops (afterEach), so that no page is left loading from it.
  for (const each of [page, requester, client]) await each.context().close();
});
