/**
 * Keywords of a page and their search results (spec part 2, sections 2, 4, 5 and 7): the page's
 * keywords with their exact SERP counts, adding a keyword (an existing one, matched trimmed and
 * case-insensitively, is reused), the 'Use in search' setting, a keyword's SERP results, and queuing
 * a SERP search. Every read and write checks ownership through the page's site (access.server.ts).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { keywords, pagesActions, pagesKeywords, serps } from "../../db/schema";
import { getDb } from "~/services/db.server";
import { keywordKey, normalizeKeyword } from "~/lib/keyword-rules";
import { ownedPage, type Actor } from "./access.server";
import { actionId } from "~/jobs/queue.server";
import { retriggerAction } from "./page-action.server";

export type PageKeywordRow = { id: number; keywordId: number; keyword: string; toSearch: boolean; serpCount: number };

export type SerpRow = {
  id: number;
  positionAbsolute: number | null;
  title: string | null;
  url: string | null;
  metaDescription: string | null;
  type: string | null;
};

/** A blank keyword (after trimming). */
export class BlankKeywordError extends Error {
  constructor() {
    super("blank keyword");
  }
}

/** A keyword that is not linked to the page (or a link of another page). */
export class KeywordNotFoundError extends Error {
  constructor() {
    super("keyword not linked to this page");
  }
}

/** Which step of adding a keyword failed: looking it up, creating it, or linking it to the page. */
export class AddKeywordError extends Error {
  constructor(
    public readonly stage: "search" | "create" | "link",
    options?: { cause?: unknown },
  ) {
    super(`adding a keyword failed at ${stage}`, options);
  }
}

/** Which step of queuing a SERP search failed: the look-up of an existing request, its update, or an insert. */
export class SerpQueueError extends Error {
  constructor(
    public readonly stage: "check" | "update" | "create",
    options?: { cause?: unknown },
  ) {
    super(`queuing a SERP search failed at ${stage}`, options);
  }
}

/** The keywords of one of the user's pages, in the order they were added, with exact SERP counts (one query). */
export async function listPageKeywords(user: Actor, siteId: number, pageId: number): Promise<PageKeywordRow[]> {
  const page = await ownedPage(user, pageId, siteId);
  const db = await getDb();
  return db
    .select({
      id: pagesKeywords.id,
      keywordId: keywords.id,
      keyword: keywords.keyword,
      toSearch: pagesKeywords.toSearch,
      serpCount: sql<number>`(select count(*) from ${serps} where ${serps.linkedKeyword} = ${keywords.id} and ${serps.site} = ${page.site.id})`.mapWith(
        Number,
      ),
    })
    .from(pagesKeywords)
    .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
    .where(eq(pagesKeywords.linkedPage, pageId))
    .orderBy(asc(pagesKeywords.id));
}

export type AddKeywordResult = {
  linkId: number;
  keywordId: number;
  keyword: string;
  /** The keyword did not exist yet. */
  created: boolean;
  /** The keyword was already linked to the page: nothing was linked. */
  alreadyLinked: boolean;
};

/**
 * Adds a keyword to one of the user's pages: trimmed; an existing keyword (same text, trimmed and
 * case-insensitive) is reused, otherwise created; then linked to the page unless it already is.
 */
export async function addKeyword(user: Actor, siteId: number, pageId: number, text: string): Promise<AddKeywordResult> {
  const value = normalizeKeyword(text);
  if (!value) throw new BlankKeywordError();
  await ownedPage(user, pageId, siteId);
  const db = await getDb();
  const key = keywordKey(value);
  const matchKey = sql`lower(btrim(${keywords.keyword})) = ${key}`;

  const find = async () => {
    try {
      const [row] = await db.select({ id: keywords.id, keyword: keywords.keyword }).from(keywords).where(matchKey).limit(1);
      return row;
    } catch (cause) {
      throw new AddKeywordError("search", { cause });
    }
  };

  let keyword = await find();
  let created = false;
  if (!keyword) {
    try {
      // Another request may create the same keyword meanwhile: the unique index on lower(btrim(keyword)) decides.
      const [row] = await db
        .insert(keywords)
        .values({ keyword: value })
        .onConflictDoNothing()
        .returning({ id: keywords.id, keyword: keywords.keyword });
      if (row) {
        keyword = row;
        created = true;
      }
    } catch (cause) {
      throw new AddKeywordError("create", { cause });
    }
    keyword ??= await find();
    if (!keyword) throw new AddKeywordError("create");
  }

  try {
    const [link] = await db
      .insert(pagesKeywords)
      .values({ linkedPage: pageId, linkedKeyword: keyword.id })
      .onConflictDoNothing({ target: [pagesKeywords.linkedPage, pagesKeywords.linkedKeyword] })
      .returning({ id: pagesKeywords.id });
    if (link) return { linkId: link.id, keywordId: keyword.id, keyword: keyword.keyword, created, alreadyLinked: false };
    const [existing] = await db
      .select({ id: pagesKeywords.id })
      .from(pagesKeywords)
      .where(and(eq(pagesKeywords.linkedPage, pageId), eq(pagesKeywords.linkedKeyword, keyword.id)));
    if (!existing) throw new Error("link neither inserted nor found");
    return { linkId: existing.id, keywordId: keyword.id, keyword: keyword.keyword, created, alreadyLinked: true };
  } catch (cause) {
    throw new AddKeywordError("link", { cause });
  }
}

/**
 * Sets 'Use in search' of a page-keyword link of one of the user's pages; with `pageId`, the link
 * must also be of that page. Answers the new value.
 */
export async function setToSearch(user: Actor, linkId: number, value: boolean, pageId?: number): Promise<boolean> {
  const db = await getDb();
  const [link] = await db.select({ page: pagesKeywords.linkedPage }).from(pagesKeywords).where(eq(pagesKeywords.id, linkId));
  if (!link || (pageId !== undefined && link.page !== pageId)) throw new KeywordNotFoundError();
  await ownedPage(user, link.page);
  const [row] = await db
    .update(pagesKeywords)
    .set({ toSearch: value })
    .where(eq(pagesKeywords.id, linkId))
    .returning({ toSearch: pagesKeywords.toSearch });
  if (!row) throw new KeywordNotFoundError();
  return row.toSearch;
}

async function requireLinked(pageId: number, keywordId: number) {
  const db = await getDb();
  const [link] = await db
    .select({ id: pagesKeywords.id })
    .from(pagesKeywords)
    .where(and(eq(pagesKeywords.linkedPage, pageId), eq(pagesKeywords.linkedKeyword, keywordId)));
  if (!link) throw new KeywordNotFoundError();
}

/** The SERP results of the page's site for a keyword linked to one of the user's pages, by position ascending. */
export async function listSerps(user: Actor, siteId: number, pageId: number, keywordId: number): Promise<SerpRow[]> {
  const page = await ownedPage(user, pageId, siteId);
  await requireLinked(pageId, keywordId);
  const db = await getDb();
  return db
    .select({
      id: serps.id,
      positionAbsolute: serps.positionAbsolute,
      title: serps.title,
      url: serps.url,
      metaDescription: serps.metaDescription,
      type: serps.type,
    })
    .from(serps)
    .where(and(eq(serps.linkedKeyword, keywordId), eq(serps.site, page.site.id)))
    .orderBy(sql`${serps.positionAbsolute} asc nulls last`, asc(serps.id));
}

/** Whether the serps action is in the catalogue (the SERP search button needs it). */
export async function serpsActionAvailable(): Promise<boolean> {
  try {
    await actionId("serps");
    return true;
  } catch {
    return false;
  }
}

/**
 * Queues a SERP search for a keyword linked to one of the user's pages: the page's existing serps
 * request is reset (created_date now, back to queued, keyword id in info2), or one is inserted
 * (retriggerAction). Throws MissingActionError when the catalogue has no serps action.
 */
export async function queueSerpSearch(user: Actor, siteId: number, pageId: number, keywordId: number) {
  await ownedPage(user, pageId, siteId);
  await requireLinked(pageId, keywordId);
  const linkedAction = await actionId("serps");
  let exists: boolean;
  try {
    const db = await getDb();
    const [row] = await db
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .where(and(eq(pagesActions.linkedPage, pageId), eq(pagesActions.linkedAction, linkedAction)))
      .limit(1);
    exists = Boolean(row);
  } catch (cause) {
    throw new SerpQueueError("check", { cause });
  }
  try {
    return await retriggerAction(user, "serps", pageId, String(keywordId));
  } catch (cause) {
    throw new SerpQueueError(exists ? "update" : "create", { cause });
  }
}
