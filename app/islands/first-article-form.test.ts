// @vitest-environment jsdom
/** The first-article form's island on the markup FirstArticleForm renders on the server, with /api/first-article's answers. */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, formIsland, settle, toast } from "./lib/testing";
import { FirstArticleForm } from "~/routes/public/first-article/first-article-form";
import { FIRST_ARTICLE_SUBMIT_ERROR } from "~/lib/first-article";
import { STATIC_PAGE } from "~/lib/static-page";

function renderForm() {
  const Stub = createRoutesStub([{ path: "/first-article", Component: () => createElement(FirstArticleForm), handle: STATIC_PAGE }]);
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
