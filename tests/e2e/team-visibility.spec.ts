/**
 * Issue 42 in the console: a team member (two-factor on) opens a client's site, follows « Questions aux assistants »
 * to the page's three default prompts, rewrites them (a question too short is refused in French and what was typed
 * stays), sees them saved and marked as the team's, sets them back to the defaults (asked first), then sets the
 * site's sample size (a value out of range refused, the field keeping it) and sees the monthly estimate follow.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createPageByRequest, createSite, unique } from "./support/pages";
import { createTeamMember } from "./support/team";
import { cardTitled, detailOf, expectToast, open, waitForHydration } from "./support/ui";

test.describe.configure({ timeout: 120_000 });

test("a team member rewrites a page's prompts, sets them back, and sets the site's sample size, whose estimate follows", async ({
  signedInPage: client,
  openContext,
}) => {
  // A client's site with a page and two keywords in use.
  const { siteId, siteName } = await createSite(client, unique("Visibility site"));
  const pageName = unique("Pain au levain");
  const pageId = await createPageByRequest(client, siteId, { name: pageName });
  for (const keyword of [unique("levain naturel"), unique("pain bio")]) {
    const added = await client.request.post(`/sites/${siteId}/pages/${pageId}/keywords-for-page.data`, {
      form: { intent: "add", keyword },
    });
    expect(added.status(), await added.text()).toBe(200);
  }

  const { page } = await openContext();
  await createTeamMember(page, "team", "Inès Équipe");
  await open(page, `/team/sites/${siteId}`);
  await expect(page.getByRole("heading", { name: siteName, level: 1 })).toBeVisible();
  const checks = detailOf(page, "Vérifications automatiques");
  const estimate = checks.getByTestId("checks-estimate");
  await expect(checks.getByRole("heading", { name: "Coût estimé par mois (chaque semaine)" })).toBeVisible();
  await expect(estimate).toContainText(/3 questions sur 1 page × \d+ LLM × 3 réponses × 4,33 vérifications par mois/);
  await expect(estimate).toContainText("2 mots-clés utilisés × 4,33 vérifications par mois");
  const answersBefore = await estimate.getByRole("definition").first().textContent();

  // 1. The prompts screen: the page's three default prompts.
  await checks.getByRole("link", { name: "Questions aux assistants" }).click();
  await expect(page).toHaveURL(new RegExp(`/team/sites/${siteId}/prompts$`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Questions aux assistants", level: 1 })).toBeVisible();
  await expect(page.getByText("1 page.")).toBeVisible();
  const card = cardTitled(page, pageName);
  const shown = card.getByRole("list", { name: `Questions sur ${pageName}` }).getByRole("listitem");
  await expect(card.getByText("par défaut", { exact: true })).toBeVisible();
  await expect(shown).toHaveCount(3);
  await expect(shown.first()).toContainText(pageName);
  await expectNoAxeViolations(page, "the site's prompts");

  // 2. Rewritten: a question too short is refused in French, and nothing typed is lost.
  await card.getByText("Modifier les questions").click();
  const form = card.getByRole("form", { name: `Modifier les questions sur ${pageName}` });
  await expect(form.getByLabel("Question 1")).toHaveValue(await shown.first().innerText());
  await form.getByLabel("Question 1").fill("Levain ?");
  await form.getByLabel("Question 2").fill("Quel levain choisir pour un pain de campagne ?");
  await form.getByLabel("Question 3").fill("");
  await form.getByLabel("Question 4").fill("Où acheter du pain au levain près de chez moi ?");
  await form.getByRole("button", { name: "Enregistrer les questions" }).click();
  await expect(form.getByText("La question 1 est trop courte (10 caractères au moins).")).toBeVisible();
  await expect(form.getByLabel("Question 1")).toHaveValue("Levain ?");
  await expect(form.getByLabel("Question 1")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Question 2")).not.toHaveAttribute("aria-invalid");
  await expectNoAxeViolations(page, "a page's prompts refused");
  await expect(form.getByLabel("Question 2")).toHaveValue("Quel levain choisir pour un pain de campagne ?");
  await form.getByLabel("Question 1").fill("Comment faire son levain  à la maison ?");
  await form.getByRole("button", { name: "Enregistrer les questions" }).click();
  await expectToast(page, "Questions enregistrées", "3 questions, posées dès la prochaine vérification.");
  await expect(card.getByText("écrites par l'équipe", { exact: true })).toBeVisible();
  await expect(shown).toHaveText([
    "Comment faire son levain à la maison ?",
    "Quel levain choisir pour un pain de campagne ?",
    "Où acheter du pain au levain près de chez moi ?",
  ]);
  // Read again from the server: saved.
  await page.reload();
  await waitForHydration(page);
  await expect(shown).toHaveCount(3);
  await expect(shown.first()).toHaveText("Comment faire son levain à la maison ?");

  // 3. Back to the defaults, asked first.
  await card.getByText("Modifier les questions").click();
  await expect(form.getByLabel("Question 4")).toHaveValue("");
  await form.getByRole("button", { name: "Revenir aux questions par défaut" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revenir aux questions par défaut ?" });
  await dialog.getByRole("button", { name: "Revenir aux questions par défaut" }).click();
  await expectToast(page, "Questions par défaut rétablies");
  await expect(card.getByText("par défaut", { exact: true })).toBeVisible();
  await expect(shown).toHaveCount(3);
  await expect(shown.first()).toContainText(pageName);

  // 4. The sample size, on the site's screen: out of range refused in French (the field keeps it); 6 doubles the answers.
  await page.getByRole("link", { name: siteName, exact: true }).click();
  await expect(page.getByRole("heading", { name: siteName, level: 1 })).toBeVisible();
  await waitForHydration(page);
  const samples = checks.getByLabel("Réponses par question");
  await expect(samples).toHaveValue("3");
  await samples.fill("11");
  await samples.press("Enter");
  await expect(checks.getByText("Choisissez un nombre entier de 1 à 10.")).toBeVisible();
  await expect(samples).toHaveValue("11");
  await expect(samples).toHaveAttribute("aria-invalid", "true");
  await samples.fill("6");
  await samples.press("Enter");
  await expectToast(page, "Nombre de réponses enregistré", "Chaque question sera posée 6 fois à chaque LLM, à chaque vérification.");
  await expect(estimate).toContainText(/3 questions sur 1 page × \d+ LLM × 6 réponses × 4,33 vérifications par mois/);
  await expect(estimate.getByRole("definition").first()).not.toHaveText(answersBefore!);
  await expect(samples).toHaveValue("6");
  await expectNoAxeViolations(page, "the site's checks and their estimate");
});
