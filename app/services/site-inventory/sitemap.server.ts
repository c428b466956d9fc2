/**
 * A site's sitemap (issue 40's inventory), as sitemaps.org describes it: /sitemap.xml (else the `Sitemap:` lines of
 * /robots.txt), a <urlset> of <url><loc> (with <lastmod>), or a <sitemapindex> of further sitemaps, followed a few
 * levels down. Everything is bounded: files read, URLs kept, bytes and time per file; every request goes through the
 * outbound guard (private addresses refused unless OUTBOUND_ALLOW_PRIVATE_HOSTS). Only the site's own pages are kept
 * (its host, www. aside). A sitemap that cannot be read is no error of the caller: the answer says it was not found.
 */
import { getEnv } from "~/services/env.server";
import { withTimeout } from "~/services/providers/http.server";
import { fetchOutbound } from "~/services/publishing/outbound.server";

export type SitemapUrl = { url: string; lastmod: Date | null };

export const SITEMAP_LIMITS = {
  /** URLs kept at most. */
  urls: 500,
  /** Sitemap files read at most (the index and those it names). */
  files: 10,
  /** How deep indexes are followed (an index of indexes of sitemaps is 3). */
  depth: 3,
  bytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
};

const decodeXml = (text: string) =>
  text
    .replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&")
    .trim();

const tag = (block: string, name: string) => {
  const found = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`, "i").exec(block);
  return found ? decodeXml(found[1]!.trim()) : null;
};

/** A sitemap file's entries: the sitemaps of an index, or the pages of a urlset (with their last modification). */
export function parseSitemap(xml: string): { kind: "index" | "urlset"; entries: SitemapUrl[] } {
  const kind = /<(?:[\w-]+:)?sitemapindex\b/i.test(xml) ? "index" : "urlset";
  const blocks = xml.match(
    kind === "index" ? /<(?:[\w-]+:)?sitemap\b[\s\S]*?<\/(?:[\w-]+:)?sitemap>/gi : /<(?:[\w-]+:)?url\b[\s\S]*?<\/(?:[\w-]+:)?url>/gi,
  );
  const entries: SitemapUrl[] = [];
  for (const block of blocks ?? []) {
    const loc = tag(block, "loc");
    if (!loc || !/^https?:\/\//i.test(loc)) continue;
    const lastmod = tag(block, "lastmod");
    const date = lastmod ? new Date(lastmod) : null;
    entries.push({ url: loc, lastmod: date && !Number.isNaN(date.getTime()) ? date : null });
  }
  return { kind, entries };
}

const hostKey = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
};

/** A text file of at most `bytes`; null when it is not there (an error status, too large, unreachable, a time-out). */
async function readText(url: string, signal: AbortSignal | undefined): Promise<string | null> {
  try {
    const response = await fetchOutbound(
      url,
      {
        headers: {
          "User-Agent": `Mozilla/5.0 (compatible; SEO-IA-Content links; +${getEnv().PUBLIC_URL})`,
          Accept: "application/xml,text/xml,text/plain;q=0.9,*/*;q=0.1",
        },
        signal: withTimeout(SITEMAP_LIMITS.timeoutMs, signal),
      },
      "the site's inventory",
    );
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    if (Number(response.headers.get("content-length")) > SITEMAP_LIMITS.bytes) {
      await response.body?.cancel();
      return null;
    }
    const text = await response.text();
    return text.length > SITEMAP_LIMITS.bytes ? null : text;
  } catch {
    signal?.throwIfAborted();
    return null;
  }
}

/**
 * The site's pages its sitemap lists (at most SITEMAP_LIMITS.urls), or null when it has no sitemap that could be
 * read. Only the caller's abort is thrown.
 */
export async function readSitemap(siteUrl: string, signal?: AbortSignal): Promise<SitemapUrl[] | null> {
  const site = new URL(siteUrl);
  const own = hostKey(siteUrl);
  let queue: { url: string; depth: number }[] = [{ url: new URL("/sitemap.xml", site).href, depth: 1 }];
  const seen = new Set<string>();
  const pages = new Map<string, SitemapUrl>();
  let found = false;
  let files = 0;
  let triedRobots = false;
  while (queue.length || !triedRobots) {
    if (!queue.length) {
      // No /sitemap.xml: the ones robots.txt names.
      triedRobots = true;
      if (found) break;
      const robots = await readText(new URL("/robots.txt", site).href, signal);
      queue = [...(robots ?? "").matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].slice(0, 3).map((m) => ({ url: m[1]!, depth: 1 }));
      continue;
    }
    const next = queue.shift()!;
    if (seen.has(next.url) || files >= SITEMAP_LIMITS.files || pages.size >= SITEMAP_LIMITS.urls) continue;
    seen.add(next.url);
    files += 1;
    const xml = await readText(next.url, signal);
    if (xml === null || !/<(?:[\w-]+:)?(?:urlset|sitemapindex)\b/i.test(xml)) continue;
    found = true;
    triedRobots = true;
    const { kind, entries } = parseSitemap(xml);
    if (kind === "index") {
      if (next.depth < SITEMAP_LIMITS.depth) queue.push(...entries.map((e) => ({ url: e.url, depth: next.depth + 1 })));
      continue;
    }
    for (const entry of entries) {
      if (pages.size >= SITEMAP_LIMITS.urls) break;
      const url = entry.url.replace(/#.*$/, "");
      if (hostKey(url) === own && !pages.has(url)) pages.set(url, { ...entry, url });
    }
  }
  return found ? [...pages.values()] : null;
}
