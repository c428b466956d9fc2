/**
 * A fake S3-compatible object store for tests: node:http on 127.0.0.1 (random port), path-style
 * URLs /<bucket>/<key>. It accepts PUT, GET, HEAD and DELETE, requires a SigV4 `authorization`
 * header (AWS4-HMAC-SHA256, with the expected access key when one is given), and keeps objects in
 * memory. It does not verify signatures: it checks that the client signs, not how well.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type StoredObject = { body: Buffer; contentType: string | undefined; headers: http.IncomingHttpHeaders };
export type SeenRequest = { method: string; path: string; headers: http.IncomingHttpHeaders };

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by key (without the bucket), e.g. "seo1/logos/x.png". */
  objects: Map<string, StoredObject>;
  requests: SeenRequest[];
  /** Makes the next `count` requests answer `status` (e.g. 500) without storing anything. */
  failNext(status: number, count?: number): void;
  close(): Promise<void>;
};

export async function startFakeS3(options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "test-bucket";
  const accessKeyId = options.accessKeyId ?? "AKIATESTFAKE";
  const secretAccessKey = options.secretAccessKey ?? "fake-secret-access-key";
  const objects = new Map<string, StoredObject>();
  const requests: SeenRequest[] = [];
  let failures: { status: number; count: number } | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake-s3");
      const method = req.method ?? "GET";
      requests.push({ method, path: url.pathname, headers: req.headers });
      const reply = (status: number, code?: string) => {
        res.statusCode = status;
        if (code) {
          res.setHeader("content-type", "application/xml");
          res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
        } else res.end();
      };

      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith("AWS4-HMAC-SHA256 ")) return reply(403, "AccessDenied");
      if (!auth.includes(`Credential=${accessKeyId}/`)) return reply(403, "InvalidAccessKeyId");
      if (!req.headers["x-amz-date"]) return reply(403, "AccessDenied");
      if (failures && failures.count > 0) {
        failures.count--;
        return reply(failures.status, "InternalError");
      }

      const [, first, ...rest] = url.pathname.split("/");
      if (decodeURIComponent(first ?? "") !== bucket) return reply(404, "NoSuchBucket");
      const key = rest.map(decodeURIComponent).join("/");
      if (!key) return reply(400, "InvalidRequest");

      switch (method) {
        case "PUT":
          objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers["content-type"], headers: req.headers });
          res.setHeader("etag", `"${objects.size}"`);
          return reply(200);
        case "GET":
        case "HEAD": {
          const object = objects.get(key);
          if (!object) return reply(404, method === "GET" ? "NoSuchKey" : undefined);
          res.statusCode = 200;
          if (object.contentType) res.setHeader("content-type", object.contentType);
          res.setHeader("content-length", String(object.body.length));
          return res.end(method === "GET" ? object.body : undefined);
        }
        case "DELETE":
          objects.delete(key);
          return reply(204);
        default:
          return reply(405, "MethodNotAllowed");
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
