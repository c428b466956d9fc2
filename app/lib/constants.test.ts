import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARTICLE_META_DESCRIPTION_MAX, isProtectedPath, SERP_META_DESCRIPTION_SHOWN, SITE_DEFAULTS, SITE_STATUSES } from "./constants";
import { truncateMetaDescription } from "./keyword-rules";

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

describe("the meta description limits", () => {
  it("are two, each named for its text: a SERP result's shown cut at 150 (the spec), an article's kept at most 160 (issue 15)", () => {
    expect(SERP_META_DESCRIPTION_SHOWN).toBe(150);
    expect(ARTICLE_META_DESCRIPTION_MAX).toBe(160);
    expect(truncateMetaDescription("a".repeat(200))).toBe(`${"a".repeat(SERP_META_DESCRIPTION_SHOWN)}...`);
  });
});

describe("the names of app/lib", () => {
  it("are each exported by one module: one limit, one name, one place", () => {
    const exporters = new Map<string, string[]>();
    for (const file of fs.readdirSync(import.meta.dirname, { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(import.meta.dirname, file), "utf8");
      for (const [, name] of text.matchAll(/^export (?:declare )?(?:async )?(?:const|let|function\*?|class|type|interface|enum) (\w+)/gm)) {
        exporters.set(name, [...(exporters.get(name) ?? []), file]);
      }
    }
    expect(exporters.size).toBeGreaterThan(100);
    expect([...exporters].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
