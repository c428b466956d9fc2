/**
 * Images of a page (pages_versions_images): cover image propositions made by the background worker,
 * and example images uploaded by the user. Ownership is checked through the page's site on every call.
 */
import crypto from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { pagesVersionsImages } from "../../db/schema";
import { detectImageType, extensionFor, type ImageType } from "~/lib/image-type";
import { coverImageInfo, EXAMPLE_MAX_BYTES, IMAGE_MESSAGES, PAGE_IMAGES_BUCKET, type GenerateImageInput } from "~/lib/image-rules";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { getStorage } from "~/services/storage.server";
import { discardStoredFile } from "~/services/uploads.server";
import { ownedPage, type Actor } from "./access.server";
import { queueActions } from "~/jobs/queue.server";


export type ImageKind = "proposition" | "example";

export type PageImage = { id: number; imageUrl: string; type: ImageKind; chosen: boolean; createdAt: Date };

/** An image that is not one of this page's images of the expected type (or not the user's). */
export class ImageNotFoundError extends Error {
  constructor() {
    super("image not found");
  }
}

/** An upload refused as a whole (a file of the batch is not an accepted image, or too large). */
export class ImageUploadError extends Error {}

/** Propositions and examples of one of the user's pages, newest first, in one query. */
export async function listImages(user: Actor, siteId: number, pageId: number) {
  await ownedPage(user, pageId, siteId);
  const db = await getDb();
  const rows = await db
    .select({
      id: pagesVersionsImages.id,
      imageUrl: pagesVersionsImages.imageUrl,
      type: pagesVersionsImages.type,
      chosen: pagesVersionsImages.chosen,
      createdAt: pagesVersionsImages.createdAt,
    })
    .from(pagesVersionsImages)
    .where(and(eq(pagesVersionsImages.linkedPage, pageId), inArray(pagesVersionsImages.type, ["proposition", "example"])))
    .orderBy(desc(pagesVersionsImages.createdAt), desc(pagesVersionsImages.id));
  const images = rows as PageImage[];
  return {
    propositions: images.filter((image) => image.type === "proposition"),
    examples: images.filter((image) => image.type === "example"),
  };
}

/** Makes one proposition the only chosen image of its page (one transaction). */
export async function chooseProposition(user: Actor, pageId: number, imageId: number) {
  await ownedPage(user, pageId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [image] = await tx
      .select({ id: pagesVersionsImages.id })
      .from(pagesVersionsImages)
      .where(
        and(eq(pagesVersionsImages.id, imageId), eq(pagesVersionsImages.linkedPage, pageId), eq(pagesVersionsImages.type, "proposition")),
      );
    if (!image) throw new ImageNotFoundError();
    await tx
      .update(pagesVersionsImages)
      .set({ chosen: false })
      .where(and(eq(pagesVersionsImages.linkedPage, pageId), eq(pagesVersionsImages.type, "proposition")));
    await tx.update(pagesVersionsImages).set({ chosen: true }).where(eq(pagesVersionsImages.id, imageId));
  });
}

/**
 * Deletes one image of the page, then its stored file when it is ours (bucket page-images, under the
 * page's folder) and no other row still refers to it.
 */
export async function deleteImage(user: Actor, pageId: number, imageId: number) {
  await ownedPage(user, pageId);
  const db = await getDb();
  const [deleted] = await db
    .delete(pagesVersionsImages)
    .where(and(eq(pagesVersionsImages.id, imageId), eq(pagesVersionsImages.linkedPage, pageId)))
    .returning({ id: pagesVersionsImages.id, imageUrl: pagesVersionsImages.imageUrl, type: pagesVersionsImages.type });
  if (!deleted) throw new ImageNotFoundError();
  const located = getStorage().locate(deleted.imageUrl);
  if (located && located.bucket === PAGE_IMAGES_BUCKET && located.key.startsWith(`${pageId}/`)) {
    const [other] = await db
      .select({ id: pagesVersionsImages.id })
      .from(pagesVersionsImages)
      .where(eq(pagesVersionsImages.imageUrl, deleted.imageUrl))
      .limit(1);
    if (!other) await discardStoredFile(deleted.imageUrl);
  }
  return deleted;
}

const shortName = (name: string) => (name.length > 80 ? `${name.slice(0, 77)}...` : name) || "unnamed file";

/** '{pageId}/{timestamp}-{random}.{ext}' */
export function exampleKey(pageId: number, type: ImageType, originalName: string) {
  return `${pageId}/${Date.now()}-${crypto.randomBytes(8).toString("hex")}.${extensionFor(type, originalName)}`;
}

/**
 * Stores example images of the page (checked by content and size; a refused file refuses the whole
 * batch before anything is stored) and records them as type 'example', linked_pages_version null.
 */
export async function addExamples(user: Actor, pageId: number, files: File[]) {
  await ownedPage(user, pageId);
  if (files.length === 0) throw new ImageUploadError(IMAGE_MESSAGES.noFiles);
  const checked: { bytes: Uint8Array; type: ImageType; name: string }[] = [];
  for (const file of files) {
    if (file.size > EXAMPLE_MAX_BYTES)
      throw new ImageUploadError(`"${shortName(file.name)}" is too large. Maximum size is 10 MB per image.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > EXAMPLE_MAX_BYTES)
      throw new ImageUploadError(`"${shortName(file.name)}" is too large. Maximum size is 10 MB per image.`);
    const type = detectImageType(bytes);
    if (!type) throw new ImageUploadError(`"${shortName(file.name)}" is not a supported image. Please use JPG, PNG, GIF, or WebP.`);
    checked.push({ bytes, type, name: file.name });
  }

  const storage = getStorage();
  const stored: string[] = [];
  try {
    for (const file of checked) {
      const key = exampleKey(pageId, file.type, file.name);
      await storage.put(PAGE_IMAGES_BUCKET, key, file.bytes, { contentType: file.type });
      stored.push(storage.publicUrl(PAGE_IMAGES_BUCKET, key));
    }
    const db = await getDb();
    return await db
      .insert(pagesVersionsImages)
      .values(stored.map((imageUrl) => ({ linkedPage: pageId, linkedPagesVersion: null, imageUrl, type: "example", chosen: false })))
      .returning({ id: pagesVersionsImages.id, imageUrl: pagesVersionsImages.imageUrl });
  } catch (error) {
    // Nothing half-done: files stored before the failure are removed.
    logger.error({ err: error, pageId }, "example upload failed");
    for (const url of stored) await discardStoredFile(url);
    throw error;
  }
}

/**
 * Queues a create_cover_image request for the page. The example image, used only when
 * useInitialPhoto is on, must be an example of this page.
 */
export async function requestImageGeneration(user: Actor, pageId: number, input: GenerateImageInput) {
  await ownedPage(user, pageId);
  const info = coverImageInfo(input);
  if (info.image_example_id !== null) {
    const db = await getDb();
    const [example] = await db
      .select({ id: pagesVersionsImages.id })
      .from(pagesVersionsImages)
      .where(
        and(
          eq(pagesVersionsImages.id, info.image_example_id),
          eq(pagesVersionsImages.linkedPage, pageId),
          eq(pagesVersionsImages.type, "example"),
        ),
      );
    if (!example) throw new ImageNotFoundError();
  }
  const [row] = await queueActions(user, "create_cover_image", [{ pageId, versionId: null, infoJson: info }]);
  return row;
}
