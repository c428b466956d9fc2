/**
 * The solo-expert landing pages (spec part 3, "Landing-page variants" and "In-page anchors"): Home4 with
 * its single 195€ card, its three pricing variants (1€ card, timeline-style 1€ card) and Home5.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { expectToast, open, waitForHydration } from "./support/ui";
import { authTab, confirmEmail, newAccount, signIn, signUp } from "./support/users";

const CONTACT_EMAIL = "contact@seo-ia-content.fr";

const HOME4_FAMILY = [
  {
    path: "/home-4",
    h1: "SEO articles drafted by AI, edited by me, line by line",
    title: /Hybrid AI \+ Human SEO Articles/,
    price: "€195",
    start: "Start Your First Article",
    jsonLdPrice: '"price":"195.00"',
  },
  {
    path: "/home-4-pricing-openai",
    h1: "Get your website cited by ChatGPT",
    title: /Cited by ChatGPT/,
    price: "€1",
    start: "Start My €1 Trial Article",
    jsonLdPrice: '"price":"1.00"',
  },
  {
    path: "/home-4-pricing-antropic",
    h1: "Become the source Claude cites",
    title: /Claude/,
    price: "€1",
    start: "Start My €1 Trial Article",
    jsonLdPrice: '"price":"1.00"',
  },
  {
    path: "/home-4-pricing-google",
    h1: "Get cited in Google's AI Overviews and by Gemini",
    title: /Google AI Overviews and Gemini/,
    price: "€1",
    start: "Start My €1 Trial Article",
    jsonLdPrice: '"price":"1.00"',
  },
] as const;

const HOME4_SECTIONS = [
  "How my hybrid method works",
  "Why AI plus a human editor beats either alone",
  "What my clients say",
  "Frequently asked questions",
  "Let's talk about your site",
];

async function expectOneH1(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

for (const landing of HOME4_FAMILY) {
  test(`a visitor of ${landing.path} sees the solo-expert page, its price and its sections`, async ({ page }) => {
    await open(page, landing.path);
    await expectOneH1(page, landing.h1);
    await expect(page).toHaveTitle(landing.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${landing.path}$`));
    for (const heading of HOME4_SECTIONS) await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();

    const pricing = page.locator("#pricing");
    await expect(pricing.getByText(landing.price, { exact: true }).first()).toBeVisible();
    if (landing.price === "€1") await expect(pricing.getByText(/€50 per article, excl\. VAT/).first()).toBeVisible();
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
    expect(ld).toContain(landing.jsonLdPrice);
    expect(ld).toContain('"@type":"FAQPage"');

    // The portrait is in the first screen (not lazy); the two review screenshots are lazy, say what they show, and load.
    const portrait = page.getByRole("img", { name: /Illustrated portrait of Julien Moreau/ }).first();
    await expect(portrait).not.toHaveAttribute("loading", "lazy");
    const reviews = page.locator("#testimonials img");
    await expect(reviews).toHaveCount(2);
    await expect(reviews.nth(0)).toHaveAttribute("alt", /Sophie Laurent, Head of Marketing at Atelier Verde/);
    await expect(reviews.nth(1)).toHaveAttribute("alt", /Marc Dubois, Founder at Dubois Conseil/);
    for (const review of await reviews.all()) {
      await expect(review).toHaveAttribute("loading", "lazy");
      await review.scrollIntoViewIfNeeded();
      await expect.poll(() => review.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }

    // The contact section mails the configured address, with a prefilled subject.
    const mail = page.locator("#contact").getByRole("link", { name: "Email me about your project" });
    await expect(mail).toHaveAttribute("href", new RegExp(`^mailto:${CONTACT_EMAIL}\\?subject=.+`));
  });

  test(`on ${landing.path} the start button of the pricing card leads to /auth, on the sign-up tab, remembering the trial`, async ({
    page,
  }) => {
    await open(page, landing.path);
    await page.locator("#pricing").getByRole("link", { name: landing.start }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup&offer=trial$/);
    await expect(authTab(page, "Inscription")).toHaveAttribute("aria-current", "page");
  });
}

test("on the solo page, 'Work with Me' goes to #contact and 'How My Hybrid Method Works' to #how", async ({ page }) => {
  await open(page, "/home-4");
  await page.getByRole("link", { name: "Work with Me" }).click();
  await expect(page).toHaveURL(/\/home-4#contact$/);
  await expect(page.getByRole("heading", { level: 2, name: "Let's talk about your site" })).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("link", { name: "How My Hybrid Method Works" }).click();
  await expect(page).toHaveURL(/\/home-4#how$/);
  await expect(page.getByRole("heading", { level: 2, name: "How my hybrid method works" })).toBeInViewport();
});

test("the antropic variant shows the 1€ offer as a timeline, in order", async ({ page }) => {
  await open(page, "/home-4-pricing-antropic");
  const steps = page.getByRole("list", { name: "The trial, step by step" }).getByRole("listitem");
  await expect(steps).toHaveCount(5);
  const titles = [
    "Pay €1",
    "Fill the 5-minute brief",
    "Approve the outline",
    "Your article in 24 hours, in your WordPress",
    "Then €50 per article, excl. VAT",
  ];
  for (const [index, title] of titles.entries()) await expect(steps.nth(index)).toContainText(title);
  await expect(page.locator("#pricing")).toContainText("One trial per client.");
});

test("a visitor of /home-5 sees testimonials, process, comparison, price, author card and FAQ", async ({ page }) => {
  await open(page, "/home-5");
  await expectOneH1(page, "SEO articles that rank and get cited, edited by one expert: me");
  await expect(page).toHaveTitle(/Solo SEO Editor/);
  for (const heading of [
    "Site owners who trusted me with their content",
    "From brief to published article in four steps",
    "Me, a freelancer or a DIY AI tool?",
    "Try my work for €1",
    "The editor behind every article",
    "Frequently asked questions",
  ])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  for (const id of ["testimonials", "how", "pricing", "faq"]) await expect(page.locator(`#${id}`)).toHaveCount(1);
  await expect(page.locator("#testimonials figure")).toHaveCount(3);
  await expect(page.getByRole("heading", { level: 3, name: "Julien Moreau" })).toBeVisible();
  await expect(page.locator("#pricing").getByText("€1", { exact: true })).toBeVisible();

  // The three-way comparison: service, freelancers, DIY AI tools.
  const table = page.getByRole("table", { name: "My service compared with freelance writers and DIY AI tools" });
  for (const column of ["My service", "Freelancers", "DIY AI tools"])
    await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(9);
});

test("on /home-5 the strategy-call button and the 1€ card lead to /auth", async ({ page }) => {
  await open(page, "/home-5");
  await page.getByRole("link", { name: "Book a free 15-minute strategy call" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await open(page, "/home-5");
  await page.locator("#pricing").getByRole("link", { name: "Start My €1 Trial Article" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup&offer=trial$/);
});

test("the solo pages have no axe violations", async ({ page }) => {
  for (const path of ["/home-4", "/home-4-pricing-antropic", "/home-5"]) {
    await open(page, path);
    await expectNoAxeViolations(page, path);
  }
});

test("after signing up from a trial button, the empty site list offers the first-article form with the account's e-mail", async ({
  page,
}) => {
  await open(page, "/home-5");
  await page.locator("#pricing").getByRole("link", { name: "Start My €1 Trial Article" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup&offer=trial$/);
  await waitForHydration(page);
  const account = newAccount({ fullName: "Trial Visitor" });
  await signUp(page, account);
  await confirmEmail(page, account.email);
  await signIn(page, account.email, account.password);

  // The new account's empty list: the trial, with the form filled with the account's e-mail.
  const offer = page.getByRole("region", { name: "Set up your first article" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText("Your 1€ trial article");
  const form = offer.getByRole("form", { name: "About your website" });
  await expect(form.getByLabel("Stripe email")).toHaveValue(account.email);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Website URL is required")).toBeVisible();
  await form.getByLabel("Website URL").fill("https://www.trial-bakery.example");
  await form.getByLabel("Language of your website").selectOption({ label: "English" });
  await form.getByRole("button", { name: "Submit" }).click();

  // The request is made, and the site is the account's, in its list.
  await expect(page).toHaveURL(/\/sites$/);
  await expectToast(page, "Success", "Your information has been submitted successfully. We'll get started on your first article!");
  await expect(page.getByRole("list", { name: "Sites" }).getByRole("heading", { name: "trial-bakery.example" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Set up your first article" })).toHaveCount(0);
});
