/**
 * Issue 14, the team's inbox: what visitors send through the public pages (a first-article request, a contact
 * message) reaches a person. A team member (two-factor on) sees both with the side
 * panel's count, reads the request against the 24-48 h promise, takes the message, answers it by e-mail (an empty
 * answer is refused and nothing is sent), marks it handled, and finds each step in the audit log. A server of its
 * own (own DATA_DIR, so that the inbox starts empty and its figures are exact).
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { readOutbox } from "./support/mail";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { createTeamMember } from "./support/team";
import { detailOf as detail, expectToast, open, waitForHydration } from "./support/ui";
import { uniqueEmail } from "./support/users";

test.describe.configure({ timeout: 150_000 });

let server: RunningServer | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

/** The console's side panel entry of the inbox; its badge is read out as "<n> élément(s) à traiter". */
const inboxEntry = (page: Page) =>
  page.getByRole("complementary", { name: "Console de l'équipe" }).getByRole("link", { name: /^Réception/ });
const views = (page: Page) => page.getByRole("navigation", { name: "Vues de la boîte de réception" });
const items = (page: Page) => page.getByRole("list", { name: "Éléments de la boîte de réception" }).getByRole("listitem");
const itemCard = (page: Page, subject: string) => items(page).filter({ has: page.getByRole("link", { name: subject, exact: true }) });

async function openView(page: Page, view: string) {
  await views(page)
    .getByRole("link", { name: new RegExp(`^${view}`) })
    .click();
  await expect(views(page).getByRole("link", { name: new RegExp(`^${view}`) })).toHaveAttribute("aria-current", "page");
}

test("what visitors send reaches the inbox; a team member takes a message, answers it and marks it handled, each step audited", async ({
  openContext,
}) => {
  dataDir = makeDataDir("inbox");
  server = await startServer({ port: await freePort(), dataDir });

  // 1. The team member's first sign-in: the inbox is empty, the side panel shows no count.
  const { page } = await openContext({ baseURL: server.url });
  const memberName = "Inès Équipe";
  const { email: memberEmail } = await createTeamMember(page, "team", memberName);
  await expect(inboxEntry(page)).toHaveAccessibleName("Réception");
  await inboxEntry(page).click();
  await expect(page).toHaveURL(/\/team\/inbox$/);
  await expect(page.getByRole("heading", { name: "Boîte de réception", level: 1 })).toBeVisible();
  await expect(page.getByText("Rien à traiter : tout ce qui est arrivé a été traité.")).toBeVisible();

  // 2. A visitor asks for a first article, then writes through the home page's contact form.
  const tag = Date.now().toString(36);
  const siteUrl = `https://boulangerie-${tag}.example`;
  const payerEmail = uniqueEmail("payer");
  const requesterEmail = uniqueEmail("requester");
  const guidelines = "Pain au levain, farine bio, jamais le nom des concurrents.";
  const senderName = "Ana Martin";
  const senderEmail = uniqueEmail("ana");
  const message = "Nous vendons des meubles et voudrions deux articles par semaine. Quel serait le prix ?";
  const visitor = (await openContext({ baseURL: server.url })).page;
  await open(visitor, "/first-article");
  await visitor.getByLabel("Website URL", { exact: true }).fill(siteUrl);
  await visitor.getByLabel("Language of your website", { exact: true }).selectOption({ label: "French" });
  await visitor.getByLabel("Stripe email", { exact: true }).fill(payerEmail);
  await visitor.getByLabel("Contact email (optional)", { exact: true }).fill(requesterEmail);
  await visitor.getByLabel("Additional guidelines (optional)", { exact: true }).fill(guidelines);
  await visitor.getByRole("button", { name: "Submit" }).click();
  await expect(visitor).toHaveURL(/\/first-article-success$/);
  await open(visitor, "/");
  const contactForm = visitor.getByRole("form", { name: "Contact form" });
  await contactForm.getByLabel("Name").fill(senderName);
  await contactForm.getByLabel("Email").fill(senderEmail);
  await contactForm.getByLabel("Message").fill(message);
  await contactForm.getByRole("button", { name: "Send message" }).click();
  await expectToast(visitor, "Message sent successfully!");
  await visitor.context().close();

  // 3. Both are in the inbox, newest first, and counted in the side panel and the views.
  const contactSubject = `${senderName} <${senderEmail}>`;
  await open(page, "/team/inbox");
  await expect(inboxEntry(page)).toHaveAccessibleName("Réception 2 éléments à traiter");
  await expect(views(page).getByRole("link", { name: "À traiter 2" })).toHaveAttribute("aria-current", "page");
  await expect(views(page).getByRole("link", { name: "Les miens 0" })).toBeVisible();
  await expect(page.getByText("2 éléments.")).toBeVisible();
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).nth(0).getByRole("link")).toHaveAccessibleName(contactSubject);
  await expect(items(page).nth(1).getByRole("link")).toHaveAccessibleName(siteUrl);
  await expect(itemCard(page, contactSubject)).toContainText("Message de contact");
  await expect(itemCard(page, contactSubject)).toContainText(message);
  await expect(itemCard(page, contactSubject)).toContainText("Non attribué");
  const requestCard = itemCard(page, siteUrl);
  await expect(requestCard).toContainText("Premier article");
  await expect(requestCard).toContainText(`${requesterEmail} · ${guidelines}`);
  await expect(requestCard).toContainText(/24 h : reste 23 h 5\d/);

  // The filters: by kind, then by what the line is called.
  await page.getByLabel("Type").selectOption({ label: "Premier article" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/kind=first_article/);
  await expect(items(page)).toHaveCount(1);
  await expect(itemCard(page, siteUrl)).toBeVisible();
  await page.getByRole("link", { name: "Effacer" }).click();
  await expect(page).toHaveURL(/\/team\/inbox$/);
  await expect(items(page)).toHaveCount(2);
  // "Effacer" empties the fields too.
  await expect(page.getByLabel("Type")).toHaveValue("");
  await page.getByLabel("Rechercher").fill(senderName);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/q=Ana/);
  await expect(items(page)).toHaveCount(1);
  await expect(itemCard(page, contactSubject)).toBeVisible();
  await page.getByRole("link", { name: "Effacer" }).click();
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByLabel("Rechercher")).toHaveValue("");
  // The search reads what came in, too: the payer's address finds the request.
  await page.getByLabel("Rechercher").fill(payerEmail);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(items(page)).toHaveCount(1);
  await expect(itemCard(page, siteUrl)).toBeVisible();
  await page.getByRole("link", { name: "Effacer" }).click();
  await expect(items(page)).toHaveCount(2);

  // 4. The first-article request: the site, both e-mails, the guidelines and the time left against the promise.
  await itemCard(page, siteUrl).getByRole("link", { name: siteUrl }).click();
  await expect(page).toHaveURL(/\/team\/inbox\/\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: siteUrl, level: 1 })).toBeVisible();
  await expect(page.getByText(/^24 h : reste 23 h 5\d$/)).toBeVisible();
  await expect(page.getByTestId("inbox-state")).toHaveText("À traiter, par personne encore.");
  await expect(detail(page, "Site").getByRole("link", { name: siteUrl })).toHaveAttribute("href", siteUrl);
  await expect(detail(page, "E-mail de paiement")).toHaveText(payerEmail);
  await expect(detail(page, "E-mail de contact")).toHaveText(requesterEmail);
  await expect(detail(page, "Consignes")).toHaveText(guidelines);
  await expect(detail(page, "Client")).toHaveText("Aucun : le site n'appartient encore à personne.");
  // It can be answered at either address the visitor gave.
  const requestAddresses = await page.getByLabel("À", { exact: true }).getByRole("option").allTextContents();
  expect(requestAddresses).toEqual([requesterEmail, payerEmail]);

  // 5. The contact message: the team member takes it; it is then among "Les miens".
  await page.getByRole("link", { name: "Boîte de réception", exact: true }).click();
  await expect(page).toHaveURL(/\/team\/inbox$/);
  await itemCard(page, contactSubject).getByRole("link", { name: contactSubject }).click();
  await expect(page.getByRole("heading", { name: contactSubject, level: 1 })).toBeVisible();
  const itemUrl = page.url();
  await waitForHydration(page);
  await expect(detail(page, "Nom")).toHaveText(senderName);
  await expect(detail(page, "E-mail")).toHaveText(senderEmail);
  await expect(detail(page, "Message")).toHaveText(message);
  await page.getByLabel("Attribué à").selectOption({ label: memberName });
  await page.getByRole("button", { name: "Attribuer" }).click();
  await expectToast(page, "Élément attribué");
  await expect(page.getByTestId("inbox-state")).toHaveText("À traiter, par vous.");
  await page.getByRole("link", { name: "Boîte de réception", exact: true }).click();
  await expect(itemCard(page, contactSubject)).toContainText(`Pour ${memberName}`);
  await openView(page, "Les miens");
  await expect(views(page).getByRole("link", { name: "Les miens 1" })).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  await itemCard(page, contactSubject).getByRole("link", { name: contactSubject }).click();
  await expect(page).toHaveURL(itemUrl);
  await waitForHydration(page);

  // 6. An empty answer is refused, and nothing is sent.
  const replyForm = page.getByRole("heading", { name: "Répondre par e-mail", level: 2 }).locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(replyForm.getByLabel("À", { exact: true })).toHaveValue(senderEmail);
  await expect(replyForm.getByLabel("Objet")).not.toHaveValue("");
  await replyForm.getByLabel("Message").fill("   ");
  await replyForm.getByRole("button", { name: "Envoyer" }).click();
  await expect(replyForm.getByText("Le message est requis")).toBeVisible();
  await expect(replyForm.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
  await expect(replyForm.getByLabel("Message")).toHaveAccessibleDescription("Le message est requis");
  await expect(page.getByRole("heading", { name: "Réponses envoyées" })).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Réponses envoyées" })).toHaveCount(0);
  expect(readOutbox(senderEmail, dataDir), "the e-mails to the sender").toHaveLength(0);

  // 7. The answer: typed in two paragraphs, it reaches the sender's inbox and is listed on the item.
  const subject = "Deux articles par semaine";
  const answer = ["Bonjour Ana,", "Deux articles par semaine, c'est possible : je vous envoie une proposition demain."];
  await replyForm.getByLabel("Objet").fill(subject);
  await replyForm.getByLabel("Message").fill(answer.join("\n\n"));
  await replyForm.getByRole("button", { name: "Envoyer" }).click();
  await expectToast(page, "Réponse envoyée", `À ${senderEmail}`);
  const sent = page.getByRole("region", { name: "Réponses envoyées" }).getByRole("listitem");
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(`${memberEmail} → ${senderEmail}`);
  await expect(sent).toContainText(subject);
  await expect(sent).toContainText(answer[1]!);
  // A new, empty form for the next answer.
  await expect(replyForm.getByLabel("Message")).toHaveValue("");
  await expect(replyForm.getByLabel("Objet")).not.toHaveValue(subject);
  // The worker sends it: the e-mail is in the outbox, with the typed text; the item says it was sent.
  await expect.poll(() => readOutbox(senderEmail, dataDir).length, { message: "the answer in the outbox", timeout: 20_000 }).toBe(1);
  const [mail] = readOutbox(senderEmail, dataDir);
  expect(mail!.subject).toBe(subject);
  for (const paragraph of answer) expect(mail!.body).toContain(paragraph);
  await expect(async () => {
    await page.reload();
    await expect(sent.getByText("Envoyé", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await waitForHydration(page);

  // 8. Handled: it leaves "À traiter" and "Les miens", the count drops, it is under "Traités".
  await page.getByRole("button", { name: "Marquer comme traité" }).click();
  await expectToast(page, "Marqué comme traité");
  await expect(page.getByTestId("inbox-state")).toHaveText(new RegExp(`^Traité le .+ par ${memberName}\\.$`));
  await expect(page.getByRole("button", { name: "Rouvrir" })).toBeVisible();
  await expect(inboxEntry(page)).toHaveAccessibleName("Réception 1 élément à traiter");
  await page.getByRole("link", { name: "Boîte de réception", exact: true }).click();
  await expect(page).toHaveURL(/\/team\/inbox$/);
  await expect(views(page).getByRole("link", { name: "À traiter 1" })).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  await expect(itemCard(page, siteUrl)).toBeVisible();
  await openView(page, "Les miens");
  await expect(page.getByText("Aucun élément ne correspond.")).toBeVisible();
  await openView(page, "Traités");
  await expect(items(page)).toHaveCount(1);
  await expect(itemCard(page, contactSubject)).toContainText(`Traité par ${memberName} · 1 réponse`);
  await openView(page, "Tous");
  await expect(items(page)).toHaveCount(2);

  // 9. The audit log has the three steps, by this member.
  await page.getByRole("link", { name: "Journal" }).click();
  await expect(page).toHaveURL(/\/team\/audit$/);
  const log = page.getByRole("table", { name: "Journal de l'équipe" });
  for (const action of ["Demande attribuée", "Réponse envoyée", "Demande traitée"]) {
    const row = log.getByRole("row").filter({ hasText: action });
    await expect(row, action).toHaveCount(1);
    await expect(row, action).toContainText(memberEmail);
  }
  await expect(log.getByRole("row").filter({ hasText: "Demande attribuée" })).toContainText(`to: ${memberEmail}`);
  await expect(log.getByRole("row").filter({ hasText: "Réponse envoyée" })).toContainText(`to: ${senderEmail}`);
  // The browsers close before this test's server stops (afterEach), so that no page is left loading from it.
  await page.context().close();
});
