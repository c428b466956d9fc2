/**
 * A site's inventory (issue 40): the pages of the site that exist, which an article may link to, each with its title
 * and main terms (lib/internal-links.server.ts), kept in `site_inventory` by (site, url). Three sources:
 *   - `product`: the site's published pages here (status Published), their address made absolute with the site's,
 *     their name as title, the terms of their newest version (or of their name alone);
 *   - `wordpress`: the published posts and pages of its connected WordPress, paged through (10 × 100 of each at
 *     most), with the terms of their content as WordPress gives it;
 *   - `sitemap`: the URLs of its /sitemap.xml (or those robots.txt names; indexes followed, 500 URLs at most), each
 *     page read with the research's reader (the outbound guard, a time-out, Readability) for its title and terms,
 *     SITEMAP_READS at most per refresh, 4 at a time: a page is read when it never was, or when the sitemap says it
 *     changed since; the others keep what was read before (or, never read, the words of their address as terms).
 * A URL found by several sources is kept once, as the first of them above has it. Rows whose source answered but no
 * longer lists them are removed; a source that could not be read (the WordPress refused, no sitemap) leaves its rows
 * as they were. `read_at` is when a source last listed the page.
 *
 * When: at every article request (decision 042). The product's pages are read again each time (one query; terms
 * made again only for a page whose newest version came since); the site's WordPress and sitemap when the newest row
 * they gave is older than 7 days, or when there is none (a site with neither asks for its /sitemap.xml again at each
 * article request: one request answered 404). INVENTORY_READ_SITES=false keeps article requests to the product's pages.
 */
import pLimit from "p-limit";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { keywords, locationLanguages, pages, pagesKeywords, siteInventory, sitePublishing, sites } from "../../db/schema";
import { documentFromHtml, documentText } from "~/lib/content-score/document.server";
import type { KeywordModel } from "~/lib/content-score/types";
import { linkKey } from "~/lib/article-contract";
import { chooseCandidates, mainTerms, slugWords, type InventoryPage } from "~/lib/internal-links.server";
import { DEFAULT_STATUSES } from "~/lib/page-rules";
import { wordpressPasswordContext } from "~/lib/publishing";
import { clockNow } from "~/services/clock.server";
import { getDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { fetchReader, type PageReader } from "~/services/research/page-reader.server";
import { readSitemap } from "~/services/site-inventory/sitemap.server";
import { listPublished } from "~/services/publishing/wordpress-import.server";
import { WordPressClient } from "~/services/publishing/wordpress.server";
import { openSecret } from "~/services/secrets.server";

export type InventorySource = "product" | "wordpress" | "sitemap";

/** How old the WordPress and sitemap part of an inventory may be before an article request reads them again. */
export const INVENTORY_MAX_AGE_MS = 7 * 86_400_000;
/** Sitemap pages read per refresh, and at the same time. */
export const SITEMAP_READS = 60;
export const SITEMAP_READS_AT_ONCE = 4;
/** How long reading one page of the sitemap may take. */
const PAGE_READ_TIMEOUT_MS = 10_000;
/** The time the site's WordPress has to answer each listing. */
const WORDPRESS_TIMEOUT_MS = 20_000;

const PUBLISHED = DEFAULT_STATUSES.find((s) => s.name === "Published")!.id;

type Gathered = { url: string; title: string | null; terms: string[]; source: InventorySource; page: number | null; readAt: Date };

/** A document's headings and text: what its terms are read from. */
const textOfHtml = (html: string) => documentText(documentFromHtml(html));

async function siteOf(siteId: number) {
  const db = await getDb();
  const [site] = await db
    .select({
      url: sites.url,
      language: locationLanguages.languageCode,
      target: sitePublishing.target,
      wordpressUrl: sitePublishing.wordpressUrl,
      wordpressUser: sitePublishing.wordpressUser,
      wordpressPassword: sitePublishing.wordpressPassword,
    })
    .from(sites)
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .leftJoin(sitePublishing, eq(sitePublishing.siteId, sites.id))
    .where(eq(sites.id, siteId));
  return site ? { ...site, language: site.language ?? "und" } : null;
}

/** An address of the site made absolute (a page's "/levain" under "https://site.example"); null when it cannot be. */
function absolute(url: string, base: string): string | null {
  try {
    const href = new URL(url, base);
    if (href.protocol !== "https:" && href.protocol !== "http:") return null;
    href.hash = "";
    return href.href;
  } catch {
    return null;
  }
}

type Stored = Map<string, { title: string | null; terms: string[]; source: string; readAt: Date }>;

async function productPages(siteId: number, siteUrl: string, language: string, stored: Stored, now: Date): Promise<Gathered[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: pages.id,
      name: pages.name,
      url: pages.url,
      versionAt: sql<Date | null>`(select max(v.created_date) from pages_versions v where v.page = ${pages.id})`.mapWith((value) =>
        value ? new Date(value as string) : null,
      ),
    })
    .from(pages)
    .where(and(eq(pages.site, siteId), eq(pages.status, PUBLISHED)));
  const gathered: Gathered[] = [];
  const toRead: { id: number; index: number; name: string }[] = [];
  for (const row of rows) {
    const url = absolute(row.url, siteUrl);
    if (!url) continue;
    const before = stored.get(url);
    const fresh = before && before.source === "product" && before.title === row.name && (!row.versionAt || row.versionAt <= before.readAt);
    if (!fresh) toRead.push({ id: row.id, index: gathered.length, name: row.name });
    gathered.push({ url, title: row.name, terms: fresh ? before.terms : [], source: "product", page: row.id, readAt: now });
  }
  if (toRead.length) {
    // The newest version of each page whose terms are made again: one query.
    const versions = (await db.execute(sql`
      select distinct on (v.page) v.page as page, v.html_content as html from pages_versions v
      where v.page in (${sql.join(
        toRead.map((p) => sql`${p.id}`),
        sql`, `,
      )})
      order by v.page, v.id desc`)) as unknown as { rows: { page: number; html: string }[] };
    const html = new Map(versions.rows.map((v) => [Number(v.page), v.html]));
    for (const page of toRead) gathered[page.index]!.terms = mainTerms(textOfHtml(html.get(page.id) ?? ""), language, page.name);
  }
  return gathered;
}

async function wordpressPages(
  site: NonNullable<Awaited<ReturnType<typeof siteOf>>>,
  siteId: number,
  signal: AbortSignal | undefined,
  now: Date,
): Promise<Gathered[] | null> {
  if (site.target !== "wordpress" || !site.wordpressUrl || !site.wordpressUser || !site.wordpressPassword) return null;
  try {
    const applicationPassword = openSecret(site.wordpressPassword, wordpressPasswordContext(siteId));
    const client = await WordPressClient.connect(
      { siteUrl: site.wordpressUrl, username: site.wordpressUser, applicationPassword },
      { signal, timeoutMs: WORDPRESS_TIMEOUT_MS },
    );
    const items = [...(await listPublished(client, "post")), ...(await listPublished(client, "page"))];
    return items.flatMap((item) => {
      const url = absolute(item.link, site.wordpressUrl!);
      if (!url) return [];
      const title = item.title || null;
      return [
        {
          url,
          title,
          terms: mainTerms(textOfHtml(item.html), site.language, title ?? ""),
          source: "wordpress" as const,
          page: null,
          readAt: now,
        },
      ];
    });
  } catch (err) {
    signal?.throwIfAborted();
    logger.warn({ siteId, err: err instanceof Error ? err.message : String(err) }, "site inventory: the WordPress could not be listed");
    return null;
  }
}

async function sitemapPages(
  siteUrl: string,
  language: string,
  known: Set<string>,
  stored: Stored,
  options: { signal?: AbortSignal; reader: PageReader; now: Date },
): Promise<{ pages: Gathered[]; read: number } | null> {
  const listed = await readSitemap(siteUrl, options.signal);
  if (!listed) return null;
  const gathered: Gathered[] = [];
  const toRead: { index: number; neverRead: boolean }[] = [];
  for (const entry of listed) {
    if (known.has(linkKey(entry.url))) continue;
    known.add(linkKey(entry.url));
    const before = stored.get(entry.url);
    const neverRead = !before?.title;
    if (neverRead || (entry.lastmod && before && entry.lastmod > before.readAt)) toRead.push({ index: gathered.length, neverRead });
    gathered.push({
      url: entry.url,
      title: before?.title ?? null,
      terms: before?.terms.length ? before.terms : mainTerms(slugWords(entry.url), language),
      source: "sitemap",
      page: null,
      readAt: options.now,
    });
  }
  // Pages never read first, then those changed since they were.
  const reads = toRead.sort((a, b) => Number(b.neverRead) - Number(a.neverRead)).slice(0, SITEMAP_READS);
  let read = 0;
  await pLimit(SITEMAP_READS_AT_ONCE).map(reads, async ({ index }) => {
    options.signal?.throwIfAborted();
    const page = gathered[index]!;
    const result = await options.reader.read(page.url, options.signal);
    if (!result.ok) return;
    read += 1;
    const text = documentText(result.document);
    page.title = result.title ?? page.title;
    page.terms = mainTerms(text, language, page.title ?? "");
  });
  return { pages: gathered, read };
}

export type InventoryRefresh = { product: number; wordpress: number | null; sitemap: number | null; read: number; removed: number };

/**
 * Reads the site's inventory again from its sources (`sources`: all three by default) and stores it. Answers how
 * many pages each source gave (null: it could not be read, its rows were kept), how many sitemap pages were read,
 * and how many rows were removed. Only the caller's abort is thrown.
 */
export async function refreshSiteInventory(
  siteId: number,
  options: { signal?: AbortSignal; reader?: PageReader; sources?: readonly InventorySource[] } = {},
): Promise<InventoryRefresh> {
  const sources = new Set(options.sources ?? ["product", "wordpress", "sitemap"]);
  const site = await siteOf(siteId);
  if (!site) return { product: 0, wordpress: null, sitemap: null, read: 0, removed: 0 };
  const db = await getDb();
  const now = clockNow();
  const storedRows = await db
    .select({
      url: siteInventory.url,
      title: siteInventory.title,
      terms: siteInventory.terms,
      source: siteInventory.source,
      readAt: siteInventory.readAt,
    })
    .from(siteInventory)
    .where(eq(siteInventory.site, siteId));
  const stored: Stored = new Map(storedRows.map((r) => [r.url, r]));

  const product = sources.has("product") ? await productPages(siteId, site.url, site.language, stored, now) : null;
  const wordpress = sources.has("wordpress") ? await wordpressPages(site, siteId, options.signal, now) : null;
  const known = new Set([...(product ?? []), ...(wordpress ?? [])].map((p) => linkKey(p.url)));
  const sitemap = sources.has("sitemap")
    ? await sitemapPages(site.url, site.language, known, stored, {
        signal: options.signal,
        reader: options.reader ?? fetchReader({ timeoutMs: PAGE_READ_TIMEOUT_MS }),
        now,
      })
    : null;
  options.signal?.throwIfAborted();

  // One row per page, as the first source has it (product, then WordPress, then the sitemap).
  const rows = new Map<string, Gathered>();
  for (const page of [...(product ?? []), ...(wordpress ?? []), ...(sitemap?.pages ?? [])]) {
    const key = linkKey(page.url);
    if (!rows.has(key)) rows.set(key, page);
  }
  const answered: InventorySource[] = [];
  if (product) answered.push("product");
  if (wordpress) answered.push("wordpress");
  if (sitemap) answered.push("sitemap");
  const keep = new Set([...rows.values()].map((r) => r.url));
  const removed = await db.transaction(async (tx) => {
    const values = [...rows.values()].map((r) => ({ site: siteId, ...r }));
    for (let i = 0; i < values.length; i += 200)
      await tx
        .insert(siteInventory)
        .values(values.slice(i, i + 200))
        .onConflictDoUpdate({
          target: [siteInventory.site, siteInventory.url],
          set: {
            title: sql`excluded.title`,
            terms: sql`excluded.terms`,
            source: sql`excluded.source`,
            page: sql`excluded.page`,
            readAt: sql`excluded.read_at`,
          },
        });
    // Gone from a source that answered; and a URL that another source now gives.
    const gone = storedRows.filter((r) => !keep.has(r.url) && (answered.includes(r.source as InventorySource) || rows.has(linkKey(r.url))));
    if (gone.length)
      await tx.delete(siteInventory).where(
        and(
          eq(siteInventory.site, siteId),
          inArray(
            siteInventory.url,
            gone.map((r) => r.url),
          ),
        ),
      );
    return gone.length;
  });
  const outcome = {
    product: product?.length ?? 0,
    wordpress: wordpress?.length ?? null,
    sitemap: sitemap?.pages.length ?? null,
    read: sitemap?.read ?? 0,
    removed,
  };
  logger.info({ siteId, ...outcome }, "site inventory read");
  return outcome;
}

/**
 * Before an article is written (decision 042): the site's pages here read again, and its WordPress and sitemap too
 * when what they gave is older than 7 days (or there is none). Never fails the article: a problem is logged.
 */
export async function ensureSiteInventory(siteId: number, options: { signal?: AbortSignal; reader?: PageReader } = {}): Promise<void> {
  const db = await getDb();
  const [newest] = await db
    .select({ at: sql<string | null>`max(${siteInventory.readAt})` })
    .from(siteInventory)
    .where(and(eq(siteInventory.site, siteId), inArray(siteInventory.source, ["wordpress", "sitemap"])));
  const at = newest?.at ? new Date(newest.at) : null;
  const stale = getEnv().INVENTORY_READ_SITES && (!at || clockNow().getTime() - at.getTime() >= INVENTORY_MAX_AGE_MS);
  try {
    await refreshSiteInventory(siteId, { ...options, sources: stale ? ["product", "wordpress", "sitemap"] : ["product"] });
  } catch (err) {
    options.signal?.throwIfAborted();
    logger.warn({ siteId, err: err instanceof Error ? err.message : String(err) }, "site inventory: not read again");
  }
}

/** The site's inventory as stored: its pages' addresses, titles, terms and pages here. */
export async function inventoryOf(siteId: number): Promise<InventoryPage[]> {
  const db = await getDb();
  return db
    .select({ url: siteInventory.url, title: siteInventory.title, terms: siteInventory.terms, page: siteInventory.page })
    .from(siteInventory)
    .where(eq(siteInventory.site, siteId))
    .orderBy(
      sql`case ${siteInventory.source} when 'product' then 0 when 'wordpress' then 1 else 2 end`,
      desc(siteInventory.readAt),
      siteInventory.url,
    );
}

/**
 * The 5 to 10 pages of the site's inventory an article of `pageId` should link to (lib/internal-links.server.ts),
 * chosen by their terms' overlap with the article's keyword models, else with the page's name and keywords; never
 * the page itself. `inventory`: the stored one by default.
 */
export async function internalLinkCandidates(
  siteId: number,
  pageId: number,
  models: readonly KeywordModel[],
  inventory?: InventoryPage[],
): Promise<InventoryPage[]> {
  const db = await getDb();
  const [page] = await db
    .select({ name: pages.name, url: pages.url, siteUrl: sites.url, language: locationLanguages.languageCode })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(and(eq(pages.id, pageId), eq(pages.site, siteId)));
  if (!page) return [];
  const words = await db
    .select({ keyword: keywords.keyword })
    .from(pagesKeywords)
    .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
    .where(eq(pagesKeywords.linkedPage, pageId));
  return chooseCandidates(inventory ?? (await inventoryOf(siteId)), {
    self: { url: absolute(page.url, page.siteUrl) ?? page.url, pageId },
    models,
    words: [page.name, ...words.map((w) => w.keyword)].join("\n"),
    language: page.language ?? "und",
  });
}
