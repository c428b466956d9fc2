/**
 * Issue 16, notification e-mails from the person's side: /settings says how they come (one by one, a daily
 * digest, none), for which kinds and in which language, and keeps the choice.
 */
import { expect, test } from "./support/fixtures";
import { expectToast, open } from "./support/ui";

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
