/** services/uploads.server storeImage: checks by content and size, random names, bucket seo1 under logos/. */
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOGO_BUCKET, LOGO_FOLDER, LOGO_MAX_BYTES } from "~/lib/constants";
import { resetEnvForTests } from "~/services/env.server";
import { resetStorageForTests } from "~/services/storage.server";
import { discardStoredFile, storeImage, UploadError } from "~/services/uploads.server";
import { startFakeS3 } from "../fakes/s3";
import { GIF_START, JPEG_START, padded, pngBytes, WEBP_START } from "../setup/images";

const LOGO = { bucket: LOGO_BUCKET, folder: LOGO_FOLDER, maxBytes: LOGO_MAX_BYTES } as const;
const FORMAT_MESSAGE = "Unsupported file format. Please use JPG, PNG, GIF, or WebP.";
const SIZE_MESSAGE = "File is too large. Maximum size is 5MB.";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const storageDir = () => path.join(process.env.DATA_DIR!, "storage");

async function storedFiles(): Promise<string[]> {
  try {
    return (await fs.readdir(path.join(storageDir(), LOGO_BUCKET, LOGO_FOLDER))).sort();
  } catch {
    return [];
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  resetStorageForTests();
});

describe("storeImage", () => {
  it("stores a real PNG in bucket seo1 under logos/ with a random name keeping the extension", async () => {
    const bytes = pngBytes(2, 2);
    const stored = await storeImage(new File([bytes], "My Logo.png", { type: "image/png" }), LOGO);
    expect(stored.bucket).toBe("seo1");
    expect(stored.key).toMatch(new RegExp(`^logos/${UUID}\\.png$`));
    expect(stored.url).toBe(`/api/files/seo1/${stored.key}`);
    const onDisk = await fs.readFile(path.join(storageDir(), "seo1", ...stored.key.split("/")));
    expect(new Uint8Array(onDisk)).toEqual(bytes);
  });

  it("gives every upload its own name", async () => {
    const file = () => new File([pngBytes()], "logo.png", { type: "image/png" });
    const [a, b] = await Promise.all([storeImage(file(), LOGO), storeImage(file(), LOGO)]);
    expect(a.key).not.toBe(b.key);
  });

  it.each([
    ["photo.jpeg", JPEG_START, "jpeg"],
    ["photo.JPG", JPEG_START, "jpg"],
    ["anim.gif", GIF_START, "gif"],
    ["pic.webp", WEBP_START, "webp"],
  ])("keeps the extension of %s when it fits the content", async (name, start, ext) => {
    const stored = await storeImage(new File([padded(start, 64)], name), LOGO);
    expect(stored.key).toMatch(new RegExp(`^logos/${UUID}\\.${ext}$`));
  });

  it.each([
    ["logo.jpg", pngBytes(), "png"],
    ["logo", JPEG_START, "jpg"],
    ["logo.exe", GIF_START, "gif"],
    ["logo.png.html", WEBP_START, "webp"],
  ])("stores %s under the canonical extension of its real type", async (name, start, ext) => {
    const stored = await storeImage(new File([padded(start, 64)], name), LOGO);
    expect(stored.key).toMatch(new RegExp(`^logos/${UUID}\\.${ext}$`));
  });

  it("refuses a text file named logo.png, whatever type the browser declared, and stores nothing", async () => {
    const before = await storedFiles();
    const text = new File(["<svg onload=alert(1)>not an image</svg>"], "logo.png", { type: "image/png" });
    const error = await storeImage(text, LOGO).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as Error).message).toBe(FORMAT_MESSAGE);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an empty file and an SVG", async () => {
    await expect(storeImage(new File([], "logo.png"), LOGO)).rejects.toThrow(FORMAT_MESSAGE);
    const svg = new File(['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" });
    await expect(storeImage(svg, LOGO)).rejects.toThrow(FORMAT_MESSAGE);
  });

  it("refuses a file over 5 MB and accepts one of exactly 5 MB", async () => {
    const before = await storedFiles();
    const big = new File([padded(pngBytes(), LOGO_MAX_BYTES + 1)], "big.png", { type: "image/png" });
    const error = await storeImage(big, LOGO).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as Error).message).toBe(SIZE_MESSAGE);
    expect(await storedFiles()).toEqual(before);
    const limit = await storeImage(new File([padded(pngBytes(), LOGO_MAX_BYTES)], "limit.png"), LOGO);
    expect(limit.key).toMatch(/\.png$/);
  });

  it("reports a storage failure as an UploadError, and discardStoredFile removes a stored file", async () => {
    const s3 = await startFakeS3();
    try {
      vi.stubEnv("S3_ENDPOINT", s3.endpoint);
      vi.stubEnv("S3_BUCKET", s3.bucket);
      vi.stubEnv("S3_ACCESS_KEY_ID", s3.accessKeyId);
      vi.stubEnv("S3_SECRET_ACCESS_KEY", s3.secretAccessKey);
      resetEnvForTests();
      resetStorageForTests();
      s3.failNext(403);
      const error = await storeImage(new File([pngBytes()], "logo.png"), LOGO).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadError);
      expect((error as Error).message).toMatch(/^Error uploading logo: /);

      const stored = await storeImage(new File([pngBytes()], "logo.png"), LOGO);
      expect(s3.objects.get(stored.key.replace(/^/, "seo1/"))?.contentType).toBe("image/png");
      expect(stored.url).toBe(`${s3.endpoint}/${s3.bucket}/seo1/${stored.key}`);
      await discardStoredFile(stored);
      expect(s3.objects.has(`seo1/${stored.key}`)).toBe(false);
      // A failing clean-up is logged, not thrown.
      s3.failNext(403);
      await expect(discardStoredFile(stored)).resolves.toBeUndefined();
    } finally {
      await s3.close();
    }
  });
});
