import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFileCacheControl, parseRange, staticFiles } from "./static-files";

const SCRIPT = `export const answer = ${JSON.stringify("x".repeat(2000))};\n`;
let dir: string;
let server: http.Server;
let port: number;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw request (no decompression, unlike fetch), so that the bytes on the wire are what is checked. */
function request(pathname: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  // The build's layout: the fingerprinted files under assets/, a few others beside it.
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name.startsWith("/") ? name : `assets/${name}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  write("app.js", SCRIPT);
  write("app.js.br", zlib.brotliCompressSync(SCRIPT));
  write("app.js.gz", zlib.gzipSync(SCRIPT));
  write("notes.txt", "0123456789");
  write("favicon.ico", Buffer.from([0, 0, 1, 0]));
  write("with space.txt", "spaced");
  write("nested/deep/style.css", "body{}");
  write("archive.gz", zlib.gzipSync("a file of its own"));
  write(".secret", "not for the web");
  write("later.txt", "first bytes");
  write("/robots.txt", "User-agent: *");

  // As server/index.ts mounts it: /assets first, then the whole folder further down the chain.
  const files = staticFiles(dir, buildFileCacheControl);
  const app = express();
  app.use("/assets", files);
  app.use((req, res, next) => (req.path === "/passed-on" ? res.send("passed on") : next()));
  app.use(files);
  app.use((_req, res) => res.status(404).send("not found"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("staticFiles", () => {
  it("sends the Brotli copy to a browser that takes it, with the file's type, length, ETag and cache lifetime", async () => {
    const answer = await request("/assets/app.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.headers["content-type"]).toBe("text/javascript");
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["vary"]).toBe("Accept-Encoding");
    expect(answer.headers["etag"]).toMatch(/^W\/"\d+-\d+"$/);
    expect(answer.headers["last-modified"]).toBe(fs.statSync(path.join(dir, "assets/app.js.br")).mtime.toUTCString());
  });

  it("follows the Accept-Encoding weights: gzip, or the file itself", async () => {
    const gzip = await request("/assets/app.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect((await request("/assets/app.js", { "Accept-Encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    for (const accepted of [undefined, "identity", "deflate"]) {
      const plain = await request("/assets/app.js", accepted ? { "Accept-Encoding": accepted } : {});
      expect(plain.headers["content-encoding"], String(accepted)).toBeUndefined();
      expect(plain.body.toString(), String(accepted)).toBe(SCRIPT);
    }
  });

  it("answers 304 to a matching If-None-Match, each encoding with its own ETag", async () => {
    const br = await request("/assets/app.js", { "Accept-Encoding": "br" });
    const plain = await request("/assets/app.js");
    expect(br.headers["etag"]).not.toBe(plain.headers["etag"]);
    const again = await request("/assets/app.js", { "Accept-Encoding": "br", "If-None-Match": br.headers["etag"] });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["etag"]).toBe(br.headers["etag"]);
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request("/assets/app.js", { "If-None-Match": br.headers["etag"] })).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await request("/assets/notes.txt", {}, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-length"]).toBe("10");
    expect(answer.headers["content-type"]).toBe("text/plain");
    expect(answer.body.length).toBe(0);
  });

  it("sends byte ranges, and 416 for a range past the end", async () => {
    const first = await request("/assets/notes.txt", { Range: "bytes=2-4" });
    expect(first.status).toBe(206);
    expect(first.body.toString()).toBe("234");
    expect(first.headers["content-range"]).toBe("bytes 2-4/10");
    expect(first.headers["content-length"]).toBe("3");
    expect((await request("/assets/notes.txt", { Range: "bytes=-3" })).body.toString()).toBe("789");
    const past = await request("/assets/notes.txt", { Range: "bytes=20-" });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe("bytes */10");
  });

  it("serves the folder's other files with their own lifetime, from the same listing mounted further down", async () => {
    const robots = await request("/robots.txt");
    expect(robots.body.toString()).toBe("User-agent: *");
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await request("/passed-on")).body.toString()).toBe("passed on");
  });

  it("serves nested files, encoded names and the icon's type; a .gz without its original is a file of its own", async () => {
    expect((await request("/assets/nested/deep/style.css")).body.toString()).toBe("body{}");
    expect((await request("/assets/with%20space.txt")).body.toString()).toBe("spaced");
    expect((await request("/assets/favicon.ico")).headers["content-type"]).toBe("image/x-icon");
    const archive = await request("/assets/archive.gz", { "Accept-Encoding": "gzip" });
    expect(archive.headers["content-encoding"]).toBeUndefined();
    expect(archive.headers["content-type"]).toBe("application/gzip");
  });

  it("passes on what it does not serve: unknown paths, dotfiles, undecodable names, folders, other methods", async () => {
    for (const pathname of ["/assets/missing.js", "/assets/.secret", "/assets/%E0%A4%A", "/assets/../package.json", "/assets/nested"]) {
      expect((await request(pathname)).status, pathname).toBe(404);
    }
    expect((await request("/assets/app.js", {}, "POST")).status).toBe(404);
  });

  it("keeps a file's bytes from its first answer (the build does not change under a running server)", async () => {
    expect((await request("/assets/later.txt")).body.toString()).toBe("first bytes");
    fs.writeFileSync(path.join(dir, "assets/later.txt"), "other bytes");
    expect((await request("/assets/later.txt", { Range: "bytes=0-4" })).body.toString()).toBe("first");
  });
});

describe("parseRange", () => {
  it("reads a start and an end, an open end, and a suffix", () => {
    expect(parseRange("bytes=0-0", 10)).toEqual([0, 0]);
    expect(parseRange("bytes=5-", 10)).toEqual([5, 9]);
    expect(parseRange("bytes=5-100", 10)).toEqual([5, 9]);
    expect(parseRange("bytes=-4", 10)).toEqual([6, 9]);
    expect(parseRange("bytes=-40", 10)).toEqual([0, 9]);
  });

  it("answers null for no range or one it does not read (the whole file), and 'unsatisfiable' past the end", () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange("bytes=-", 10)).toBeNull();
    expect(parseRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(parseRange("items=0-1", 10)).toBeNull();
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-2", 10)).toBe("unsatisfiable");
  });
});
