/**
 * The public article view (/view/:publicId). PUBLIC BY DESIGN: anyone who has a version's public id (random,
 * unguessable, shared by its owner) may read that version, and nothing else — no owner check here, so this
 * module returns only what the public page shows (sanitized HTML, the page name, a description, the cover
 * image, the date and whether it is one of the service's demo articles), never ids, owners, comments or
 * review flags. Sequential version ids reach a version only for demo articles, whose old links redirect.
 */
import { and, desc, eq } from "drizzle-orm";
import { pages, pagesVersions, pagesVersionsImages } from "../../db/schema";
import { toId } from "~/lib/form-id";
import { metaDescriptionOf } from "~/lib/meta-description.server";
import { articleText, sanitizeArticleHtml } from "~/lib/sanitize.server";
import { getDb } from "~/services/db.server";

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

/** Whether sanitized article HTML shows anything: some text, an image or an embed. */
export function hasArticleContent(safeHtml: string): boolean {
  return articleText(safeHtml) !== "" || /<(img|iframe|picture)[\s>]/i.test(safeHtml);
}

/**
 * The public id of a demo article's version, reached by its old sequential address (/view/{id}); null for any
 * other version (a client's draft is never reachable by its sequential id) and for anything that is not an id.
 */
export async function demoPublicId(versionId: string | undefined | null): Promise<string | null> {
  const id = toId(versionId);
  if (id === null) return null;
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
      metaDescription: pagesVersions.metaDescription,
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
    description: metaDescriptionOf({ metaDescription: row.metaDescription, html }),
    coverImageUrl: await coverImageUrl({ id: row.pageId, hideCoverImageFromPreview: row.hideCoverImageFromPreview }),
    createdDate: row.createdDate,
    demo: row.demo,
  };
}
