/**
 * The demo article list of the main page (spec part 3, sections 3, 4 and 7): pages marked as demo
 * (hide_revisions_texts_from_preview), each with its newest version, newest first. Public: it shows only
 * a page name and a version id, which /view/:versionId already serves to anyone.
 */
import { desc, eq, sql } from "drizzle-orm";
import { pages, pagesVersions } from "../../db/schema";
import { getDb } from "~/services/db.server";

export type DemoArticle = { pageId: number; pageName: string; latestVersionId: number; latestVersionDate: string };

/** At most this many entries: the main page is not an archive. */
export const DEMO_LIST_LIMIT = 24;

/** One query: the newest version per demo page (DISTINCT ON), then sorted by that version's date. */
export async function listDemoArticles(limit = DEMO_LIST_LIMIT): Promise<DemoArticle[]> {
  const db = await getDb();
  const newest = db
    .selectDistinctOn([pagesVersions.page], {
      // Aliased: both tables have an "id", which the outer query could not tell apart.
      pageId: sql<number>`${pages.id}`.as("page_id"),
      pageName: sql<string>`${pages.name}`.as("page_name"),
      versionId: sql<number>`${pagesVersions.id}`.as("version_id"),
      createdDate: sql<Date>`${pagesVersions.createdDate}`.as("version_date"),
    })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .where(eq(pages.hideRevisionsTextsFromPreview, true))
    .orderBy(pagesVersions.page, desc(pagesVersions.createdDate), desc(pagesVersions.id))
    .as("newest");
  const rows = await db.select().from(newest).orderBy(desc(newest.createdDate), desc(newest.versionId)).limit(limit);
  return rows.map((row) => ({
    pageId: row.pageId,
    pageName: row.pageName,
    latestVersionId: row.versionId,
    latestVersionDate: new Date(row.createdDate).toISOString(),
  }));
}
