/**
 * Landing-page variants (spec part 3, "Landing-page variants"): a visitor reads Home (/home-1), Home2
 * (/home-2, in French) and Home3 (/home-3) section by section, uses the FAQ accordion, the trial's payment
 * button and Home3's testimonial carousel (arrow keys, loop, one or two cards per row, buttons only on
 * extra-large screens). axe finds no WCAG 2 A/AA violation on any of them.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { open } from "./support/ui";

/** The page's <h1> and <h2> headings, in document order. */
async function headings(page: Page) {
  return page
    .locator("main")
    .locator("h1, h2")
    .evaluateAll((nodes) => nodes.map((n) => `${n.tagName.toLowerCase()}: ${n.textContent?.trim()}`));
}

const HOME_1 = [
  "h1: Articles that rank on Google and get cited by AI assistants",
  "h2: From brief to published article in three steps",
  "h2: Why not just use AI SEO tools yourself?",
  "h2: Everything a ranking article needs, included",
  "h2: Site owners who stopped writing at midnight",
  "h2: Try us with one article for €1",
  "h2: Questions we hear every week",
  "h2: See what we can write for your site",
];

const HOME_2 = [
  "h1: Votre blog publie chaque semaine, sans que vous écriviez une ligne",
  "h2: Trois étapes, et votre article est en ligne",
  "h2: Pourquoi ne pas utiliser vous-même les outils SEO à base d'IA\u00a0?",
  "h2: Tout ce qu'il faut pour qu'un article se classe",
  "h2: Ils ont confié leur blog à notre équipe",
  "h2: Jugez sur pièce\u00a0: votre premier article à 1\u00a0€",
  "h2: Vos questions, nos réponses",
  "h2: Votre prochain article pourrait être en ligne demain",
];

const HOME_3 = [
  "h1: Grow organic revenue with articles built to rank and to be cited",
  "h2: Trusted by 100+ clients, from local shops to newsrooms",
  "h2: Four steps from brief to published article",
  "h2: A content team without the hiring, the tools or the prompts",
  "h2: Built for rankings and for AI answers",
  "h2: Results our clients talk about",
  "h2: Simple per-article pricing",
  "h2: Frequently asked questions",
  "h2: Join 100+ clients growing with expert-edited content",
];

test("Home (/home-1) shows its hero and sections in order, and scrolls to #how", async ({ page }) => {
  await open(page, "/home-1");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/first one €1, then €50/);
  await expect(page.locator("h1")).toHaveCount(1);
  expect(await headings(page)).toEqual(HOME_1);
  for (const id of ["how", "features", "testimonials", "pricing", "faq"]) await expect(page.locator(`section#${id}`)).toHaveCount(1);
  await expect(page.locator("#features li")).toHaveCount(8);
  await expect(page.locator("#how ol > li")).toHaveCount(3);
  await expect(page.locator("footer")).toContainText("© 2025");

  await page.getByRole("link", { name: "See How It Works" }).click();
  await expect(page.getByRole("heading", { name: HOME_1[1]!.slice(4) })).toBeInViewport();
  await expectNoAxeViolations(page, "/home-1");
});

test("Home's pricing button opens the payment link in a new tab", async ({ page }) => {
  await open(page, "/home-1");
  const pricing = page.locator("section#pricing");
  await expect(pricing).toContainText("€1");
  await expect(pricing).toContainText("Then €50 per article, excl. VAT. One trial article per client.");
  const button = pricing.getByRole("link", { name: /Get my €1 article/ });
  await expect(button).toHaveAttribute("target", "_blank");
  await expect(button).toHaveAttribute("rel", /noopener/);
  const href = await button.getAttribute("href");
  expect(href).toBeTruthy();
  const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
  expect(new URL(popup.url()).href).toBe(new URL(href!, page.url()).href);
  await popup.close();
});

test("the FAQ keeps one item open at a time, and closes it on a second click", async ({ page }) => {
  await open(page, "/home-1");
  const faq = page.locator("section#faq");
  // Native disclosures: a <details> per question, opened and closed by its <summary>.
  const item = (question: string) => faq.locator("details").filter({ has: page.locator("summary", { hasText: question }) });
  const [first, second] = [item("How long are the articles?"), item("Who owns the articles?")];
  await expect(first).toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open");
  await expect(faq.getByText("You get full ownership of the rights and of the source files")).toBeVisible();
  await second.locator("summary").click();
  await expect(faq.locator("details[open]")).toHaveCount(0);
});

test("Home2 (/home-2) has the same sections in French", async ({ page }) => {
  await open(page, "/home-2");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(/le premier à 1\u00a0€, puis 50\u00a0€ HT/);
  expect(await headings(page)).toEqual(HOME_2);
  await expect(page.locator("#features li")).toHaveCount(8);
  const pricing = page.locator("section#pricing");
  await expect(pricing).toContainText("Ensuite 50\u00a0€ HT par article.");
  await expect(pricing.getByRole("link", { name: /Commander mon article à 1\s€/ })).toHaveAttribute("target", "_blank");
  await page.getByRole("link", { name: "Voir comment ça marche" }).click();
  await expect(page.getByRole("heading", { name: HOME_2[1]!.slice(4) })).toBeInViewport();
  await expectNoAxeViolations(page, "/home-2");
});

test("Home3 (/home-3) shows its logo strip, 4 steps, 3 tiers and a two-category FAQ", async ({ page }) => {
  await open(page, "/home-3");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await headings(page)).toEqual(HOME_3);
  await expect(page.locator("main")).toContainText("+70%");
  await expect(page.getByRole("img", { name: "Maison Verlaine" })).toBeVisible();
  await expect(page.locator("#how ol > li")).toHaveCount(4);

  const pricing = page.locator("section#pricing");
  await expect(pricing.getByRole("article")).toHaveCount(3);
  await expect(pricing.getByRole("article", { name: "Pro" })).toContainText("Most popular");
  await expect(pricing.getByRole("link", { name: "Start with Starter" })).toHaveAttribute("href", "/first-article");
  await expect(pricing.getByRole("link", { name: "Go Pro" })).toHaveAttribute("href", "/first-article");
  await expect(pricing.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", /^mailto:/);
  await expect(pricing).toContainText("more than 20 articles a month");

  const faq = page.locator("section#faq");
  for (const category of ["Articles and quality", "Pricing and process"])
    await expect(faq.getByRole("heading", { name: category, exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Watch a Demo" }).click();
  await expect(page.getByRole("heading", { name: HOME_3[2]!.slice(4) })).toBeInViewport();
  await expectNoAxeViolations(page, "/home-3");
});

/** The labels ('n of 6') of the slides whose card lies fully inside the carousel's frame. */
async function visibleSlides(carousel: Locator) {
  return carousel.evaluate((region) => {
    const frame = region.querySelector('[data-slot="carousel-content"]')!.getBoundingClientRect();
    return [...region.querySelectorAll('[aria-roledescription="slide"]')]
      .map((slide) => ({ label: slide.getAttribute("aria-label"), card: slide.querySelector("figure")!.getBoundingClientRect() }))
      .filter(({ card }) => card.left >= frame.left - 1 && card.right <= frame.right + 1)
      .sort((a, b) => a.card.left - b.card.left)
      .map(({ label }) => label);
  });
}

test("Home3's carousel shows two cards on a desktop, moves with the arrow keys and loops", async ({ page }) => {
  await open(page, "/home-3");
  const carousel = page.getByRole("region", { name: "Client testimonials" });
  await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(6);
  await expect(carousel.getByRole("group", { name: "1 of 6" })).toBeAttached();
  await expect.poll(() => visibleSlides(carousel)).toEqual(["1 of 6", "2 of 6"]);

  // Previous/next buttons only on extra-large screens (1280px and wider).
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
  await expect(carousel.getByRole("button", { name: "Previous slide" })).toBeVisible();
  await page.setViewportSize({ width: 1279, height: 800 });
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeHidden();
  await expect(carousel.getByRole("button", { name: "Previous slide" })).toBeHidden();
  await expect.poll(() => visibleSlides(carousel)).toEqual(["1 of 6", "2 of 6"]);

  await carousel.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => visibleSlides(carousel)).toEqual(["2 of 6", "3 of 6"]);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => visibleSlides(carousel)).toEqual(["1 of 6", "2 of 6"]);
  // From the first slide, back goes round to the last one, followed by the first.
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => visibleSlides(carousel)).toEqual(["6 of 6", "1 of 6"]);
});

test("Home3's carousel shows one card on a phone and loops from the last slide to the first", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, "/home-3");
  const carousel = page.getByRole("region", { name: "Client testimonials" });
  await expect.poll(() => visibleSlides(carousel)).toEqual(["1 of 6"]);
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeHidden();

  await carousel.focus();
  for (let n = 2; n <= 6; n++) {
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => visibleSlides(carousel)).toEqual([`${n} of 6`]);
  }
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => visibleSlides(carousel)).toEqual(["1 of 6"]);
});

test("the three variants are server-rendered with their SEO tags and every slide", async ({ request }) => {
  for (const [path, lang, h1] of [
    ["/home-1", "en", HOME_1[0]],
    ["/home-2", "fr", HOME_2[0]],
    ["/home-3", "en", HOME_3[0]],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(h1!.slice(4).replace(/'/g, "&#x27;"));
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}"`));
    expect(html).toContain('"@type":"FAQPage"');
    expect(html).toContain('"@type":"Offer"');
  }
  const home3 = await (await request.get("/home-3")).text();
  expect(home3.match(/aria-roledescription="slide"/g)).toHaveLength(6);
  for (const price of ['"price":"50.00"', '"price":"45.00"', '"price":"40.00"']) expect(home3).toContain(price);
});
