/**
 * A version as a file to take away (issue 15, for sites that do not run WordPress): a standalone HTML document,
 * or Markdown through turndown. Both from the article's cleaned HTML (the same allow-list as everywhere).
 */
import { escapeHtml } from "~/lib/escape-html";
import TurndownService from "turndown";
import { cleanArticleHtml } from "~/lib/sanitize.server";

/** The article as an HTML document of its own, titled after the page, with its meta description. */
export function articleHtmlDocument(html: string, title: string, description = ""): string {
  return [
    "<!doctype html>",
    "<html>",
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    ...(description ? [`<meta name="description" content="${escapeHtml(description)}">`] : []),
    "</head>",
    "<body>",
    cleanArticleHtml(html),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

let turndown: TurndownService | undefined;

/**
 * The article in Markdown: # headings, - lists, fenced code. With `frontMatter`, it starts with the title and
 * the meta description as YAML front matter, which static site generators (Hugo, Jekyll, Astro, Eleventy) read.
 */
export function articleMarkdown(html: string, frontMatter?: { title: string; description: string }): string {
  turndown ??= new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "*" });
  const body = `${turndown.turndown(cleanArticleHtml(html)).trim()}\n`;
  if (!frontMatter) return body;
  // JSON strings are YAML strings: quotes, colons and accents need nothing more.
  const head = [
    `title: ${JSON.stringify(frontMatter.title)}`,
    frontMatter.description ? `description: ${JSON.stringify(frontMatter.description)}` : null,
  ];
  return ["---", ...head.filter(Boolean), "---", "", body].join("\n");
}
