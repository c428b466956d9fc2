/**
 * Page versions helpers: a site with a page (created the way the screens do it: multipart to
 * /sites.data, then POST /sites/{siteId}/pages.data with intent=create), versions added through the
 * screen's own action (intent=add-html), and the screen's parts read like a person would.
 */
import { expect, type APIResponse, type Locator, type Page } from "@playwright/test";
import { createSiteByRequest, siteIdOf } from "./sites";
import { open } from "./ui";

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${process.pid.toString(36)}${++sequence}`;
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const versionsPath = (siteId: number, pageId: number) => `/sites/${siteId}/pages/${pageId}/page-versions`;

/**
 * Label of a version in the table: 'Version du 21/11/2026 (14:05)'; with the seconds, and a number
 * after them when needed, where two versions of the page were saved in the same minute.
 */
export const VERSION_LABEL = /^Version du \d{2}\/\d{2}\/\d{4} \(\d{2}:\d{2}(:\d{2})?\)( #\d+)?$/;

/**
 * POSTs a form, retrying while the route is not there yet (404 without a JSON body of ours, 405):
 * the page list route is built by someone else at the same time.
 */
async function postWhenReady(page: Page, url: string, multipart: Record<string, string>, timeoutMs = 60_000): Promise<APIResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await page.request.post(url, { multipart, failOnStatusCode: false });
    if (![404, 405].includes(response.status()) || Date.now() > deadline) return response;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Creates a site and one page on it; returns their ids and the page's name. */
export async function createSiteWithPage(page: Page, options: { pageName?: string } = {}) {
  const siteName = unique("Versions site");
  await createSiteByRequest(page, { url: `https://${slug(siteName)}.example.com`, name: siteName });
  await open(page, "/sites");
  const siteId = await siteIdOf(page, siteName);
  const pageName = options.pageName ?? unique("Article");
  const created = await postWhenReady(page, `/sites/${siteId}/pages.data`, {
    intent: "create",
    name: pageName,
    url: `/blog/${slug(pageName)}`,
    status: "1",
  });
  const body = await created.text();
  expect(created.status(), body).toBe(200);
  // The action answers with the new page's id (React Router's turbo-stream: the key "pageId", then its value).
  const pageId = Number(body.match(/"pageId",(\d+)/)?.[1]);
  expect(pageId, `a page id in ${body}`).toBeGreaterThan(0);
  return { siteId, pageId, pageName };
}

/**
 * Makes the site's articles skip the outline step (issue 16) through its brief's form, for stories about the
 * article's own request (its brief's texts were empty and stay so).
 */
export async function skipOutlines(page: Page, siteId: number) {
  const saved = await page.request.post(`/sites/${siteId}/brief.data`, {
    multipart: { intent: "save", toneGroup: "none", outlineStep: "direct" },
    failOnStatusCode: false,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Posts one of the screen's intents (React Router's single fetch: POST {path}.data), with the page's cookies. */
export function postVersionsForm(page: Page, siteId: number, pageId: number, fields: Record<string, string>): Promise<APIResponse> {
  return page.request.post(`${versionsPath(siteId, pageId)}.data`, { multipart: fields, failOnStatusCode: false });
}

/** Adds a version through the 'add-html' intent (HTML or Markdown) and returns its id. */
export async function addVersionByRequest(
  page: Page,
  siteId: number,
  pageId: number,
  content: string,
  format: "html" | "markdown" = "html",
) {
  const response = await postVersionsForm(page, siteId, pageId, { intent: "add-html", format, content });
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  // React Router's turbo-stream: the key "versionId" is followed by its value.
  const match = body.match(/"versionId",(\d+)/);
  if (!match) throw new Error(`No versionId in the add-html answer: ${body.slice(0, 400)}`);
  return Number(match[1]);
}

/** Opens the screen and waits until the versions list has arrived. */
export async function openVersions(page: Page, siteId: number, pageId: number) {
  await open(page, versionsPath(siteId, pageId));
  await expect(page.getByRole("region", { name: "Page Versions" })).toBeVisible();
}

export const versionsSection = (page: Page) => page.getByRole("region", { name: "Page Versions" });
export const viewer = (page: Page) => page.getByRole("region", { name: "HTML Content" });
export const modifySection = (page: Page) => page.getByRole("region", { name: "Modify Versions" });

/** The rows of the versions table, newest first. */
export const versionRows = (page: Page): Locator => versionsSection(page).locator("tbody tr");

/** The row marked active. */
export const activeRow = (page: Page): Locator => versionsSection(page).locator('tbody tr[aria-selected="true"]');

/** The id of each row, newest first. */
export async function rowIds(page: Page): Promise<number[]> {
  return (await versionRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-version-id")))).map(Number);
}

/** Expects the active row to be the version with this id. */
export async function expectActive(page: Page, versionId: number) {
  await expect(activeRow(page)).toHaveCount(1);
  await expect(activeRow(page)).toHaveAttribute("data-version-id", String(versionId));
  await expect(activeRow(page).getByRole("button", { name: VERSION_LABEL })).toHaveAttribute("aria-current", "true");
}

/** The row of a version, by id. */
export const rowOf = (page: Page, versionId: number) => versionsSection(page).locator(`tbody tr[data-version-id="${versionId}"]`);

/** The rendered article in the viewer. */
export const renderedArticle = (page: Page) => viewer(page).locator(".article-content");

/** The code view (read-only CodeMirror, or the server's <pre> until it loads) holding the stored source. */
export const sourceView = (page: Page) => viewer(page).locator("[data-code-editor]");

/** Replaces the whole text of the HTML editor (CodeMirror once loaded) like a person pasting. */
export async function replaceEditorText(page: Page, text: string) {
  const editor = viewer(page).getByRole("textbox", { name: "HTML code" });
  await expect(viewer(page).locator('[data-code-editor="ready"]')).toBeVisible();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}
