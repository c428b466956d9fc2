/**
 * A page's HTML reduced to what the content score reads (issue 39): its h1-h3 headings in order and the text
 * under each, parsed with linkedom. Scripts, styles, navigation, footers, asides, forms and hidden elements are left
 * out; h4-h6 read as text of their section. Blocks (paragraphs, list items, cells...) end with a line break, so a
 * term never joins the last word of one block to the first of the next.
 */
import { parseHTML } from "linkedom";
import { wordsIn } from "./text";
import type { Heading, PageDocument } from "./types";

const SKIPPED = new Set(["script", "style", "noscript", "template", "nav", "footer", "aside", "form", "svg", "iframe", "object", "head"]);
const HEADINGS: Record<string, Heading["level"]> = { h1: 1, h2: 2, h3: 3 };
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "font",
]);

type Section = PageDocument["sections"][number];

/** Reads a page (a whole document or a fragment) into its headings and the text under each. */
export function documentFromHtml(html: string): PageDocument {
  const { document } = parseHTML(/<(html|body)[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  const root = document.body ?? document.documentElement;
  const sections: Section[] = [];
  let current = { heading: null as Heading | null, lines: [] as string[], line: "" };

  const endLine = () => {
    const line = current.line.replace(/\s+/g, " ").trim();
    if (line) current.lines.push(line);
    current.line = "";
  };
  const endSection = () => {
    endLine();
    const text = current.lines.join("\n");
    if (current.heading || text) sections.push({ heading: current.heading, text });
  };

  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) current.line += child.textContent ?? "";
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const tag = element.localName;
      if (SKIPPED.has(tag) || isHidden(element)) continue;
      const level = HEADINGS[tag];
      if (level) {
        const text = headingText(element);
        if (text) {
          endSection();
          current = { heading: { level, text }, lines: [], line: "" };
        }
        continue;
      }
      if (tag === "br") {
        endLine();
        continue;
      }
      const block = !INLINE.has(tag);
      if (block) endLine();
      walk(element);
      if (block) endLine();
    }
  };

  walk(root);
  endSection();
  return { sections };
}

function isHidden(element: Element): boolean {
  return element.hasAttribute("hidden") || element.getAttribute("aria-hidden") === "true";
}

function headingText(element: Element): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The words of a page: its headings and its text. */
export function wordCount(doc: PageDocument): number {
  let count = 0;
  for (const section of doc.sections) {
    if (section.heading) count += wordsIn(section.heading.text);
    count += wordsIn(section.text);
  }
  return count;
}

/** A page's headings and text as one text, each section apart: what its terms, claims and passages are read from. */
export function documentText(document: PageDocument): string {
  return document.sections.map((s) => [s.heading?.text, s.text].filter(Boolean).join("\n")).join("\n\n");
}
