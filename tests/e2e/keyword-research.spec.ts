/**
 * Issue 39, research of a keyword: a site owner opens the SERP dialog of a researched keyword and reads the questions
 * people ask (with their answers), the AI Overview with its sources, the featured snippet, the related searches, and
 * the top 10 with word count, outline and read date (or why a page could not be read); then the outline screen, where
 * the questions say which of them the plan answers, and change as the plan is typed; and the competitors' outlines.
 *
 * The research rows are what the serps task stores (tests/setup/research-fixture.ts): they are written straight into
 * the database of a server of the story's own while it is stopped (PGlite allows one process), then the server starts
 * again on it, with the owner's session. Screenshots of both screens, at 1280 and 390 px: test-results/research-*.png.
 */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { keywordModels, keywords, pageOutlines, serpChecks, serps } from "../../db/schema";
import { researchFeatures, researchModel, researchResults, researchTopScores, researchUnread } from "../setup/research-fixture";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createPageByRequest, createSite, unique } from "./support/pages";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

test.describe.configure({ timeout: 150_000 });

let server: RunningServer | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

/**
 * Writes the research of `keyword` for the site (a check, its SERP rows and its model), a check of `oldKeyword` made
 * before the research (no features, no model), and a plan waiting for approval.
 */
async function seedResearch(folder: string, ids: { siteId: number; pageId: number; keyword: string; oldKeyword: string }) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const schema = await import("../../db/schema");
  const client = await PGlite.create(path.join(folder, "db"));
  try {
    const db = drizzle({ client, schema });
    const [row] = await db.select({ id: keywords.id }).from(keywords).where(eq(keywords.keyword, ids.keyword));
    const keywordId = row!.id;
    const results = researchResults();
    await db.insert(serps).values(
      results.map((result) => ({
        site: ids.siteId,
        linkedKeyword: keywordId,
        positionAbsolute: result.position,
        title: result.title,
        url: result.url,
        metaDescription: "Tout savoir pour choisir son vélo électrique.",
        type: "organic",
      })),
    );
    const [check] = await db
      .insert(serpChecks)
      .values({ site: ids.siteId, keyword: keywordId, page: ids.pageId, checkedAt: new Date(), results, features: researchFeatures() })
      .returning({ id: serpChecks.id });
    await db.insert(keywordModels).values({
      check: check!.id,
      site: ids.siteId,
      keyword: keywordId,
      language: "fr",
      model: researchModel(ids.keyword),
      topScores: researchTopScores(),
      unread: researchUnread(),
    });
    const [old] = await db.select({ id: keywords.id }).from(keywords).where(eq(keywords.keyword, ids.oldKeyword));
    await db.insert(serps).values({
      site: ids.siteId,
      linkedKeyword: old!.id,
      positionAbsolute: 1,
      title: "Vélo cargo",
      url: results[0]!.url,
      type: "organic",
    });
    await db.insert(serpChecks).values({
      site: ids.siteId,
      keyword: old!.id,
      page: ids.pageId,
      checkedAt: new Date("2026-09-01T08:00:00Z"),
      results: results.slice(0, 1),
    });
    await db.insert(pageOutlines).values({
      page: ids.pageId,
      title: "Vélo électrique : bien le choisir",
      angle: "Un guide concret, budget et autonomie d'abord.",
      sections: [
        { heading: "Le prix d'un bon vélo électrique", subheadings: ["Entrée de gamme", "Haut de gamme"] },
        { heading: "Quelle autonomie attendre ?", subheadings: [] },
        { heading: "Entretenir sa batterie", subheadings: [] },
      ],
      keywords: [ids.keyword],
    });
  } finally {
    await client.close();
  }
}

/**
 * test-results/<name>.png at the page's width, and <name>-390.png at a phone's; with `scrolled` (a dialog that scrolls
 * its content), also <name>-end(-390).png with its content scrolled to the end.
 */
async function screenshots(page: Page, name: string, scrolled?: Locator) {
  const shoot = async (suffix: string) => {
    await page.screenshot({ path: `test-results/${name}${suffix}.png`, fullPage: true });
    if (!scrolled) return;
    await scrolled.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.screenshot({ path: `test-results/${name}-end${suffix}.png`, fullPage: true });
    await scrolled.evaluate((element) => element.scrollTo(0, 0));
  };
  await shoot("");
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot("-390");
  await page.setViewportSize(size);
}

test("a site owner reads a keyword's research in the SERP dialog, and on the outline screen which questions the plan answers", async ({
  openContext,
  consoleGuard,
}) => {
  // While the server restarts on the seeded database, the open page's background requests fail: expected.
  consoleGuard.allow(/net::ERR_CONNECTION_REFUSED/, /net::ERR_CONNECTION_RESET/, /Failed to fetch manifest patches/);
  const port = await freePort();
  dataDir = makeDataDir("research");
  server = await startServer({ port, dataDir });
  const { page } = await openContext({ baseURL: server.url });
  await createSignedInAccount(page, newAccount({ fullName: "Léa Martin" }), { startOn: null });
  const { siteId } = await createSite(page, unique("Vélos Léa"));
  const pageName = "Guide du vélo électrique";
  const pageId = await createPageByRequest(page, siteId, { name: pageName });
  const keyword = unique("vélo électrique").toLowerCase();
  const keywordsPath = `/sites/${siteId}/pages/${pageId}/keywords-for-page`;
  const other = unique("vae pliant").toLowerCase();
  const oldKeyword = unique("vélo cargo").toLowerCase();
  for (const text of [keyword, other, oldKeyword]) {
    const added = await page.request.post(`${keywordsPath}.data`, { form: { intent: "add", keyword: text } });
    expect(added.status()).toBe(200);
  }

  expect(await server.stop(), "the server stops cleanly").toBe(0);
  await seedResearch(dataDir, { siteId, pageId, keyword, oldKeyword });
  server = await startServer({ port, dataDir });

  // The SERP dialog: its results, then the questions and the top 10.
  await open(page, keywordsPath);
  await page.getByRole("button", { name: `View SERPS for ${keyword}` }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`Résultats SERP pour "${keyword}"`) });
  await expect(dialog.getByRole("list", { name: "Résultats SERP" }).getByRole("listitem")).toHaveCount(11);

  await dialog.getByRole("tab", { name: "Questions" }).click();
  const questions = dialog.getByRole("region", { name: /Questions posées/ });
  await expect(questions.getByRole("listitem")).toHaveCount(3);
  await expect(questions.getByRole("listitem").first()).toContainText("Quel est le prix d'un bon vélo électrique ?");
  await expect(questions.getByRole("listitem").first()).toContainText("Comptez entre 1 500 et 3 000 €");
  const overview = dialog.getByRole("region", { name: "Aperçu IA (AI Overview)" });
  await expect(overview).toContainText("2 sources citées");
  await expect(overview.getByRole("link", { name: /Guide du vélo électrique/ })).toHaveAttribute(
    "href",
    "https://www.velo-malin.fr/guide-velo-electrique/",
  );
  await expect(dialog.getByRole("region", { name: "Extrait optimisé" })).toContainText("400 Wh");
  await expect(dialog.getByRole("region", { name: /Recherches associées/ }).getByRole("listitem")).toHaveCount(3);
  await expectNoAxeViolations(page, "the SERP dialog's questions");
  await screenshots(page, "research-serp-dialog-questions", dialog);

  await dialog.getByRole("tab", { name: "Top 10" }).click();
  const top = dialog.getByRole("list", { name: "Les 10 premiers résultats" });
  await expect(top.locator(":scope > li")).toHaveCount(10);
  await expect(dialog).toContainText("8 pages lues sur 10, 2 illisibles");
  const first = top.locator(":scope > li").filter({ hasText: "velo-malin.fr" });
  await expect(first).toContainText("1 350 mots");
  await expect(first).toContainText("lue le 20/11/2026");
  await first.getByText(/^Plan \(\d+ titres\)$/).click();
  await expect(first.getByText("Vélo électrique : le guide pour bien choisir")).toBeVisible();
  await expect(top.locator(":scope > li").filter({ hasText: "magazine.example" })).toContainText("Non lue : erreur HTTP 403");
  await expect(top.locator(":scope > li").filter({ hasText: "ademe.example" })).toContainText("Non lue : trop lente à répondre");
  await dialog.getByText("Termes importants", { exact: true }).click();
  await expect(dialog.getByRole("region", { name: "Termes importants" }).getByRole("rowheader", { name: "batterie" })).toBeVisible();
  await expect(dialog).toContainText("médiane 64 · meilleur 81");
  await expectNoAxeViolations(page, "the SERP dialog's top 10");
  await screenshots(page, "research-serp-dialog-top", dialog);
  await page.keyboard.press("Escape");

  // A keyword whose latest search was made before the research: said so, and its pages are not read yet.
  await page.getByRole("button", { name: `View SERPS for ${oldKeyword}` }).click();
  const oldDialog = page.getByRole("dialog", { name: new RegExp(`Résultats SERP pour "${oldKeyword}"`) });
  await oldDialog.getByRole("tab", { name: "Questions" }).click();
  await expect(oldDialog).toContainText("La dernière recherche (01/09/2026 10:00) date d'avant l'analyse");
  await expectNoAxeViolations(page, "the SERP dialog of a check made before the research");
  await screenshots(page, "research-serp-dialog-old-check");
  await oldDialog.getByRole("tab", { name: "Top 10" }).click();
  await expect(oldDialog).toContainText("Ces pages n'ont pas encore été lues");
  await expect(oldDialog).toContainText("Pas encore lue");
  await expect(oldDialog).toContainText("Le modèle de ce mot-clé sera construit une fois les pages en tête lues.");
  await page.keyboard.press("Escape");

  // The outline screen: the plan answers two of the four questions, a third once a heading asks it.
  await open(page, `/sites/${siteId}/pages/${pageId}/outline`);
  const card = page.getByRole("list", { name: "Questions to answer" });
  await expect(card.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByText("2 of 4 answered by the plan")).toBeVisible();
  await expect(card.getByRole("listitem").filter({ hasText: "Quelle autonomie pour un vélo électrique ?" })).toContainText(
    "Answered by “Quelle autonomie attendre ?”",
  );
  const aids = card.getByRole("listitem").filter({ hasText: "Quelles aides pour acheter un vélo électrique ?" });
  await expect(aids).toContainText("Not answered by the plan yet");
  await expect(page.getByText(`“${other}”: No research for this keyword yet`)).toBeVisible();
  await expectNoAxeViolations(page, "the outline screen with its research");
  await screenshots(page, "research-outline");

  const plan = page.getByLabel("Plan", { exact: true });
  await plan.fill(`${await plan.inputValue()}\n## Les aides pour acheter un vélo électrique`);
  await expect(aids).toContainText("Answered by “Les aides pour acheter un vélo électrique”");
  await expect(page.getByText("3 of 4 answered by the plan")).toBeVisible();
  await expect(page.getByRole("link", { name: "Questions answered: 3 of 4" })).toBeVisible();

  const competitors = page.getByRole("region", { name: `“${keyword}”` });
  const firstPage = competitors.locator("ol > li").filter({ hasText: "velo-malin.fr" });
  await firstPage.getByText(/^Outline \(\d+ headings\)$/).click();
  await expect(firstPage.getByText("Vélo électrique : le guide pour bien choisir")).toBeVisible();
  await expect(competitors.locator("ol > li").filter({ hasText: "magazine.example" })).toContainText("Not read: HTTP error 403");
});
