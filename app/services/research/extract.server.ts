/**
 * A fetched page's main content (issue 39): Mozilla's Readability (the extractor of Firefox's reader view) on a
 * linkedom document keeps the article and drops the site around it (navigation, banners, sidebars, footers);
 * its headings (h1-h3) and the text under each then make the PageDocument the score reads.
 *
 * Readability drops the heading that repeats the page's title, so the page's own h1 is put back first. The
 * content's HTML becomes sections through the score's own reader (`documentFromHtml`), so that top pages and
 * versions are read alike.
 */
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { documentFromHtml, wordCount } from "~/lib/content-score/document.server";
import type { PageDocument } from "~/lib/content-score/types";

const normalize = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The page's main content as a PageDocument, with its title; null when Readability finds no article in it. */
export function readableDocument(html: string, url: string): { title: string | null; document: PageDocument } | null {
  const { document } = parseHTML(html);
  // Readability resolves links against the page's address; linkedom leaves it unset.
  for (const property of ["documentURI", "baseURI"]) Object.defineProperty(document, property, { value: url, configurable: true });
  const h1 = normalize(document.querySelector("h1")?.textContent) || null;
  const pageTitle = normalize(document.querySelector("title")?.textContent) || null;
  let article: ReturnType<Readability<string>["parse"]>;
  try {
    article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    return null;
  }
  if (!article?.content) return null;
  const parsed = documentFromHtml(article.content);
  const title = h1 ?? (normalize(article.title) || pageTitle);
  if (h1 && !parsed.sections.some((s) => s.heading?.level === 1)) {
    // The title Readability took out (it duplicates the page's title): the page's h1, first.
    const first = parsed.sections[0];
    if (first && first.heading === null) first.heading = { level: 1, text: h1 };
    else parsed.sections.unshift({ heading: { level: 1, text: h1 }, text: "" });
  }
  if (!parsed.sections.some((s) => s.text)) return null;
  return { title, document: parsed };
}

/** Words of a document (its headings and text), counted as the score counts them. */
export const wordCountOf = (document: PageDocument): number => wordCount(document);
