/**
 * The review of an article version by its owner (spec part 2, section 4): read a version with its page,
 * site and cover image, and the four transitions between Draft, In revision and Approved. Every function
 * starts from ownedVersion (a version of another account is a missing one: NotFoundError). A demo page
 * (hide_revisions_texts_from_preview) refuses every transition with a DemoArticleError. Each transition
 * is one UPDATE ... WHERE id = ? AND <state it starts from>, so two clicks cannot apply it twice.
 */
import { and, eq, type SQL } from "drizzle-orm";
import { pagesVersions } from "../../db/schema";
import {
  COMMENTS_REQUIRED,
  DEMO_ARTICLE_MESSAGE,
  reviewState,
  sendRevisionSchema,
  type ReviewIntent,
  type ReviewState,
} from "~/lib/review-state";
import { clockNow } from "~/services/clock.server";
import { getDb } from "~/services/db.server";
import { recordInboxArrival } from "~/services/team-inbox.server";
import { releaseHeldVersion } from "~/jobs/article-ready.server";
import { recordNotifications } from "~/jobs/notify.server";
import { startNextRound } from "~/jobs/revision-round.server";
import { openRevisionRequest, withdrawRevisionRequest } from "~/jobs/revision-request.server";
import { logger } from "~/services/logger.server";
import { writeAudit } from "~/services/team-audit.server";
import type { SessionUser } from "~/services/auth.server";
import { isTeamActor, NotFoundError, ownedVersion, type Actor, type OwnedPage } from "./access.server";
import { coverImageUrl } from "./article-view.server";
import { publishOnApproval } from "./publication.server";

export class DemoArticleError extends Error {
  constructor() {
    super(DEMO_ARTICLE_MESSAGE);
  }
}

export class CommentsRequiredError extends Error {
  constructor() {
    super(COMMENTS_REQUIRED);
  }
}

/** The action is not allowed from the version's current state (which the error carries). */
export class ReviewTransitionError extends Error {
  constructor(
    public readonly intent: ReviewIntent,
    public readonly version: ReviewVersion,
  ) {
    super(`Cannot ${intent} a version whose state is ${reviewState(version)}`);
  }
  get state(): ReviewState {
    return reviewState(this.version);
  }
}

const versionColumns = {
  id: pagesVersions.id,
  htmlContent: pagesVersions.htmlContent,
  createdDate: pagesVersions.createdDate,
  sentInRevision: pagesVersions.sentInRevision,
  approved: pagesVersions.approved,
  commentsToModify: pagesVersions.commentsToModify,
  publicId: pagesVersions.publicId,
  revisionRound: pagesVersions.revisionRound,
  edited: pagesVersions.edited,
  heldForTeam: pagesVersions.heldForTeam,
};

export type ReviewVersion = {
  id: number;
  /** Its public view's address: /view/{publicId}. */
  publicId: string;
  /** Raw, untrusted HTML: sanitize before rendering. */
  htmlContent: string;
  createdDate: Date;
  sentInRevision: boolean;
  approved: boolean;
  commentsToModify: string | null;
  /** The revision round its text belongs to (issue 16). */
  revisionRound: number;
  /** Made by editing another version's text (issue 38). */
  edited: boolean;
  /** Held for the team before its owner is told (issue 39). */
  heldForTeam: boolean;
};

export type ReviewArticle = {
  version: ReviewVersion;
  page: { id: number; name: string; hideRevisionsTextsFromPreview: boolean; hideCoverImageFromPreview: boolean };
  site: { id: number; name: string; url: string };
  coverImageUrl: string | null;
  /** Every version of the page (this one included), so that the screen labels it as the versions table does. */
  pageVersionDates: { id: number; createdDate: Date }[];
};

async function readVersion(id: number): Promise<ReviewVersion> {
  const db = await getDb();
  const [row] = await db.select(versionColumns).from(pagesVersions).where(eq(pagesVersions.id, id));
  if (!row) throw new NotFoundError("version");
  return row;
}

/** A version of one of the user's pages, for the review screen. */
export async function getReviewVersion(user: Actor, versionId: number): Promise<ReviewArticle> {
  const { versionId: id, page } = await ownedVersion(user, versionId);
  const db = await getDb();
  const [version, cover, pageVersionDates] = await Promise.all([
    readVersion(id),
    coverImageUrl(page),
    db.select({ id: pagesVersions.id, createdDate: pagesVersions.createdDate }).from(pagesVersions).where(eq(pagesVersions.page, page.id)),
  ]);
  return {
    version,
    page: {
      id: page.id,
      name: page.name,
      hideRevisionsTextsFromPreview: page.hideRevisionsTextsFromPreview,
      hideCoverImageFromPreview: page.hideCoverImageFromPreview,
    },
    site: page.site,
    coverImageUrl: cover,
    pageVersionDates,
  };
}

/** The WHERE condition of each action's starting state. */
const FROM_STATE: Record<ReviewIntent, () => SQL | undefined> = {
  // Draft: neither approved nor sent in revision.
  "send-revision": () => and(eq(pagesVersions.approved, false), eq(pagesVersions.sentInRevision, false)),
  approve: () => and(eq(pagesVersions.approved, false), eq(pagesVersions.sentInRevision, false)),
  // In revision: sent in revision and not approved.
  "cancel-revision": () => and(eq(pagesVersions.approved, false), eq(pagesVersions.sentInRevision, true)),
  // Approved.
  "cancel-approval": () => eq(pagesVersions.approved, true),
};

/** The transitions that are a decision for the team to act on (the cancellations are not). */
const DECISIONS: Partial<Record<ReviewIntent, "revision" | "approved">> = { "send-revision": "revision", approve: "approved" };

type Changes = Partial<Pick<typeof pagesVersions.$inferInsert, "sentInRevision" | "approved" | "approvedAt" | "commentsToModify">>;

async function transition(user: Actor, versionId: number, intent: ReviewIntent, changes: Changes): Promise<ReviewVersion> {
  const { versionId: id, page } = await ownedVersion(user, versionId);
  refuseDemo(user, page, intent);
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pagesVersions)
      .set(changes)
      .where(and(eq(pagesVersions.id, id), FROM_STATE[intent]()))
      .returning(versionColumns);
    // A request for changes (whoever makes it) starts the page's next revision round, and its revision: the
    // version's comments as its instructions (issue 38). Taken back, the revision is withdrawn if it has not begun.
    if (row && intent === "send-revision") {
      await startNextRound(tx, page.id);
      await openRevisionRequest(tx, { pageId: page.id, versionId: id, decision: row.commentsToModify, requestedBy: user });
    }
    if (row && intent === "cancel-revision") await withdrawRevisionRequest(tx, id);
    // The client's decision reaches the team's inbox with the change itself (the team's own, made on the
    // client's screens, does not: it is the team's doing).
    const decision = row && !isTeamActor(user) && DECISIONS[intent];
    if (decision) {
      await recordInboxArrival(
        {
          kind: "review",
          versionId: id,
          decision,
          comments: decision === "revision" ? row.commentsToModify : null,
          clientId: user.id,
          pageName: page.name,
          siteName: page.site.name,
        },
        tx,
      );
      await recordNotifications(tx, {
        kind: decision === "approved" ? "client_approved" : "client_asked_changes",
        pageId: page.id,
        versionId: id,
        actorId: user.id,
      });
    }
    return row;
  });
  if (updated) {
    logger.info({ userId: user.id, versionId: id, intent }, "review action applied");
    return updated;
  }
  // Nothing matched: the version is not (or no longer) in the state this action starts from.
  const current = await readVersion(id);
  logger.info(
    { userId: user.id, versionId: id, intent, state: reviewState(current) },
    "refused: review action not allowed from this state",
  );
  throw new ReviewTransitionError(intent, current);
}

function refuseDemo(user: Actor, page: OwnedPage, intent: ReviewIntent) {
  if (!page.hideRevisionsTextsFromPreview) return;
  logger.info({ userId: user.id, pageId: page.id, intent }, "refused: review action on a demo article");
  throw new DemoArticleError();
}

/** Draft → In revision, with the reviewer's comments (required after trimming). */
export async function sendForRevision(user: Actor, versionId: number, comments: string | null | undefined): Promise<ReviewVersion> {
  const parsed = sendRevisionSchema.safeParse({ comments });
  if (!parsed.success) {
    // Ownership and the demo flag come first: a foreign version must not learn anything from the answer.
    const { page } = await ownedVersion(user, versionId);
    refuseDemo(user, page, "send-revision");
    throw new CommentsRequiredError();
  }
  return transition(user, versionId, "send-revision", { sentInRevision: true, commentsToModify: parsed.data.comments });
}

/** In revision → Draft. The comments are kept (shown read-only). */
export function cancelRevision(user: Actor, versionId: number): Promise<ReviewVersion> {
  return transition(user, versionId, "cancel-revision", { sentInRevision: false });
}

/** Draft → Approved; then published to the site's WordPress when the site publishes on approval (issue 15). */
export async function approve(user: Actor, versionId: number): Promise<ReviewVersion> {
  const approved = await transition(user, versionId, "approve", { approved: true, approvedAt: clockNow() });
  await publishOnApproval(user, versionId);
  return approved;
}

/** Approved → Draft. */
export function cancelApproval(user: Actor, versionId: number): Promise<ReviewVersion> {
  return transition(user, versionId, "cancel-approval", { approved: false, approvedAt: null });
}

/** Applies one of the four actions by its intent name (the review screen's action). */
export function applyReviewAction(user: Actor, versionId: number, intent: ReviewIntent, comments?: string | null): Promise<ReviewVersion> {
  switch (intent) {
    case "send-revision":
      return sendForRevision(user, versionId, comments);
    case "cancel-revision":
      return cancelRevision(user, versionId);
    case "approve":
      return approve(user, versionId);
    case "cancel-approval":
      return cancelApproval(user, versionId);
  }
}

/** Only the team releases a version held for it. */
export class NotTeamReleaseError extends Error {
  constructor() {
    super("Only the team releases an article it holds.");
  }
}

/**
 * TEAM ONLY: releases a version the article task held for the team (issue 39: below the top pages' median after a
 * second answer), once a member has looked at it: its owner is told it is ready, as for any new article, and the
 * release is audited. False when it was not held (already released).
 */
export async function teamReleaseHeldVersion(actor: SessionUser, versionId: number): Promise<boolean> {
  if (!isTeamActor(actor)) throw new NotTeamReleaseError();
  const { versionId: id, page } = await ownedVersion(actor, versionId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const released = await releaseHeldVersion(tx, id);
    if (released)
      await writeAudit(
        {
          actor: { id: actor.id, email: actor.email },
          action: "version.released",
          record: { type: "version", id },
          details: { page: page.id },
        },
        tx,
      );
    return released;
  });
}
