/**
 * create_cover_image: cover image propositions for a page, through an API speaking OpenAI's images protocol
 * (/images/generations, or /images/edits from the chosen example image), at a configurable URL with its key
 * and model. The prompt comes from the article and the form's comments; with generate_prompt on (and
 * OpenRouter set), a language model writes it from the article. Each image is resized with sharp to the
 * site's cover size (cover, centred on what draws the eye), stored as WebP in 'page-images' and recorded
 * as a proposition.
 */
import type OpenAI from "openai";
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import { clip } from "~/lib/clip";
import { pages, pagesVersions, pagesVersionsImages, sites } from "../../../db/schema";
import { SITE_DEFAULTS } from "~/lib/constants";
import { MAX_IMAGES, MIN_IMAGES, PAGE_IMAGES_BUCKET } from "~/lib/image-rules";
import { detectImageType } from "~/lib/image-type";
import { articleText } from "~/lib/sanitize.server";
import { getDb } from "~/services/db.server";
import { getEnv, missingSettings } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { PermanentError, RetryableError } from "~/services/providers/http.server";
import { generateImages, IMAGE_SETTINGS, imagesClient, requestSize } from "~/services/providers/images.server";
import { ask, LLM_SETTINGS, openRouterClient, toWorkerError } from "~/services/providers/openrouter.server";
import { getStorage } from "~/services/storage.server";
import { defineTask, idSchema } from "../task.server";

/** What the image form asked (info_json, as models/image.server records it: coverImageInfo). */
const coverRequest = z.object({
  generate_prompt: z.boolean().optional(),
  comments: z.string().nullable().optional(),
  use_initial_photo: z.boolean().optional(),
  image_example_id: z.number().int().positive().nullable().optional(),
  number_of_images: z.number().int().nullable().optional(),
});

/** linked_page: the page to illustrate; info_json: the form's request. */
export const coverImagePayload = z
  .object({ page: idSchema("the page to illustrate"), info: coverRequest.nullable().optional() })
  .transform(({ page, info }) => ({ pageId: page, request: info ?? {} }));


/** The prompt written in code: the article's title and opening, the cover's shape, and the user's comments. */
export function coverPrompt(context: CoverImageContext, comments: string): string {
  const text = articleText(context.articleHtml).replace(/\s+/g, " ").trim();
  return [
    `A cover image for the article "${context.pageName}" on the website ${context.siteName}.`,
    text ? `What the article says: ${clip(text, 600)}` : null,
    comments ? `Wishes: ${comments}` : null,
    `Photographic or illustrated, a clear subject, no text, no letters, no logos; it will be cropped to ${context.width}×${context.height} pixels.`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The site's cover size, as WebP; an answer that is not an image is the provider's fault (retried). */
export async function toCover(bytes: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  try {
    return await sharp(bytes).resize(width, height, { fit: "cover", position: sharp.strategy.attention }).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    logger.warn({ err, bytes: bytes.byteLength }, "an image from the image API could not be read");
    throw new RetryableError("The image API sent something that is not an image");
  }
}

export function coverImageTask(
  client: () => OpenAI = () => imagesClient(),
  // With generate_prompt on, OpenRouter writes the image prompt when it is set (the code writes it otherwise).
  writer: () => OpenAI | null = () => (missingSettings(LLM_SETTINGS).length === 0 ? openRouterClient() : null),
) {
  return defineTask({
    payload: coverImagePayload,
    settings: IMAGE_SETTINGS,
    async run({ payload: { pageId, request: info }, signal, usage }) {
      const context = await coverImageContext(pageId);
      if (!context) throw new PermanentError("The page of this image request no longer exists");
      const requested = Number(info.number_of_images);
      // The form's limits hold for a site's own default too.
      const count = Math.min(
        MAX_IMAGES,
        Math.max(MIN_IMAGES, Number.isSafeInteger(requested) && requested > 0 ? requested : context.defaultCount),
      );
      const comments = typeof info.comments === "string" ? info.comments.trim() : "";

      let example: { bytes: Uint8Array; type: string } | null = null;
      const exampleId = Number(info.image_example_id);
      if (info.use_initial_photo === true && Number.isSafeInteger(exampleId) && exampleId > 0) {
        const found = await exampleImageBytes(context.pageId, exampleId);
        if (!found) throw new PermanentError("The example image chosen for this request no longer exists");
        const type = detectImageType(found.bytes);
        if (!type) throw new PermanentError("The example image chosen for this request is not a readable image");
        // The images API takes PNG, JPEG or WebP: other examples (GIF) are converted first.
        example =
          type === "image/gif" ? { bytes: await sharp(found.bytes).png().toBuffer(), type: "image/png" } : { bytes: found.bytes, type };
      }

      let prompt = coverPrompt(context, comments);
      const llm = info.generate_prompt === true ? writer() : null;
      if (llm) {
        const model = getEnv().ARTICLE_MODEL;
        const written = await ask(
          llm,
          model,
          `Write the prompt for an image generator that will make the cover image of this article. One paragraph, in English, describing the scene, style and light; no text in the image.${comments ? ` Take these wishes into account: ${comments}` : ""}\n\n--- article ---\n${clip(articleText(context.articleHtml), 4000) || context.pageName}`,
          undefined,
          signal,
        );
        prompt = `${clip(written.text, 3000)}\nNo text, no letters, no logos.`;
        usage.add(written.usage, { provider: "openrouter", model });
      }

      const env = getEnv();
      const generated = await generateImages(
        client(),
        env.IMAGES_MODEL,
        prompt,
        count,
        requestSize(env.IMAGES_MODEL, context.width, context.height),
        example,
        signal,
        usage,
      ).catch((err) => Promise.reject(toWorkerError(err, env.IMAGES_MODEL, "The image API")));
      const covers = await Promise.all(generated.images.map((bytes) => toCover(bytes, context.width, context.height)));
      signal.throwIfAborted();
      await saveCoverPropositions(context.pageId, context.versionId, covers);
      return usage;
    },
  });
}

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

/** The page's newest article and its site's cover settings; null when the page is gone. */
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
