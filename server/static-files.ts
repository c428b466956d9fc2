/**
 * The build's files (build/client), answered from memory: listed once at start, each read from disk the first
 * time it is asked for and kept, and sent in the precompressed copy (`.br`, `.gz`, written by
 * scripts/vite-precompress.ts) the browser takes. The answers are those sirv gave before (decision 035):
 * Content-Type, Content-Length, Last-Modified, a weak ETag of size and time, 304 on a matching If-None-Match,
 * Vary: Accept-Encoding, byte ranges, HEAD.
 *
 * Why not sirv: it opens, reads and closes the file again for every request (a stream through libuv's pool);
 * answering from memory costs the server about half the CPU per file (0.28-0.31 ms against 0.51-0.60 ms, measured
 * on the build's scripts, 2026-11-27), and a browser without a cache asks for a few dozen files per screen. The
 * whole folder, compressed copies included, is about 5 MB.
 */
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { lookup } from "mrmime";
import { etagMatches, type Encoding } from "../app/lib/static-page-cache.server";
import { chooseEncoding } from "./content-encoding";

/**
 * How long a browser keeps a file of build/client, by its URL path: the fingerprinted scripts and stylesheets of
 * /assets a year (a new build gives them new names), the others (icons, robots.txt, the public folder's images) an hour.
 */
export function buildFileCacheControl(url: string): string {
  return url.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/** One file as it can be sent: its headers, and its bytes once read. */
type Variant = { abs: string; headers: Record<string, string>; body?: Promise<Buffer> };

/** A URL path of the folder: the file, and its compressed copies when the build made them. */
type Entry = Partial<Record<Encoding, Variant>> & { identity: Variant };

const COPIES: Array<[suffix: string, encoding: Encoding]> = [
  [".br", "br"],
  [".gz", "gzip"],
];

function contentType(name: string): string {
  if (name.endsWith(".ico")) return "image/x-icon"; // the one type of the build that mrmime's table lacks
  const type = lookup(name) ?? "";
  return type === "text/html" ? `${type};charset=utf-8` : type;
}

function variant(abs: string, url: string, stats: fs.Stats, cacheControl: string, encoding: Encoding): Variant {
  const headers: Record<string, string> = {
    "Content-Type": contentType(url),
    "Content-Length": String(stats.size),
    "Last-Modified": stats.mtime.toUTCString(),
    ETag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
    "Cache-Control": cacheControl,
  };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return { abs, headers };
}

/** Every file under `dir` by its URL path ("/assets/x.js"), with its compressed copies; dotfiles left out. */
function listFiles(dir: string, cacheControl: (url: string) => string): Map<string, Entry> {
  const root = path.resolve(dir);
  const files = new Map<string, Entry>();
  const copies: Array<[url: string, encoding: Encoding, abs: string, stats: fs.Stats]> = [];
  for (const name of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const url = `/${name.split(path.sep).join("/")}`;
    if (url.split("/").some((part) => part.startsWith(".") && part !== ".well-known")) continue;
    const abs = path.join(root, name);
    const stats = fs.statSync(abs);
    if (!stats.isFile()) continue;
    const copy = COPIES.find(([suffix]) => url.endsWith(suffix));
    // A .br or .gz is a copy when the file it compresses is there too; else it is a file of its own.
    if (copy && fs.existsSync(abs.slice(0, -copy[0].length))) copies.push([url.slice(0, -copy[0].length), copy[1], abs, stats]);
    else files.set(url, { identity: variant(abs, url, stats, cacheControl(url), "identity") });
  }
  for (const [url, encoding, abs, stats] of copies) {
    const entry = files.get(url);
    if (entry) entry[encoding] = variant(abs, url, stats, cacheControl(url), encoding);
  }
  return files;
}

function bytesOf(file: Variant): Promise<Buffer> {
  file.body ??= fs.promises.readFile(file.abs).catch((error: unknown) => {
    file.body = undefined; // a failed read is tried again by the next request
    throw error;
  });
  return file.body;
}

/** A `bytes=a-b` range of `size` bytes: [start, end] inclusive, "unsatisfiable", or null (no range: the whole file). */
export function parseRange(header: string | undefined, size: number): [number, number] | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [start, end] =
    match[1] === ""
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1)];
  return start >= size || start > end ? "unsatisfiable" : [start, end];
}

/**
 * GET and HEAD of the files under `dir`, from memory (see above), each with the Cache-Control `cacheControl` gives for
 * its URL path; any other request goes on to `next`. Mounted at the root: it reads `req.originalUrl`'s path, so the
 * same instance (one listing, one copy of each file's bytes) can also answer a part of the folder earlier in the chain.
 */
export function staticFiles(dir: string, cacheControl: (url: string) => string) {
  const files = listFiles(dir, cacheControl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname = req.originalUrl.split("?", 1)[0];
    if (pathname.includes("%")) {
      try {
        pathname = decodeURI(pathname);
      } catch {
        return next();
      }
    }
    const entry = files.get(pathname);
    if (!entry) return next();
    const file = entry[chooseEncoding(req, Object.keys(entry) as Encoding[])] ?? entry.identity;
    res.setHeader("Vary", "Accept-Encoding");
    if (etagMatches(req.headers["if-none-match"], file.headers.ETag)) {
      res.writeHead(304, { ETag: file.headers.ETag, "Cache-Control": file.headers["Cache-Control"] });
      res.end();
      return;
    }
    bytesOf(file).then((body) => {
      const range = parseRange(req.headers.range, body.length);
      if (range === "unsatisfiable") {
        res.writeHead(416, { "Content-Range": `bytes */${body.length}` });
        res.end();
        return;
      }
      if (range) {
        const [start, end] = range;
        res.writeHead(206, {
          ...file.headers,
          "Content-Range": `bytes ${start}-${end}/${body.length}`,
          "Content-Length": String(end - start + 1),
          "Accept-Ranges": "bytes",
        });
        res.end(req.method === "HEAD" ? undefined : body.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, file.headers);
      res.end(req.method === "HEAD" ? undefined : body);
    }, next);
  };
}
