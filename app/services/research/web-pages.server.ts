/**
 * The top pages as read (issue 39), kept in `web_pages` by URL with their content hash: a page read within the
 * site's check period is taken from there, not fetched again; an older one, or one that could not be read last
 * time, is read again. Pages are read a few at a time, and the caller's abort signal (the task's lease) stops the
 * reading between and during pages.
 */
import pLimit from "p-limit";
import { inArray, sql } from "drizzle-orm";
import { webPages } from "../../../db/schema";
import type { PageDocument, UnreadPage } from "~/lib/content-score/types";
import { clockNow } from "~/services/clock.server";
import { getDb } from "~/services/db.server";
import type { PageRead, PageReader } from "./page-reader.server";

/** A top organic result to read. */
export type TopResult = { url: string; position: number; title: string | null };

/** A top page as read: what a keyword model is built from. */
export type PageAsRead = { url: string; position: number; title: string | null; document: PageDocument; readAt: Date; wordCount: number };

/** How many pages are read at the same time. */
export const PAGE_READS_AT_ONCE = 4;

/** Stores one reading of a page (replacing the earlier one of its URL). */
async function storeRead(read: PageRead, at: Date) {
  const db = await getDb();
  const values = {
    url: read.url,
    finalUrl: read.finalUrl,
    fetchedAt: at,
    method: read.method,
    httpStatus: read.httpStatus,
    error: read.ok ? null : read.reason,
    contentHash: read.ok ? read.contentHash : null,
    title: read.ok ? read.title : null,
    wordCount: read.ok ? read.wordCount : null,
    document: read.ok ? read.document : null,
  };
  await db
    .insert(webPages)
    .values(values)
    .onConflictDoUpdate({ target: webPages.url, set: { ...values, url: sql`excluded.url` } });
}

/**
 * Reads the top results' pages, or takes them from `web_pages` when read successfully less than `maxAgeMs` ago;
 * returns the pages read (in the results' order), the ones that could not be, with why, and what reading cost.
 */
export async function readTopPages(
  results: TopResult[],
  options: { reader: PageReader; maxAgeMs: number; signal?: AbortSignal; now?: Date; atOnce?: number },
): Promise<{ pages: PageAsRead[]; unread: UnreadPage[]; costUsd?: number; fetched: number }> {
  const db = await getDb();
  const now = options.now ?? clockNow();
  const urls = [...new Set(results.map((r) => r.url))];
  const stored = urls.length ? await db.select().from(webPages).where(inArray(webPages.url, urls)) : [];
  const byUrl = new Map(stored.map((row) => [row.url, row]));
  let costUsd: number | undefined;
  let fetched = 0;
  const outcomes = await pLimit(options.atOnce ?? PAGE_READS_AT_ONCE).map(results, async (result) => {
    const row = byUrl.get(result.url);
    if (row && !row.error && row.document && now.getTime() - row.fetchedAt.getTime() < options.maxAgeMs)
      return { result, page: { document: row.document, readAt: row.fetchedAt, wordCount: row.wordCount ?? 0, title: row.title } };
    options.signal?.throwIfAborted();
    fetched += 1;
    const read = await options.reader.read(result.url, options.signal);
    if (read.costUsd !== undefined) costUsd = (costUsd ?? 0) + read.costUsd;
    options.signal?.throwIfAborted();
    const readAt = clockNow();
    await storeRead(read, readAt);
    return read.ok
      ? { result, page: { document: read.document, readAt, wordCount: read.wordCount, title: read.title } }
      : { result, reason: read.reason };
  });
  const pages: PageAsRead[] = [];
  const unread: UnreadPage[] = [];
  for (const outcome of outcomes) {
    const { url, position, title } = outcome.result;
    if ("page" in outcome && outcome.page) {
      const { document, readAt, wordCount } = outcome.page;
      pages.push({ url, position, title: outcome.page.title ?? title, document, readAt, wordCount });
    } else unread.push({ url, position, reason: (outcome as { reason: string }).reason });
  }
  return { pages, unread, costUsd, fetched };
}
