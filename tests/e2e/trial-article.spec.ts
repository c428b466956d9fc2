/**
 * Issue 38, the service loop without retyping: a visitor's 1€ request (with its site's language and a topic) starts
 * its article from the request's screen in one click; the keyword's search runs, then the outline; whoever the brief
 * says approves it (the team for a requester without an account, or the client), the draft is written, and the
 * request closes itself, linked to the draft. Each person's steps are counted (a step: a form sent or a click that
 * does something; typing in a field is part of its form) and printed, with the time from the request to the draft
 * (under a minute with the fake providers). A server of its own, with the fakes of DataForSEO and OpenRouter.
 *
 * The second story goes on to the end of the loop: the client shares the draft, a colleague comments on a passage
 * and asks for changes, the team confirms the revision made of those comments (typing nothing), the same link shows
 * round 1 with what changed, and the colleague's approval publishes the article to WordPress. Steps, in order:
 * visitor 1 (the form); team 4 (give the site, start, open the request for changes, confirm); client 6 before the
 * publication, 0 of them typing a comment (approve the outline from the bell in 2, connect WordPress, open the
 * draft, make and send the link); colleague 6 (open, select, comment, ask for changes; open the e-mailed link, approve).
 */
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { startFakeWordPress } from "../fakes/wordpress";
import { expectNoAxeViolations } from "./support/axe";
import { startFakeProviders, type FakeProviders } from "./support/fake-providers";
import { expect, test } from "./support/fixtures";
import { readOutbox } from "./support/mail";
import { selectInArticle } from "./support/review";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { siteCard } from "./support/sites";
import { createTeamMember } from "./support/team";
import { expectToast, open, openMenu, waitForHydration } from "./support/ui";
import { createSignedInAccount, newAccount, uniqueEmail } from "./support/users";

test.describe.configure({ timeout: 180_000 });

/** The fake WordPress's editor's application password (tests/fakes/wordpress.ts). */
const WORDPRESS_PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";

let server: RunningServer | undefined;
let dataDir: string | undefined;
let providers: FakeProviders | undefined;

test.beforeEach(async () => {
  providers = await startFakeProviders();
  dataDir = makeDataDir("trial");
  server = await startServer({ port: await freePort(), dataDir, env: providers.env });
});

test.afterEach(async () => {
  await server?.stop();
  await providers?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = dataDir = providers = undefined;
});

/** Who did what, in order: each person's steps, counted and printed at the end of the story. */
function stepLog(shoot = false) {
  const steps: Record<string, string[]> = { visitor: [], team: [], client: [] };
  return {
    /** Whether the story takes the screenshots of the screens it goes through. */
    shoot,
    did: (who: "visitor" | "team" | "client", what: string) => steps[who]!.push(what),
    count: (who: "visitor" | "team" | "client") => steps[who]!.length,
    print: (title: string, extra: string) =>
      console.log(
        [
          `${title}: ${extra}`,
          ...Object.entries(steps).map(([who, list]) => `  ${who}: ${list.length} step(s)${list.length ? `: ${list.join("; ")}` : ""}`),
        ].join("\n"),
      ),
  };
}

/**
 * A screenshot of the screen as it stands (test-results/<name>.png, and <name>-390.png at a phone's width): once its
 * notices have gone, so that they hide nothing of it.
 */
async function screenshots(page: Page, name: string) {
  await expect(page.locator("[data-sonner-toast], [data-static-toast]")).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

/** The request's trial card, and one of its steps (a line of « Étapes de l'article d'essai »). */
const trialCard = (page: Page) =>
  page.getByRole("heading", { name: "Article d'essai", level: 2 }).locator("xpath=ancestor::*[@data-slot='card'][1]");
const step = (page: Page, name: string): Locator =>
  page
    .getByRole("list", { name: "Étapes de l'article d'essai" })
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${name}`) });

/** The visitor's request on /first-article: the site, its language, a topic, the e-mails. One step: the form sent. */
async function askForTrial(visitor: Page, site: string, contactEmail: string, log: ReturnType<typeof stepLog>) {
  await open(visitor, "/first-article");
  await visitor.getByLabel("Website URL", { exact: true }).fill(site);
  await visitor.getByLabel("Language of your website", { exact: true }).selectOption({ label: "French" });
  await expect(visitor.getByLabel("Country of your readers", { exact: true }).locator("option:checked")).toHaveText("France");
  await visitor.getByLabel("Topic or keyword for your first article (optional)", { exact: true }).fill("pain au levain maison");
  await visitor.getByLabel("Stripe email", { exact: true }).fill(uniqueEmail("payer"));
  await visitor.getByLabel("Contact email (optional)", { exact: true }).fill(contactEmail);
  await visitor
    .getByLabel("Additional guidelines (optional)", { exact: true })
    .fill("Farine bio, ton chaleureux, jamais le nom des concurrents.");
  if (log.count("visitor") === 0 && log.shoot) await screenshots(visitor, "trial-first-article-form");
  await visitor.getByRole("button", { name: "Submit" }).click();
  log.did("visitor", "sends the first-article form");
  await expect(visitor).toHaveURL(/\/first-article-success$/);
}

/** The team member opens the request from the inbox (all of it: a request closes itself once its draft is written). */
async function openRequest(page: Page, siteUrl: string) {
  await open(page, "/team/inbox?view=all");
  await page.getByRole("link", { name: siteUrl, exact: true }).click();
  await expect(page.getByRole("heading", { name: siteUrl, level: 1 })).toBeVisible();
  await waitForHydration(page);
}

test("a trial request becomes a first draft with the team's two steps: one click starts it, the team approves the outline, the request closes itself; the client takes 0 steps before the first draft of a trial, and finds it when invited", async ({
  openContext,
}) => {
  const log = stepLog(true);
  const { page } = await openContext({ baseURL: server!.url });
  await createTeamMember(page, "team", "Léa Équipe");
  const tag = Date.now().toString(36);
  const siteUrl = `https://fournil-${tag}.example`;
  const requesterEmail = uniqueEmail("requester");

  // 1. The visitor asks (no account).
  const visitor = (await openContext({ baseURL: server!.url })).page;
  const requestedAt = Date.now();
  await askForTrial(visitor, siteUrl, requesterEmail, log);
  await visitor.context().close();

  // 2. The team: the request says the language and the topic; the card offers the start, the team approving (no client yet).
  await openRequest(page, siteUrl);
  const details = page.getByRole("heading", { name: "Ce qui est arrivé" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(details).toContainText("French (France)");
  await expect(details).toContainText("pain au levain maison");
  const card = trialCard(page);
  await expect(card.getByLabel("Sujet ou mot-clé")).toHaveValue("pain au levain maison");
  await expect(card).toContainText(`Adresse de la page : ${siteUrl}/pain-au-levain-maison`);
  await expect(card.getByRole("radio", { name: "L'équipe" })).toBeChecked();
  await expectNoAxeViolations(page, "the request's screen before the start");
  await screenshots(page, "trial-request-before");
  await card.getByRole("button", { name: "Lancer l'article d'essai" }).click();
  log.did("team", "« Lancer l'article d'essai »");
  await expectToast(
    page,
    "Article d'essai lancé",
    `La page ${siteUrl}/pain-au-levain-maison est créée ; sa recherche est en file, le plan suivra.`,
  );

  // 3. The search, then the outline; the screen follows them by itself, and the outline waits for the team.
  await expect(card.getByRole("link", { name: "pain au levain maison" })).toBeVisible();
  await expect(step(page, "Recherche")).toContainText(/Terminée : \d+ résultats/, { timeout: 30_000 });
  await expect(step(page, "Plan")).toContainText("Écrit", { timeout: 30_000 });
  await expect(step(page, "Validation")).toContainText("Plan prêt : à valider");
  await expect(step(page, "Brouillon")).toContainText("Une fois le plan validé");
  await expectNoAxeViolations(page, "the request's screen with the outline to approve");
  await screenshots(page, "trial-request-outline-ready");
  expect(providers!.serp.tasks.map((t) => t.keyword)).toEqual(["pain au levain maison"]);
  expect(providers!.serp.tasks[0]).toMatchObject({ language_code: "fr", location_code: 2250 });

  // The team is told (its bell on the site's screens): the outline is theirs to approve; reaching it reads the line.
  await open(page, "/sites");
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications (1)");
  await openRequest(page, siteUrl);
  await step(page, "Validation").getByRole("link", { name: "Valider le plan" }).click();
  await expect(page).toHaveURL(/\/sites\/\d+\/pages\/\d+\/outline$/);
  await expect(bell).toHaveAccessibleName("Notifications (0)");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Approve and write the article" }).click();
  log.did("team", "approves the outline (« Approve and write the article »)");
  await expectToast(page, "Outline approved");

  // 4. The draft: the request closes itself, linked to it.
  await openRequest(page, siteUrl);
  await expect(step(page, "Brouillon")).toContainText(/Livré le/, { timeout: 30_000 });
  const elapsed = Date.now() - requestedAt;
  await expect(page.getByTestId("inbox-state")).toHaveText(/^Traité le .* : brouillon d'essai livré\.$/);
  await expect(step(page, "Validation")).toContainText(/Validé le .* par Léa Équipe/);
  await expect(card.getByRole("button", { name: "Lancer l'article d'essai" })).toHaveCount(0);
  await screenshots(page, "trial-request-delivered");
  await step(page, "Brouillon").getByRole("link", { name: "Voir le brouillon" }).click();
  await expect(page).toHaveURL(/\/page-versions$/);
  await open(page, "/team/inbox");
  await expect(page.getByText("Rien à traiter : tout ce qui est arrivé a été traité.")).toBeVisible();

  expect(log.count("client"), "the client's steps before the first draft").toBe(0);
  expect(log.count("team")).toBe(2);
  expect(log.count("visitor")).toBe(1);
  log.print("trial approved by the team", `request to draft in ${(elapsed / 1000).toFixed(1)} s`);
  expect(elapsed, "from the request to the draft, with the fake providers").toBeLessThan(60_000);

  // 5. The requester, given the site later (an account of theirs), finds the article there, not an empty site.
  const client = (await openContext({ baseURL: server!.url })).page;
  await createSignedInAccount(client, { ...newAccount({ fullName: "Inès Fromentin" }), email: requesterEmail }, { startOn: null });
  await openRequest(page, siteUrl);
  await page.getByRole("link", { name: "Inviter le demandeur ou donner le site" }).click();
  await waitForHydration(page);
  const give = page
    .getByRole("heading", { name: "Donner à un client existant", level: 2 })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await give.getByLabel("Adresse e-mail").fill(requesterEmail);
  await give.getByRole("button", { name: "Donner le site" }).click();
  await expectToast(page, "Site donné");
  const siteId = new URL(page.url()).pathname.split("/").pop();
  await open(client, "/sites");
  await expect(siteCard(client, `fournil-${tag}.example`)).toBeVisible();
  await open(client, `/sites/${siteId}/pages`);
  await expect(client.getByRole("main")).toContainText("pain au levain maison");
  // Closed before the server stops (afterEach): an open page would go on asking it.
  await client.context().close();
  await page.context().close();
});

test("the whole loop without retyping: a trial whose outline the client approves, its draft shared with a colleague who comments on a passage and asks for changes, the revision the team confirms without typing, the same link showing round 1 with what changed, approval and publishing to WordPress", async ({
  openContext,
}) => {
  const log = stepLog();
  const colleagueSteps: string[] = [];
  const wp = await startFakeWordPress();
  const { page } = await openContext({ baseURL: server!.url });
  await createTeamMember(page, "team", "Noé Équipe");
  const tag = Date.now().toString(36);
  const siteUrl = `https://cave-${tag}.example`;
  const requesterEmail = uniqueEmail("client");

  // The requester has an account already, and the team gave them the site: they approve the outline.
  const client = (await openContext({ baseURL: server!.url })).page;
  await createSignedInAccount(client, { ...newAccount({ fullName: "Claire Client" }), email: requesterEmail }, { startOn: null });
  const visitor = (await openContext({ baseURL: server!.url })).page;
  const requestedAt = Date.now();
  await askForTrial(visitor, siteUrl, requesterEmail, log);
  await visitor.context().close();
  await openRequest(page, siteUrl);
  await page.getByRole("link", { name: "Inviter le demandeur ou donner le site" }).click();
  await waitForHydration(page);
  const give = page
    .getByRole("heading", { name: "Donner à un client existant", level: 2 })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await give.getByLabel("Adresse e-mail").fill(requesterEmail);
  await give.getByRole("button", { name: "Donner le site" }).click();
  log.did("team", "gives the site to its requester's account");
  await expectToast(page, "Site donné");
  const siteId = new URL(page.url()).pathname.split("/").pop();

  await openRequest(page, siteUrl);
  const card = trialCard(page);
  // A client now: the client approves, by default.
  await expect(card.getByRole("radio", { name: "Le client" })).toBeChecked();
  await card.getByRole("button", { name: "Lancer l'article d'essai" }).click();
  log.did("team", "« Lancer l'article d'essai »");
  await expectToast(page, "Article d'essai lancé");
  await expect(step(page, "Validation")).toContainText("Plan prêt : en attente du client", { timeout: 30_000 });

  // The client is told, opens the outline from the bell, and approves it.
  await open(client, "/sites");
  const bell = client.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications (1)");
  await waitForHydration(client);
  await (
    await openMenu(client, bell)
  )
    .getByRole("menuitem")
    .filter({ hasText: "Le plan de « pain au levain maison » est prêt à valider" })
    .click();
  log.did("client", "opens the outline from the bell");
  await expect(client).toHaveURL(/\/outline$/);
  await waitForHydration(client);
  await client.getByRole("button", { name: "Approve and write the article" }).click();
  log.did("client", "approves the outline");
  await expectToast(client, "Outline approved");

  await expect(step(page, "Brouillon")).toContainText(/Livré le/, { timeout: 30_000 });
  const elapsed = Date.now() - requestedAt;
  await expect(page.getByTestId("inbox-state")).toHaveText(/^Traité le .* : brouillon d'essai livré\.$/);
  await expect(step(page, "Validation")).toContainText(/Validé le .* par Claire Client/);
  expect(log.count("client")).toBe(2);
  expect(log.count("team")).toBe(2);
  expect(elapsed, "from the request to the draft, with the fake providers").toBeLessThan(60_000);

  try {
    // The client connects the site's WordPress, to publish what is approved (one form).
    await open(client, `/sites/${siteId}/publishing`);
    await waitForHydration(client);
    await client.getByLabel("WordPress site address").fill(wp.url);
    await client.getByLabel("WordPress user name").fill("editor");
    await client.getByLabel("Application password").fill(WORDPRESS_PASSWORD);
    await client.getByLabel("Publish on approval").check();
    await client.getByRole("button", { name: "Connect and test" }).click();
    log.did("client", "connects WordPress, publishing on approval");
    await expect(client.getByTestId("connection-check")).toContainText("Connected as Éditrice");

    // The client opens the draft from the bell and shares it with a colleague.
    await open(client, "/sites");
    const clientBell = client.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    await waitForHydration(client);
    await (
      await openMenu(client, clientBell)
    )
      .getByRole("menuitem")
      .filter({ hasText: "L'article « pain au levain maison » est prêt à relire" })
      .click();
    log.did("client", "opens the draft from the bell");
    await expect(client).toHaveURL(/\/review\/\d+$/);
    const draftPath = new URL(client.url()).pathname;
    await waitForHydration(client);
    await client.getByRole("button", { name: "Create a review link" }).click();
    log.did("client", "creates a review link");
    const link = new URL(await client.getByRole("textbox", { name: /New link/ }).inputValue()).pathname;
    log.did("client", "sends the link to a colleague");

    // The colleague, without an account: a comment on a passage (leaving an address), then a request for changes.
    const colleague = (await openContext({ baseURL: server!.url })).page;
    await colleague.goto(link);
    colleagueSteps.push("opens the link");
    await waitForHydration(colleague);
    await expect(colleague.getByTestId("review-round")).toHaveText("Premier jet");
    const passage = (await colleague.locator("[data-review-article] p").first().textContent())!.trim().split(/\s+/).slice(0, 4).join(" ");
    await selectInArticle(colleague, passage);
    await colleague.getByRole("button", { name: "Commenter ce passage" }).click();
    colleagueSteps.push("selects a passage to comment on");
    await colleague.getByLabel("Votre nom").first().fill("Zoé Collègue");
    await colleague.getByLabel("Commentaire", { exact: true }).fill("Plus concret : une recette pas à pas.");
    await colleague.getByLabel("Votre e-mail (facultatif)").fill("zoe@collegue.example");
    await colleague.getByRole("button", { name: "Envoyer le commentaire" }).click();
    colleagueSteps.push("sends the comment");
    await expectToast(colleague, "Commentaire envoyé");
    const decision = colleague.getByRole("form", { name: "Votre décision" });
    await decision.getByLabel("Message").fill("Reprendre l'introduction.");
    await decision.getByRole("button", { name: "Demander des modifications" }).click();
    colleagueSteps.push("asks for changes");
    await expectToast(colleague, "Demande envoyée");

    // The client reads what happens next, and when.
    await open(client, draftPath);
    await expect(client.getByTestId("revision-news")).toContainText(/The team is on it: revision expected by \d{2}\/\d{2}\/\d{4}/);

    // The team: the request for changes, every comment beside its passage, the instructions made of them.
    await open(page, "/team/inbox");
    await page
      .getByRole("link", { name: /pain au levain maison/ })
      .first()
      .click();
    log.did("team", "opens the request for changes");
    const revision = page.getByRole("heading", { name: "Révision 1" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
    await expect(revision.locator("blockquote", { hasText: `« ${passage} »` })).toBeVisible();
    const instructions = revision.getByLabel("Consignes de la révision");
    await expect(instructions).toHaveValue(
      new RegExp(
        `- Passage « ${passage.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} » :\n {2}Plus concret : une recette pas à pas\\.\n {2}— Zoé Collègue`,
      ),
    );
    await expect(instructions).toHaveValue(/Reprendre l'introduction\./);
    await expectNoAxeViolations(page, "the request for changes with its revision");
    await revision.getByRole("button", { name: "Confirmer et lancer la révision" }).click();
    log.did("team", "confirms the revision (typing nothing)");
    await expectToast(page, "Révision lancée");

    // Round 1 is written; the colleague is e-mailed the same link, which shows it with what changed; approved, it is
    // published to WordPress (the site publishes on approval).
    await expect(async () => {
      const mail = readOutbox("zoe@collegue.example", dataDir).at(-1);
      expect(mail?.subject).toBe("La révision 1 de « pain au levain maison » est prête à relire");
      expect(mail?.body).toContain(link);
    }).toPass({ timeout: 30_000 });
    await colleague.goto(link);
    colleagueSteps.push("opens the link from the e-mail");
    await expect(colleague.getByTestId("review-round")).toHaveText(/^Révision 1, après les commentaires du \d{2}\/\d{2}$/);
    await colleague.getByText(/Ce qui a changé depuis la version du/).click();
    await expect(colleague.getByTestId("review-changes").locator("ins").first()).toBeVisible();
    await expect(colleague.getByRole("region", { name: "Vos commentaires sur la version précédente" })).toContainText(`« ${passage} »`);
    await expectNoAxeViolations(colleague, "the review link on round 1");
    await colleague.getByRole("form", { name: "Votre décision" }).getByLabel("Votre nom").fill("Zoé Collègue");
    await colleague.getByRole("button", { name: "Approuver l'article" }).click();
    colleagueSteps.push("approves");
    await expectToast(colleague, "Article approuvé");
    await expect(async () => {
      const post = [...wp.content.values()].at(-1);
      expect(post?.content).toContain("As requested");
    }).toPass({ timeout: 30_000 });

    log.print(
      "the whole loop",
      `request to draft in ${(elapsed / 1000).toFixed(1)} s; colleague: ${colleagueSteps.length} step(s): ${colleagueSteps.join("; ")}`,
    );
    expect(log.count("client")).toBe(6);
    expect(log.count("team")).toBe(4);
    expect(colleagueSteps).toHaveLength(6);
    // Closed before the server stops (afterEach): an open page would go on asking it.
    await colleague.context().close();
  } finally {
    await client.context().close();
    await page.context().close();
    await wp.close();
  }
});
