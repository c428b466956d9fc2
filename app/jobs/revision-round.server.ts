/**
 * Revision rounds (issue 16): each request for changes on a page's article starts its next round; each text
 * written (a new version, or a version revised in place) belongs to the round the page is in. Shared by the
 * review transitions (the owner's, the team's, a review link's) and by the writing tasks.
 */
import { eq, sql } from "drizzle-orm";
import { pages } from "../../db/schema";
import type { Db } from "~/services/db.server";

/** The round the page is in, as a value to write in the same statement (pages_versions.revision_round). */
export const roundOfPage = (pageId: number) => sql<number>`(select ${pages.revisionRequests} from ${pages} where ${pages.id} = ${pageId})`;

/** A request for changes on the page: its next text belongs to the next round. In the request's transaction. */
export async function startNextRound(tx: Db, pageId: number): Promise<void> {
  await tx
    .update(pages)
    .set({ revisionRequests: sql`${pages.revisionRequests} + 1` })
    .where(eq(pages.id, pageId));
}
