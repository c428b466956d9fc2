import { describe, expect, it } from "vitest";
import { parseSitemap } from "./sitemap.server";

describe("a sitemap file", () => {
  it("lists a urlset's pages with their last modification, entities decoded, CDATA read", () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://site.example/a?x=1&amp;y=2</loc><lastmod>2026-10-01T10:00:00+00:00</lastmod></url>
      <url><loc><![CDATA[https://site.example/b]]></loc></url>
      <url><loc>ftp://site.example/c</loc></url>
      <url><loc>https://site.example/d</loc><lastmod>not a date</lastmod></url></urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: "urlset",
      entries: [
        { url: "https://site.example/a?x=1&y=2", lastmod: new Date("2026-10-01T10:00:00Z") },
        { url: "https://site.example/b", lastmod: null },
        { url: "https://site.example/d", lastmod: null },
      ],
    });
  });

  it("lists an index's sitemaps, namespace prefixes aside", () => {
    const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://site.example/post-sitemap.xml</sm:loc></sm:sitemap><sm:sitemap><sm:loc>https://site.example/page-sitemap.xml</sm:loc></sm:sitemap></sm:sitemapindex>`;
    const parsed = parseSitemap(xml);
    expect(parsed.kind).toBe("index");
    expect(parsed.entries.map((e) => e.url)).toEqual(["https://site.example/post-sitemap.xml", "https://site.example/page-sitemap.xml"]);
  });
});
