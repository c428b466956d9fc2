/**
 * Issue 16, the review link: the owner shares a version with a colleague who has no account. The colleague
 * comments on a passage and asks for changes; the owner sees the comment on the version and is told; after the
 * revision the colleague approves. A revoked link answers 404.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, failedResource, test } from "./support/fixtures";
import { createArticle, postReviewAction, selectInArticle } from "./support/review";
import { expectToast, open, waitForHydration } from "./support/ui";

const ARTICLE = "<h1>Le levain maison</h1><p>Le levain se nourrit chaque jour avec de la farine et de l'eau.</p><p>Il aime la chaleur.</p>";

test("a colleague without an account comments on a passage and asks for changes; the owner sees it; after the revision the colleague approves", async ({
  signedInPage: owner,
  openContext,
  consoleGuard,
}) => {
  // A decision without its message answers 400 (the page says why); the revoked link answers 404.
  consoleGuard.allow(failedResource(400), failedResource(404));
  const article = await createArticle(owner, ARTICLE, { pageName: "Le levain maison" });
  await open(owner, `/review/${article.versionId}`);
  // Its revision round (issue 16): the first draft.
  await expect(owner.getByRole("main").getByText(/· First draft/)).toBeVisible();
  await owner.getByRole("button", { name: "Create a review link" }).click();
  await expectToast(owner, "Review link created");
  const url = await owner.getByRole("textbox", { name: /New link/ }).inputValue();
  expect(new URL(url).pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
  await expect(owner.getByRole("list", { name: "Review links" }).getByRole("listitem")).toHaveCount(1);

  // The colleague, in a browser of their own, without an account.
  const { page: colleague } = await openContext();
  const response = await colleague.goto(new URL(url).pathname);
  expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await waitForHydration(colleague);
  await expect(colleague.getByRole("heading", { level: 1, name: "Le levain maison" })).toBeVisible();
  await expect(colleague.getByTestId("review-state")).toHaveText("En attente de votre avis");

  await selectInArticle(colleague, "chaque jour");
  await colleague.getByRole("button", { name: "Commenter ce passage" }).click();
  await expect(colleague.getByText("« chaque jour »")).toBeVisible();
  await colleague.getByLabel("Votre nom").first().fill("Zoé Collègue");
  await colleague.getByLabel("Commentaire", { exact: true }).fill("Combien de fois par jour, exactement ?");
  await colleague.getByRole("button", { name: "Envoyer le commentaire" }).click();
  await expectToast(colleague, "Commentaire envoyé");
  await waitForHydration(colleague);
  // The passage is marked in the article, and the comment is beside it.
  await expect(colleague.locator("[data-review-article] mark.review-mark")).toHaveText("chaque jour");
  await expect(colleague.locator("[data-review-article] .review-note")).toContainText("Combien de fois par jour, exactement ?");

  await expectNoAxeViolations(colleague, "the review page with a comment");

  // The name is remembered for the decision.
  const decision = colleague.getByRole("form", { name: "Votre décision" });
  await expect(decision.getByLabel("Votre nom")).toHaveValue("Zoé Collègue");
  await decision.getByRole("button", { name: "Demander des modifications" }).click();
  await expect(decision.getByText("Dites ce qu'il faut changer.", { exact: true })).toBeVisible();
  await decision.getByLabel("Message").fill("Préciser la fréquence de nourrissage.");
  await decision.getByRole("button", { name: "Demander des modifications" }).click();
  await expectToast(colleague, "Demande envoyée");
  await expect(colleague.getByTestId("review-state")).toHaveText("Modifications demandées : l'équipe les reprend");

  // The owner: told (the bell, on their list of sites), and the comment with its passage on the version, which is now
  // in revision. Both notifications lead to the version's review: opening it reads them (issue 38).
  await open(owner, "/sites");
  await expect(owner.getByRole("banner").getByRole("button", { name: "Notifications (2)" })).toBeVisible();
  await open(owner, `/review/${article.versionId}`);
  await expect(owner.getByRole("banner").getByRole("button", { name: "Notifications (0)" })).toBeVisible();
  const said = owner.getByRole("list", { name: "Reviewers' comments" });
  await expect(said.getByRole("listitem")).toHaveCount(2);
  await expect(said.getByRole("listitem").first()).toContainText("Zoé Collègue commented");
  await expect(said.getByRole("listitem").first()).toContainText("“chaque jour”");
  // The passage is marked in the version's preview, with the comment as its tooltip.
  const marked = owner.getByRole("region", { name: "Article preview" }).locator("mark.review-mark");
  await expect(marked).toHaveText("chaque jour");
  await expect(marked).toHaveAttribute("title", "Zoé Collègue: Combien de fois par jour, exactement ?");
  await expect(said.getByRole("listitem").nth(1)).toContainText("asked for changes");
  await expect(owner.getByText("Préciser la fréquence de nourrissage.").first()).toBeVisible();

  // After the revision (the version back to draft), the colleague approves.
  expect((await postReviewAction(owner, article.versionId, "cancel-revision")).status()).toBe(200);
  await colleague.reload();
  await waitForHydration(colleague);
  await colleague.getByRole("form", { name: "Votre décision" }).getByRole("button", { name: "Approuver l'article" }).click();
  await expectToast(colleague, "Article approuvé");
  await expect(colleague.getByTestId("review-state")).toHaveText("Approuvé");

  // A revoked link answers like a missing page.
  await open(owner, `/review/${article.versionId}`);
  await owner.getByRole("list", { name: "Review links" }).getByRole("button", { name: "Revoke" }).click();
  await expectToast(owner, "Review link revoked");
  const gone = await colleague.goto(new URL(url).pathname);
  expect(gone!.status()).toBe(404);
  await expect(colleague.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

/** Waits for the window to have scrolled and to be still (a smooth scroll is over). */
async function scrolledAndStill(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still && y > 0;
      },
      { intervals: [250] },
    )
    .toBe(true);
}

/** How far below the sticky header's bottom a heading's top is (negative: hidden under the header). */
const belowHeader = (page: Page, heading: Locator) =>
  heading.evaluate((element) => element.getBoundingClientRect().top - document.querySelector("header")!.getBoundingClientRect().bottom);

test("after a comment, and after a link of the article's own contents, the heading jumped to is below the sticky header", async ({
  signedInPage: owner,
  openContext,
}) => {
  const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraphe ${i + 1} : le levain se nourrit chaque jour.</p>`).join("");
  const article = await createArticle(
    owner,
    `<h1>Le levain au long cours</h1><p><a href="#entretien">Aller à l'entretien</a></p>${paragraphs}<h2 id="entretien">L'entretien</h2>${paragraphs}`,
    { pageName: "Le levain au long cours" },
  );
  await open(owner, `/review/${article.versionId}`);
  await owner.getByRole("button", { name: "Create a review link" }).click();
  await expectToast(owner, "Review link created");
  const url = await owner.getByRole("textbox", { name: /New link/ }).inputValue();

  const { page: colleague } = await openContext({ viewport: { width: 1280, height: 800 } });
  await colleague.goto(new URL(url).pathname);
  await waitForHydration(colleague);
  // The article's own link to one of its headings.
  await colleague.getByRole("link", { name: "Aller à l'entretien" }).click();
  await expect(colleague).toHaveURL(/#article-entretien$/);
  const section = colleague.getByRole("heading", { level: 2, name: "L'entretien" });
  await scrolledAndStill(colleague);
  expect(await belowHeader(colleague, section)).toBeGreaterThanOrEqual(0);

  // A comment: the page comes back at the comments, their heading in sight.
  await colleague.getByLabel("Votre nom").first().fill("Zoé Collègue");
  await colleague.getByLabel("Commentaire", { exact: true }).fill("Et le week-end ?");
  await colleague.getByRole("button", { name: "Envoyer le commentaire" }).click();
  await expectToast(colleague, "Commentaire envoyé");
  await expect(colleague).toHaveURL(/#commentaires$/);
  const comments = colleague.getByRole("heading", { level: 2, name: "Commentaires (1)" });
  await scrolledAndStill(colleague);
  expect(await belowHeader(colleague, comments)).toBeGreaterThanOrEqual(0);
  // On a phone too, where the comment's note is added under its paragraph after the page is shown.
  await colleague.setViewportSize({ width: 390, height: 844 });
  await colleague.goto(`${new URL(url).pathname}#commentaires`);
  await waitForHydration(colleague);
  await scrolledAndStill(colleague);
  expect(await belowHeader(colleague, comments)).toBeGreaterThanOrEqual(0);
  await expect(comments).toBeInViewport();
});
