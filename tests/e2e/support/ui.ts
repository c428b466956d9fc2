/** Small helpers to read the screen like a person: toasts, and waiting for the page to be interactive. */
import { expect, type Locator, type Page } from "@playwright/test";
import { isStaticPath } from "../../../app/lib/static-page";

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

/** The value of a details list's line (a `dl`'s `dt` named exactly `term`, then its `dd`), as a person reads it. */
export function detailOf(page: Page, term: string): Locator {
  return page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** The card (shadcn Card) whose heading of `level` (2 by default) is named `title`. */
export function cardTitled(page: Page, title: string, level = 2): Locator {
  return page.getByRole("heading", { name: title, level }).locator("xpath=ancestor::*[@data-slot='card'][1]");
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

/**
 * Opens a path and waits until the page is interactive. A page where the app already runs goes there as a click
 * on a link would (React Router's navigation, which asks the server for the screen's data only); any other page,
 * an address outside the app, a static page or the screen the page is on (a reload) loads a document, as a typed
 * address would. Returns the document's answer, or null after a navigation in the app: a story that checks the
 * answer uses `openDocument`.
 */
export async function open(page: Page, path: string) {
  if (process.env.E2E_OPEN_AS_DOCUMENT !== "1" && (await navigateInApp(page, path))) return null;
  return openDocument(page, path);
}

/** Loads the path as a document (as a typed address or a reload would) and waits until the page is interactive. */
export async function openDocument(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

type AppWindow = {
  __reactRouterDataRouter?: {
    navigate: (to: string) => Promise<void>;
    state: { errors: unknown };
  };
};

/**
 * React Router's navigation to `path` on a hydrated page of the same origin. False (and nothing done) when the
 * page has no app, the address is elsewhere or is a static page, or the app answered with an error (a screen that
 * is not there for this person): the caller then loads the document, whose status and page the story sees.
 */
async function navigateInApp(page: Page, path: string): Promise<boolean> {
  const current = page.url();
  if (!/^https?:/.test(current)) return false;
  const target = new URL(path, current);
  if (target.origin !== new URL(current).origin || isStaticPath(target.pathname)) return false;
  // The screen the page is on: opening it again is a reload.
  if (target.pathname + target.search === new URL(current).pathname + new URL(current).search) return false;
  const outcome = await page
    .evaluate(
      async (to) => {
        const router = (window as AppWindow).__reactRouterDataRouter;
        if (!router || document.documentElement.hasAttribute("data-static")) return "no-app";
        await router.navigate(to);
        if (router.state.errors) return "error";
        // The navigation has settled; React renders the new screen in a transition, in tasks of its own: the
        // browser is idle once it has committed it.
        await new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 2000 })));
        return "done";
      },
      target.pathname + target.search + target.hash,
    )
    // The app left for a document on its own (a static page reached through a redirect): it loads as one.
    .catch(() => "left");
  if (outcome === "left") {
    await page.waitForLoadState();
    await waitForHydration(page);
    return true;
  }
  return outcome === "done";
}
