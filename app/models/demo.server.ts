/**
 * The demo article list of the main page (spec part 3, sections 3, 4 and 7): pages marked as demo
 * (hide_revisions_texts_from_preview), each with its newest version, newest first. Public: it shows only
 * a page name and the public id of a version that /view/:publicId serves to anyone. Only the service's team
 * marks a page as demo (the console's /team/demo, the seed data, `npm run demo`): no screen of a client's sets the flag.
 */
import { desc, eq, sql } from "drizzle-orm";
import { pages, pagesVersions } from "../../db/schema";
import { staticPages } from "~/lib/static-page-cache.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";

export type DemoArticle = {
  pageId: number;
  pageName: string;
  /** Its public view: /view/{latestPublicId}; the sequential id never leaves the server. */
  latestPublicId: string;
  latestVersionDate: string;
};

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
      // Only to order versions of the same instant; never returned.
      versionId: sql<number>`${pagesVersions.id}`.as("version_id"),
      publicId: sql<string>`${pagesVersions.publicId}`.as("public_id"),
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
    latestPublicId: row.publicId,
    latestVersionDate: new Date(row.createdDate).toISOString(),
  }));
}

/**
 * TEAM ONLY: marks a client's page as a demo article of the service's home page (or takes it off). No client
 * screen calls this; the console does (models/team-demo.server.ts, audited) and `npm run demo -- <pageId> on|off`. Answers the
 * page, or null when there is no such page.
 */
export async function teamSetDemoArticle(pageId: number, demo: boolean): Promise<{ id: number; name: string; demo: boolean } | null> {
  const db = await getDb();
  const [page] = await db
    .update(pages)
    .set({ hideRevisionsTextsFromPreview: demo })
    .where(eq(pages.id, pageId))
    .returning({ id: pages.id, name: pages.name, demo: pages.hideRevisionsTextsFromPreview });
  if (!page) return null;
  logger.info({ pageId, demo }, "team: demo article flag set");
  // '/' lists the demo articles: this process's kept copies of the static pages go, so the
  // console's change shows at once here (other processes, and `npm run demo`, reach visitors within the TTL).
  staticPages.clear();
  return page;
}
