/**
 * The main landing page (team version, spec part 3): a visitor takes the ideal-client quiz, writes to the
 * team, opens the demo articles and the trial payment link, reads the FAQ. Chromium.
 */
import type { Page, Route } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, failedResource, test } from "./support/fixtures";
import { addVersionByRequest, createPageByRequest, createSite, unique } from "./support/pages";
import { expectToast, open } from "./support/ui";

const H1 = "Articles that rank on Google and get cited by AI assistants";
/** The form posts to the resource route, which answers JSON. */
const CONTACT_ENDPOINT = /\/api\/contact(\?.*)?$/;

const quiz = (page: Page) => page.getByRole("region", { name: "Are you our ideal client?" });
const progress = (page: Page) => quiz(page).getByRole("progressbar", { name: "Quiz progress" });
const contactForm = (page: Page) => page.getByRole("form", { name: "Contact form" });

async function answer(page: Page, nextHeading: string, option: string) {
  await quiz(page).getByRole("button", { name: option, exact: true }).click();
  await expect(quiz(page).getByRole("heading", { name: nextHeading })).toBeFocused();
}

test.describe("a visitor takes the ideal-client quiz", () => {
  test("an established e-commerce site with little time for SEO is an ideal client", async ({ page }) => {
    await open(page, "/");
    await expect(quiz(page).getByRole("heading", { name: "How old is your website?" })).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "33");

    await answer(page, "What type of website do you have?", "More than 1 year");
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "67");
    await answer(page, "How many hours per week can you spend on SEO yourself?", "E-commerce");
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
    await answer(page, "You're My Ideal Client!", "Less than 10 hours per week");

    await expect(quiz(page).getByText(/Let us handle your content strategy/)).toBeVisible();
    await expect(quiz(page).getByRole("link", { name: "Let's Start With Your €1 Trial Article" })).toHaveAttribute("href", "#pricing");
  });

  test("a young site is told the questionnaire is flawed and invited to get in touch", async ({ page }) => {
    await open(page, "/");
    await answer(page, "What type of website do you have?", "Less than 1 year");
    await answer(page, "How many hours per week can you spend on SEO yourself?", "Corporate");
    await answer(page, "You might not be completely ideal!", "More than 10 hours per week");

    await expect(quiz(page).getByText(/this questionnaire is flawed/)).toBeVisible();
    await expect(quiz(page).getByRole("link", { name: "Contact me" })).toHaveAttribute("href", "#contact");
  });

  test("'Previous' goes back one question and shows the earlier answer as chosen", async ({ page }) => {
    await open(page, "/");
    await expect(quiz(page).getByRole("button", { name: "Previous" })).toHaveCount(0);
    await answer(page, "What type of website do you have?", "More than 1 year");
    await answer(page, "How many hours per week can you spend on SEO yourself?", "Marketplace");

    await quiz(page).getByRole("button", { name: "Previous" }).click();
    await expect(quiz(page).getByRole("heading", { name: "What type of website do you have?" })).toBeVisible();
    await expect(quiz(page).getByRole("button", { name: "Marketplace" })).toHaveAttribute("aria-pressed", "true");
    await expect(quiz(page).getByRole("button", { name: "News" })).toHaveAttribute("aria-pressed", "false");
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "67");

    await quiz(page).getByRole("button", { name: "Previous" }).click();
    await expect(quiz(page).getByRole("heading", { name: "How old is your website?" })).toBeVisible();
    await expect(quiz(page).getByRole("button", { name: "More than 1 year" })).toHaveAttribute("aria-pressed", "true");
    await expect(quiz(page).getByRole("button", { name: "Previous" })).toHaveCount(0);
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "33");
  });

  test("the result screen resets the quiz and scrolls to the testimonials", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, "/");
    await answer(page, "What type of website do you have?", "More than 1 year");
    await answer(page, "How many hours per week can you spend on SEO yourself?", "News");
    await answer(page, "You might not be completely ideal!", "Less than 10 hours per week");

    const testimonials = page.getByRole("region", { name: "What our first clients say" });
    await expect(testimonials.getByRole("heading", { level: 2 })).not.toBeInViewport();
    await quiz(page).getByRole("button", { name: "See Testimonials" }).click();
    await expect(testimonials.getByRole("heading", { level: 2 })).toBeInViewport();
    await expect(testimonials.getByRole("img", { name: /Review by Sophie/ })).toHaveCount(1);
    await expect(testimonials.getByText(/Only 2 clients so far/)).toBeVisible();

    await quiz(page).getByRole("button", { name: "Take Quiz Again" }).click();
    await expect(quiz(page).getByRole("heading", { name: "How old is your website?" })).toBeFocused();
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "33");
    for (const option of ["Less than 1 year", "More than 1 year"]) {
      await expect(quiz(page).getByRole("button", { name: option })).toHaveAttribute("aria-pressed", "false");
    }
  });
});

test.describe("a visitor writes to the team", () => {
  test("an empty form shows the three field messages, which clear as the fields are corrected", async ({ page, consoleGuard }) => {
    // The action checks the form: its refusal is a 400 answer, which Chrome notes in the console.
    consoleGuard.allow(failedResource(400));
    await open(page, "/");
    const form = contactForm(page);
    await expect(form.getByLabel("Name")).toHaveValue("");
    await form.getByRole("button", { name: "Send message" }).click();

    await expect(form.getByText("Name must be at least 2 characters", { exact: true })).toBeVisible();
    await expect(form.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");

    await form.getByLabel("Name").fill("Ana Martin");
    await expect(form.getByText("Name must be at least 2 characters")).toHaveCount(0);
    await expect(form.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  });

  test("a valid message is sent, confirmed and the form emptied", async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CONTACT_ENDPOINT, async (route: Route) => {
      await released;
      await route.continue();
    });
    await open(page, "/");
    const form = contactForm(page);
    await form.getByLabel("Name").fill("Ana Martin");
    await form.getByLabel("Email").fill("ana.martin@example.com");
    await form.getByLabel("Message").fill("We run a furniture shop and would like two articles a week.");
    await form.getByRole("button", { name: "Send message" }).click();

    const sending = form.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    release();

    await expectToast(page, "Message sent successfully!", "Thank you for your message. We'll get back to you soon.");
    await expect(form.getByRole("button", { name: "Send message" })).toBeEnabled();
    for (const label of ["Name", "Email", "Message"]) await expect(form.getByLabel(label)).toHaveValue("");
  });

  test("when the server fails, an error notice names the address and the text is kept", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResource(500), failedResource(502));
    // First the contact action's own failure answer, then a proxy's HTML error page: both keep the form.
    let calls = 0;
    await page.route(CONTACT_ENDPOINT, (route) =>
      ++calls === 1
        ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ ok: false, error: "failed" }) })
        : route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await open(page, "/");
    const form = contactForm(page);
    await form.getByLabel("Name").fill("Ana Martin");
    await form.getByLabel("Email").fill("ana.martin@example.com");
    await form.getByLabel("Message").fill("Could you write about garden furniture care?");
    await form.getByRole("button", { name: "Send message" }).click();

    await expectToast(page, "Error sending message", /^Please try again or contact us directly at \S+@\S+$/);
    await expect(form.getByLabel("Name")).toHaveValue("Ana Martin");
    await expect(form.getByLabel("Email")).toHaveValue("ana.martin@example.com");
    await expect(form.getByLabel("Message")).toHaveValue("Could you write about garden furniture care?");

    await page.locator("[data-sonner-toast] [data-close-button]").first().click();
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { level: 1, name: H1 })).toBeVisible();
    await expectToast(page, "Error sending message");
    await expect(form.getByLabel("Message")).toHaveValue("Could you write about garden furniture care?");
  });
});

test("a client cannot put a page of theirs among the home page's demo articles", async ({ signedInPage, openContext }) => {
  const owner = signedInPage;
  const { siteId } = await createSite(owner, unique("Spam site"));
  const name = unique("Buy my pills");
  // The page form has no such switch; posting the flag anyway changes nothing.
  const pageId = await createPageByRequest(owner, siteId, { name, postDemoFlag: true });
  await addVersionByRequest(owner, siteId, pageId, "<h1>Buy my pills</h1><p>Text.</p>");

  const { page } = await openContext();
  await open(page, "/");
  const list = page.getByRole("region", { name: "View below some demo articles" });
  await expect(list.getByText("Loading demo articles...")).toHaveCount(0);
  await expect(list.getByText(name)).toHaveCount(0);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toMatch(/\/view\/\d+</);
});

test("the trial button opens the payment link in a new tab", async ({ page }) => {
  await open(page, "/");
  const pricing = page.locator("#pricing");
  const button = pricing.getByRole("link", { name: /Get my €1 trial article/ });
  await expect(button).toHaveAttribute("target", "_blank");
  await expect(button).toHaveAttribute("rel", /noopener/);
  await expect(pricing.getByText(/Limited to one article per client/)).toBeVisible();
  await expect(pricing.getByText(/€50 per article, excluding VAT/)).toBeVisible();
});

test("the FAQ keeps one answer open at a time, the first with the AI-human flow", async ({ page }) => {
  await open(page, "/");
  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  // Native disclosures: each question is a <details> (open while its answer shows) opened by its <summary>.
  const items = faq.locator("details");
  const triggers = faq.locator("summary");
  await expect(triggers).toHaveCount(6);
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await expect(faq.getByRole("figure", { name: /From research to publication/ })).toBeVisible();
  await expect(faq.getByRole("listitem").filter({ hasText: "Human expert edit" })).toBeVisible();

  await triggers.nth(2).click();
  await expect(items.nth(2)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await expect(faq.locator("details[open]")).toHaveCount(1);

  await triggers.nth(2).click();
  await expect(faq.locator("details[open]")).toHaveCount(0);
});

test("/home-4-pricing-google-2-why-ai shows the same page, with '/' as its canonical address", async ({ page }) => {
  await open(page, "/home-4-pricing-google-2-why-ai");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(H1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  await open(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(H1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test("the page has no axe violations, with its dialogs open and after the quiz", async ({ page }) => {
  await open(page, "/");
  await expectNoAxeViolations(page, "/");

  await page.getByRole("button", { name: "Who are we?" }).click();
  const bio = page.getByRole("dialog", { name: "Who are we?" });
  await expect(bio.getByText(/a team of two based in/)).toBeVisible();
  await expectNoAxeViolations(page, "the 'Who are we?' dialog");
  await page.keyboard.press("Escape");
  await expect(bio).toHaveCount(0);

  await page.getByRole("button", { name: "Show me more" }).click();
  const more = page.getByRole("dialog", { name: "What we do that a tool doesn't" });
  await expect(more.getByRole("heading", { level: 3 })).toHaveCount(3);
  await expectNoAxeViolations(page, "the 'Show me more' dialog");
  await page.keyboard.press("Escape");

  await answer(page, "What type of website do you have?", "More than 1 year");
  await answer(page, "How many hours per week can you spend on SEO yourself?", "Corporate");
  await answer(page, "You're My Ideal Client!", "Less than 10 hours per week");
  await expectNoAxeViolations(page, "the quiz result");
});
