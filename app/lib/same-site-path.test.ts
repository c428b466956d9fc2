import { describe, expect, it } from "vitest";
import { sameSitePath } from "./same-site-path";

describe("sameSitePath", () => {
  it("keeps a path of this site, with its query and anchor", () => {
    expect(sameSitePath("/review/12")).toBe("/review/12");
    expect(sameSitePath("/sites/1/results?month=2026-11#ai")).toBe("/sites/1/results?month=2026-11#ai");
  });

  it("refuses whatever a browser would read as another site", () => {
    for (const away of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example/",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\t\\evil.example",
      " //evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
      "",
      null,
      42,
    ])
      expect(sameSitePath(away), JSON.stringify(away)).toBeNull();
  });
});
