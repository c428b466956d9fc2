// @vitest-environment jsdom
/** The contact form's island on the markup ContactForm renders on the server, with /api/contact's answers. */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, formIsland, settle, toast } from "./lib/testing";
import { ContactForm } from "~/routes/api/contact/contact-form";
import { STATIC_PAGE } from "~/lib/static-page";

const CONTACT = "team@example.test";
vi.mock("~/lib/public-config", () => ({ usePublicConfig: () => ({ contactEmail: CONTACT }) }));

function renderForm() {
  const Stub = createRoutesStub([{ path: "/", Component: ContactForm, handle: STATIC_PAGE }]);
  document.body.innerHTML = renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

const { form, field, submit } = formIsland("contact-form");
describe("the contact form island", () => {
  beforeEach(async () => {
    renderForm();
    vi.resetModules();
    await import("./contact-form");
    // The island mounts in a task of its own (lib/mount.ts).
    await settle();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is server-rendered as a form posting to /api/contact and marks itself ready", () => {
    expect(form()).not.toBeNull();
    expect(form().getAttribute("action")).toBe("/api/contact");
    expect(form().dataset.contactEmail).toBe(CONTACT);
    expect(form().hasAttribute("data-island-ready")).toBe(true);
  });

  it("shows the action's field messages on their fields, focuses the first, and clears one when its field changes", async () => {
    vi.stubGlobal(
      "fetch",
      answer(400, {
        ok: false,
        result: { error: { name: ["Name must be at least 2 characters"], email: ["Please enter a valid email address"] } },
      }),
    );
    await submit();
    expect(field("name").getAttribute("aria-invalid")).toBe("true");
    const describedBy = document.getElementById(field("email").getAttribute("aria-describedby")!)!;
    expect(describedBy.textContent).toBe("Please enter a valid email address");
    expect(describedBy.hidden).toBe(false);
    expect(document.activeElement).toBe(field("name"));
    expect(field("message").hasAttribute("aria-invalid")).toBe(false);

    field("name").value = "Ana";
    field("name").dispatchEvent(new Event("input", { bubbles: true }));
    expect(field("name").hasAttribute("aria-invalid")).toBe(false);
    expect(field("email").getAttribute("aria-invalid")).toBe("true");
  });

  it("on success, says so and empties the form", async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal("fetch", fetch);
    field("name").value = "Ana Martin";
    await submit();
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/api\/contact$/), expect.objectContaining({ method: "POST" }));
    expect(toast()?.querySelector("[data-title]")?.textContent).toBe("Message sent successfully!");
    expect(field("name").value).toBe("");
  });

  it("keeps what was typed and names the address when the server fails or answers something else", async () => {
    vi.stubGlobal("fetch", answer(502, "<h1>Bad gateway</h1>", "text/html"));
    field("message").value = "Keep me";
    await submit();
    expect(toast()?.querySelector("[data-title]")?.textContent).toBe("Error sending message");
    expect(toast()?.querySelector("[data-description]")?.textContent).toBe(`Please try again or contact us directly at ${CONTACT}`);
    expect(field("message").value).toBe("Keep me");
    toast()!.querySelector<HTMLButtonElement>("[data-close-button]")!.click();
    expect(toast()).toBeNull();
  });
});
