/**
 * Reading a site's existing WordPress content (issue 15's import): its posts or pages, searched and paged as the
 * REST API pages them (X-WP-Total, X-WP-TotalPages), and the chosen ones whole (their raw HTML, context=edit).
 */
import type { WordPressClient } from "./wordpress.server";

export type RemoteItem = { id: number; title: string; link: string; status: string; modified: string };
export type RemoteContent = RemoteItem & { html: string; excerpt: string };

type WpItem = {
  id: number;
  link?: string;
  status?: string;
  modified?: string;
  title?: { raw?: string; rendered?: string };
  content?: { raw?: string; rendered?: string };
  excerpt?: { raw?: string; rendered?: string };
};

const collectionOf = (type: "post" | "page") => (type === "page" ? "pages" : "posts");
const ANY_STATUS = "publish,future,draft,pending,private";
export const IMPORT_PAGE_SIZE = 20;

const item = (raw: WpItem): RemoteItem => ({
  id: raw.id,
  title: (raw.title?.raw ?? raw.title?.rendered ?? "").trim(),
  link: raw.link ?? "",
  status: raw.status ?? "publish",
  modified: raw.modified ?? "",
});

/** One page of the site's posts (or pages), newest first, matching `search`. */
export async function listRemoteContent(
  client: WordPressClient,
  type: "post" | "page",
  options: { search?: string; page?: number },
): Promise<{ items: RemoteItem[]; total: number; pages: number }> {
  const { data, headers } = await client.call<WpItem[]>("GET", `/wp/v2/${collectionOf(type)}`, "listing the site's content", {
    query: {
      context: "edit",
      status: ANY_STATUS,
      per_page: IMPORT_PAGE_SIZE,
      page: options.page ?? 1,
      search: options.search || undefined,
      _fields: "id,link,status,modified,title",
    },
  });
  return {
    items: data.map(item),
    total: Number(headers.get("x-wp-total") ?? data.length),
    pages: Math.max(1, Number(headers.get("x-wp-totalpages") ?? 1)),
  };
}

/** The chosen posts (or pages) whole: their raw HTML and excerpt. */
export async function readRemoteContent(client: WordPressClient, type: "post" | "page", ids: number[]): Promise<RemoteContent[]> {
  if (ids.length === 0) return [];
  const { data } = await client.call<WpItem[]>("GET", `/wp/v2/${collectionOf(type)}`, "reading the chosen content", {
    query: { context: "edit", status: ANY_STATUS, include: ids.join(","), per_page: Math.min(100, ids.length) },
  });
  return data.map((raw) => ({ ...item(raw), html: raw.content?.raw ?? raw.content?.rendered ?? "", excerpt: raw.excerpt?.raw ?? "" }));
}

/** A published post or page of the site, for its inventory (issue 40): its address, title and text. */
export type PublishedItem = { link: string; title: string; html: string };

/** The most posts (or pages) the inventory reads: 10 pages of 100. */
export const PUBLISHED_MAX_PAGES = 10;

/** Titles as WordPress renders them carry HTML entities ("L&#8217;été"). */
const decodeEntities = (text: string) =>
  text
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

/** Every published post (or page) of the site, 100 a request, paged as WordPress pages them (at most PUBLISHED_MAX_PAGES). */
export async function listPublished(client: WordPressClient, type: "post" | "page"): Promise<PublishedItem[]> {
  const items: PublishedItem[] = [];
  for (let page = 1; page <= PUBLISHED_MAX_PAGES; page++) {
    const { data, headers } = await client.call<WpItem[]>("GET", `/wp/v2/${collectionOf(type)}`, "listing the site's published content", {
      query: { context: "edit", status: "publish", per_page: 100, page, _fields: "id,link,title,content" },
    });
    for (const raw of data) {
      if (!raw.link) continue;
      const title = raw.title?.raw?.trim() || decodeEntities(raw.title?.rendered ?? "");
      items.push({ link: raw.link, title, html: raw.content?.raw ?? raw.content?.rendered ?? "" });
    }
    if (page >= Number(headers.get("x-wp-totalpages") ?? 1) || data.length === 0) break;
  }
  return items;
}
