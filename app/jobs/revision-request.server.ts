/**
 * A request for changes starts its revision (issue 38): whoever asks (the owner on the review screen, the team for
 * them, a colleague through a review link), the version's comments become the modification's instructions, so that
 * nobody types them again: each passage comment with the passage it quotes, each general comment, and the
 * decision's message. The revision always makes a new version (the commented one is kept) with what changed
 * highlighted. It waits for the team to read and confirm the instructions (the site's setting, by default), or is
 * queued at once. Shared by the models of the review screen and of the review links, in their transactions.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { pages, reviewComments, revisionRequests, sites, user } from "../../db/schema";
import { TURNAROUND_HOURS } from "~/lib/offer";
import { clockNow } from "~/services/clock.server";
import type { Db } from "~/services/db.server";
import { cancelActions, queueActions } from "./queue.server";

/** One thing a reviewer said, as the instructions list it. */
export type RevisionComment = { authorName: string; body: string; quote: string | null };

/**
 * The instructions of a revision: the passage comments first, in the order of the article, then the general
 * ones, then the decision's message. French, as the people who wrote them and the team who reads them.
 */
export function revisionInstructions(comments: readonly RevisionComment[], decision: { authorName: string; body: string } | null): string {
  const signed = (body: string, author: string) => `${body.trim()}\n  — ${author}`;
  const lines: string[] = [];
  for (const comment of comments.filter((c) => c.quote))
    lines.push(`- Passage « ${comment.quote!.trim()} » :\n  ${signed(comment.body, comment.authorName)}`);
  for (const comment of comments.filter((c) => !c.quote && c.body.trim()))
    lines.push(`- Sur tout l'article :\n  ${signed(comment.body, comment.authorName)}`);
  if (decision?.body.trim()) lines.push(`- Demande de modifications :\n  ${signed(decision.body, decision.authorName)}`);
  return lines.join("\n");
}

/** How an account signs what it says: its name, else its address. */
async function accountName(tx: Db, userId: string): Promise<string> {
  const [row] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row?.name.trim() || row?.email || "—";
}

/** What the site says about revisions, and the page's round (already moved on by the request for changes). */
async function revisionSettings(tx: Db, pageId: number) {
  const [row] = await tx
    .select({ waitForTeam: sites.revisionsWaitForTeam, round: pages.revisionRequests })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(eq(pages.id, pageId));
  return row ?? { waitForTeam: true, round: 0 };
}

/** The modification a revision request queues: a new version, with what changed marked. */
export function queueRevision(tx: Db, creator: { id: string } | null, request: { page: number; version: number; instructions: string }) {
  return queueActions(
    creator,
    "modify_articles_with_instructions",
    [
      {
        pageId: request.page,
        versionId: request.version,
        infoJson: {
          createNewVersion: true,
          request: {
            commentsToModify: request.instructions,
            needToDoWebSearchForModification: false,
            highlightModifiedContent: true,
            unhighlightModifiedContent: false,
            pagesVersionsToTakeAsExample: null,
          },
        },
      },
    ],
    tx,
  );
}

/**
 * Opens the revision request of a request for changes on `versionId`, in the request's transaction (after the
 * version was sent in revision and the page's round moved on): its instructions from the version's comments and
 * the decision, waiting for the team or queued at once. Answers the request.
 */
export async function openRevisionRequest(
  tx: Db,
  request: {
    pageId: number;
    versionId: number;
    /** The decision's message (its author: the requester). */
    decision: string | null;
    requestedBy: { id: string } | null;
    /** A review link's reviewer; for an account, its name is read. */
    requestedByName?: string;
  },
) {
  const requestedByName = request.requestedByName ?? (request.requestedBy ? await accountName(tx, request.requestedBy.id) : "—");
  const comments = await tx
    .select({ authorName: reviewComments.authorName, body: reviewComments.body, quote: reviewComments.quote })
    .from(reviewComments)
    .where(and(eq(reviewComments.version, request.versionId), eq(reviewComments.kind, "comment")))
    .orderBy(sql`${reviewComments.quoteStart} asc nulls last`, asc(reviewComments.createdAt), asc(reviewComments.id));
  const instructions = revisionInstructions(comments, request.decision ? { authorName: requestedByName, body: request.decision } : null);
  const { waitForTeam, round } = await revisionSettings(tx, request.pageId);
  const now = clockNow();
  const [opened] = await tx
    .insert(revisionRequests)
    .values({
      page: request.pageId,
      version: request.versionId,
      round,
      instructions,
      status: waitForTeam ? "waiting" : "queued",
      requestedBy: request.requestedBy?.id ?? null,
      requestedByName,
      createdAt: now,
      dueAt: new Date(now.getTime() + TURNAROUND_HOURS * 3600_000),
      confirmedAt: waitForTeam ? null : now,
    })
    .returning();
  if (waitForTeam) return opened!;
  const [queued] = await queueRevision(tx, request.requestedBy, { page: request.pageId, version: request.versionId, instructions });
  const [updated] = await tx.update(revisionRequests).set({ action: queued!.id }).where(eq(revisionRequests.id, opened!.id)).returning();
  return updated!;
}

/**
 * The request for changes on `versionId` is taken back (its version is a draft again): a revision request still
 * waiting is cancelled, and one queued whose modification has not started is cancelled with it. One that runs or
 * ran is left: its new version will come, and the owner decides on it.
 */
export async function withdrawRevisionRequest(tx: Db, versionId: number): Promise<void> {
  const open = await tx
    .select({ id: revisionRequests.id, status: revisionRequests.status, action: revisionRequests.action })
    .from(revisionRequests)
    .where(and(eq(revisionRequests.version, versionId), inArray(revisionRequests.status, ["waiting", "queued"])));
  for (const request of open) {
    if (request.status === "queued" && request.action !== null && (await cancelActions([request.action], tx)).length === 0) continue;
    await tx.update(revisionRequests).set({ status: "cancelled" }).where(eq(revisionRequests.id, request.id));
  }
}
