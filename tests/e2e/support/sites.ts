/** Site helpers: the dialog's controls, and requests sent like the dialog does (multipart to /sites.data). */
import { expect, type APIResponse, type Locator, type Page } from "@playwright/test";
import { pngFile, type FilePayload } from "./images";
import { openMenu } from "./ui";

export type SiteFields = { url: string; name?: string; logo?: FilePayload | null; extra?: Record<string, string> };

/**
 * Sends the dialog's form as the browser would (React Router's single fetch: POST /sites.data), with
 * the page's cookies. Returns the raw answer (turbo-stream text that carries the messages).
 */
export function postSiteForm(
  page: Page,
  intent: "create" | "update" | "delete",
  fields: Record<string, string | FilePayload>,
): Promise<APIResponse> {
  return page.request.post("/sites.data", { multipart: { intent, ...fields }, failOnStatusCode: false });
}

/** Creates a site without the dialog (setup for stories about editing, deleting, permissions). */
export async function createSiteByRequest(page: Page, site: SiteFields) {
  const fields: Record<string, string | FilePayload> = { url: site.url, name: site.name ?? "", ...site.extra };
  if (site.logo !== null) fields.logo = site.logo ?? pngFile();
  const response = await postSiteForm(page, "create", fields);
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/** The card of a site in the grid, by its name. */
export function siteCard(page: Page, name: string): Locator {
  return page
    .getByRole("list", { name: "Sites" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** The id of a site, read from its card's link (/sites/{id}). */
export async function siteIdOf(page: Page, name: string): Promise<number> {
  const href = await siteCard(page, name).getByRole("link").getAttribute("href");
  const match = href?.match(/^\/sites\/(\d+)$/);
  if (!match) throw new Error(`No /sites/{id} link on the card of ${name} (href: ${href})`);
  return Number(match[1]);
}

/** Opens the card's menu and picks an entry ('Edit' or 'Delete'). */
export async function cardAction(page: Page, name: string, action: "Edit" | "Delete") {
  const menu = await openMenu(page, page.getByRole("button", { name: `Actions for ${name}` }));
  await menu.getByRole("menuitem", { name: action }).click();
}

/** Picks an option of a dialog select (Radix Select), by the select's label. */
export async function chooseOption(page: Page, label: string, option: string) {
  const combobox = page.getByRole("dialog").getByRole("combobox", { name: label });
  // Radix ignores a pick that comes too soon after the list opened (on a loaded machine): pick again then.
  await expect(async () => {
    if ((await page.getByRole("listbox").count()) === 0) await combobox.click();
    await page.getByRole("option", { name: option, exact: true }).click({ timeout: 3000 });
    await expect(page.getByRole("listbox")).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(combobox).toContainText(option);
}
