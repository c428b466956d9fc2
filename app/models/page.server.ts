/**
 * Pages of a site (spec part 2, sections 3, 4, 5 and 7). Every function takes the acting user and
 * reaches the page through its site's owner (models/access.server.ts): a page or site of another
 * account behaves exactly like a missing one (NotFoundError).
 */
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { pages, pagesKeywords, pagesLlmAnswers, pagesVersions, serps, sites, statuses } from "../../db/schema";
import type { PageListQuery } from "~/lib/page-list-query";
import {
  BATCH_CREATE_MIN,
  normalizePageUrl,
  PAGE_MESSAGES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  pageCountFor,
  resolveStatusId,
  type Sort,
} from "~/lib/page-rules";
import type { PageInput } from "~/lib/schemas/page";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { NotFoundError, ownedPage, ownedSite, siteReach, type Actor } from "./access.server";
import { queueArticleWork } from "./outline.server";

export type Status = { id: number; name: string };

export type PageListRow = {
  id: number;
  name: string;
  url: string;
  status: number;
  statusName: string | null;
  dateModified: Date;
  hideCoverImageFromPreview: boolean;
  hideRevisionsTextsFromPreview: boolean;
  serpResultsCount: number;
  llmAnswersCount: number;
  latestVersionId: number | null;
};

/** A batch that breaks the spec's rules (no page, or fewer than 2 for article creation). */
export class BatchRuleError extends Error {}

/** Every status, by id. */
export async function listStatuses(): Promise<Status[]> {
  const db = await getDb();
  return db.select({ id: statuses.id, name: statuses.name }).from(statuses).orderBy(statuses.id);
}

/**
 * The list's query: every page of a site with its status name, its counts and its newest version,
 * newest change first. Each count is computed once per page in its own grouped CTE (restricted to
 * the site), then joined one row to one row, so that the counts never multiply each other.
 * Exported for the benchmark (scripts/bench-pages.ts), which runs its SQL directly as well.
 */
export function pageListQuery(db: Db, siteId: number) {
  const serpCounts = db.$with("serp_counts").as(
    db
      .select({ pageId: pagesKeywords.linkedPage, count: sql<number>`count(*)::int`.as("serp_count") })
      .from(pagesKeywords)
      .innerJoin(pages, eq(pages.id, pagesKeywords.linkedPage))
      .innerJoin(serps, and(eq(serps.linkedKeyword, pagesKeywords.linkedKeyword), eq(serps.site, pages.site)))
      .where(eq(pages.site, siteId))
      .groupBy(pagesKeywords.linkedPage),
  );
  const llmCounts = db.$with("llm_counts").as(
    db
      .select({ pageId: pagesLlmAnswers.linkedPage, count: sql<number>`count(*)::int`.as("llm_count") })
      .from(pagesLlmAnswers)
      .innerJoin(pages, eq(pages.id, pagesLlmAnswers.linkedPage))
      .where(eq(pages.site, siteId))
      .groupBy(pagesLlmAnswers.linkedPage),
  );
  const latestVersions = db.$with("latest_versions").as(
    db
      .selectDistinctOn([pagesVersions.page], { pageId: pagesVersions.page, versionId: sql<number>`${pagesVersions.id}`.as("version_id") })
      .from(pagesVersions)
      .innerJoin(pages, eq(pages.id, pagesVersions.page))
      .where(eq(pages.site, siteId))
      .orderBy(pagesVersions.page, desc(pagesVersions.createdDate), desc(pagesVersions.id)),
  );
  return db
    .with(serpCounts, llmCounts, latestVersions)
    .select({
      id: pages.id,
      name: pages.name,
      url: pages.url,
      status: pages.status,
      statusName: statuses.name,
      dateModified: pages.dateModified,
      hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
      hideRevisionsTextsFromPreview: pages.hideRevisionsTextsFromPreview,
      serpResultsCount: sql<number>`coalesce(${serpCounts.count}, 0)`.mapWith(Number),
      llmAnswersCount: sql<number>`coalesce(${llmCounts.count}, 0)`.mapWith(Number),
      latestVersionId: latestVersions.versionId,
    })
    .from(pages)
    .leftJoin(statuses, eq(statuses.id, pages.status))
    .leftJoin(serpCounts, eq(serpCounts.pageId, pages.id))
    .leftJoin(llmCounts, eq(llmCounts.pageId, pages.id))
    .leftJoin(latestVersions, eq(latestVersions.pageId, pages.id))
    .where(eq(pages.site, siteId))
    .orderBy(desc(pages.dateModified), desc(pages.id));
}

/** Every page of one of the user's sites, with status name, counts and newest version; one query. */
export async function listPages(user: Actor, siteId: number): Promise<PageListRow[]> {
  await ownedSite(user, siteId);
  const db = await getDb();
  return pageListQuery(db, siteId);
}

/** One page of the list, and what the screen needs around it. */
export type PageListPage = {
  rows: PageListRow[];
  /** How many pages match the search and the status filter, on every page of the list. */
  total: number;
  /** The page shown, from 1: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * The pages of one of the user's sites that match the search and the status filter, in the asked order,
 * one page of them (spec part 2, sections 2, 5 and 9; issue 13). Two queries: the ownership check with
 * the number of matching pages, then the rows of that page alone, each with its status name, counts and
 * newest version (computed for those rows only, never per page of the site). The rules are those the
 * browser applied before the list was paged on the server (lib/page-rules.ts):
 * - search: the trimmed text is found in the name or the URL, case-insensitive (both sides lowercased by
 *   ICU, the page_case collation of migration 0010, as JavaScript's toLowerCase() did); a blank search
 *   matches everything;
 * - status: 'all', or the status name, trimmed, compared case-insensitively with the filter;
 * - sort: name and URL compare like `Intl.Collator("fr", { sensitivity: "base", numeric: true })` did
 *   (the page_sort collation of migration 0010: accents and case ignored, digits as numbers); Last
 *   modified compares to the millisecond, as JavaScript dates did. Ties keep the default order (newest
 *   change first, then the highest id), in both directions, as the table's stable sort kept them.
 * A page number past the end answers the last page.
 */
export async function listPagesPaged(user: Actor, siteId: number, query: PageListQuery): Promise<PageListPage> {
  const db = await getDb();
  const statements = pageListStatements(db, user, siteId, query);
  // Both drivers answer raw SQL with { rows }.
  const head = (await db.execute(statements.head)) as unknown as { rows: { owned: boolean; total: number }[] };
  const { owned, total } = head.rows[0] ?? { owned: false, total: 0 };
  if (!owned) throw new NotFoundError("site");
  const { pageSize } = statements;
  const pageCount = pageCountFor(total, pageSize);
  const page = Math.min(Math.max(1, Math.trunc(query.page) || 1), pageCount);
  const rows = total === 0 ? [] : await statements.rows(page);
  return { rows, total, page, pageCount, pageSize };
}

/**
 * The two statements of listPagesPaged: `head` (does the user own the site, how many pages match) and
 * the rows of a page (from 1). Exported for the benchmark (scripts/bench-pages.ts), which explains them.
 */
export function pageListStatements(db: Db, user: Actor, siteId: number, query: PageListQuery) {
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(query.pageSize) ? query.pageSize : PAGE_SIZE_DEFAULT;
  const where = pageListFilter(siteId, query);
  const head = sql`
    select
      exists (select 1 from ${sites} where ${sites.id} = ${siteId} and ${siteReach(user)}) as owned,
      (select count(*)::int from ${pages} where ${where}) as total`;
  const rows = (page: number) => pageRowsQuery(db, siteId, where, query.sort, pageSize, (page - 1) * pageSize);
  return { head, rows, pageSize };
}

/** The pages of the site that the search and the status filter keep (a condition on `pages` alone). */
function pageListFilter(siteId: number, query: Pick<PageListQuery, "search" | "status">): SQL {
  const conditions: SQL[] = [eq(pages.site, siteId)];
  const needle = query.search.trim();
  if (needle) {
    const text = sql`lower(${needle}::text collate page_case)`;
    const found = (column: AnyColumn) => sql`strpos(lower(${column} collate page_case), ${text}) > 0`;
    conditions.push(sql`(${found(pages.name)} or ${found(pages.url)})`);
  }
  if (query.status !== "all") {
    conditions.push(
      sql`${pages.status} in (select ${statuses.id} from ${statuses} where lower(btrim(${statuses.name})) = ${query.status.trim().toLowerCase()})`,
    );
  }
  return and(...conditions)!;
}

type OrderColumns = { id: AnyColumn; name: AnyColumn; url: AnyColumn; dateModified: AnyColumn };

/**
 * ORDER BY of the list. Ties fall back to the default order, in both directions. Dates compare to the
 * millisecond (JavaScript's precision, the screen's before): two changes within the same millisecond tie.
 */
function listOrder(sort: Sort, c: OrderColumns): SQL[] {
  const byDefault = [desc(c.dateModified), desc(c.id)];
  const direction = sort.desc ? desc : asc;
  switch (sort.id) {
    case "name":
      return [direction(sql`${c.name} collate page_sort`), ...byDefault];
    case "url":
      return [direction(sql`${c.url} collate page_sort`), ...byDefault];
    case "dateModified":
      return sort.desc ? byDefault : [asc(sql`date_trunc('milliseconds', ${c.dateModified})`), ...byDefault];
  }
}

/**
 * The rows of one page: the page's pages first (sorted, limited), then, for those alone, the status
 * name, the counts and the newest version. SERP results count over every keyword of the page, for this
 * site's searches; LLM answers once each.
 */
function pageRowsQuery(db: Db, siteId: number, where: SQL, sort: Sort, limit: number, offset: number) {
  const shown = db.$with("shown").as(
    db
      .select({
        id: pages.id,
        name: pages.name,
        url: pages.url,
        status: pages.status,
        dateModified: pages.dateModified,
        hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
        hideRevisionsTextsFromPreview: pages.hideRevisionsTextsFromPreview,
      })
      .from(pages)
      .where(where)
      .orderBy(...listOrder(sort, pages))
      .limit(limit)
      .offset(offset),
  );
  return db
    .with(shown)
    .select({
      id: shown.id,
      name: shown.name,
      url: shown.url,
      status: shown.status,
      statusName: statuses.name,
      dateModified: shown.dateModified,
      hideCoverImageFromPreview: shown.hideCoverImageFromPreview,
      hideRevisionsTextsFromPreview: shown.hideRevisionsTextsFromPreview,
      serpResultsCount: sql<number>`(
        select count(*)::int from ${pagesKeywords}
        join ${serps} on ${serps.linkedKeyword} = ${pagesKeywords.linkedKeyword} and ${serps.site} = ${siteId}
        where ${pagesKeywords.linkedPage} = ${shown.id})`.mapWith(Number),
      llmAnswersCount: sql<number>`(
        select count(*)::int from ${pagesLlmAnswers} where ${pagesLlmAnswers.linkedPage} = ${shown.id})`.mapWith(Number),
      latestVersionId: sql<number | null>`(
        select ${pagesVersions.id} from ${pagesVersions} where ${pagesVersions.page} = ${shown.id}
        order by ${pagesVersions.createdDate} desc, ${pagesVersions.id} desc limit 1)`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(shown)
    .leftJoin(statuses, eq(statuses.id, shown.status))
    .orderBy(...listOrder(sort, shown));
}

async function statusIdFor(db: Db, choice: number | null | undefined): Promise<number> {
  if (typeof choice !== "number") return resolveStatusId(choice, []);
  const [row] = await db.select({ id: statuses.id }).from(statuses).where(eq(statuses.id, choice));
  return resolveStatusId(choice, row ? [row.id] : []);
}

const pageColumns = {
  id: pages.id,
  site: pages.site,
  name: pages.name,
  url: pages.url,
  status: pages.status,
  dateCreated: pages.dateCreated,
  dateModified: pages.dateModified,
  hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
  hideRevisionsTextsFromPreview: pages.hideRevisionsTextsFromPreview,
};

export type PageRow = { [K in keyof typeof pageColumns]: (typeof pages.$inferSelect)[K] };

/**
 * Creates a page in one of the user's sites. The URL is normalised against the site's address; an
 * unknown or missing status becomes 1.
 */
export async function createPage(user: Actor, siteId: number, input: PageInput): Promise<PageRow> {
  const site = await ownedSite(user, siteId);
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .insert(pages)
    .values({
      site: site.id,
      name: input.name,
      url: normalizePageUrl(input.url, site.url),
      status: await statusIdFor(db, input.status),
      creator: user.id,
      dateCreated: now,
      dateModified: now,
      hideCoverImageFromPreview: input.hideCoverImageFromPreview,
    })
    .returning(pageColumns);
  if (!row) throw new Error("No data returned after page creation");
  logger.info({ userId: user.id, siteId, pageId: row.id }, "page created");
  return row;
}

/**
 * Changes a page of the site; date_modified becomes now. A status that is not found becomes 1; an
 * input without a status keeps the page's.
 */
export async function updatePage(user: Actor, siteId: number, pageId: number, input: PageInput): Promise<PageRow> {
  const page = await ownedPage(user, pageId, siteId);
  const db = await getDb();
  const [row] = await db
    .update(pages)
    .set({
      name: input.name,
      url: normalizePageUrl(input.url, page.site.url),
      ...(input.status === undefined ? {} : { status: await statusIdFor(db, input.status) }),
      hideCoverImageFromPreview: input.hideCoverImageFromPreview,
      dateModified: new Date(),
    })
    .where(and(eq(pages.id, page.id), eq(pages.site, page.site.id)))
    .returning(pageColumns);
  if (!row) throw new NotFoundError("page");
  logger.info({ userId: user.id, siteId, pageId }, "page updated");
  return row;
}

/** Deletes a page of the site; its versions, keywords links, answers, images and actions go with it. */
export async function deletePage(user: Actor, siteId: number, pageId: number): Promise<{ id: number; name: string }> {
  const page = await ownedPage(user, pageId, siteId);
  const db = await getDb();
  const [row] = await db
    .delete(pages)
    .where(and(eq(pages.id, page.id), eq(pages.site, page.site.id)))
    .returning({ id: pages.id, name: pages.name });
  if (!row) throw new NotFoundError("page");
  logger.info({ userId: user.id, siteId, pageId }, "page deleted");
  return row;
}

/**
 * Checks that every id is a page of this site of the user's (the caller checked the site); the ids
 * themselves, deduplicated.
 */
async function ownedPageIds(user: Actor, siteId: number, pageIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(pageIds)];
  if (ids.length === 0) return ids;
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new NotFoundError("page");
  const db = await getDb();
  const found = await db
    .select({ id: pages.id })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(and(inArray(pages.id, ids), eq(pages.site, siteId), siteReach(user)));
  if (found.length !== ids.length) throw new NotFoundError("page");
  return ids;
}

export type LatestVersion = { pageId: number; name: string; versionId: number; publicId: string };

/**
 * The newest version of each given page (with the page's name), in the order of the ids; pages
 * without a version are left out. Every id must be a page of this site of the user's.
 */
export async function latestVersionsFor(user: Actor, siteId: number, pageIds: readonly number[]): Promise<LatestVersion[]> {
  await ownedSite(user, siteId);
  const ids = await ownedPageIds(user, siteId, pageIds);
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([pagesVersions.page], {
      pageId: pagesVersions.page,
      name: pages.name,
      versionId: pagesVersions.id,
      publicId: pagesVersions.publicId,
    })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .where(inArray(pagesVersions.page, ids))
    .orderBy(pagesVersions.page, desc(pagesVersions.createdDate), desc(pagesVersions.id));
  const byPage = new Map(rows.map((row) => [row.pageId, row]));
  return ids.flatMap((id) => byPage.get(id) ?? []);
}

/**
 * Batch article creation: one request per page (its outline first when the site approves outlines, else
 * create_article), the first queued null and the others true (spec part 2, section 4). Needs 2 pages or more, all of this site of the user's.
 */
export async function queueArticleCreation(user: Actor, siteId: number, pageIds: readonly number[]) {
  await ownedSite(user, siteId);
  const ids = [...new Set(pageIds)];
  if (ids.length === 0) throw new BatchRuleError(PAGE_MESSAGES.noPageIds);
  if (ids.length < BATCH_CREATE_MIN) throw new BatchRuleError(PAGE_MESSAGES.batchTooFew);
  await ownedPageIds(user, siteId, ids);
  const { step, queued } = await queueArticleWork(user, siteId, ids);
  logger.info({ userId: user.id, siteId, pages: ids.length, step }, "article creation queued");
  return queued;
}
