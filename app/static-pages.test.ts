import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { isStaticPath, STATIC_PATHS } from "./lib/static-page";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every route of app/routes.ts with its full path. */
function flatten(entries: RouteEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
    // A layout without a path of its own (the signed-in area's guard) is no page.
    const own = entry.index || entry.path !== undefined ? [{ path: full || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

/** Whether a route module says it is static (its handle spreads STATIC_PAGE), read from its source. */
const declaresStatic = (file: string) =>
  /export const handle = \{ \.\.\.STATIC_PAGE\b/.test(fs.readFileSync(path.resolve("app", file), "utf8"));

describe("static pages", () => {
  const all = flatten(routes as RouteEntry[]).filter((route) => !route.path.includes("*"));

  it("lists exactly the routes whose handle makes them static", () => {
    const declared = all.filter((route) => declaresStatic(route.file)).map((route) => route.path);
    const expected = declared.map((p) => p.replace(/:[^/]+/g, "x"));
    for (const p of expected) expect(isStaticPath(p), p).toBe(true);
    const others = all.filter((route) => !declaresStatic(route.file)).map((route) => route.path.replace(/:[^/]+/g, "x"));
    for (const p of others) expect(isStaticPath(p), `${p} (${all.find((r) => r.path.replace(/:[^/]+/g, "x") === p)?.file})`).toBe(false);
    expect([...STATIC_PATHS].sort()).toEqual(declared.filter((p) => !p.includes(":")).sort());
  });

  it("reads a trailing slash like the path without it", () => {
    expect(isStaticPath("/home-1/")).toBe(true);
    expect(isStaticPath("/view/abc")).toBe(true);
    expect(isStaticPath("/view/abc/edit")).toBe(false);
    expect(isStaticPath("/sites")).toBe(false);
  });
});
