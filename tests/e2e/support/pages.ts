/**
 * Page list helpers: a site made the way the sites screen makes it, pages and versions created
 * through the screens' own actions (POST {path}.data, React Router's single fetch), and the list's
 * parts read like a person would.
 */
import { expect, type APIResponse, type Locator, type Page } from "@playwright/test";
import { createSiteByRequest, siteIdOf } from "./sites";
import { open } from "./ui";

let sequence = 0;
/** A name unique in the run (tests run in parallel against one server). */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${process.pid.toString(36)}${++sequence}`;
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const pagesPath = (siteId: number) => `/sites/${siteId}/pages`;

/** Creates a site; returns its id, name and address. */
export async function createSite(page: Page, name = unique("Pages site")) {
  const url = `https://${slug(name)}.example.com`;
  await createSiteByRequest(page, { url, name });
  await open(page, "/sites");
  return { siteId: await siteIdOf(page, name), siteName: name, siteUrl: url };
}

/** Posts one of the page list's intents, with the page's cookies. */
export function postPagesForm(page: Page, siteId: number, fields: Record<string, string | string[]>): Promise<APIResponse> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return page.request.post(`${pagesPath(siteId)}.data`, {
    data: body.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    failOnStatusCode: false,
  });
}

export type NewPage = { name: string; url?: string; status?: string; postDemoFlag?: boolean };

/** Creates a page through the list's action (intent=create) and returns its id. */
export async function createPageByRequest(page: Page, siteId: number, fields: NewPage): Promise<number> {
  const form: Record<string, string> = {
    intent: "create",
    name: fields.name,
    url: fields.url ?? `/blog/${slug(fields.name)}`,
    status: fields.status ?? "1",
  };
  // What an attacker would post: the demo flag, which no client may set (the server ignores it).
  if (fields.postDemoFlag) form.hideRevisionsTextsFromPreview = "on";
  const response = await postPagesForm(page, siteId, form);
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  // React Router's turbo-stream: the key "pageId" is followed by its value.
  const id = Number(body.match(/"pageId",(\d+)/)?.[1]);
  expect(id, `a page id in ${body}`).toBeGreaterThan(0);
  return id;
}

/**
 * Adds a version to a page through the page-versions screen's action (intent=add-html), retrying
 * while that route is not there yet; returns the version id.
 */
export async function addVersionByRequest(
  page: Page,
  siteId: number,
  pageId: number,
  html = "<h1>Article</h1><p>Text.</p>",
): Promise<number> {
  const url = `/sites/${siteId}/pages/${pageId}/page-versions.data`;
  const deadline = Date.now() + 30_000;
  let response: APIResponse;
  for (;;) {
    response = await page.request.post(url, { multipart: { intent: "add-html", format: "html", content: html }, failOnStatusCode: false });
    if (![404, 405].includes(response.status()) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  const id = Number(body.match(/"versionId",(\d+)/)?.[1]);
  expect(id, `a version id in ${body}`).toBeGreaterThan(0);
  return id;
}

/** The table's region (it scrolls sideways on small screens). */
export const pagesTable = (page: Page): Locator => page.getByRole("region", { name: "Pages table" });

/** The rows of the table's body. */
export const bodyRows = (page: Page): Locator => pagesTable(page).locator("tbody tr");

/** The row of a page, by its name. */
export const pageRow = (page: Page, name: string): Locator => bodyRows(page).filter({ has: page.getByRole("link", { name, exact: true }) });

/** The page names in the order shown. */
export const shownNames = (page: Page) => pagesTable(page).locator("tbody tr td:nth-child(2) a").allInnerTexts();

/** Opens the list and waits until it has arrived (the table replaces the loading state). */
export async function openPages(page: Page, siteId: number) {
  await open(page, pagesPath(siteId));
  await expect(pagesTable(page)).toBeVisible();
}

/** Expects no row and the list's empty message. */
export async function expectEmpty(page: Page, message: "No pages found for this site." | "No pages match your search.") {
  await expect(bodyRows(page)).toHaveCount(0);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

/** Picks an option of a select on the screen (Radix Select), by the select's accessible name. */
export async function chooseFromSelect(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
}

/** The sort button in a column header. */
export const sortButton = (page: Page, column: "Page name" | "URL" | "Last modified") =>
  pagesTable(page).getByRole("columnheader", { name: column }).getByRole("button");
