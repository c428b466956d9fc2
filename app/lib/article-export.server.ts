/**
 * A version as a file to take away (issue 15, for sites that do not run WordPress): a standalone HTML document,
 * or Markdown through turndown. Both from the article's cleaned HTML (the same allow-list as everywhere).
 */
import { escapeHtml } from "~/lib/escape-html";
import TurndownService from "turndown";
import { cleanArticleHtml } from "~/lib/sanitize.server";

/** The article as an HTML document of its own, titled after the page. */
export function articleHtmlDocument(html: string, title: string): string {
  return [
    "<!doctype html>",
    "<html>",
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    "<body>",
    cleanArticleHtml(html),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

let turndown: TurndownService | undefined;

/** The article in Markdown: # headings, - lists, fenced code. */
export function articleMarkdown(html: string): string {
  turndown ??= new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "*" });
  return `${turndown.turndown(cleanArticleHtml(html)).trim()}\n`;
}
