// @vitest-environment jsdom
/** The first-article form's island on the markup FirstArticleForm renders on the server, with /api/first-article's answers. */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, formIsland, settle, toast } from "./lib/testing";
import { FirstArticleForm } from "~/routes/public/first-article/first-article-form";
import { FIRST_ARTICLE_SUBMIT_ERROR } from "~/lib/first-article";
import type { LanguageChoices } from "~/lib/site-language";
import { STATIC_PAGE } from "~/lib/static-page";

/** Three languages and four countries, as listLanguageChoices gives them. */
const choices: LanguageChoices = {
  languages: [
    { code: "nl", name: "Dutch", usualCountry: 3 },
    { code: "fr", name: "French", usualCountry: 2 },
    { code: "de", name: "German", usualCountry: 4 },
  ],
  countries: [
    { id: 1, name: "Belgium", languages: ["fr", "nl", "de"] },
    { id: 2, name: "France", languages: ["fr"] },
    { id: 4, name: "Germany", languages: ["de"] },
    { id: 3, name: "Netherlands", languages: ["nl"] },
  ],
};

function renderForm() {
  const Stub = createRoutesStub([
    { path: "/first-article", Component: () => createElement(FirstArticleForm, { choices }), handle: STATIC_PAGE },
  ]);
  document.body.innerHTML = renderToString(createElement(Stub, { initialEntries: ["/first-article"] }));
}

const { form, field, submit } = formIsland("first-article-form");
const button = () => form().querySelector<HTMLButtonElement>('button[type="submit"]')!;

describe("the first-article form island", () => {
  beforeEach(async () => {
    renderForm();
    vi.resetModules();
    await import("./first-article-form");
    // The island mounts in a task of its own (lib/mount.ts).
    await settle();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is server-rendered as a form posting to /first-article (without JavaScript), marks itself ready and loads its script", () => {
    expect(form().getAttribute("method")).toBe("post");
    expect(form().getAttribute("action")).toBe("/first-article");
    expect(form().dataset.api).toBe("/api/first-article");
    expect(form().hasAttribute("data-island-ready")).toBe(true);
    expect(form().querySelector('script[type="module"]')?.getAttribute("src")).toMatch(/first-article-form/);
  });

  it("posts the form to /api/first-article and shows each field's message under it, the focus on the first; a change clears it", async () => {
    const fetch = answer(400, {
      ok: false,
      result: { error: { url: ["Website URL is required"], stripe_email: ["Stripe email is required"] } },
    });
    vi.stubGlobal("fetch", fetch);
    field("email1").value = "contact@example.test";
    await submit();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/first-article");
    expect((init.body as FormData).get("email1")).toBe("contact@example.test");
    expect(field("url").getAttribute("aria-invalid")).toBe("true");
    const described = field("stripe_email").getAttribute("aria-describedby")!.split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      "Stripe email is required",
      "The e-mail address you used (or will use) to pay for the trial, so that we can match your payment.",
    ]);
    expect(document.activeElement).toBe(field("url"));
    expect(field("email1").hasAttribute("aria-invalid")).toBe(false);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe("Submit");

    field("url").value = "https://example.com";
    field("url").dispatchEvent(new Event("input", { bubbles: true }));
    expect(field("url").hasAttribute("aria-invalid")).toBe(false);
    expect(form().textContent).not.toContain("Website URL is required");
    expect(field("stripe_email").getAttribute("aria-invalid")).toBe("true");

    // The next answer replaces the messages.
    vi.stubGlobal("fetch", answer(400, { ok: false, result: { error: { url: ["Please enter a valid URL"] } } }));
    await submit();
    expect(field("stripe_email").hasAttribute("aria-invalid")).toBe(false);
    expect(form().textContent).not.toContain("Stripe email is required");
    expect(form().textContent).toContain("Please enter a valid URL");
  });

  it("choosing the language picks its usual country and leaves the countries where it is spoken; a country that speaks the next one stays", async () => {
    const language = form().querySelector<HTMLSelectElement>('select[name="language"]')!;
    const country = form().querySelector<HTMLSelectElement>('select[name="country"]')!;
    const shown = () => [...country.options].filter((o) => o.value && !o.hidden && !o.disabled).map((o) => o.text);
    const choose = (select: HTMLSelectElement, value: string) => {
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    };
    // Before a language: every country, none chosen (the server would take the language's usual one).
    expect(country.value).toBe("");
    expect(shown()).toEqual(["Belgium", "France", "Germany", "Netherlands"]);
    choose(language, "fr");
    expect(country.selectedOptions[0]!.text).toBe("France");
    expect(shown()).toEqual(["Belgium", "France"]);
    choose(country, "1");
    choose(language, "nl");
    expect(country.selectedOptions[0]!.text).toBe("Belgium");
    expect(shown()).toEqual(["Belgium", "Netherlands"]);
    choose(language, "de");
    expect(country.selectedOptions[0]!.text).toBe("Belgium");
    choose(country, "4");
    choose(language, "fr");
    expect(country.selectedOptions[0]!.text).toBe("France");
  });

  it("shows the server's refusal of the pair under the country", async () => {
    const refusal = "German is not offered for France: choose a country where German is spoken, or leave the country to us";
    vi.stubGlobal("fetch", answer(400, { ok: false, result: { error: { country: [refusal] } } }));
    await submit();
    const country = form().querySelector<HTMLSelectElement>('select[name="country"]')!;
    expect(country.getAttribute("aria-invalid")).toBe("true");
    expect(
      country
        .getAttribute("aria-describedby")!
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)[0],
    ).toBe(refusal);
    expect(document.activeElement).toBe(country);
  });

  it("taken: stays 'Submitting...' while the browser goes where the answer says", async () => {
    vi.stubGlobal("fetch", answer(200, { ok: true, redirectTo: "/first-article-success" }));
    await submit();
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe("Submitting...");
    expect(toast()).toBeNull();
  });

  it("keeps what was typed and shows the notice when the server fails, answers something else, or refuses", async () => {
    vi.stubGlobal("fetch", answer(502, "<h1>Bad gateway</h1>", "text/html"));
    field("url").value = "https://kept.example";
    await submit();
    expect(toast()?.querySelector("[data-description]")?.textContent).toBe(FIRST_ARTICLE_SUBMIT_ERROR);
    expect(field("url").value).toBe("https://kept.example");
    expect(button().disabled).toBe(false);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await submit();
    expect(toast()?.querySelector("[data-description]")?.textContent).toBe(FIRST_ARTICLE_SUBMIT_ERROR);

    const limited = `${FIRST_ARTICLE_SUBMIT_ERROR} Too many submissions from your address: wait 60 minutes.`;
    vi.stubGlobal("fetch", answer(429, { ok: false, toast: { type: "error", title: "Error", description: limited } }));
    await submit();
    expect(toast()?.querySelector("[data-description]")?.textContent).toBe(limited);
    expect(field("url").value).toBe("https://kept.example");
  });
});
