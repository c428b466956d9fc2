/** Small helpers to read the screen like a person: toasts, and waiting for the page to be interactive. */
import { expect, type Locator, type Page } from "@playwright/test";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Notifications (sonner toasts) whose title is exactly `title`, newest first (sonner puts the newest
 * first in the DOM; older ones may linger hidden behind it, since one is visible at a time).
 */
export function toasts(page: Page, title: string): Locator {
  return page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]", { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }) });
}

/** Expects a notification with this title (and this description, when given). */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  let matching = toasts(page, title);
  if (description !== undefined) matching = matching.filter({ has: page.locator("[data-description]", { hasText: description }) });
  const t = matching.first();
  await expect(t, `a notification '${title}'${description ? ` saying '${description}'` : ""}`).toBeVisible();
  return t;
}

/**
 * Opens a menu (Radix DropdownMenu) from its trigger and returns it. Radix opens on pointerdown; a press that
 * comes before React has hydrated the trigger's part of the page (a streamed list, a loaded machine) opens
 * nothing, so the trigger is pressed again until the menu shows.
 */
export async function openMenu(page: Page, trigger: Locator): Promise<Locator> {
  const menu = page.getByRole("menu");
  await expect(async () => {
    if ((await menu.count()) === 0) await trigger.click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

/**
 * Waits until React has hydrated the page (its event handlers are attached), so that a click or a
 * submit is handled by the app and not by the browser's native form submission.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    // A static page (app/lib/static-page.ts) is never hydrated: it is ready once each of its islands is.
    if (document.documentElement.hasAttribute("data-static")) {
      return document.readyState !== "loading" && document.querySelectorAll("[data-island]:not([data-island-ready])").length === 0;
    }
    const main = document.querySelector("main") ?? document.body;
    return Object.keys(main).some((key) => key.startsWith("__reactFiber") || key.startsWith("__reactProps"));
  });
}

/** Opens a path and waits until the page is interactive. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}
