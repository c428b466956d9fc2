/** A visitor who paid the 1€ trial sets up their first article (/first-article, spec part 3). */
import { expect, failedResource, test } from "./support/fixtures";
import { expectToast, open } from "./support/ui";

const field = (page: import("@playwright/test").Page, label: string) => page.getByLabel(label, { exact: true });

test.describe("the first-article form", () => {
  test("a visitor sees each field's message, corrects them, and lands on the success page, then goes home", async ({
    page,
    consoleGuard,
  }) => {
    // The island posts the form; the server's refusal of its fields is a 400.
    consoleGuard.allow(failedResource(400));
    await open(page, "/first-article");
    await expect(page.getByRole("heading", { level: 1, name: "Set up your first article" })).toBeVisible();

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Website URL is required")).toBeVisible();
    await expect(page.getByText("Stripe email is required")).toBeVisible();
    await expect(page.getByText("Please choose the language of your website")).toBeVisible();
    await expect(field(page, "Website URL")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Website URL")).toBeFocused();

    // The site's language (issue 38): its usual country comes with it, and only the countries where it is spoken stay.
    const country = field(page, "Country of your readers");
    await field(page, "Language of your website").selectOption({ label: "French" });
    await expect(country.locator("option:checked")).toHaveText("France");
    await expect(country.locator("option:not([hidden])")).toContainText(["The language's usual country", "Belgium", "Canada", "France"]);
    await expect(country.locator('option:not([hidden]):text-is("Germany")')).toHaveCount(0);
    await country.selectOption({ label: "Belgium" });
    await expect(page.getByText("Please choose the language of your website")).toHaveCount(0);

    await field(page, "Website URL").fill("not a website");
    await field(page, "Stripe email").fill("payer@");
    await field(page, "Contact email (optional)").fill("contact@");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please enter a valid URL")).toBeVisible();
    await expect(page.getByText("Please enter a valid email")).toHaveCount(2);

    await field(page, "Website URL").fill("www.ma-boulangerie.example");
    await field(page, "Stripe email").fill(`payer-${Date.now()}@example.test`);
    await field(page, "Contact email (optional)").fill("");
    await field(page, "Topic or keyword for your first article (optional)").fill("pain au levain maison");
    await field(page, "Additional guidelines (optional)").fill("Sourdough, organic flour, no competitor names.");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/first-article-success$/);
    await expectToast(page, "Success", "Your information has been submitted successfully. We'll get started on your first article!");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you");
    await expect(page.getByText("24-48 hours")).toBeVisible();
    await page.getByRole("link", { name: "Return to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("works without JavaScript: the server checks the fields and creates the site", async ({ browser, baseURL, clientAddress }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": clientAddress } });
    const page = await context.newPage();
    await page.goto("/first-article");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Website URL is required")).toBeVisible();
    await field(page, "Website URL").fill("https://no-js.example");
    await field(page, "Stripe email").fill(`nojs-${Date.now()}@example.test`);
    // Both selects work without a script; the server checks the pair (issue 38).
    await field(page, "Language of your website").selectOption({ label: "German" });
    await field(page, "Country of your readers").selectOption({ label: "France" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(
      page.getByText("German is not offered for France: choose a country where German is spoken, or leave the country to us"),
    ).toBeVisible();
    await expect(field(page, "Country of your readers")).toHaveAttribute("aria-invalid", "true");
    // The page came back with the messages (the fields empty, as after the first refusal): the country left to the server.
    await field(page, "Website URL").fill("https://no-js.example");
    await field(page, "Stripe email").fill(`nojs-${Date.now()}@example.test`);
    await field(page, "Language of your website").selectOption({ label: "German" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/first-article-success$/);
    await context.close();
  });

  test("a failure shows the spec's error notice and keeps what was typed", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    await open(page, "/first-article");
    // The submission fails (the page's island posts the form to /api/first-article).
    await page.route("**/api/first-article", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "boom" }) : route.continue(),
    );
    await field(page, "Website URL").fill("https://kept.example");
    await field(page, "Stripe email").fill("kept@example.test");
    await field(page, "Language of your website").selectOption({ label: "English" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(/There was an error submitting your information\. Please try again\./).first()).toBeVisible();
    await expect(page).toHaveURL(/\/first-article$/);
    await expect(field(page, "Website URL")).toHaveValue("https://kept.example");
  });
});
