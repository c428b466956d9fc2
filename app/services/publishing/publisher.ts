/**
 * Publishing's one small interface (issue 15): an article as a CMS receives it, where it stood on the remote
 * side, and the steps a publisher records as soon as the remote side confirms them, so that a worker that dies
 * mid-publish never makes a second post or uploads an image twice. WordPress implements it
 * (wordpress-publisher.server.ts); the webhook will be the second.
 */
import sanitizeHtml from "sanitize-html";

export type ArticleImage = { bytes: Uint8Array; fileName: string; mimeType: string; alt: string; sha256: string };

export type Article = {
  title: string;
  /** The article's HTML without its h1 (the CMS shows the title itself). */
  html: string;
  slug: string;
  /** The meta description (at most 160 characters), or "" when there is none. */
  excerpt: string;
  status: "draft" | "private" | "publish";
  contentType: "post" | "page";
  image: ArticleImage | null;
};

/** What the product knows of the page on the remote side before this publish. */
export type RemoteState = {
  remoteId: number | null;
  remoteType: string | null;
  featuredMediaId: number | null;
  featuredImageSha256: string | null;
  /** A creation started then and was not confirmed: the post may exist without the product knowing its id. */
  pendingSince: Date | null;
};

/** What the remote side confirmed. */
export type Published = {
  remoteId: number;
  remoteType: "post" | "page";
  remoteStatus: string;
  remoteLink: string | null;
  featuredMediaId: number | null;
  featuredImageSha256: string | null;
};

/** The writes a publisher makes as it goes, each right after the remote side confirmed the step. */
export type PublishSteps = {
  /** An image was uploaded: its id and its bytes' hash, kept before anything else happens. */
  mediaUploaded(mediaId: number, sha256: string): Promise<void>;
  /** A creation is about to be asked. */
  creating(): Promise<void>;
  /** The post exists with this id (created or updated): written at once. */
  confirmed(published: Published): Promise<void>;
};

const decode = (text: string) => sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();

/** The first h1's text, and the HTML without it; no h1: the page's name and the HTML as it is. */
export function splitTitle(html: string, fallbackTitle: string): { title: string; html: string } {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!match) return { title: fallbackTitle, html: html.trim() };
  const title = decode(match[1]!)
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'");
  return { title: title || fallbackTitle, html: (html.slice(0, match.index) + html.slice(match.index + match[0].length)).trim() };
}
