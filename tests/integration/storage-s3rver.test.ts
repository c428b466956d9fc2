/**
 * services/storage.server's S3 driver against s3rver (npm), an S3 implementation the project did not
 * write, started in-process on a free loopback port with a temp directory and torn down after. The
 * fake of tests/fakes/s3.ts (storage.test.ts) stays for what s3rver cannot be told to do (failures on
 * demand, retries).
 *
 * What s3rver 3.7.1 does not do, and what stands in for it here:
 * - It does not verify SigV4 signatures: its lib/middleware/authentication.js checks the access key id,
 *   the authorization header's form, x-amz-content-sha256 and the clock (15 minutes of skew), then lets
 *   any signature through ("Signature version 4 calculation is unimplemented"). A wrong secret key would
 *   pass. So `checkSigV4` below runs in front of s3rver's own middleware and answers as S3 does (403
 *   SignatureDoesNotMatch); its arithmetic is checked against the example in AWS's S3 documentation
 *   ("Authenticating Requests: Using the Authorization Header", GET Object), so the driver's signatures
 *   are held against AWS's numbers, not against aws4fetch's own idea of them.
 * - It checks neither the payload hash (aws4fetch sends UNSIGNED-PAYLOAD to S3, which S3 accepts) nor the
 *   region of the credential scope (the driver's default, "auto", is what R2 wants; AWS wants its own).
 * - It serves every object to anonymous GETs (no bucket policy or ACL): that public URLs are readable is
 *   checked here; that a real bucket is set up to be public is not.
 * - Buckets are addressed path-style (<endpoint>/<bucket>/<key>), which is all the driver does; s3rver
 *   never takes an IP-address host for a virtual-hosted bucket, so no other style is exercised.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { IncomingMessage, Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/services/env.server";
import { getStorage, resetStorageForTests, S3Storage, type Bucket } from "~/services/storage.server";
import { discardStoredFile, storeImage } from "~/services/uploads.server";
import { pngBytes } from "../setup/images";

// s3rver's built-in account (README); it knows no other key unless told.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const BUCKET = "seo-files";

type KoaContext = { req: IncomingMessage; status: number; type: string; body: unknown };
type S3rverServer = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** Koa's middleware list: composed when the server starts listening. */
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void)[];
  httpServer?: Server;
};
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
// s3rver ships no type declarations; require it with the little of its shape these tests use.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverServer;

// ---- A SigV4 check in front of s3rver (see the note at the top) ----

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data, "utf8").digest();

/** The SigV4 signature of a request, computed from AWS's description of the algorithm (S3 flavour). */
function sigV4Signature(request: {
  method: string;
  /** The request path as sent (already percent-encoded). */
  path: string;
  /** The raw query string, without "?". */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string[];
  payloadHash: string;
  amzDate: string;
  /** <yyyymmdd>/<region>/<service>/aws4_request */
  scope: string;
  secretAccessKey: string;
}): string {
  const canonicalUri = request.path
    .split("/")
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = request.query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
      return [rfc3986(decodeURIComponent(name)), rfc3986(decodeURIComponent(value))];
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = request.signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalRequest = [
    request.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    request.signedHeaders.join(";"),
    request.payloadHash,
  ].join("\n");
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    request.amzDate,
    request.scope,
    crypto.createHash("sha256").update(canonicalRequest, "utf8").digest("hex"),
  ].join("\n");
  const [date, region, service, terminator] = request.scope.split("/");
  const signingKey = [date, region, service, terminator].reduce<Buffer>(
    (key, part) => hmac(key, part),
    Buffer.from(`AWS4${request.secretAccessKey}`, "utf8"),
  );
  return hmac(signingKey, stringToSign).toString("hex");
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/;

/**
 * Koa middleware put first in s3rver's chain: a request signed with a key it knows must carry the right
 * signature, or it gets S3's answer to a wrong secret. Unsigned requests (public reads) and unknown keys
 * go on to s3rver, which serves the first and refuses the second itself.
 */
function checkSigV4(secrets: Map<string, string>, seen: { checked: number; refused: number }) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const header = ctx.req.headers.authorization;
    const match = header ? AUTHORIZATION.exec(header) : null;
    const secret = match ? secrets.get(match[1]) : undefined;
    if (!match || secret === undefined) return next();
    const [, , scope, signedHeaders, signature] = match;
    const url = ctx.req.url ?? "/";
    const at = url.indexOf("?");
    const expected = sigV4Signature({
      method: ctx.req.method ?? "GET",
      path: at < 0 ? url : url.slice(0, at),
      query: at < 0 ? "" : url.slice(at + 1),
      headers: ctx.req.headers,
      signedHeaders: signedHeaders.split(";"),
      payloadHash: String(ctx.req.headers["x-amz-content-sha256"] ?? ""),
      amzDate: String(ctx.req.headers["x-amz-date"] ?? ""),
      scope,
      secretAccessKey: secret,
    });
    seen.checked++;
    if (crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return next();
    seen.refused++;
    ctx.status = 403;
    ctx.type = "application/xml";
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we ' +
      "calculated does not match the signature you provided. Check your key and signing method.</Message></Error>";
  };
}

describe("the SigV4 check put in front of s3rver", () => {
  it("computes the signature of AWS's documented example (GET /test.txt from examplebucket)", () => {
    const emptyBodyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const signature = sigV4Signature({
      method: "GET",
      path: "/test.txt",
      query: "",
      headers: {
        host: "examplebucket.s3.amazonaws.com",
        range: "bytes=0-9",
        "x-amz-content-sha256": emptyBodyHash,
        "x-amz-date": "20130524T000000Z",
      },
      signedHeaders: ["host", "range", "x-amz-content-sha256", "x-amz-date"],
      payloadHash: emptyBodyHash,
      amzDate: "20130524T000000Z",
      scope: "20130524/us-east-1/s3/aws4_request",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    });
    expect(signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });
});

// ---- s3rver ----

describe("S3Storage against s3rver", () => {
  let server: S3rverServer;
  let directory: string;
  let endpoint: string;
  const seen = { checked: 0, refused: 0 };
  /** An independent client (aws4fetch with the right key) for looking into the store. */
  let admin: AwsClient;

  const driver = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      endpoint,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      region: "auto",
      ...overrides,
    });

  /** Every key of the bucket, from s3rver's own listing (ListObjects). */
  async function storedKeys(): Promise<string[]> {
    const response = await admin.fetch(`${endpoint}/${BUCKET}?prefix=`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]).sort();
  }

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "seo-s3rver-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      // Quiet: no request log (winston) and no error log (Koa's app.silent is the same flag).
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
    server.middleware.unshift(checkSigV4(new Map([[ACCESS_KEY_ID, SECRET_ACCESS_KEY]]), seen));
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    admin = new AwsClient({ accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY, region: "auto", service: "s3", retries: 0 });
  });

  afterAll(async () => {
    server?.httpServer?.closeAllConnections();
    await server?.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  beforeEach(async () => {
    // Each test starts from an empty bucket.
    for (const key of await storedKeys()) {
      const response = await admin.fetch(`${endpoint}/${BUCKET}/${key}`, { method: "DELETE" });
      expect(response.status).toBe(204);
    }
  });

  it("stores, reads and deletes a logo in seo1 (logos/) and a cover in page-images, under <bucket>/<key>", async () => {
    const storage = driver();
    const logo = pngBytes(3, 2);
    const cover = crypto.randomBytes(2048);
    await storage.put("seo1", "logos/0b8e9a4e-1f2a-4c8e-9a55-3f0d8d1b2c3d.png", logo, { contentType: "image/png", cacheControl: 86400 });
    await storage.put("page-images", "42/cover-1-ab12.webp", cover, { contentType: "image/webp" });

    expect(await storedKeys()).toEqual(["page-images/42/cover-1-ab12.webp", "seo1/logos/0b8e9a4e-1f2a-4c8e-9a55-3f0d8d1b2c3d.png"]);
    expect(await storage.read("seo1", "logos/0b8e9a4e-1f2a-4c8e-9a55-3f0d8d1b2c3d.png")).toEqual(new Uint8Array(logo));
    expect(await storage.read("page-images", "42/cover-1-ab12.webp")).toEqual(new Uint8Array(cover));

    await storage.remove("seo1", "logos/0b8e9a4e-1f2a-4c8e-9a55-3f0d8d1b2c3d.png");
    expect(await storage.read("seo1", "logos/0b8e9a4e-1f2a-4c8e-9a55-3f0d8d1b2c3d.png")).toBeNull();
    expect(await storedKeys()).toEqual(["page-images/42/cover-1-ab12.webp"]);
    await storage.remove("page-images", "42/cover-1-ab12.webp");
    expect(await storedKeys()).toEqual([]);

    // Every one of these requests was signed, and every signature held against AWS's algorithm.
    expect(seen.checked).toBeGreaterThanOrEqual(8);
    expect(seen.refused).toBe(0);
  });

  it.each([
    ["image/png", "seo1", "logos/a.png"],
    ["image/jpeg", "seo1", "logos/b.jpeg"],
    ["image/gif", "seo1", "logos/c.gif"],
    ["image/webp", "page-images", "7/cover.webp"],
  ] as [string, Bucket, string][])(
    "keeps the content type %s and the cache header, and serves them at the public URL",
    async (type, bucket, key) => {
      const storage = driver();
      const body = crypto.randomBytes(100);
      await storage.put(bucket, key, body, { contentType: type });
      const response = await fetch(storage.publicUrl(bucket, key));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("max-age=3600");
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    },
  );

  it("sends the cache duration asked for", async () => {
    const storage = driver();
    await storage.put("seo1", "logos/long.png", pngBytes(), { contentType: "image/png", cacheControl: 31536000 });
    const response = await fetch(storage.publicUrl("seo1", "logos/long.png"));
    expect(response.headers.get("cache-control")).toBe("max-age=31536000");
  });

  it("keeps every byte of a larger binary file (1 MiB)", async () => {
    const storage = driver();
    const body = crypto.randomBytes(1024 * 1024);
    await storage.put("page-images", "9/big.webp", body, { contentType: "image/webp" });
    const read = await storage.read("page-images", "9/big.webp");
    expect(read?.byteLength).toBe(body.byteLength);
    expect(Buffer.from(read!).equals(body)).toBe(true);
  });

  it("overwrites a key, and keeps the two buckets apart for the same key", async () => {
    const storage = driver();
    await storage.put("seo1", "same.png", new Uint8Array([1]), { contentType: "image/png" });
    await storage.put("page-images", "same.png", new Uint8Array([2]), { contentType: "image/png" });
    await storage.put("seo1", "same.png", new Uint8Array([3]), { contentType: "image/gif" });
    expect([...(await storage.read("seo1", "same.png"))!]).toEqual([3]);
    expect([...(await storage.read("page-images", "same.png"))!]).toEqual([2]);
    expect((await fetch(storage.publicUrl("seo1", "same.png"))).headers.get("content-type")).toBe("image/gif");
  });

  it("reads a missing object as null and deletes it without error (S3's NoSuchKey and 204)", async () => {
    const storage = driver();
    expect(await storage.read("seo1", "logos/never-stored.png")).toBeNull();
    expect(await storage.read("page-images", "1/never-stored.webp")).toBeNull();
    await expect(storage.remove("seo1", "logos/never-stored.png")).resolves.toBeUndefined();
    expect((await fetch(storage.publicUrl("seo1", "logos/never-stored.png"))).status).toBe(404);
  });

  it("does not take a missing bucket (a wrong S3_BUCKET) for a missing file", async () => {
    const storage = driver({ bucket: "no-such-bucket" });
    const body = pngBytes();
    await expect(storage.put("seo1", "logos/a.png", body, { contentType: "image/png" })).rejects.toThrow(
      "S3 upload failed with status 404 (NoSuchBucket)",
    );
    await expect(storage.read("seo1", "logos/a.png")).rejects.toThrow("S3 read failed with status 404 (NoSuchBucket)");
    await expect(storage.remove("seo1", "logos/a.png")).rejects.toThrow("S3 delete failed with status 404 (NoSuchBucket)");
  });

  it("is refused with a wrong secret key: every operation fails with SignatureDoesNotMatch, and nothing changes", async () => {
    const good = driver();
    await good.put("seo1", "logos/kept.png", pngBytes(), { contentType: "image/png" });
    const refusedBefore = seen.refused;

    const wrongSecret = driver({ secretAccessKey: "not-the-secret" });
    await expect(wrongSecret.put("seo1", "logos/new.png", pngBytes(), { contentType: "image/png" })).rejects.toThrow(
      "S3 upload failed with status 403 (SignatureDoesNotMatch)",
    );
    await expect(wrongSecret.read("seo1", "logos/kept.png")).rejects.toThrow("S3 read failed with status 403 (SignatureDoesNotMatch)");
    await expect(wrongSecret.remove("seo1", "logos/kept.png")).rejects.toThrow("S3 delete failed with status 403 (SignatureDoesNotMatch)");

    // No retry of a refusal (aws4fetch retries only 5xx and 429): one request each.
    expect(seen.refused - refusedBefore).toBe(3);
    expect(await storedKeys()).toEqual(["seo1/logos/kept.png"]);
  });

  it("is refused by s3rver itself with an access key id it does not know (InvalidAccessKeyId)", async () => {
    const wrongKey = driver({ accessKeyId: "AKIANOTKNOWN", secretAccessKey: SECRET_ACCESS_KEY });
    await expect(wrongKey.put("seo1", "logos/x.png", pngBytes(), { contentType: "image/png" })).rejects.toThrow(
      "S3 upload failed with status 403 (InvalidAccessKeyId)",
    );
    await expect(wrongKey.read("seo1", "logos/x.png")).rejects.toThrow("S3 read failed with status 403 (InvalidAccessKeyId)");
    await expect(wrongKey.remove("seo1", "logos/x.png")).rejects.toThrow("S3 delete failed with status 403 (InvalidAccessKeyId)");
    expect(await storedKeys()).toEqual([]);
  });

  it("finds the bucket and key behind its own public URLs, and nothing behind others", async () => {
    const storage = driver();
    const url = storage.publicUrl("seo1", "logos/a.png");
    expect(url).toBe(`${endpoint}/${BUCKET}/seo1/logos/a.png`);
    expect(storage.locate(url)).toEqual({ bucket: "seo1", key: "logos/a.png" });
    expect(storage.locate(storage.publicUrl("page-images", "3/cover.webp"))).toEqual({ bucket: "page-images", key: "3/cover.webp" });
    for (const other of [
      `${endpoint}/other-bucket/seo1/logos/a.png`,
      `${endpoint}/${BUCKET}/private/a.png`,
      `${endpoint}/${BUCKET}/seo1/../x.png`,
      `https://elsewhere.example/${BUCKET}/seo1/logos/a.png`,
      "/api/files/seo1/logos/a.png",
    ]) {
      expect(storage.locate(other)).toBeNull();
    }
    const cdn = driver({ publicUrl: "https://cdn.example.com/media/" });
    expect(cdn.publicUrl("seo1", "logos/a.png")).toBe("https://cdn.example.com/media/seo1/logos/a.png");
    expect(cdn.locate("https://cdn.example.com/media/seo1/logos/a.png")).toEqual({ bucket: "seo1", key: "logos/a.png" });
    expect(cdn.locate(url)).toBeNull();
  });

  describe("chosen by S3_* settings (getStorage)", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      resetEnvForTests();
      resetStorageForTests();
    });

    it("stores an uploaded logo in seo1/logos/ and removes it by its public URL", async () => {
      vi.stubEnv("S3_ENDPOINT", endpoint);
      vi.stubEnv("S3_BUCKET", BUCKET);
      vi.stubEnv("S3_ACCESS_KEY_ID", ACCESS_KEY_ID);
      vi.stubEnv("S3_SECRET_ACCESS_KEY", SECRET_ACCESS_KEY);
      resetEnvForTests();
      resetStorageForTests();
      expect(getStorage()).toBeInstanceOf(S3Storage);

      const png = pngBytes(4, 4);
      const stored = await storeImage(new File([png], "My Logo.PNG", { type: "application/octet-stream" }), {
        bucket: "seo1",
        folder: "logos",
        maxBytes: 1024 * 1024,
      });
      expect(stored.key).toMatch(/^logos\/[0-9a-f-]{36}\.png$/);
      expect(stored.url).toBe(`${endpoint}/${BUCKET}/seo1/${stored.key}`);
      const served = await fetch(stored.url);
      // The type detected from the bytes, not the one the browser sent.
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(png));

      await discardStoredFile(stored.url);
      expect(await storedKeys()).toEqual([]);
    });
  });
});
