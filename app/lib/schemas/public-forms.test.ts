import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { checkForm } from "./form";
import { contactSchema, firstArticleSchema, normalizeWebsiteUrl, siteNameFromUrl } from "./public-forms";
import { parseSubmission } from "./submission";
import { formOf as form } from "./form-test-helpers";

/**
 * The form as its action parses it (conform's parse): the values, or each field's first message; the
 * browser's light check (checkForm) finds the same messages.
 */
function parse(schema: z.ZodType, values: Record<string, string>) {
  const submission = parseSubmission(form(values), schema);
  expect(checkForm(schema, form(values))).toEqual(submission.status === "success" ? null : submission.error);
  if (submission.status === "success") return { ok: true, data: submission.value } as const;
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
  return { ok: false, errors } as const;
}

describe("the contact form schema", () => {
  it("accepts a name of 2 characters, a valid address and a message of 10, trimmed and lower-cased", () => {
    expect(parse(contactSchema, { name: " Jo ", email: " Jo@Example.COM ", message: "0123456789" })).toEqual({
      ok: true,
      data: { name: "Jo", email: "jo@example.com", message: "0123456789" },
    });
  });

  it("gives the spec's message under each field", () => {
    expect(parse(contactSchema, { name: "J", email: "jo@", message: "too short" })).toEqual({
      ok: false,
      errors: {
        name: "Name must be at least 2 characters",
        email: "Please enter a valid email address",
        message: "Message must be at least 10 characters",
      },
    });
    // Spaces do not count.
    expect(parse(contactSchema, { name: "  J  ", email: "a@b.co", message: "         x" }).ok).toBe(false);
  });
});

describe("the first-article form schema", () => {
  it("requires the URL and the Stripe e-mail with the spec's messages, and the site's language (issue 38)", () => {
    expect(parse(firstArticleSchema, {})).toEqual({
      ok: false,
      errors: {
        url: "Website URL is required",
        stripe_email: "Stripe email is required",
        language: "Please choose the language of your website",
      },
    });
  });

  it("checks the URL and both e-mails", () => {
    expect(parse(firstArticleSchema, { url: "hello world", stripe_email: "x", email1: "y@", language: "fr" })).toEqual({
      ok: false,
      errors: { url: "Please enter a valid URL", stripe_email: "Please enter a valid email", email1: "Please enter a valid email" },
    });
  });

  it("treats the contact e-mail, the guidelines, the country and the topic as optional", () => {
    expect(
      parse(firstArticleSchema, {
        url: "https://example.com",
        stripe_email: "pay@example.com",
        email1: "",
        additional_guidelines: " ",
        language: "fr",
        country: "",
        topic: " ",
      }),
    ).toEqual({
      ok: true,
      data: {
        url: "https://example.com",
        stripe_email: "pay@example.com",
        email1: null,
        additional_guidelines: null,
        language: "fr",
        country: null,
        topic: null,
      },
    });
    expect(
      parse(firstArticleSchema, { url: "https://example.com", stripe_email: "pay@example.com", language: "fr", country: "12" }),
    ).toMatchObject({
      ok: true,
      data: { country: 12, topic: null },
    });
    expect(
      parse(firstArticleSchema, { url: "https://example.com", stripe_email: "pay@example.com", language: "fr", country: "France" }),
    ).toEqual({
      ok: false,
      errors: { country: "Please choose a country from the list" },
    });
  });
});

describe("website addresses", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["www.example.com/blog/", "https://www.example.com/blog"],
    ["http://shop.example.fr", "http://shop.example.fr"],
    ["  HTTPS://Example.com/path?q=1  ", "https://example.com/path?q=1"],
  ])("normalizes %s to %s", (input, expected) => {
    expect(normalizeWebsiteUrl(input)).toBe(expected);
  });

  it.each(["", "not a url", "localhost", "ftp://example.com", "javascript:alert(1)", "https://user:pw@example.com", "https://example"])(
    "refuses %j",
    (input) => {
      expect(normalizeWebsiteUrl(input)).toBeNull();
    },
  );

  it("names the site after the URL without protocol and www", () => {
    expect(siteNameFromUrl("https://www.example.com")).toBe("example.com");
    expect(siteNameFromUrl("http://blog.example.com/fr/")).toBe("blog.example.com/fr");
  });
});
