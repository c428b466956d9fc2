/**
 * A keyword's research as its screens show it (issue 39): for the newest check of the page's site and keyword, what
 * the search returned besides its organic results, the top 10 with how each was read, and the keyword model built
 * from them (app/lib/research-view.ts puts the rows together). The SERP dialog reads one keyword, the outline screen
 * every keyword in use of its page. Ownership goes through the page's site (access.server.ts); a keyword that is not
 * linked to the page is refused like a missing one. Each reads its rows in one query, whatever the number of
 * keywords or results (plus the page's check, when the caller did not make it already).
 */
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { keywordModels, keywords, pagesKeywords, serpChecks } from "../../db/schema";
import { checkResearch, type KeywordResearch } from "~/lib/research-view";
import { getDb } from "~/services/db.server";
import { ownedPageRef, type Actor, type PageRef } from "./access.server";
import { KeywordNotFoundError } from "./keyword.server";

export type { KeywordResearch };

/** The research of the page's keywords that `which` keeps (all its keywords, those in use, one of them), in the order they were added. */
async function researchOf(siteId: number, pageId: number, which: SQL | undefined): Promise<KeywordResearch[]> {
  const db = await getDb();
  // The newest check of each keyword of the page, for the page's site (the index on site, keyword, checked_at).
  const newest = db.$with("newest_checks").as(
    db
      .selectDistinctOn([serpChecks.keyword], {
        id: serpChecks.id,
        keyword: serpChecks.keyword,
        checkedAt: serpChecks.checkedAt,
        results: serpChecks.results,
        features: serpChecks.features,
      })
      .from(serpChecks)
      .innerJoin(pagesKeywords, and(eq(pagesKeywords.linkedKeyword, serpChecks.keyword), eq(pagesKeywords.linkedPage, pageId)))
      .where(eq(serpChecks.site, siteId))
      .orderBy(serpChecks.keyword, desc(serpChecks.checkedAt), desc(serpChecks.id)),
  );
  const rows = await db
    .with(newest)
    .select({
      keywordId: keywords.id,
      keyword: keywords.keyword,
      check: { id: newest.id, checkedAt: newest.checkedAt, results: newest.results, features: newest.features },
      model: {
        builtAt: keywordModels.builtAt,
        model: keywordModels.model,
        topScores: keywordModels.topScores,
        unread: keywordModels.unread,
      },
    })
    .from(pagesKeywords)
    .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
    .leftJoin(newest, eq(newest.keyword, keywords.id))
    .leftJoin(keywordModels, eq(keywordModels.check, newest.id))
    .where(and(eq(pagesKeywords.linkedPage, pageId), which))
    .orderBy(asc(pagesKeywords.id));
  return rows.map((row) => ({
    keywordId: row.keywordId,
    keyword: row.keyword,
    check: row.check ? checkResearch(row.check, row.model) : null,
  }));
}

/**
 * The research of a keyword linked to one of the user's pages (with `siteId`, the page must be on that site): its
 * newest check for the page's site, or `check: null` when it was never searched. NotFoundError for a page the user
 * does not reach, KeywordNotFoundError for a keyword not linked to the page.
 */
export async function keywordResearch(
  user: Actor,
  { pageId, keywordId, siteId }: { pageId: PageRef; keywordId: number; siteId?: number },
): Promise<KeywordResearch> {
  const page = await ownedPageRef(user, pageId, siteId);
  const [research] = await researchOf(page.site.id, page.id, eq(pagesKeywords.linkedKeyword, keywordId));
  if (!research) throw new KeywordNotFoundError();
  return research;
}

/** The research of every keyword in use ('Use in search') of one of the user's pages, in the order they were added. */
export async function pageResearch(user: Actor, pageId: PageRef): Promise<KeywordResearch[]> {
  const page = await ownedPageRef(user, pageId);
  return researchOf(page.site.id, page.id, eq(pagesKeywords.toSearch, true));
}
