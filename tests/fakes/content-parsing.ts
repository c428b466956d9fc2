/**
 * The fake DataForSEO's On-Page content parsing (POST /v3/on_page/content_parsing/live): the page is fetched as
 * DataForSEO's crawler would (no private-address guard: it stands for their servers), and its content answered
 * in the documented shape: `result[0].items[0]` is a `content_parsing_element` with the page's `status_code` and
 * `page_content` (`header`, `footer`, `main_topic[]`, `secondary_topic[]`, each with `primary_content` and
 * `secondary_content` pieces `{ text, url, urls }`).
 *
 * How a piece is told primary or secondary follows DataForSEO's help center ("What is the difference between
 * primary and secondary content"): a piece scores one point per word longer than one character made more than
 * half of letters; it is primary when it scores above 3 and its anchors take less than 30 % of it. Topics start
 * at each heading; a topic with primary content is a main topic, the others secondary. This is the documented
 * rule, not DataForSEO's code: the fake's figures stand for it, not for the real service.
 */
import { parseHTML } from "linkedom";

type Piece = { text: string; url: string | null; urls: { url: string; anchor_text: string }[] | null };
type Topic = {
  h_title: string | null;
  main_title: string | null;
  author: string | null;
  language: string | null;
  level: number | null;
  primary_content: Piece[];
  secondary_content: Piece[];
  table_content: null;
};
type Section = { primary_content: Piece[]; secondary_content: Piece[]; table_content: null };

const BLOCKS = "h1,h2,h3,h4,h5,h6,p,li,dt,dd,blockquote,figcaption,pre,td,th,div";
const BLOCK_TAGS = new Set(
  BLOCKS.toUpperCase().split(",").concat(["UL", "OL", "TABLE", "SECTION", "ARTICLE", "ASIDE", "NAV", "HEADER", "FOOTER", "FORM"]),
);

const normalize = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** One point per word longer than one character made more than half of letters. */
function score(text: string): number {
  return text.split(" ").filter((word) => word.length > 1 && (word.match(/\p{L}/gu)?.length ?? 0) > word.length / 2).length;
}

function piece(element: Element, base: string): { piece: Piece; primary: boolean } {
  const text = normalize(element.textContent);
  const anchors = [...element.querySelectorAll("a[href]")].map((a) => {
    let href: string;
    try {
      href = new URL(a.getAttribute("href") ?? "", base).href;
    } catch {
      href = a.getAttribute("href") ?? "";
    }
    return { url: href, anchor_text: normalize(a.textContent) };
  });
  const anchored = anchors.reduce((sum, a) => sum + a.anchor_text.length, 0);
  const whole = anchors.length === 1 && anchors[0]!.anchor_text === text;
  return {
    piece: { text, url: whole ? anchors[0]!.url : null, urls: anchors.length ? anchors : null },
    primary: score(text) > 3 && anchored < 0.3 * text.length,
  };
}

/** The text blocks of `root`, in document order: the outermost of nested ones, a div only when it holds no block. */
function blocks(root: Element): Element[] {
  return [...root.querySelectorAll(BLOCKS)].filter((element) => {
    if (element.tagName === "DIV" && [...element.children].some((child) => BLOCK_TAGS.has(child.tagName))) return false;
    for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement)
      if (BLOCKS.toUpperCase().split(",").includes(parent.tagName) && parent.tagName !== "DIV") return false;
    return normalize(element.textContent).length > 0;
  });
}

function section(elements: Element[], base: string): Section {
  const result: Section = { primary_content: [], secondary_content: [], table_content: null };
  for (const element of elements.flatMap((e) => blocks(e))) {
    const { piece: p, primary } = piece(element, base);
    (primary ? result.primary_content : result.secondary_content).push(p);
  }
  return result;
}

/** The page's content in the documented shape of a content_parsing_element's page_content. */
export function pageContent(html: string, url: string) {
  const { document } = parseHTML(html);
  for (const element of [...document.querySelectorAll("script,style,noscript,template,svg")]) element.remove();
  const body = document.body ?? document.documentElement;
  const outside = (element: Element) => !element.closest("main, article");
  const headers = [...body.querySelectorAll("header, nav")].filter((e) => outside(e) && !e.parentElement?.closest("header, nav"));
  const footers = [...body.querySelectorAll("footer")].filter((e) => outside(e) && !e.parentElement?.closest("footer"));
  const header = section(headers, url);
  const footer = section(footers, url);
  for (const element of [...headers, ...footers]) element.remove();

  const mainTitle = normalize(body.querySelector("h1")?.textContent) || null;
  const language = document.documentElement.getAttribute("lang");
  const topics: Topic[] = [];
  const topic = (heading: Element | null): Topic => ({
    h_title: heading ? normalize(heading.textContent) : null,
    main_title: mainTitle,
    author: null,
    language,
    level: heading ? Number(heading.tagName.slice(1)) : null,
    primary_content: [],
    secondary_content: [],
    table_content: null,
  });
  let current: Topic | null = null;
  for (const element of blocks(body)) {
    if (/^H[1-6]$/.test(element.tagName)) {
      current = topic(element);
      topics.push(current);
      continue;
    }
    if (!current) topics.push((current = topic(null)));
    const { piece: p, primary } = piece(element, url);
    (primary ? current.primary_content : current.secondary_content).push(p);
  }
  return {
    header,
    footer,
    main_topic: topics.filter((t) => t.primary_content.length > 0),
    secondary_topic: topics.filter((t) => t.primary_content.length === 0),
    ratings: null,
    offers: null,
    comments: null,
    contacts: null,
  };
}

/** A content parsing task's result for `url`: the page fetched and parsed, its status when it is not a readable page, nothing when unreachable. */
export async function parseContent(url: string) {
  const fetchTime = new Date()
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " +00:00");
  const result = (items: object[]) => ({ crawl_progress: "finished", crawl_status: null, items_count: items.length, items });
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { "User-Agent": "Mozilla/5.0 (compatible; RSiteAuditor)" } });
  } catch {
    return result([]);
  }
  const element = (pageContentValue: object | null) => ({
    type: "content_parsing_element",
    fetch_time: fetchTime,
    status_code: response.status,
    page_content: pageContentValue,
    page_as_markdown: null,
  });
  if (!response.ok || !/html/i.test(response.headers.get("content-type") ?? "")) {
    await response.body?.cancel();
    return result([element(null)]);
  }
  return result([element(pageContent(await response.text(), response.url || url))]);
}
