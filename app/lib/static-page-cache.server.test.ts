import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createStaticPageCache, etagMatches, isShared } from "./static-page-cache.server";

const HTML = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Un article qui se classe.</p>".repeat(200)}</body></html>`);
const headers = (cacheControl = "public, max-age=60, stale-while-revalidate=600") =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": cacheControl,
    ETag: '"abc"',
    "X-Robots-Tag": "noindex",
    "Content-Length": "12",
    Vary: "Cookie",
  });

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("the kept static pages", () => {
  it("keeps a public answer with its own headers and its body in each encoding", async () => {
    const cache = createStaticPageCache();
    await cache.remember("/home-3", '"abc"', headers(), HTML);
    const page = cache.lookup("/home-3")!;
    expect(page.etag).toBe('"abc"');
    expect(Object.fromEntries(page.headers)).toEqual({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=60, stale-while-revalidate=600",
      etag: '"abc"',
      "x-robots-tag": "noindex",
      vary: "Cookie",
    });
    expect(page.bodies.identity.equals(HTML)).toBe(true);
    expect(zlib.brotliDecompressSync(page.bodies.br).equals(HTML)).toBe(true);
    expect(zlib.gunzipSync(page.bodies.gzip).equals(HTML)).toBe(true);
    expect(page.bodies.br.length).toBeLessThan(HTML.length / 10);
  });

  it("keeps nothing that a shared cache may not keep", async () => {
    const cache = createStaticPageCache();
    for (const cacheControl of ["private, no-store", "public, no-cache", "no-store", "max-age=60", "public, private"]) {
      await cache.remember("/view/x", '"abc"', headers(cacheControl), HTML);
      expect(cache.lookup("/view/x"), cacheControl).toBeUndefined();
    }
    expect(isShared("Public, Max-Age=60")).toBe(true);
    expect(isShared(null)).toBe(false);
  });

  it("gives a page out for TTL_MS after it was rendered, then no more", async () => {
    const time = clock();
    const cache = createStaticPageCache({ ttlMs: 10_000, now: time.now });
    await cache.remember("/", '"abc"', headers(), HTML);
    time.advance(9_999);
    expect(cache.lookup("/")).toBeDefined();
    time.advance(1);
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("tells URLs apart by their query and holds at most maxEntries, the oldest going first", async () => {
    const cache = createStaticPageCache({ maxEntries: 2 });
    await cache.remember("/?a=1", '"1"', headers(), HTML);
    await cache.remember("/?a=2", '"2"', headers(), HTML);
    await cache.remember("/?a=3", '"3"', headers(), HTML);
    expect(cache.size).toBe(2);
    expect(cache.lookup("/?a=1")).toBeUndefined();
    expect(cache.lookup("/?a=2")?.etag).toBe('"2"');
    expect(cache.lookup("/?a=3")?.etag).toBe('"3"');
    expect(cache.lookup("/")).toBeUndefined();
  });

  it("compresses a burst of renders of one URL once, and a new render replaces the old one", async () => {
    const time = clock();
    const cache = createStaticPageCache({ now: time.now });
    const first = cache.remember("/", '"abc"', headers(), HTML);
    const second = cache.remember("/", '"abc"', headers(), HTML);
    expect(second).toBe(first);
    await first;
    const stored = cache.lookup("/")!;
    await cache.remember("/", '"abc"', headers(), HTML);
    expect(cache.lookup("/")).toBe(stored);

    const changed = Buffer.from("<p>Changed</p>");
    await cache.remember("/", '"def"', headers(), changed);
    expect(cache.lookup("/")?.etag).toBe('"def"');
    expect(cache.lookup("/")?.bodies.identity.equals(changed)).toBe(true);
  });

  it("after clear(), keeps no page whose request began before it, nor one still being compressed", async () => {
    const cache = createStaticPageCache();
    // A request began, then the data changed (clear), then its render ended: what it read may be stale.
    const began = cache.generation;
    cache.clear();
    await cache.remember("/", '"old"', headers(), HTML, began);
    expect(cache.lookup("/")).toBeUndefined();
    // A page being compressed when the data changes is dropped too.
    const compressing = cache.remember("/", '"old"', headers(), HTML, cache.generation);
    cache.clear();
    await compressing;
    expect(cache.lookup("/")).toBeUndefined();
    // A request that began after the change is kept.
    await cache.remember("/", '"new"', headers(), HTML, cache.generation);
    expect(cache.lookup("/")!.etag).toBe('"new"');
  });

  it("knows a revalidation of the same page, strong or weak, among others", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
