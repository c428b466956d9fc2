/**
 * /tone-articles (spec part 2): the shared tone groups for everyone, the 'Create New Tone Article'
 * dialog, own articles visible only to their owner and offered as a tone group in the site dialog.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

/** Seeded shared groups (db/seed-data.ts). */
const SHARED_GROUPS = ["Professionnel et expert", "Chaleureux et accessible", "Direct et commercial", "Pédagogique"];

const table = (page: Page) => page.getByRole("table", { name: "Tone articles" });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The row of a tone article by its name (the user's own rows also carry a 'Yours' badge). */
const row = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${escapeRegExp(name)}( Yours)?$`) }) });

async function openCreateDialog(page: Page) {
  await page.getByRole("button", { name: "Create New Tone Article" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Tone Article" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, combobox: ReturnType<Page["getByRole"]>, option: string) {
  await combobox.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(combobox).toHaveText(option);
}

test("lists the shared tone groups and their articles, with Name, Parent Group and Content", async ({ signedInPage: page }) => {
  await open(page, "/tone-articles");
  await expect(page.getByRole("heading", { name: "Tone Articles", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Tone Articles/);
  const headers = table(page).getByRole("columnheader");
  await expect(headers).toHaveText(["Name", "Parent Group", "Content"]);
  for (const name of SHARED_GROUPS) await expect(row(page, name)).toBeVisible();
  await expect(page.getByText("No tone articles found")).toHaveCount(0);

  // A child shows its group, and its long content opens whole in 'Read'.
  const child = row(page, "Note technique SEO");
  await expect(child.getByRole("cell").first()).toHaveText("Professionnel et expert");
  await child.getByRole("button", { name: "Read Note technique SEO" }).click();
  const reading = page.getByRole("dialog", { name: "Note technique SEO" });
  await expect(reading).toContainText("Les Core Web Vitals évaluent trois dimensions");
  await expect(reading).toContainText("Parent Group: Professionnel et expert");
  await page.keyboard.press("Escape");
  await expect(reading).toBeHidden();
});

test("creates a group and an article under it; another account sees neither; the group is offered in the site dialog", async ({
  signedInPage: page,
  openContext,
}) => {
  await open(page, "/tone-articles");
  const suffix = Math.random().toString(36).slice(2, 8);
  const group = `Mon groupe ${suffix}`;
  const article = `Mon exemple ${suffix}`;
  const content = `Un texte d'exemple assez long pour être coupé dans le tableau. ${"Il continue encore et encore. ".repeat(8)}Fin ${suffix}.`;

  // A name is required: nothing is sent, the dialog says so.
  let dialog = await openCreateDialog(page);
  await expect(dialog.getByRole("combobox", { name: "Parent Group" })).toHaveText("None");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();

  // A group: no parent.
  await dialog.getByLabel("Name").fill(group);
  await dialog.getByLabel("Content").fill("Le ton de mon groupe.");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expectToast(page, "Tone article created successfully");
  await expect(dialog).toBeHidden();
  await expect(row(page, group)).toBeVisible();
  await expect(row(page, group).getByText("Yours")).toBeVisible();

  // An article in that group.
  dialog = await openCreateDialog(page);
  await dialog.getByLabel("Name").fill(article);
  await choose(page, dialog.getByRole("combobox", { name: "Parent Group" }), group);
  await dialog.getByLabel("Content").fill(content);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expectToast(page, "Tone article created successfully");
  const created = row(page, article);
  await expect(created.getByRole("cell").first()).toHaveText(group);
  await created.getByRole("button", { name: `Read ${article}` }).click();
  await expect(page.getByRole("dialog", { name: article })).toContainText(`Fin ${suffix}.`);
  await page.keyboard.press("Escape");

  // Still there after a reload.
  await open(page, "/tone-articles");
  await expect(row(page, article).getByRole("cell").first()).toHaveText(group);

  // The site dialog offers the new group as a tone of voice.
  await open(page, "/sites");
  await page.getByRole("button", { name: "Add Site" }).click();
  const siteDialog = page.getByRole("dialog", { name: "Add a new site" });
  await expect(siteDialog.getByRole("combobox", { name: "Country" })).toBeEnabled();
  const tone = siteDialog.getByRole("combobox", { name: "Tone of voice" });
  await tone.click();
  await expect(page.getByRole("option", { name: group, exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: SHARED_GROUPS[0], exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: article, exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Another account sees the shared groups, but not this user's rows, neither here nor in the site dialog.
  const other = await openContext();
  await createSignedInAccount(other.page, newAccount({ fullName: "Autre Personne" }));
  await open(other.page, "/tone-articles");
  await expect(row(other.page, SHARED_GROUPS[0])).toBeVisible();
  await expect(other.page.getByText(group)).toHaveCount(0);
  await expect(other.page.getByText(article)).toHaveCount(0);
  await open(other.page, "/sites");
  await other.page.getByRole("button", { name: "Add Site" }).click();
  const otherDialog = other.page.getByRole("dialog", { name: "Add a new site" });
  await expect(otherDialog.getByRole("combobox", { name: "Country" })).toBeEnabled();
  await otherDialog.getByRole("combobox", { name: "Tone of voice" }).click();
  await expect(other.page.getByRole("option", { name: SHARED_GROUPS[0], exact: true })).toBeVisible();
  await expect(other.page.getByRole("option", { name: group, exact: true })).toHaveCount(0);
});
