/**
 * Stores an uploaded image after checking it by its content (magic bytes) and size, under a random
 * name that keeps the original extension when it fits the detected type.
 */
import crypto from "node:crypto";
import { detectImageType, extensionFor } from "~/lib/image-type";
import { LOGO_MESSAGES } from "~/lib/logo";
import { getStorage, type Bucket } from "./storage.server";
import { logger } from "./logger.server";

export class UploadError extends Error {}

export type StoredFile = { bucket: Bucket; key: string; url: string };

export async function storeImage(
  file: File,
  options: { bucket: Bucket; folder: string; maxBytes: number; cacheSeconds?: number },
): Promise<StoredFile> {
  if (file.size > options.maxBytes) throw new UploadError(LOGO_MESSAGES.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > options.maxBytes) throw new UploadError(LOGO_MESSAGES.size);
  const type = detectImageType(bytes);
  if (!type) throw new UploadError(LOGO_MESSAGES.format);
  const key = `${options.folder}/${crypto.randomUUID()}.${extensionFor(type, file.name)}`;
  const storage = getStorage();
  try {
    await storage.put(options.bucket, key, bytes, { contentType: type, cacheControl: options.cacheSeconds ?? 3600 });
  } catch (error) {
    logger.error({ err: error, bucket: options.bucket }, "upload failed");
    throw new UploadError(`${LOGO_MESSAGES.failed}: ${error instanceof Error ? error.message : "storage unavailable"}`);
  }
  return { bucket: options.bucket, key, url: storage.publicUrl(options.bucket, key) };
}

/**
 * Removes a file that nothing refers to any more (an upload whose save failed, a replaced logo),
 * logging rather than throwing on failure. URLs that are not ours are left alone.
 */
export async function discardStoredFile(file: StoredFile | string | null | undefined) {
  const storage = getStorage();
  const target = typeof file === "string" ? storage.locate(file) : file;
  if (!target) return;
  try {
    await storage.remove(target.bucket, target.key);
  } catch (error) {
    logger.warn({ err: error, key: target.key }, "could not remove an unused file");
  }
}
