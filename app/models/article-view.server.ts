/**
 * The public article view (/view/:publicId). PUBLIC BY DESIGN: anyone who has a version's public id (random,
 * unguessable, shared by its owner) may read that version, and nothing else — no owner check here, so this
 * module returns only what the public page shows (sanitized HTML, the page name, a description, the cover
 * image, the date and whether it is one of the service's demo articles), never ids, owners, comments or
 * review flags. Sequential version ids reach a version only for demo articles, whose old links redirect.
 */
import { and, desc, eq } from "drizzle-orm";
import { pages, pagesVersions, pagesVersionsImages } from "../../db/schema";
import { articleText, sanitizeArticleHtml } from "~/lib/sanitize.server";
import { getDb } from "~/services/db.server";

/** Length of the meta description taken from the article's text. */
export const DESCRIPTION_LENGTH = 160;

export type PublicArticle = {
  /** Sanitized: safe to render. */
  html: string;
  /** The page's name. */
  title: string;
  description: string;
  coverImageUrl: string | null;
  createdDate: Date;
  /** A demo article of the service (its page is marked as demo): public and indexable. Any other version is a client's draft. */
  demo: boolean;
};

/** A public id as the database makes them (base64url); anything else names no version. */
const PUBLIC_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The cover image of a page: its chosen proposition, else its latest proposition (id descending),
 * or none when the page hides its cover image from previews. One query.
 */
export async function coverImageUrl(page: { id: number; hideCoverImageFromPreview: boolean }): Promise<string | null> {
  if (page.hideCoverImageFromPreview) return null;
  const db = await getDb();
  const [image] = await db
    .select({ url: pagesVersionsImages.imageUrl })
    .from(pagesVersionsImages)
    .where(and(eq(pagesVersionsImages.linkedPage, page.id), eq(pagesVersionsImages.type, "proposition")))
    .orderBy(desc(pagesVersionsImages.chosen), desc(pagesVersionsImages.id))
    .limit(1);
  return image?.url ?? null;
}

/** Up to `max` characters of text, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

/** Block ends and line breaks, where text of two blocks must not run together. */
const BLOCK_END =
  /<\/(p|h[1-6]|li|dt|dd|td|th|tr|blockquote|pre|div|section|article|header|footer|aside|figcaption|caption|summary)>|<br\s*\/?>|<hr\s*\/?>/gi;

const textOf = (html: string) => articleText(html.replace(BLOCK_END, (tag) => `${tag} `));

/** The article's description: its text without a leading <h1> (the title says that already). */
export function articleDescription(safeHtml: string): string {
  const body = safeHtml.replace(/^\s*<h1[\s>][\s\S]*?<\/h1>/i, "");
  return excerpt(textOf(body) || textOf(safeHtml));
}

/** Whether sanitized article HTML shows anything: some text, an image or an embed. */
export function hasArticleContent(safeHtml: string): boolean {
  return articleText(safeHtml) !== "" || /<(img|iframe|picture)[\s>]/i.test(safeHtml);
}

/**
 * The public id of a demo article's version, reached by its old sequential address (/view/{id}); null for any
 * other version (a client's draft is never reachable by its sequential id) and for anything that is not an id.
 */
export async function demoPublicId(versionId: string | undefined | null): Promise<string | null> {
  if (!versionId || !/^\d{1,15}$/.test(versionId)) return null;
  const id = Number(versionId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const db = await getDb();
  const [row] = await db
    .select({ publicId: pagesVersions.publicId })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .where(and(eq(pagesVersions.id, id), eq(pages.hideRevisionsTextsFromPreview, true)));
  return row?.publicId ?? null;
}

/** One version for the public, by its public id; null when the id is malformed or names no version. */
export async function getPublicArticle(publicId: string | undefined | null): Promise<PublicArticle | null> {
  if (!publicId || !PUBLIC_ID.test(publicId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      htmlContent: pagesVersions.htmlContent,
      createdDate: pagesVersions.createdDate,
      pageId: pages.id,
      pageName: pages.name,
      hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
      demo: pages.hideRevisionsTextsFromPreview,
    })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .where(eq(pagesVersions.publicId, publicId));
  if (!row) return null;
  const html = sanitizeArticleHtml(row.htmlContent);
  return {
    html,
    title: row.pageName,
    description: articleDescription(html),
    coverImageUrl: await coverImageUrl({ id: row.pageId, hideCoverImageFromPreview: row.hideCoverImageFromPreview }),
    createdDate: row.createdDate,
    demo: row.demo,
  };
}
