import { describe, expect, it } from "vitest";
import { NOT_FOUND_BODIES, NotFoundError, PAGE_NOT_FOUND, parseId, SITE_NOT_FOUND } from "./not-found";

describe("parseId", () => {
  it("reads a positive integer", () => {
    expect(parseId("12", "site")).toBe(12);
  });
  it("answers anything else as a missing record of that kind", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "", null, undefined, "1e400", "1e3", "99999999999"]) {
      expect(() => parseId(bad, "page")).toThrow(NotFoundError);
    }
    try {
      parseId("x", "version");
    } catch (error) {
      expect((error as NotFoundError).kind).toBe("version");
    }
  });
});

describe("NOT_FOUND_BODIES", () => {
  it("gives each kind the spec's wording", () => {
    expect(NOT_FOUND_BODIES.site).toBe(SITE_NOT_FOUND);
    expect(NOT_FOUND_BODIES.page).toBe(PAGE_NOT_FOUND);
    expect(NOT_FOUND_BODIES.version.title).toBe("Article not found");
  });
});
