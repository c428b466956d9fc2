/**
 * Issue 16, notification e-mails from the person's side: /settings says how they come (one by one, a daily
 * digest, none), for which kinds and in which language, and keeps the choice. Issue 38, the bell is current: it
 * counts what arrived when the person comes back to the tab, and a notification is read once its screen is opened,
 * whichever way the person took.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createArticle } from "./support/review";
import { expectToast, open, waitForHydration } from "./support/ui";

/** The person leaves the tab for another and comes back to it, as the browser tells the page. */
async function leaveAndComeBack(page: Page) {
  await page.evaluate(() => {
    for (const state of ["hidden", "visible"]) {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      document.dispatchEvent(new Event("visibilitychange"));
    }
  });
}

test("a person chooses a daily digest in English, without the 'published' e-mails, and finds the choice kept", async ({
  signedInPage: page,
}) => {
  await open(page, "/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();
  const sending = page.getByRole("radiogroup", { name: "Envoi" });
  // The defaults: one by one, every kind, in French.
  await expect(sending.getByRole("radio", { name: "Une par une" })).toBeChecked();
  for (const kind of ["Article prêt à relire", "Révision terminée", "Article publié"])
    await expect(page.getByRole("checkbox", { name: kind })).toBeChecked();
  // A client gets no line about the clients' decisions (the team's).
  await expect(page.getByRole("checkbox", { name: "Article approuvé par le client" })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Français" })).toBeChecked();

  await sending.getByRole("radio", { name: "Un récapitulatif par jour" }).click();
  await page.getByRole("checkbox", { name: "Article publié" }).click();
  await page.getByRole("radio", { name: "English" }).click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expectToast(page, "Préférences enregistrées");

  await page.reload();
  await expect(page.getByRole("radio", { name: "Un récapitulatif par jour" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Article publié" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Article prêt à relire" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();
});

test("the bell counts what arrived when the person comes back to the tab, and a notification is read once its screen is opened another way", async ({
  signedInPage: owner,
  openContext,
}) => {
  const article = await createArticle(owner, "<h1>Le pain de seigle</h1><p>Une mie dense et parfumée.</p>", {
    pageName: "Le pain de seigle",
  });
  await open(owner, `/review/${article.versionId}`);
  await owner.getByRole("button", { name: "Create a review link" }).click();
  await expectToast(owner, "Review link created");
  const link = new URL(await owner.getByRole("textbox", { name: /New link/ }).inputValue());

  // The owner stays on the page's screen, nothing unread.
  await open(owner, `/sites/${article.siteId}/pages/${article.pageId}`);
  await waitForHydration(owner);
  const bell = owner.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications (0)");

  // A colleague comments on the article through the review link, in a browser of their own.
  const { page: colleague } = await openContext();
  await open(colleague, link.pathname);
  await waitForHydration(colleague);
  await colleague.getByLabel("Votre nom").first().fill("Zoé Collègue");
  await colleague.getByLabel("Commentaire", { exact: true }).fill("Très clair, merci.");
  await colleague.getByRole("button", { name: "Envoyer le commentaire" }).click();
  await expectToast(colleague, "Commentaire envoyé");

  // Nothing polls; the owner's tab coming back into view counts it.
  await leaveAndComeBack(owner);
  await expect(bell).toHaveAccessibleName("Notifications (1)");
  await expect(bell).toHaveText("1");

  // The owner opens the version's review from the page's screen, not from the bell: the notification is read.
  await owner.getByRole("link", { name: "Review", exact: true }).click();
  await expect(owner).toHaveURL(new RegExp(`/review/${article.versionId}$`));
  await expect(owner.getByRole("list", { name: "Reviewers' comments" })).toContainText("Très clair, merci.");
  await expect(bell).toHaveAccessibleName("Notifications (0)");
  await open(owner, "/notifications");
  await expect(owner.getByRole("main").getByText("Tout est lu.")).toBeVisible();
  await expect(owner.getByRole("main").getByRole("link", { name: /Zoé Collègue a commenté « Le pain de seigle »/ })).toBeVisible();
});
