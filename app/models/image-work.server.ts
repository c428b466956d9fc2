/** What the worker reads and writes for create_cover_image: the page's article and cover settings, then the propositions. */
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { pages, pagesVersions, pagesVersionsImages, sites } from "../../db/schema";
import { SITE_DEFAULTS } from "~/lib/constants";
import { getDb } from "~/services/db.server";
import { getStorage } from "~/services/storage.server";
import { PAGE_IMAGES_BUCKET } from "./image.server";

export type CoverImageContext = {
  pageId: number;
  pageName: string;
  siteName: string;
  /** The newest version of the page, if any: the images illustrate it. */
  versionId: number | null;
  articleHtml: string;
  width: number;
  height: number;
  /** How many images the site asks for by default (nb_images_to_create). */
  defaultCount: number;
};

export async function coverImageContext(pageId: number): Promise<CoverImageContext | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      pageName: pages.name,
      siteName: sites.name,
      width: sites.coverImageWidth,
      height: sites.coverImageHeight,
      defaultCount: sites.nbImagesToCreate,
      versionId: pagesVersions.id,
      articleHtml: pagesVersions.htmlContent,
    })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(
      pagesVersions,
      eq(
        pagesVersions.id,
        db
          .select({ id: pagesVersions.id })
          .from(pagesVersions)
          .where(eq(pagesVersions.page, pageId))
          .orderBy(desc(pagesVersions.createdDate), desc(pagesVersions.id))
          .limit(1),
      ),
    )
    .where(eq(pages.id, pageId));
  if (!row) return null;
  // The site form stores an empty size or count as 0: the spec's defaults apply then.
  return {
    pageId,
    ...row,
    width: row.width > 0 ? row.width : SITE_DEFAULTS.coverImageWidth,
    height: row.height > 0 ? row.height : SITE_DEFAULTS.coverImageHeight,
    defaultCount: row.defaultCount > 0 ? row.defaultCount : SITE_DEFAULTS.nbImagesToCreate,
    articleHtml: row.articleHtml ?? "",
  };
}

/** The bytes of one of the page's example images; null when it is gone or not stored by us. */
export async function exampleImageBytes(pageId: number, imageId: number): Promise<{ bytes: Uint8Array; url: string } | null> {
  const db = await getDb();
  const [image] = await db
    .select({ url: pagesVersionsImages.imageUrl })
    .from(pagesVersionsImages)
    .where(and(eq(pagesVersionsImages.id, imageId), eq(pagesVersionsImages.linkedPage, pageId), eq(pagesVersionsImages.type, "example")));
  if (!image) return null;
  const storage = getStorage();
  const located = storage.locate(image.url);
  if (!located) return null;
  const bytes = await storage.read(located.bucket, located.key);
  return bytes ? { bytes, url: image.url } : null;
}

/**
 * Stores generated images (WebP) in 'page-images' under the page's folder and records them as propositions
 * of the page's version. A failure removes what was stored, and nothing is recorded.
 */
export async function saveCoverPropositions(pageId: number, versionId: number | null, images: readonly Uint8Array[]) {
  const storage = getStorage();
  const stored: { key: string; url: string }[] = [];
  try {
    for (const bytes of images) {
      const key = `${pageId}/cover-${Date.now()}-${crypto.randomBytes(8).toString("hex")}.webp`;
      await storage.put(PAGE_IMAGES_BUCKET, key, bytes, { contentType: "image/webp" });
      stored.push({ key, url: storage.publicUrl(PAGE_IMAGES_BUCKET, key) });
    }
    const db = await getDb();
    return await db
      .insert(pagesVersionsImages)
      .values(
        stored.map(({ url }) => ({ linkedPage: pageId, linkedPagesVersion: versionId, imageUrl: url, type: "proposition", chosen: false })),
      )
      .returning({ id: pagesVersionsImages.id, imageUrl: pagesVersionsImages.imageUrl });
  } catch (error) {
    for (const { key } of stored) await storage.remove(PAGE_IMAGES_BUCKET, key).catch(() => undefined);
    throw error;
  }
}
