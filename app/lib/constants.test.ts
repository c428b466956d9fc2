import { describe, expect, it } from "vitest";
import { isProtectedPath, SITE_DEFAULTS, SITE_STATUSES } from "./constants";

describe("isProtectedPath", () => {
  it.each(["/dashboard", "/sites", "/sites/12", "/profile", "/settings", "/notifications", "/tone-articles", "/tone-articles/3/edit"])("protects %s", (p) => {
    expect(isProtectedPath(p)).toBe(true);
  });

  it.each(["/", "/auth", "/auth/update-password", "/sitesmap", "/dashboards", "/view/1", "/api/health"])("leaves %s public", (p) => {
    expect(isProtectedPath(p)).toBe(false);
  });
});

describe("site constants", () => {
  it("match the spec's defaults", () => {
    expect(SITE_DEFAULTS).toMatchObject({ serpsNbResults: 10, serpsImgNbResults: 10, defaultStatus: "draft" });
    expect([...SITE_STATUSES].sort()).toEqual(["draft", "private", "publish"]);
  });
});
