/**
 * Issue 39, as a site owner lives it, against the fakes `npm run dev:fakes` runs (DataForSEO with People Also Ask,
 * an AI Overview and related searches; a page server with real French articles, a 403 and a slow page; OpenRouter's
 * writer following the research it is given): a keyword is added, an article asked; the request waits for the
 * keyword's research, which reads the top pages; the outline answers the questions people ask; the SERP dialog shows
 * the research; the review screen puts the article's score beside the top pages' median; a weaker text pasted as a
 * new version scores lower, and its review screen names what it lacks.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { startFakePages, type FakePages } from "../fakes/pages";
import { expectNoAxeViolations } from "./support/axe";
import { startFakeProviders, type FakeProviders } from "./support/fake-providers";
import { pngFile } from "./support/images";
import { expect, failedResource, test } from "./support/fixtures";
import { createPageByRequest, unique } from "./support/pages";
import { freePort, makeDataDir, startServer, type RunningServer } from "./support/server";
import { chooseOption, siteIdOf } from "./support/sites";
import { expectToast, open, waitForHydration } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";
import { versionRows, versionsPath } from "./support/versions";

test.describe.configure({ timeout: 150_000 });

let server: RunningServer | undefined;
let dataDir: string | undefined;
let providers: FakeProviders | undefined;
let pages: FakePages | undefined;

/** The top ten as the fake search ranks them: real articles, one refusing robots, one slow to answer. */
const TOP = [
  "/articles/0",
  "/articles/1",
  "/forbidden",
  "/articles/3",
  "/articles/4",
  "/articles/5",
  "/articles/6",
  "/articles/7",
  "/articles/8",
  "/slow",
];
const KEYWORD = "période d'essai";

test.beforeEach(async () => {
  pages = await startFakePages();
  // The slow page holds the research long enough for the waiting request to be seen.
  pages.slowMs = 6_000;
  providers = await startFakeProviders();
  providers.serp.organicUrl = (_keyword, position) => pages!.at(TOP[position - 1] ?? `/articles/${position % 10}`);
  dataDir = makeDataDir("research-score");
  // The page server listens on 127.0.0.1: reading it is allowed here only.
  server = await startServer({ port: await freePort(), dataDir, env: { ...providers.env, OUTBOUND_ALLOW_PRIVATE_HOSTS: "true" } });
});

test.afterEach(async () => {
  await server?.stop();
  await Promise.all([providers?.close(), pages?.close()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  server = dataDir = providers = pages = undefined;
});

/** A French site made in the site dialog (France: its only language, French, is the site's). */
async function createFrenchSite(page: Page, name: string): Promise<number> {
  await open(page, "/sites");
  await page.getByRole("button", { name: "Add Site" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a new site" });
  await expect(dialog.getByRole("combobox", { name: "Country" })).toBeEnabled();
  await dialog.getByLabel("Site URL").fill(`https://${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`);
  await dialog.getByLabel("Site name").fill(name);
  await dialog.getByLabel("Logo").setInputFiles(pngFile());
  await chooseOption(page, "Country", "France");
  await dialog.getByRole("button", { name: "Create site" }).click();
  await expect(dialog).toBeHidden();
  return siteIdOf(page, name);
}

/** test-results/<name>.png, and <name>-390.png at a phone's width, once the notices have gone. */
async function screenshots(page: Page, name: string) {
  await expect(page.locator("[data-sonner-toast], [data-static-toast]")).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

/** Adds KEYWORD on the page's keywords screen, then asks for the page's article from its versions screen. */
async function addKeywordAndAskArticle(page: Page, siteId: number, pageId: number) {
  await open(page, `/sites/${siteId}/pages/${pageId}/keywords-for-page`);
  await page.getByRole("button", { name: "Add Keyword" }).click();
  const add = page.getByRole("dialog", { name: "Add Keyword" });
  await add.getByLabel("Keyword").fill(KEYWORD);
  await add.getByRole("button", { name: "Add Keyword" }).click();
  await expect(add).toBeHidden();
  await open(page, versionsPath(siteId, pageId));
  await page.getByRole("button", { name: "Create new page version" }).click();
  await expectToast(page, "New page action created successfully");
}

/** The review screen's content score: « yours N · top 10 median M · best B », as numbers. */
async function scoreSummary(page: Page) {
  const summary = page.getByTestId("content-score-summary");
  await expect(summary).toContainText("top 10 median");
  const text = (await summary.textContent()) ?? "";
  const [, yours, median] = text.match(/yours\s*(\d+).*median\s*(\d+)/) ?? [];
  return { yours: Number(yours), median: Number(median) };
}

test("a keyword's research comes first: the request waits for it, the outline answers its questions, and the review screen scores the article against the top pages, lower for a weaker text with what it lacks", async ({
  openContext,
}) => {
  const { page } = await openContext({ baseURL: server!.url });
  await createSignedInAccount(page, newAccount({ fullName: "Nadia Juriste" }), { startOn: null });
  const siteId = await createFrenchSite(page, unique("Droit du travail"));
  const pageId = await createPageByRequest(page, siteId, { name: "La période d'essai" });

  // The keyword, added on the page's keywords screen (no search asked), and an article asked: its request waits for
  // the keyword's research, and the page says so.
  await addKeywordAndAskArticle(page, siteId, pageId);
  await open(page, `/sites/${siteId}/pages/${pageId}`);
  await expect(page.getByTestId("waiting-for-research")).toHaveText(`Waiting for the research of « ${KEYWORD} »`);
  await expectNoAxeViolations(page, "a request waiting for its research");
  await screenshots(page, "research-request-waiting");

  // The research done, the outline is written from it: the questions people ask are among its sections.
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  // The research reads ten pages (one answers after 6 s), then the outline gathers its evidence pack: a minute or so on a loaded machine.
  await expect(bell).toHaveAccessibleName("Notifications (1)", { timeout: 90_000 });
  await expect(page.getByTestId("waiting-for-research")).toHaveCount(0);
  await open(page, `/sites/${siteId}/pages/${pageId}/outline`);
  await expect(page.getByText("Waiting for your approval")).toBeVisible();
  const questions = page.getByRole("list", { name: "Questions to answer" });
  await expect(questions.getByRole("listitem").filter({ hasText: `What is ${KEYWORD}?` })).toContainText("Answered by");
  await expect(questions.getByRole("listitem").filter({ hasText: `How much does ${KEYWORD} cost?` })).toContainText("Answered by");
  await expectNoAxeViolations(page, "the outline with the questions it answers");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Approve and write the article" }).click();
  await expectToast(page, "Outline approved", "The article is being written from it. You will be told when it is ready for review.");

  // The SERP dialog shows the research: the questions, the AI Overview, the top pages read (one refused).
  await open(page, `/sites/${siteId}/pages/${pageId}/keywords-for-page`);
  await page.getByRole("button", { name: `View SERPS for ${KEYWORD}` }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`Résultats SERP pour "${KEYWORD}"`) });
  await dialog.getByRole("tab", { name: "Questions" }).click();
  await expect(dialog.getByRole("region", { name: /Questions posées/ })).toContainText(`What is ${KEYWORD}?`);
  await expect(dialog.getByRole("region", { name: "Aperçu IA (AI Overview)" })).toContainText("they agree on the basics");
  await dialog.getByRole("tab", { name: "Top 10" }).click();
  const top = dialog.getByRole("list", { name: "Les 10 premiers résultats" });
  await expect(top.getByRole("listitem").filter({ hasText: "/forbidden" })).toContainText("403");
  await expect(top.getByRole("listitem").filter({ hasText: "/articles/0" })).toContainText("mots");
  await expectNoAxeViolations(page, "the research in the SERP dialog");
  await page.keyboard.press("Escape");

  // The article, written from the approved outline, scores at least the top pages' median.
  await open(page, versionsPath(siteId, pageId));
  await expect(versionRows(page)).toHaveCount(1, { timeout: 60_000 });
  const written = Number(await versionRows(page).first().getAttribute("data-version-id"));
  const writtenScore = Number(await versionRows(page).first().getByTestId("version-score").textContent());
  await open(page, `/review/${written}`);
  const first = await scoreSummary(page);
  expect(first.yours).toBe(writtenScore);
  expect(first.yours).toBeGreaterThanOrEqual(first.median);
  await expect(page.getByTestId("held-for-team")).toHaveCount(0);
  await expectNoAxeViolations(page, "the review screen with the content score");
  await screenshots(page, "research-review-score");

  // A weaker text pasted as a new version scores lower, and its review screen names what it lacks.
  await open(page, versionsPath(siteId, pageId));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add version from HTML" }).click();
  const paste = page.getByRole("dialog", { name: "Add version from HTML" });
  await paste
    .getByLabel("HTML content")
    .fill("<h1>La période d'essai</h1><p>Quelques mots sur le sujet, sans plus de détails pour le moment.</p>");
  await paste.getByRole("button", { name: "Save as new version" }).click();
  await expectToast(page, "HTML content updated successfully");
  await expect(versionRows(page)).toHaveCount(2);
  const weakScore = Number(await versionRows(page).first().getByTestId("version-score").textContent());
  expect(weakScore).toBeLessThan(writtenScore);
  await screenshots(page, "research-versions-scores");
  const weak = Number(await versionRows(page).first().getAttribute("data-version-id"));
  await open(page, `/review/${weak}`);
  expect((await scoreSummary(page)).yours).toBe(weakScore);
  await expect(page.getByTestId("missing-terms").getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("unanswered-questions")).toContainText(`What is ${KEYWORD}?`);
  await screenshots(page, "research-review-weak");
});

test("a version that cites its sources gets them checked: the review screen shows each claim with its state and the source's own words", async ({
  openContext,
}) => {
  const { page } = await openContext({ baseURL: server!.url });
  await createSignedInAccount(page, newAccount({ fullName: "Paul Vérif" }), { startOn: null });
  const siteId = await createFrenchSite(page, unique("Sources"));
  const pageId = await createPageByRequest(page, siteId, { name: "La période d'essai" });
  // A real sentence of the page it cites (tests/fixtures/pages: travail-emploi.gouv.fr, Apache-2.0), and a dead link.
  const fixture = JSON.parse(fs.readFileSync("tests/fixtures/pages/fiches-travail.json", "utf8")) as { pages: { intro: string }[] };
  const sentence = fixture.pages[0]!.intro.replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=\.)\s/)[0]!;
  const html = `<h1>La période d'essai</h1><p>${sentence} <a href="${pages!.at("/articles/0")}">Ministère du Travail</a>.</p><p>Les détails sont <a href="${pages!.at("/missing")}">sur ce guide</a>.</p>`;

  await open(page, versionsPath(siteId, pageId));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add version from HTML" }).click();
  const paste = page.getByRole("dialog", { name: "Add version from HTML" });
  await paste.getByLabel("HTML content").fill(html);
  await paste.getByRole("button", { name: "Save as new version" }).click();
  await expectToast(page, "HTML content updated successfully");
  const id = Number(await versionRows(page).first().getAttribute("data-version-id"));

  // The check runs in the background; the review screen reads it again until it ends.
  await open(page, `/review/${id}`);
  const panel = page.getByTestId("sources-panel");
  await expect(panel.getByTestId("sources-summary")).toHaveText("2 sources checked · 1 supported · 1 broken", { timeout: 30_000 });
  await expect(panel.locator('[data-verdict="supported"]')).toContainText(sentence.slice(0, 40));
  await expect(panel.locator('[data-verdict="supported"] blockquote')).toBeVisible();
  await expect(panel.locator('[data-verdict="broken"]')).toContainText("The page answers 404.");
  await expect(page.getByTestId("geo-measures")).toContainText("Checked citations per 1,000 words");
  await expectNoAxeViolations(page, "the review screen's Sources panel");
  await screenshots(page, "sources-review");

  // The versions table counts them.
  await open(page, versionsPath(siteId, pageId));
  await expect(versionRows(page).first().getByTestId("version-sources")).toHaveText(" · 1/2 sources supported, 1 to fix");
});

test("an owner shapes the evidence pack on the outline and gets an article whose sources hold: the writer's broken link and invented figure fixed by its second pass, internal links to the site's pages", async ({
  openContext,
  consoleGuard,
}) => {
  // The dead source refused: its form's answer is a 400.
  consoleGuard.allow(failedResource(400));
  const { page } = await openContext({ baseURL: server!.url });
  await createSignedInAccount(page, newAccount({ fullName: "Élise Preuve" }), { startOn: null });
  const siteId = await createFrenchSite(page, unique("Preuves"));
  // Another page of the site: the only one the article may link to on the site.
  await createPageByRequest(page, siteId, { name: "Le contrat de travail", url: "/contrat-de-travail" });
  const pageId = await createPageByRequest(page, siteId, { name: "La période d'essai" });
  await addKeywordAndAskArticle(page, siteId, pageId);

  // The outline comes with its evidence pack, gathered from the research: passages of the pages that rank.
  await open(page, `/sites/${siteId}/pages/${pageId}/outline`);
  await expect(page.getByText("Waiting for your approval")).toBeVisible({ timeout: 90_000 });
  const pack = page.getByRole("region", { name: "Evidence pack" });
  await expect(pack.getByTestId("evidence-count")).toHaveText(/^\d+ passages from \d+ sources$/);
  await expect(pack.getByText("A page that ranks").first()).toBeVisible();
  await waitForHydration(page);

  // A passage taken out (and shown as such, to put back), a source of the owner's own added, a dead one refused.
  const takeOut = pack.getByRole("button", { name: /^Take out: / }).first();
  const label = (await takeOut.getAttribute("aria-label"))!;
  await takeOut.click();
  await expectToast(page, "Passage taken out of the pack");
  await expect(pack.getByRole("button", { name: label.replace(/^Take out/, "Put back") })).toBeVisible();
  // A page of the same server that the search did not rank (the top ten are in the pack already).
  await pack.getByLabel("Add a source of your own").fill(pages!.at("/articles/9"));
  await pack.getByRole("button", { name: "Add the source" }).click();
  await expectToast(page, "Source added to the evidence pack");
  await expect(pack.getByText("Added by Élise Preuve").first()).toBeVisible();
  await pack.getByLabel("Add a source of your own").fill(pages!.at("/missing"));
  await pack.getByRole("button", { name: "Add the source" }).click();
  await expect(pack.getByText(/^This page could not be read/)).toBeVisible();
  await expectNoAxeViolations(page, "the outline's evidence pack");
  await screenshots(page, "evidence-pack");

  // The owner also names a reference of their own in the outline, which turns out to be a dead page; approved.
  const sources = page.getByLabel("Sources to use");
  await sources.fill(`${await sources.inputValue()}\n${pages!.at("/missing")}`);
  await page.getByRole("button", { name: "Approve and write the article" }).click();
  await expectToast(page, "Outline approved", "The article is being written from it. You will be told when it is ready for review.");

  // The article: every source checked and holding; the first draft's broken link and invented figure were sent
  // back and fixed, which the Sources panel says.
  await open(page, versionsPath(siteId, pageId));
  await expect(versionRows(page)).toHaveCount(1, { timeout: 90_000 });
  const id = Number(await versionRows(page).first().getAttribute("data-version-id"));
  await open(page, `/review/${id}`);
  const panel = page.getByTestId("sources-panel");
  await expect(panel.getByTestId("sources-summary")).toHaveText(/^(\d+) sources checked · \1 supported$/);
  const fixed = panel.getByTestId("sources-fixed");
  await expect(fixed).toContainText("2 sources fixed before this version was saved");
  await fixed.locator("summary").click();
  await expect(fixed.locator('[data-verdict="broken"]')).toContainText(pages!.at("/missing"));
  await expect(fixed.locator('[data-verdict="not_supported"]')).toContainText("87 %");
  const article = page.locator(".article-content");
  await expect(article).not.toContainText("87 %");
  await expect(article.locator(`a[href="${pages!.at("/missing")}"]`)).toHaveCount(0);
  // Its links on the site go to the site's pages only.
  const siteLinks = await article
    .locator("a[href]")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!).filter((href) => !href.startsWith("http://127.0.0.1")));
  expect(siteLinks.length).toBeGreaterThan(0);
  for (const href of siteLinks) expect(new URL(href, "https://site.example").pathname).toBe("/contrat-de-travail");
  await expectNoAxeViolations(page, "the review screen with the sources fixed by the second pass");
  await screenshots(page, "evidence-review");
});
