/**
 * Telling that a new article is ready (issue 39): the owner's notification and, for a trial's first draft, the
 * closing of its request (issue 38). At once when the article task writes a version that reaches the top pages'
 * median; for one held for the team (below it even after a second answer), when a team member releases it.
 */
import { and, eq } from "drizzle-orm";
import { pagesVersions } from "../../db/schema";
import type { Db } from "~/services/db.server";
import { closeTrialRequest } from "~/services/team-inbox.server";
import { recordNotifications } from "./notify.server";

/** The owner is told the article is ready, and a trial's request answered by it closes itself. In the caller's transaction. */
export async function announceArticle(tx: Db, pageId: number, versionId: number): Promise<void> {
  await recordNotifications(tx, { kind: "article_ready", pageId, versionId });
  await closeTrialRequest(tx, pageId, versionId);
}

/** Releases a version held for the team and announces it; false when it was not held (already released, or gone). */
export async function releaseHeldVersion(tx: Db, versionId: number): Promise<boolean> {
  const [row] = await tx
    .update(pagesVersions)
    .set({ heldForTeam: false })
    .where(and(eq(pagesVersions.id, versionId), eq(pagesVersions.heldForTeam, true)))
    .returning({ pageId: pagesVersions.page });
  if (!row) return false;
  await announceArticle(tx, row.pageId, versionId);
  return true;
}
