/**
 * The public article view (/view/:versionId). PUBLIC BY DESIGN: anyone who has a version id may read
 * that version, and nothing else — no owner check here, so this module returns only what the public
 * page shows (sanitized HTML, the page name, a description, the cover image and the date), never ids,
 * owners, comments or review flags.
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
};

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

/** One version for the public, or null when the id is not a positive integer or no such version exists. */
export async function getPublicArticle(versionId: string | number | undefined | null): Promise<PublicArticle | null> {
  const id = Number(versionId);
  if (!Number.isSafeInteger(id) || id <= 0 || !/^\d+$/.test(String(versionId))) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      htmlContent: pagesVersions.htmlContent,
      createdDate: pagesVersions.createdDate,
      pageId: pages.id,
      pageName: pages.name,
      hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
    })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .where(eq(pagesVersions.id, id));
  if (!row) return null;
  const html = sanitizeArticleHtml(row.htmlContent);
  return {
    html,
    title: row.pageName,
    description: articleDescription(html),
    coverImageUrl: await coverImageUrl({ id: row.pageId, hideCoverImageFromPreview: row.hideCoverImageFromPreview }),
    createdDate: row.createdDate,
  };
}
