/**
 * Articles for the review and /view stories, created the way the screens do it: a site (multipart to
 * /sites.data), a page (POST /sites/{siteId}/pages.data, intent=create) and a version (POST
 * /sites/{siteId}/pages/{pageId}/page-versions.data, intent=add-html), with the page's cookies.
 */
import { expect, type APIResponse, type Page } from "@playwright/test";
import { createSiteByRequest, siteIdOf } from "./sites";
import { open } from "./ui";

/** `viewPath`: its public view, /view/{public id}. */
export type Article = { siteId: number; pageId: number; versionId: number; pageName: string; viewPath: string };

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${process.pid}-${++sequence}`;

/** Polls a POST until its route exists (answers something other than 404/405), then returns the answer. */
async function postWhenReady(page: Page, url: string, form: Record<string, string>, timeoutMs = 120_000): Promise<APIResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await page.request.post(url, { form, failOnStatusCode: false });
    if (![404, 405].includes(response.status()) || Date.now() > deadline) return response;
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** Creates a site and returns its id (read from its card on /sites). */
export async function createSite(page: Page, name = unique("Review site")): Promise<number> {
  await createSiteByRequest(page, { url: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example.com`, name });
  await open(page, "/sites");
  return siteIdOf(page, name);
}

/**
 * Creates a page and returns its id, from the action's answer. (No client makes a demo page: the team does,
 * with `npm run demo`; see demo-articles.spec.ts.)
 */
export async function createPage(page: Page, siteId: number, options: { name?: string } = {}) {
  const name = options.name ?? unique("Article");
  const form: Record<string, string> = {
    intent: "create",
    name,
    url: `/blog/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    status: "1",
  };
  const response = await postWhenReady(page, `/sites/${siteId}/pages.data`, form);
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  // React Router's turbo-stream: the key "pageId" is followed by its value.
  const pageId = Number(body.match(/"pageId",(\d+)/)?.[1]);
  expect(pageId, `a page id in ${body}`).toBeGreaterThan(0);
  return { pageId, name };
}

/** Adds a version from pasted HTML and returns its id (the action's answer carries it). */
export async function addVersion(page: Page, siteId: number, pageId: number, html: string): Promise<number> {
  const response = await postWhenReady(page, `/sites/${siteId}/pages/${pageId}/page-versions.data`, {
    intent: "add-html",
    format: "html",
    content: html,
  });
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  // React Router's turbo-stream: the key "versionId" is followed by its value.
  const match = body.match(/"versionId",(\d+)/);
  if (!match) throw new Error(`No versionId in the add-html answer: ${body.slice(0, 500)}`);
  return Number(match[1]);
}

/** A site, a page and one version with this HTML. */
export async function createArticle(page: Page, html: string, options: { pageName?: string; siteId?: number } = {}): Promise<Article> {
  const siteId = options.siteId ?? (await createSite(page));
  const { pageId, name } = await createPage(page, siteId, { name: options.pageName });
  const versionId = await addVersion(page, siteId, pageId, html);
  return { siteId, pageId, versionId, pageName: name, viewPath: await publicPathOf(page, versionId) };
}

/**
 * The public link of a version as its owner finds it: on the version's review screen ('Public link'), an
 * absolute URL /view/{public id}. Returns its path.
 */
export async function publicPathOf(page: Page, versionId: number): Promise<string> {
  await open(page, `/review/${versionId}`);
  const link = await page.getByRole("textbox", { name: "Public link" }).inputValue();
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/view\/[A-Za-z0-9_-]{32}$/);
  return url.pathname;
}

/** Sends a review action as the screen's fetcher does (POST /review/{id}.data). */
export function postReviewAction(page: Page, versionId: number, intent: string, fields: Record<string, string> = {}) {
  return page.request.post(`/review/${versionId}.data`, { form: { intent, ...fields }, failOnStatusCode: false });
}

/** The review state badge of the review screen. */
export const stateBadge = (page: Page) => page.getByTestId("review-state");

/** What an article's DOM must never contain once sanitized: event handlers, javascript: URLs, scripts, svg. */
export async function unsafeMarkupIn(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll("*")) {
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
          if (/^\s*javascript:/i.test(attr.value)) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
        }
        if (["SCRIPT", "SVG", "IFRAME", "OBJECT", "EMBED", "FORM", "STYLE"].includes(el.tagName.toUpperCase())) found.push(el.tagName);
      }
    }
    return found;
  }, selector);
}

/** Selects `words` in the article of a review link's page, as a person dragging over them would. */
export async function selectInArticle(page: Page, words: string) {
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
