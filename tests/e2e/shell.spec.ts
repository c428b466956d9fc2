/**
 * The application shell (spec part 1, section 2): header, avatar menu and initials, side panel
 * (collapsible on desktop, a drawer on small screens), footer, not-found page and the guard's
 * waiting state.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { open, openMenu, waitForHydration } from "./support/ui";
import { createSignedInAccount, newAccount, signUpConfirmAndSignIn } from "./support/users";

const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? -1;
const sidePanel = (page: Page) => page.getByRole("complementary", { name: "Navigation principale" });

/** These stories are about the screen a sign-in lands on: their signed-in page starts there. */
test.use({ startOn: "/dashboard" });

test.describe("the header and the footer", () => {
  test("a visitor sees the brand, 'Connexion' and 'Commencer', both leading to /auth", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    await open(page, "/");
    const header = page.getByRole("banner");
    await expect(header).toContainText("SEO × IA Content");
    await expect(header.getByRole("link", { name: /SEO × IA Content/ })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Connexion" })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("link", { name: "Commencer" })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("button", { name: /Notifications/ })).toHaveCount(0);
    await expect(header.getByRole("button", { name: "Menu du compte" })).toHaveCount(0);
    // The landing pages' footer carries the spec's copyright year (2025, part 3); the app's footer the current year.
    await expect(page.getByRole("contentinfo")).toContainText("© 2025 SEO × IA Content");
    await open(page, "/no-such-page");
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} SEO × IA Content`);
    await open(page, "/");

    await header.getByRole("link", { name: "Commencer" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await open(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Connexion" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a signed-in person sees the bell (nothing unread yet: no badge) and an avatar menu with their name and e-mail", async ({
    signedInPage: page,
    account,
  }) => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Connexion" })).toHaveCount(0);
    // The spec's fixed '3' gave way to the real count (issue 16): a new account has nothing unread.
    const bell = header.getByRole("button", { name: "Notifications (0)" });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveText("");

    // 'Camille Dupont' gives 'CD'.
    const avatar = header.getByRole("button", { name: "Menu du compte" });
    await expect(avatar).toHaveText("CD");
    const menu = await openMenu(page, avatar);
    await expect(menu).toContainText(account.fullName!);
    await expect(menu).toContainText(account.email);
    await expect(menu.getByRole("menuitem", { name: "Profil" })).toHaveAttribute("href", "/profile");
    await expect(menu.getByRole("menuitem", { name: "Paramètres" })).toHaveAttribute("href", "/settings");
    await expect(menu.getByRole("menuitem", { name: "Déconnexion" })).toBeVisible();

    await menu.getByRole("menuitem", { name: "Paramètres" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await (await openMenu(page, avatar)).getByRole("menuitem", { name: "Profil" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("contentinfo").last()).toContainText("©");
  });

  test("the avatar shows 'MC' for Marie Curie", async ({ page }) => {
    await createSignedInAccount(page, newAccount({ fullName: "Marie Curie" }));
    await expect(page.getByRole("button", { name: "Menu du compte" })).toHaveText("MC");
  });

  test("without a full name, the e-mail's local part becomes the name and gives the initials", async ({ page }) => {
    const account = newAccount({ prefix: "zoe" });
    // The name comes from the sign-up: through the form, as a person without a full name signs up.
    await signUpConfirmAndSignIn(page, account);
    const localPart = account.email.split("@")[0];
    const avatar = page.getByRole("button", { name: "Menu du compte" });
    await expect(avatar).toHaveText("Z");
    const menu = await openMenu(page, avatar);
    await expect(menu.locator("p").first()).toHaveText(localPart);
    await expect(menu.locator("p").nth(1)).toHaveText(account.email);
  });

  test("an unknown address shows the not-found page with a way home", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    const home = page.getByRole("main").getByRole("link");
    await expect(home).toHaveAttribute("href", "/");
    await expect(page.getByRole("contentinfo")).toContainText("©");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("the side panel", () => {
  test("lists 'My Sites', 'Tone Articles' and 'Profile' and marks the current one", async ({ signedInPage: page }) => {
    const panel = sidePanel(page);
    const entries = panel.getByRole("link");
    await expect(entries).toHaveText(["My Sites", "Tone Articles", "Profile"]);
    await expect(panel.getByRole("link", { name: "My Sites" })).toHaveAttribute("href", "/sites");
    await expect(panel.getByRole("link", { name: "Tone Articles" })).toHaveAttribute("href", "/tone-articles");
    await expect(panel.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");

    await panel.getByRole("link", { name: "My Sites" }).click();
    await expect(page).toHaveURL(/\/sites$/);
    await expect(panel.locator('[aria-current="page"]')).toHaveText(["My Sites"]);
    await panel.getByRole("link", { name: "Tone Articles" }).click();
    await expect(page).toHaveURL(/\/tone-articles$/);
    await expect(page.getByRole("heading", { name: "Tone Articles" })).toBeVisible();
    await expect(panel.locator('[aria-current="page"]')).toHaveText(["Tone Articles"]);
    await panel.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(panel.locator('[aria-current="page"]')).toHaveText(["Profile"]);
    await panel.getByRole("link", { name: "My Sites" }).click();
    await expect(page).toHaveURL(/\/sites$/);
    await expect(panel.locator('[aria-current="page"]')).toHaveText(["My Sites"]);
  });

  test("on /dashboard (the sites screen) 'My Sites' is the current entry", async ({ signedInPage: page }) => {
    await expect(page).toHaveURL(/\/dashboard$/);
    const panel = sidePanel(page);
    await expect(panel.locator('[aria-current="page"]')).toHaveText(["My Sites"]);
  });

  test("collapses to 70px and expands back to 240px", async ({ signedInPage: page }) => {
    const panel = sidePanel(page);
    await expect.poll(() => width(panel)).toBe(240);
    // On a wide screen the panel is always there: no drawer button.
    await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeHidden();
    await panel.getByRole("button", { name: "Replier le menu" }).click();
    await expect.poll(() => width(panel)).toBe(70);
    // The entries are still there, named, as icons.
    await expect(panel.getByRole("link", { name: "My Sites" })).toBeVisible();
    // The content sits beside the panel.
    const main = page.locator("main#main");
    await expect.poll(async () => (await main.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(70);
    await panel.getByRole("button", { name: "Déplier le menu" }).click();
    await expect.poll(() => width(panel)).toBe(240);
    await expect.poll(async () => (await main.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(240);
  });

  test("on a 390px-wide screen it is a drawer over a dark overlay that a tap closes", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = sidePanel(page);
    const overlay = page.getByTestId("sidebar-overlay");
    const right = async () => {
      const box = await panel.boundingBox();
      return box ? box.x + box.width : -1;
    };
    // Hidden off-screen to the left.
    await expect.poll(right).toBeLessThanOrEqual(0);
    await expect(overlay).toHaveCSS("opacity", "0");

    const opener = page.getByRole("button", { name: "Ouvrir le menu" });
    await expect(opener).toBeVisible();
    await opener.click();
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    await expect(overlay).toHaveCSS("opacity", "1");
    // A dark overlay: black at 60%.
    await expect(overlay).toHaveCSS("background-color", /rgba\(0, 0, 0, 0\.6\)|oklab\(0 0 0 \/ 0\.6\)/);
    await expect(panel.getByRole("link", { name: "Tone Articles" })).toBeVisible();

    // Tap the overlay beside the drawer.
    await overlay.click({ position: { x: 350, y: 400 } });
    await expect.poll(right).toBeLessThanOrEqual(0);
    await expect(overlay).toHaveCSS("opacity", "0");

    // Following an entry closes the drawer too.
    await opener.click();
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    await panel.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect.poll(right).toBeLessThanOrEqual(0);
  });
});

test("a signed-in screen that takes time to load shows 'Chargement...'", async ({ signedInPage: page }) => {
  // Hold the next screen's data for a moment, as a slow network would.
  await page.route("**/tone-articles.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await sidePanel(page).getByRole("link", { name: "Tone Articles" }).click();
  await expect(page.getByText("Chargement...")).toBeVisible();
  await expect(page).toHaveURL(/\/tone-articles$/);
  await expect(page.getByRole("heading", { name: "Tone Articles" })).toBeVisible();
  await expect(page.getByText("Chargement...")).toHaveCount(0);
});

test("a new person's first screen, where a sign-in lands, loads under 200 KB of compressed JavaScript", async ({ signedInPage: page }) => {
  // Issue 13's budget: the bytes of every script the document and its hydration asked for, as they came over the
  // wire (the server sends its files compressed). The list's forms load their schemas only once they are used.
  await expect(page.getByRole("heading", { name: "Your Sites" })).toBeVisible();
  await waitForHydration(page);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      // Module scripts come as preloads (initiator "link") and imports (initiator "script"): every .js file.
      .filter(
        (entry): entry is PerformanceResourceTiming =>
          entry instanceof PerformanceResourceTiming && new URL(entry.name).pathname.endsWith(".js"),
      )
      .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize })),
  );
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(scripts.length, "the scripts of the first screen").toBeGreaterThan(0);
  expect(total, `${scripts.length} scripts, ${(total / 1000).toFixed(1)} KB in all`).toBeLessThan(200_000);
  expect(scripts.map((script) => script.url).filter((url) => /\/zod-/.test(url))).toEqual([]);
});
