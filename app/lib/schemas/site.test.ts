import { describe, expect, it } from "vitest";
import { defaultSiteName, normalizeSiteUrl, SITE_FIELDS, siteFormSchema, siteFormValues } from "./site";

/** What the dialog posts: every field present (undefined when the form has no value), as siteFormValues gives. */
const values = (overrides: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(SITE_FIELDS.map((f) => [f, undefined])),
  url: "https://www.example.com",
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => siteFormSchema.parse(values(overrides));
const issues = (overrides: Record<string, unknown>) => {
  const result = siteFormSchema.safeParse(values(overrides));
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("normalizeSiteUrl", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["www.example.com/", "https://www.example.com"],
    ["  https://example.com/blog/  ", "https://example.com/blog"],
    ["http://example.com", "http://example.com"],
    ["HTTPS://Example.com", "HTTPS://Example.com"],
    ["localhost:3000", "https://localhost:3000"],
    ["https://example.com/a?b=c", "https://example.com/a?b=c"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeSiteUrl(input)).toBe(expected);
  });

  it.each(["", "   ", "ftp://example.com", "javascript:alert(1)", "notaurl", "https://", "file:///etc/passwd", "http://exa mple.com"])(
    "refuses %j",
    (input) => {
      expect(normalizeSiteUrl(input)).toBeNull();
    },
  );
});

describe("defaultSiteName", () => {
  it.each([
    ["https://www.example.com", "example.com"],
    ["http://WWW.Example.com/", "Example.com"],
    ["https://blog.example.com/path", "blog.example.com/path"],
    ["example.com", "example.com"],
    ["https://wwwexample.com", "wwwexample.com"],
    ["https://www.www.example.com", "www.example.com"],
  ])("%j → %j", (url, name) => {
    expect(defaultSiteName(url)).toBe(name);
  });
});

describe("siteFormSchema", () => {
  it("normalises the URL and names the site after it when no name is given", () => {
    const site = parse({ url: "www.example.com/", name: "" });
    expect(site.url).toBe("https://www.example.com");
    expect(site.name).toBe("example.com");
    expect(parse({ url: "https://www.example.com", name: "  My site  " }).name).toBe("My site");
    expect(parse({ url: "https://www.example.com", name: "   " }).name).toBe("example.com");
  });

  it("requires a valid URL, with the dialog's messages", () => {
    expect(issues({ url: "" })).toEqual([{ path: "url", message: "The site URL is required" }]);
    expect(issues({ url: "not a url" })).toEqual([{ path: "url", message: "Please enter a valid URL, such as https://example.com" }]);
    expect(issues({ url: undefined })).toEqual([{ path: "url", message: "The site URL is required" }]);
  });

  it("applies the defaults of an empty form", () => {
    expect(parse()).toEqual({
      name: "example.com",
      url: "https://www.example.com",
      country: null,
      language: null,
      toneArticlesGroup: null,
      forceDefinedLanguageForSerps: false,
      serpsNbResults: 10,
      serpsImgNbResults: 10,
      familiarTerms: false,
      addressTheReaderWithI: false,
      acceptedTopics: null,
      additionalGuidelines: null,
      coverImageWidth: 0,
      coverImageHeight: 0,
      nbImagesToCreate: 0,
      defaultTypePagePost: null,
      defaultStatus: "draft",
      autoPublishImage: false,
    });
  });

  it("turns numeric fields that are not a number into 0, and keeps whole numbers", () => {
    for (const raw of ["abc", "", "  ", undefined, null, "1e", "NaN", "Infinity"]) {
      const site = parse({ coverImageWidth: raw, coverImageHeight: raw, nbImagesToCreate: raw });
      expect([site.coverImageWidth, site.coverImageHeight, site.nbImagesToCreate], String(raw)).toEqual([0, 0, 0]);
    }
    const site = parse({ coverImageWidth: "1200", coverImageHeight: " 630 ", nbImagesToCreate: "3" });
    expect([site.coverImageWidth, site.coverImageHeight, site.nbImagesToCreate]).toEqual([1200, 630, 3]);
    expect(parse({ coverImageWidth: "12.7" }).coverImageWidth).toBe(12);
    expect(parse({ coverImageWidth: 800 }).coverImageWidth).toBe(800);
  });

  it("refuses negative or huge numeric fields", () => {
    expect(issues({ coverImageWidth: "-1" })).toEqual([{ path: "coverImageWidth", message: "The width cannot be negative" }]);
    expect(issues({ coverImageHeight: "10001" })).toEqual([{ path: "coverImageHeight", message: "The height must be at most 10000" }]);
    expect(issues({ nbImagesToCreate: "101" })).toEqual([
      { path: "nbImagesToCreate", message: "The number of images must be at most 100" },
    ]);
  });

  it("keeps the two sliders between 1 and 100, defaulting to 10", () => {
    expect(parse({ serpsNbResults: "", serpsImgNbResults: undefined })).toMatchObject({ serpsNbResults: 10, serpsImgNbResults: 10 });
    expect(parse({ serpsNbResults: "1", serpsImgNbResults: "100" })).toMatchObject({ serpsNbResults: 1, serpsImgNbResults: 100 });
    expect(parse({ serpsNbResults: 55 }).serpsNbResults).toBe(55);
    expect(issues({ serpsNbResults: "0" })).toEqual([
      { path: "serpsNbResults", message: "Number of SERP results must be between 1 and 100" },
    ]);
    expect(issues({ serpsImgNbResults: "101" })).toEqual([
      { path: "serpsImgNbResults", message: "Number of image results must be between 1 and 100" },
    ]);
    expect(issues({ serpsNbResults: "abc" }).map((i) => i.path)).toEqual(["serpsNbResults"]);
    expect(issues({ serpsNbResults: "2.5" }).map((i) => i.path)).toEqual(["serpsNbResults"]);
  });

  it("turns empty or 'none' choices into null, and ids into numbers", () => {
    for (const raw of ["", "none", undefined, null]) {
      const site = parse({ country: raw, language: raw, toneArticlesGroup: raw });
      expect([site.country, site.language, site.toneArticlesGroup], String(raw)).toEqual([null, null, null]);
    }
    expect(parse({ country: "12", language: "34", toneArticlesGroup: "5" })).toMatchObject({
      country: 12,
      language: 34,
      toneArticlesGroup: 5,
    });
    expect(issues({ country: "abc" })).toEqual([{ path: "country", message: "Invalid choice" }]);
    expect(issues({ toneArticlesGroup: "-3" })).toEqual([{ path: "toneArticlesGroup", message: "Invalid choice" }]);
    expect(issues({ language: "1.5" })).toEqual([{ path: "language", message: "Invalid choice" }]);
  });

  it("clears the language when no country is chosen", () => {
    expect(parse({ country: "", language: "34" }).language).toBeNull();
    expect(parse({ country: "none", language: "34" }).language).toBeNull();
    expect(parse({ country: "12", language: "34" }).language).toBe(34);
  });

  it("defaults the status to draft and accepts only private, publish and draft", () => {
    expect(parse({ defaultStatus: "" }).defaultStatus).toBe("draft");
    expect(parse({ defaultStatus: undefined }).defaultStatus).toBe("draft");
    for (const status of ["private", "publish", "draft"]) expect(parse({ defaultStatus: status }).defaultStatus).toBe(status);
    expect(issues({ defaultStatus: "published" }).map((i) => i.path)).toEqual(["defaultStatus"]);
  });

  it("reads checkboxes as the browser sends them", () => {
    expect(
      parse({ familiarTerms: "on", addressTheReaderWithI: "true", autoPublishImage: "false", forceDefinedLanguageForSerps: undefined }),
    ).toMatchObject({
      familiarTerms: true,
      addressTheReaderWithI: true,
      autoPublishImage: false,
      forceDefinedLanguageForSerps: false,
    });
  });

  it("trims free texts, stores blanks as null, and limits their length", () => {
    expect(parse({ acceptedTopics: "  SEO, IA  ", additionalGuidelines: "   ", defaultTypePagePost: "post" })).toMatchObject({
      acceptedTopics: "SEO, IA",
      additionalGuidelines: null,
      defaultTypePagePost: "post",
    });
    expect(issues({ acceptedTopics: "x".repeat(5001) })).toEqual([{ path: "acceptedTopics", message: "Must be at most 5000 characters" }]);
    expect(issues({ name: "x".repeat(201) })).toEqual([{ path: "name", message: "The name must be at most 200 characters" }]);
  });
});

describe("siteFormValues", () => {
  it("reads every field of the dialog from a FormData, ignoring files and unknown fields", () => {
    const form = new FormData();
    form.set("url", "example.com");
    form.set("familiarTerms", "on");
    form.set("imageLogo", new File(["x"], "logo.png"));
    form.set("linkedUser", "someone-else");
    const read = siteFormValues(form);
    expect(Object.keys(read).sort()).toEqual([...SITE_FIELDS].sort());
    expect(read.url).toBe("example.com");
    expect(read.familiarTerms).toBe("on");
    expect(read.name).toBeUndefined();
    const site = siteFormSchema.parse(read);
    expect(site).toMatchObject({ url: "https://example.com", name: "example.com", familiarTerms: true });
    expect(site).not.toHaveProperty("linkedUser");
  });
});
