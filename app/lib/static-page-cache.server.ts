import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * The static pages' answers for visitors, kept a few seconds in the process (issue 13; decision 022).
 *
 * A static page that is the same for everyone (app/entry.server.tsx: a 200 for a request without a session,
 * with no cookie set) already goes out with an ETag and `public, max-age=60`: any shared cache in front may
 * give those bytes to anyone for a minute. This cache is that shared cache, inside the server: for TTL_MS after
 * a page was rendered for a request that carried no cookie, a request for the same URL that carries no
 * cookie gets the same answer without loaders, rendering or compression (each body is compressed once, with
 * brotli at its best quality and with gzip, when it is stored).
 */

/** How long a stored answer is given out: short, so that a demo article taken down is gone within seconds. */
export const TTL_MS = 10_000;
/** At most this many URLs (query strings make new ones: the oldest goes first). */
export const MAX_ENTRIES = 100;

export type Encoding = "br" | "gzip" | "identity";

export type StoredPage = {
  /** The answer's own headers (route headers, Vary, Cache-Control, ETag, Content-Type), without any about the body's encoding. */
  headers: [string, string][];
  etag: string;
  bodies: Record<Encoding, Buffer>;
  storedAt: number;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers that describe one encoding of the body or the connection, not the page: never stored. */
const NOT_STORED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "set-cookie"]);

/** Whether an If-None-Match header names this ETag (weakly: `W/` or not, as for a GET). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  const known = ifNoneMatch?.split(/\s*,\s*/) ?? [];
  return known.includes(etag) || known.includes(`W/${etag}`);
}

/** Whether a Cache-Control lets any shared cache keep the answer (RFC 9111, 5.2.2). */
export function isShared(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim().split("=")[0]);
  return directives.includes("public") && !directives.some((d) => d === "private" || d === "no-store" || d === "no-cache");
}

export function createStaticPageCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const pages = new Map<string, StoredPage>();
  /** Pages being compressed, so that a burst of renders of one URL compresses it once. */
  const pending = new Map<string, Promise<void>>();
  /**
   * Advanced by `clear()`: a page whose request began before a change (its loaders may have read the data before
   * it) is not kept after it, even when its render or its compression ends later.
   */
  let generation = 0;

  return {
    /** The answer stored for this URL (path and query) if it is still fresh. */
    lookup(url: string): StoredPage | undefined {
      const page = pages.get(url);
      if (!page) return undefined;
      if (now() - page.storedAt >= ttlMs) {
        pages.delete(url);
        return undefined;
      }
      return page;
    },

    /**
     * Stores the page rendered for `url` once its compressed bodies are ready, if its Cache-Control lets
     * shared caches keep it (`public`, and neither `private` nor `no-store` nor `no-cache`). Resolves when it
     * is stored; a failed compression leaves the cache as it was (the next request renders again).
     */
    remember(url: string, etag: string, headers: Headers, html: Buffer, since: number = generation): Promise<void> {
      if (!isShared(headers.get("cache-control")) || since !== generation) return Promise.resolve();
      const current = pages.get(url);
      if (current && current.etag === etag && now() - current.storedAt < ttlMs) return Promise.resolve();
      const inFlight = pending.get(url);
      if (inFlight) return inFlight;
      const kept: [string, string][] = [];
      headers.forEach((value, name) => {
        if (!NOT_STORED.has(name.toLowerCase())) kept.push([name, value]);
      });
      const work = Promise.all([
        brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
        gzip(html, { level: 9 }),
      ])
        .then(([br, gz]) => {
          if (since !== generation) return;
          pages.delete(url);
          pages.set(url, { headers: kept, etag, bodies: { br, gzip: gz, identity: html }, storedAt: now() });
          while (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
        })
        .catch(() => undefined)
        .finally(() => pending.delete(url));
      pending.set(url, work);
      return work;
    },

    /** Forgets every kept page, and any page being rendered or compressed from before now. */
    clear() {
      generation += 1;
      pages.clear();
      pending.clear();
    },

    /** Taken when a request begins (`remember`'s `since`). */
    get generation() {
      return generation;
    },

    get size() {
      return pages.size;
    },
  };
}

export type StaticPageCache = ReturnType<typeof createStaticPageCache>;

/** The server's one cache (read by server/index.ts through the build's entry, filled by app/entry.server.tsx). */
export const staticPages = createStaticPageCache();
