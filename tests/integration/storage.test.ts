/** services/storage.server: the local driver and the S3 driver (against tests/fakes/s3.ts). */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/services/env.server";
import { assertSafeKey, getStorage, LocalStorage, resetStorageForTests, S3Storage } from "~/services/storage.server";
import { startFakeS3, type FakeS3 } from "../fakes/s3";
import { pngBytes } from "../setup/images";

const UNSAFE_KEYS = [
  "../x",
  "logos/../../x",
  "/etc/passwd",
  "/abs/key.png",
  "logos//x.png",
  "",
  ".hidden",
  "logos/.x",
  "a\\b.png",
  "logos/x.png/",
  "logos/ x.png",
  "%2e%2e/x",
];

describe("storage keys", () => {
  it.each(UNSAFE_KEYS)("refuses the unsafe key %j", (key) => {
    expect(() => assertSafeKey(key)).toThrow(/Unsafe storage key/);
  });

  it.each(["logos/0b8e9a4e-1f2a-4c8e-9a55-3f0d8d1b2c3d.png", "x.webp", "a/b/c.jpeg", "page-images/cover_1.gif"])(
    "accepts the generated key %j",
    (key) => {
      expect(() => assertSafeKey(key)).not.toThrow();
    },
  );
});

describe("LocalStorage", () => {
  let root: string;
  let outside: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), "seo-storage-"));
    root = path.join(base, "storage");
    outside = base;
    storage = new LocalStorage(root);
  });
  afterAll(async () => {
    await fs.rm(outside, { recursive: true, force: true });
  });

  it("puts, reads and removes a file under <root>/<bucket>/<key>", async () => {
    const body = pngBytes();
    await storage.put("seo1", "logos/a.png", body);
    const onDisk = await fs.readFile(path.join(root, "seo1", "logos", "a.png"));
    expect(new Uint8Array(onDisk)).toEqual(body);
    expect(new Uint8Array((await storage.read("seo1", "logos/a.png"))!)).toEqual(body);
    // No temporary file left behind.
    expect(await fs.readdir(path.join(root, "seo1", "logos"))).toEqual(["a.png"]);
    await storage.remove("seo1", "logos/a.png");
    expect(await storage.read("seo1", "logos/a.png")).toBeNull();
  });

  it("overwrites a key, keeps buckets apart, and removes a missing key without error", async () => {
    await storage.put("seo1", "same.png", new Uint8Array([1]));
    await storage.put("page-images", "same.png", new Uint8Array([2]));
    await storage.put("seo1", "same.png", new Uint8Array([3]));
    expect([...(await storage.read("seo1", "same.png"))!]).toEqual([3]);
    expect([...(await storage.read("page-images", "same.png"))!]).toEqual([2]);
    await expect(storage.remove("seo1", "never-stored.png")).resolves.toBeUndefined();
  });

  it("gives the app's public URL of a file", () => {
    expect(storage.publicUrl("seo1", "logos/a.png")).toBe("/api/files/seo1/logos/a.png");
    expect(storage.publicUrl("page-images", "x.webp")).toBe("/api/files/page-images/x.webp");
  });

  it("refuses unsafe keys on every operation and writes nothing outside its root", async () => {
    for (const key of ["../x", "../../escape.png", "/tmp/abs.png", "logos/../../../x.png"]) {
      await expect(storage.put("seo1", key, new Uint8Array([1]))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.read("seo1", key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.remove("seo1", key)).rejects.toThrow(/Unsafe storage key/);
      expect(() => storage.publicUrl("seo1", key)).toThrow(/Unsafe storage key/);
    }
    const entries = await fs.readdir(outside);
    expect(entries.filter((e) => e !== "storage")).toEqual([]);
  });
});

describe("S3Storage", () => {
  let s3: FakeS3;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: "auto",
    });
  });
  afterAll(async () => {
    await s3.close();
  });

  it("uploads with a SigV4 signature, the content type and the cache header, under <bucket>/<key>", async () => {
    const body = pngBytes();
    await storage.put("seo1", "logos/a.png", body, { contentType: "image/png", cacheControl: 3600 });
    const object = s3.objects.get("seo1/logos/a.png");
    expect(object).toBeDefined();
    expect(new Uint8Array(object!.body)).toEqual(body);
    expect(object!.contentType).toBe("image/png");
    expect(object!.headers["cache-control"]).toBe("max-age=3600");
    const put = s3.requests.find((r) => r.method === "PUT")!;
    expect(put.path).toBe(`/${s3.bucket}/seo1/logos/a.png`);
    expect(put.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/auto/s3/aws4_request`));
  });

  it("deletes an object, and treats a missing one as deleted", async () => {
    await storage.put("page-images", "x.webp", new Uint8Array([1, 2, 3]), { contentType: "image/webp" });
    expect(s3.objects.has("page-images/x.webp")).toBe(true);
    await storage.remove("page-images", "x.webp");
    expect(s3.objects.has("page-images/x.webp")).toBe(false);
    await expect(storage.remove("page-images", "x.webp")).resolves.toBeUndefined();
  });

  it("fails loudly when the store refuses the upload", async () => {
    s3.failNext(400);
    await expect(storage.put("seo1", "logos/b.png", pngBytes(), { contentType: "image/png" })).rejects.toThrow(/status 400/);
    expect(s3.objects.has("seo1/logos/b.png")).toBe(false);
    const wrongKey = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      accessKeyId: "WRONG",
      secretAccessKey: "x",
      region: "auto",
    });
    await expect(wrongKey.put("seo1", "logos/c.png", pngBytes(), { contentType: "image/png" })).rejects.toThrow(/status 403/);
    s3.failNext(400);
    await expect(storage.remove("seo1", "logos/a.png")).rejects.toThrow(/status 400/);
  });

  it("retries a transient server error (aws4fetch's default retries) and then succeeds", async () => {
    s3.failNext(503, 2);
    await storage.put("seo1", "logos/retried.png", pngBytes(), { contentType: "image/png" });
    expect(s3.objects.has("seo1/logos/retried.png")).toBe(true);
  });

  it("fails at once when the store cannot be reached", async () => {
    const gone = await startFakeS3();
    await gone.close();
    const unreachable = new S3Storage({ endpoint: gone.endpoint, bucket: "b", accessKeyId: "k", secretAccessKey: "s", region: "auto" });
    await expect(unreachable.put("seo1", "logos/x.png", pngBytes(), { contentType: "image/png" })).rejects.toThrow();
  });

  it("refuses unsafe keys before any request", async () => {
    const before = s3.requests.length;
    await expect(storage.put("seo1", "../x", new Uint8Array([1]), { contentType: "image/png" })).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.remove("seo1", "/abs")).rejects.toThrow(/Unsafe storage key/);
    expect(s3.requests.length).toBe(before);
  });

  it("builds public URLs from the endpoint and bucket, or from S3_PUBLIC_URL", () => {
    expect(storage.publicUrl("seo1", "logos/a.png")).toBe(`${s3.endpoint}/${s3.bucket}/seo1/logos/a.png`);
    const withSlash = new S3Storage({ endpoint: `${s3.endpoint}/`, bucket: "b", accessKeyId: "k", secretAccessKey: "s", region: "auto" });
    expect(withSlash.publicUrl("seo1", "x.png")).toBe(`${s3.endpoint}/b/seo1/x.png`);
    const cdn = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      accessKeyId: "k",
      secretAccessKey: "s",
      region: "auto",
      publicUrl: "https://cdn.example.com/files/",
    });
    expect(cdn.publicUrl("seo1", "logos/a.png")).toBe("https://cdn.example.com/files/seo1/logos/a.png");
  });
});

describe("getStorage", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    resetStorageForTests();
  });

  it("uses local folders under DATA_DIR/storage by default", async () => {
    resetEnvForTests();
    resetStorageForTests();
    const storage = getStorage();
    expect(storage).toBeInstanceOf(LocalStorage);
    await storage.put("seo1", "logos/default.png", new Uint8Array([7]), { contentType: "image/png" });
    const file = path.join(process.env.DATA_DIR!, "storage", "seo1", "logos", "default.png");
    expect([...(await fs.readFile(file))]).toEqual([7]);
  });

  it("uses S3 when S3_* is set, with S3_PUBLIC_URL for public links", async () => {
    const s3 = await startFakeS3({ bucket: "env-bucket" });
    try {
      vi.stubEnv("S3_ENDPOINT", s3.endpoint);
      vi.stubEnv("S3_BUCKET", "env-bucket");
      vi.stubEnv("S3_ACCESS_KEY_ID", s3.accessKeyId);
      vi.stubEnv("S3_SECRET_ACCESS_KEY", s3.secretAccessKey);
      vi.stubEnv("S3_PUBLIC_URL", "https://media.example.com");
      resetEnvForTests();
      resetStorageForTests();
      const storage = getStorage();
      expect(storage).toBeInstanceOf(S3Storage);
      await storage.put("seo1", "logos/env.png", pngBytes(), { contentType: "image/png" });
      expect(s3.objects.get("seo1/logos/env.png")?.contentType).toBe("image/png");
      expect(storage.publicUrl("seo1", "logos/env.png")).toBe("https://media.example.com/seo1/logos/env.png");
    } finally {
      await s3.close();
    }
  });
});
