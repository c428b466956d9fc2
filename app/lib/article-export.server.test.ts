import { describe, expect, it } from "vitest";
import { articleHtmlDocument, articleMarkdown } from "./article-export.server";

const ARTICLE =
  '<h1>Le pain & le levain</h1><p>Une mie <strong>dense</strong>, <a href="https://example.org">voir</a>.</p><ul><li>farine</li><li>eau</li></ul><script>alert(1)</script>';

describe("a version as a file", () => {
  it("is a standalone HTML document with the cleaned article and the page's name as title", () => {
    const doc = articleHtmlDocument(ARTICLE, 'Pain <"levain">');
    expect(doc).toMatch(/^<!doctype html>\n<html>/);
    expect(doc).toContain("<title>Pain &lt;&quot;levain&quot;&gt;</title>");
    expect(doc).toContain("<h1>Le pain &amp; le levain</h1>");
    expect(doc).not.toContain("<script");
  });

  it("is Markdown with # headings, - lists and links", () => {
    expect(articleMarkdown(ARTICLE)).toBe(
      "# Le pain & le levain\n\nUne mie **dense**, [voir](https://example.org).\n\n-   farine\n-   eau\n",
    );
  });
});
