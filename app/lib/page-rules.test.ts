import { describe, expect, it } from "vitest";
import {
  copyUrlLines,
  DEFAULT_SORT,
  DEFAULT_STATUSES,
  formatModified,
  isFiltered,
  matchesSearch,
  matchesStatus,
  nextSort,
  normalizePageUrl,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  pageCountFor,
  parseStatusChoice,
  resolveStatusId,
  statusBadge,
} from "./page-rules";
import { pageFormSchema } from "./schemas/page";

const SITE = "https://example.com";

describe("normalizePageUrl", () => {
  it("keeps an address that starts with http:// or https://, in any case", () => {
    expect(normalizePageUrl("https://other.org/a", SITE)).toBe("https://other.org/a");
    expect(normalizePageUrl("http://other.org/a?x=1", SITE)).toBe("http://other.org/a?x=1");
    expect(normalizePageUrl("HTTPS://Other.org/A", SITE)).toBe("HTTPS://Other.org/A");
  });

  it("joins a path to the site's address, without its leading slash", () => {
    expect(normalizePageUrl("/blog/post", SITE)).toBe("https://example.com/blog/post");
    expect(normalizePageUrl("//blog/post", SITE)).toBe("https://example.com/blog/post");
    expect(normalizePageUrl("/blog/post", "https://example.com/")).toBe("https://example.com/blog/post");
    expect(normalizePageUrl("/", SITE)).toBe("https://example.com");
    expect(normalizePageUrl("/fr/page.html", "https://example.com/base")).toBe("https://example.com/base/fr/page.html");
  });

  it("reads a relative path without a dot in its first segment as a path of the site", () => {
    expect(normalizePageUrl("blog/post", SITE)).toBe("https://example.com/blog/post");
    expect(normalizePageUrl("about", SITE)).toBe("https://example.com/about");
    expect(normalizePageUrl("blog/post.html", SITE)).toBe("https://example.com/blog/post.html");
  });

  it("puts https:// in front of a bare host", () => {
    expect(normalizePageUrl("example.com/post", SITE)).toBe("https://example.com/post");
    expect(normalizePageUrl("www.other.fr", SITE)).toBe("https://www.other.fr");
    expect(normalizePageUrl("localhost:3000/x", SITE)).toBe("https://localhost:3000/x");
  });

  it("trims spaces, and a site address without a scheme gets https://", () => {
    expect(normalizePageUrl("  /a  ", SITE)).toBe("https://example.com/a");
    expect(normalizePageUrl("/a", "example.com")).toBe("https://example.com/a");
    expect(normalizePageUrl("   ", SITE)).toBe("");
  });
});

describe("status fallback", () => {
  const known = DEFAULT_STATUSES.map((s) => s.id);

  it("keeps a chosen id that exists", () => {
    expect(resolveStatusId(2, known)).toBe(2);
    expect(resolveStatusId(3, known)).toBe(3);
  });

  it("falls back to 1 for an unknown id, an unparsable value and a missing one", () => {
    expect(resolveStatusId(99, known)).toBe(1);
    expect(resolveStatusId(null, known)).toBe(1);
    expect(resolveStatusId(undefined, known)).toBe(1);
  });

  it("parses the form's status as an integer", () => {
    expect(parseStatusChoice("2")).toBe(2);
    expect(parseStatusChoice(" 3 ")).toBe(3);
    expect(parseStatusChoice("")).toBeUndefined();
    expect(parseStatusChoice(undefined)).toBeUndefined();
    expect(parseStatusChoice("abc")).toBeNull();
    expect(parseStatusChoice("1.5")).toBeNull();
  });

  it("the defaults are 1 Published, 2 Draft, 3 In Review", () => {
    expect(DEFAULT_STATUSES).toEqual([
      { id: 1, name: "Published" },
      { id: 2, name: "Draft" },
      { id: 3, name: "In Review" },
    ]);
  });
});

describe("statusBadge", () => {
  it("Published solid, In Review outlined, Draft and others secondary", () => {
    expect(statusBadge("Published")).toEqual({ label: "Published", variant: "default" });
    expect(statusBadge("In Review")).toEqual({ label: "In Review", variant: "outline" });
    expect(statusBadge("Draft")).toEqual({ label: "Draft", variant: "secondary" });
    expect(statusBadge("Archived")).toEqual({ label: "Archived", variant: "secondary" });
  });

  it("reads 'Not defined' without a name", () => {
    expect(statusBadge(null).label).toBe("Not defined");
    expect(statusBadge(undefined).label).toBe("Not defined");
    expect(statusBadge("  ").label).toBe("Not defined");
  });
});

describe("filters", () => {
  const page = { name: "Chaussures de Running", url: "https://example.com/blog/Trail", statusName: "In Review" };

  it("the search matches the name or the URL, case-insensitive", () => {
    expect(matchesSearch(page, "running")).toBe(true);
    expect(matchesSearch(page, "TRAIL")).toBe(true);
    expect(matchesSearch(page, "example.com/blog")).toBe(true);
    expect(matchesSearch(page, "velo")).toBe(false);
    expect(matchesSearch(page, "   ")).toBe(true);
  });

  it("the status filter compares with the status name, case-insensitive; 'all' matches everything", () => {
    expect(matchesStatus(page, "in review")).toBe(true);
    expect(matchesStatus(page, "draft")).toBe(false);
    expect(matchesStatus(page, "all")).toBe(true);
    expect(matchesStatus({ statusName: "PUBLISHED" }, "published")).toBe(true);
    expect(matchesStatus({ statusName: null }, "draft")).toBe(false);
    expect(matchesStatus({ statusName: null }, "all")).toBe(true);
  });

  it("a list is filtered when a search or a status other than 'all' is set", () => {
    expect(isFiltered("", "all")).toBe(false);
    expect(isFiltered("  ", "all")).toBe(false);
    expect(isFiltered("x", "all")).toBe(true);
    expect(isFiltered("", "draft")).toBe(true);
  });
});

describe("sorting and pagination", () => {
  it("sorts by date modified, newest first, by default", () => {
    expect(DEFAULT_SORT).toEqual({ id: "dateModified", desc: true });
  });

  it("a newly clicked column sorts ascending first; the same column toggles", () => {
    expect(nextSort(DEFAULT_SORT, "name")).toEqual({ id: "name", desc: false });
    expect(nextSort({ id: "name", desc: false }, "name")).toEqual({ id: "name", desc: true });
    expect(nextSort({ id: "name", desc: true }, "name")).toEqual({ id: "name", desc: false });
    expect(nextSort({ id: "name", desc: true }, "url")).toEqual({ id: "url", desc: false });
    expect(nextSort(DEFAULT_SORT, "dateModified")).toEqual({ id: "dateModified", desc: false });
    expect(nextSort(null, "dateModified")).toEqual({ id: "dateModified", desc: false });
  });

  it("shows 10 rows by default, with 5, 10, 20 and 50 to choose from", () => {
    expect(PAGE_SIZE_DEFAULT).toBe(10);
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 20, 50]);
  });

  it("counts at least one page", () => {
    expect(pageCountFor(0, 10)).toBe(1);
    expect(pageCountFor(10, 10)).toBe(1);
    expect(pageCountFor(12, 10)).toBe(2);
    expect(pageCountFor(12, 5)).toBe(3);
  });
});

describe("the page form", () => {
  it("requires a name and a URL, with the spec's texts", () => {
    const result = pageFormSchema.safeParse({ name: "  ", url: undefined });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(messages).toEqual([
      ["name", "Page name is required"],
      ["url", "Page URL is required"],
    ]);
  });

  it("trims the texts, reads switches set to 'on' and the status as an integer; never takes a demo flag", () => {
    expect(
      pageFormSchema.parse({
        name: " A page ",
        url: " /a ",
        status: "3",
        hideRevisionsTextsFromPreview: "on",
        hideCoverImageFromPreview: "on",
      }),
    ).toEqual({ name: "A page", url: "/a", status: 3, hideCoverImageFromPreview: true });
    expect(pageFormSchema.parse({ name: "A", url: "/a" })).toEqual({ name: "A", url: "/a", status: undefined, hideCoverImageFromPreview: false });
  });
});

describe("batch helpers", () => {
  it("writes one line per page: '- {title} -- {public URL}/view/{public id}', never the sequential id", () => {
    const text = copyUrlLines(
      [
        { name: "First", publicId: "Qm9uam91ci1sZS1tb25kZS1hYmNk" },
        { name: "Second", publicId: "c2Vjb25kLXB1YmxpYy1pZC14eXo_" },
      ],
      "https://app.example.com/",
    );
    expect(text).toBe(
      "- First -- https://app.example.com/view/Qm9uam91ci1sZS1tb25kZS1hYmNk\n- Second -- https://app.example.com/view/c2Vjb25kLXB1YmxpYy1pZC14eXo_",
    );
  });
});

describe("formatModified", () => {
  it("shows the date and time in French, in French time", () => {
    expect(formatModified(new Date("2026-01-15T13:05:00Z"))).toBe("15/01/2026 14:05");
    expect(formatModified("2026-07-01T22:30:00Z")).toBe("02/07/2026 00:30");
    expect(formatModified(null)).toBe("");
  });
});
