/**
 * Issue 38, the service loop without retyping, from the first draft on: the owner shares it; a colleague without
 * an account comments on a passage (leaving an address) and asks for changes; the owner reads when the revision is
 * due; the team reads every comment beside its passage and confirms the instructions made of them, typing nothing;
 * the worker writes a new version (the commented one is kept); the colleague is e-mailed the same link, which now
 * shows round 1, what changed and their earlier comment; they approve.
 *
 * Steps each person takes (a click, a field filled): the owner 2 (create the link, copy it); the colleague 7
 * (select a passage, comment with name, text and address, send; message, ask for changes) then 2 after the e-mail
 * (open the link, approve); the team 2 (open the request, confirm). Nobody types a comment twice.
 */
import type { Page } from "@playwright/test";
import { startFakeOpenRouter } from "../fakes/openrouter";
import { fakeWriter } from "../fakes/writer";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { readOutbox } from "./support/mail";
import { serverWithProviders } from "./support/provider-server";
import { createArticle } from "./support/review";
import { createTeamMember } from "./support/team";
import { expectToast, open, waitForHydration } from "./support/ui";

const ARTICLE = "<h1>Le levain maison</h1><p>Le levain se nourrit chaque jour avec de la farine et de l'eau.</p><p>Il aime la chaleur.</p>";

/** Selects `words` in the article of the review page, as a person dragging over them would. */
async function selectInArticle(page: Page, words: string) {
  await page.locator("[data-review-article]").evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(text);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`'${text}' is not in the article`);
  }, words);
}

test("a colleague's request for changes becomes the revision without anyone retyping it, and the same link shows round 1 with what changed", async ({
  browser,
  clientAddress,
}) => {
  test.setTimeout(150_000);
  const openRouter = await startFakeOpenRouter();
  openRouter.answer = fakeWriter;
  const own = await serverWithProviders(browser, clientAddress, {
    tag: "revision-loop",
    fullName: "Claire Boulangère",
    env: { OPENROUTER_API_KEY: openRouter.apiKey, OPENROUTER_BASE_URL: openRouter.baseUrl },
  });
  const contexts = [] as import("@playwright/test").BrowserContext[];
  const another = async () => {
    const context = await browser.newContext({
      baseURL: own.server.url,
      locale: "fr-FR",
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    contexts.push(context);
    return context.newPage();
  };
  try {
    const owner = own.page;
    const article = await createArticle(owner, ARTICLE, { pageName: "Le levain maison" });

    // The owner shares the draft (2 steps).
    await open(owner, `/review/${article.versionId}`);
    await owner.getByRole("button", { name: "Create a review link" }).click();
    const url = new URL(await owner.getByRole("textbox", { name: /New link/ }).inputValue());

    // The colleague comments on a passage, leaves an address, and asks for changes (7 steps).
    const colleague = await another();
    await colleague.goto(url.pathname);
    await waitForHydration(colleague);
    await expect(colleague.getByTestId("review-round")).toHaveText("Premier jet");
    await selectInArticle(colleague, "chaque jour");
    await colleague.getByRole("button", { name: "Commenter ce passage" }).click();
    await colleague.getByLabel("Votre nom").first().fill("Zoé Collègue");
    await colleague.getByLabel("Commentaire", { exact: true }).fill("Combien de fois par jour, exactement ?");
    await colleague.getByLabel("Votre e-mail (facultatif)").fill("zoe@collegue.example");
    await colleague.getByRole("button", { name: "Envoyer le commentaire" }).click();
    await expectToast(colleague, "Commentaire envoyé", /vous le serez à zoe@collegue\.example/);
    const decision = colleague.getByRole("form", { name: "Votre décision" });
    await decision.getByLabel("Message").fill("Préciser la fréquence de nourrissage.");
    await decision.getByRole("button", { name: "Demander des modifications" }).click();
    await expectToast(colleague, "Demande envoyée");
    await expect(colleague.getByRole("status").filter({ hasText: "révision attendue d'ici le" })).toBeVisible();

    // The owner reads what happens next, and when.
    await open(owner, `/review/${article.versionId}`);
    await expect(owner.getByTestId("revision-news")).toContainText(/The team is on it: revision expected by \d{2}\/\d{2}\/\d{4}/);

    // The team: the request in the inbox, every comment beside its passage, the instructions already written (2 steps).
    const team = await another();
    await createTeamMember(team, "team", "Tom Équipe");
    await open(team, "/team/inbox");
    await team
      .getByRole("link", { name: /Le levain maison/ })
      .first()
      .click();
    const revision = team.getByRole("heading", { name: "Révision 1" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
    await expect(revision.getByTestId("revision-stage")).toHaveText("Attend votre confirmation");
    await expect(revision.locator("blockquote", { hasText: "« chaque jour »" })).toBeVisible();
    const instructions = revision.getByLabel("Consignes de la révision");
    await expect(instructions).toHaveValue(/- Passage « chaque jour » :\n {2}Combien de fois par jour, exactement \?\n {2}— Zoé Collègue/);
    await expect(instructions).toHaveValue(/Préciser la fréquence de nourrissage\./);
    await expectNoAxeViolations(team, "the request's screen with its revision");
    await revision.getByRole("button", { name: "Confirmer et lancer la révision" }).click();
    await expectToast(team, "Révision lancée");

    // The worker writes round 1 as a new version; the owner's screen leads to it, the commented one is kept.
    await expect(async () => {
      await open(owner, `/review/${article.versionId}`);
      await expect(owner.getByTestId("revision-news")).toContainText("Revision round 1 is ready.", { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // The colleague is e-mailed the same link, which now shows round 1, what changed and their earlier comment (2 steps).
    const mail = readOutbox("zoe@collegue.example", own.dataDir).at(-1);
    expect(mail?.subject).toBe("La révision 1 de « Le levain maison » est prête à relire");
    expect(mail?.body).toContain(url.pathname);
    await colleague.goto(url.pathname);
    await expect(colleague.getByTestId("review-round")).toHaveText(/^Révision 1, après les commentaires du \d{2}\/\d{2}$/);
    await colleague.getByText(/Ce qui a changé depuis la version du/).click();
    await expect(colleague.getByTestId("review-changes").locator("ins").first()).toContainText("As requested");
    await expect(colleague.getByRole("region", { name: "Vos commentaires sur la version précédente" })).toContainText("« chaque jour »");
    await expect(colleague.locator("[data-review-article] mark").first()).toBeVisible();
    await expectNoAxeViolations(colleague, "the review link on round 1");
    await colleague.getByRole("form", { name: "Votre décision" }).getByLabel("Votre nom").fill("Zoé Collègue");
    await colleague.getByRole("button", { name: "Approuver l'article" }).click();
    await expectToast(colleague, "Article approuvé");
    await expect(colleague.getByTestId("review-state")).toHaveText("Approuvé");
  } finally {
    for (const context of contexts) await context.close();
    await own.close();
    await openRouter.close();
  }
});
