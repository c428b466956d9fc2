/**
 * Review links (issue 16): the owner (or the team for them) shares a version with someone who has no account.
 * Whoever opens the link reads the article as it will be published, comments on a passage or on the whole, and
 * approves or asks for changes: the same review states as the signed-in review screen, recorded on the version
 * with who said what, and told to the owner and the team.
 *
 * - The owner's side takes the acting user and checks the version is theirs (ownedVersion).
 * - The reviewer's side is reached ONLY by a token: the functions whose names start with `guest` resolve it
 *   (SHA-256, never stored in clear) to one live link (not expired, not revoked) and act on that link's version
 *   alone. An unknown, malformed, expired or revoked token answers exactly like a missing one (null).
 */
import { and, asc, desc, eq, gt, inArray, isNull, not, sql } from "drizzle-orm";
import { pages, pagesVersions, reviewComments, reviewLinks, sites, user } from "../../db/schema";
import { metaDescriptionOf } from "~/lib/meta-description.server";
import { REVIEW_LINK_DAYS } from "~/lib/review-link";
import { reviewState, type ReviewState } from "~/lib/review-state";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { recordNotifications } from "~/jobs/notify.server";
import { startNextRound } from "~/jobs/revision-round.server";
import { openRevisionRequest } from "~/jobs/revision-request.server";
import { clockNow } from "~/services/clock.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { hashSecretToken, newSecretToken, SECRET_TOKEN } from "~/services/secret-tokens.server";
import { recordInboxArrival } from "~/services/team-inbox.server";
import type { TeamMember } from "~/services/auth.server";
import { ownedVersion, siteReach, type Actor } from "./access.server";
import { assertTeam } from "./team-access.server";
import { coverImageUrl } from "./article-view.server";
import { publishOnApproval } from "./publication.server";
import { DemoArticleError } from "./review.server";

export const reviewLinkPath = (token: string) => `/r/${token}`;

export type ReviewLinkRow = { id: number; createdAt: Date; expiresAt: Date; revokedAt: Date | null; active: boolean };
export type ReviewCommentRow = {
  id: number;
  kind: "comment" | "approved" | "changes";
  authorName: string;
  body: string;
  quote: string | null;
  quoteStart: number | null;
  quoteEnd: number | null;
  createdAt: Date;
};

const commentColumns = {
  id: reviewComments.id,
  kind: sql<ReviewCommentRow["kind"]>`${reviewComments.kind}`,
  authorName: reviewComments.authorName,
  body: reviewComments.body,
  quote: reviewComments.quote,
  quoteStart: reviewComments.quoteStart,
  quoteEnd: reviewComments.quoteEnd,
  createdAt: reviewComments.createdAt,
};

// ---------------------------------------------------------------------------------------------
// The owner's side
// ---------------------------------------------------------------------------------------------

/** A new link to the user's version; its token is in the answer only (stored as its hash). Not for a demo article. */
export async function createReviewLink(user: Actor, versionId: number): Promise<{ id: number; token: string; expiresAt: Date }> {
  const { versionId: id, page } = await ownedVersion(user, versionId);
  if (page.hideRevisionsTextsFromPreview) throw new DemoArticleError();
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + REVIEW_LINK_DAYS * 86_400_000);
  const db = await getDb();
  const [row] = await db
    .insert(reviewLinks)
    .values({ version: id, tokenHash: hashSecretToken(token), createdBy: user.id, expiresAt })
    .returning({ id: reviewLinks.id });
  logger.info({ userId: user.id, versionId: id, linkId: row!.id }, "review link created");
  return { id: row!.id, token, expiresAt };
}

/** The version's links, newest first, live or not (its ownership checked by the caller). */
async function linksOf(versionId: number): Promise<ReviewLinkRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: reviewLinks.id, createdAt: reviewLinks.createdAt, expiresAt: reviewLinks.expiresAt, revokedAt: reviewLinks.revokedAt })
    .from(reviewLinks)
    .where(eq(reviewLinks.version, versionId))
    .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id));
  const now = Date.now();
  return rows.map((row) => ({ ...row, active: row.revokedAt === null && row.expiresAt.getTime() > now }));
}

/** What reviewers said on a version, oldest first (its ownership checked by the caller). */
async function commentsOf(versionId: number): Promise<ReviewCommentRow[]> {
  const db = await getDb();
  return db
    .select(commentColumns)
    .from(reviewComments)
    .where(eq(reviewComments.version, versionId))
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
}

/** The user's version's links, newest first, live or not. */
export async function listReviewLinks(user: Actor, versionId: number): Promise<ReviewLinkRow[]> {
  return linksOf((await ownedVersion(user, versionId)).versionId);
}

/** The review screen's sharing card: the user's version's links and what its reviewers said, its ownership checked once. */
export async function getReviewSharing(user: Actor, versionId: number): Promise<{ links: ReviewLinkRow[]; comments: ReviewCommentRow[] }> {
  const { versionId: id } = await ownedVersion(user, versionId);
  const [links, comments] = await Promise.all([linksOf(id), commentsOf(id)]);
  return { links, comments };
}

/** Ends a link of one of the user's versions at once (again: no change). Another's, or none: false. */
export async function revokeReviewLink(user: Actor, linkId: number): Promise<boolean> {
  const db = await getDb();
  const [owned] = await db
    .select({ id: reviewLinks.id })
    .from(reviewLinks)
    .innerJoin(pagesVersions, eq(pagesVersions.id, reviewLinks.version))
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(and(eq(reviewLinks.id, linkId), siteReach(user)));
  if (!owned) return false;
  await db
    .update(reviewLinks)
    .set({ revokedAt: sql`coalesce(${reviewLinks.revokedAt}, now())` })
    .where(eq(reviewLinks.id, linkId));
  logger.info({ userId: user.id, linkId }, "review link revoked");
  return true;
}

/** What the reviewers said on the user's version, oldest first. */
export async function listReviewComments(user: Actor, versionId: number): Promise<ReviewCommentRow[]> {
  return commentsOf((await ownedVersion(user, versionId)).versionId);
}

// ---------------------------------------------------------------------------------------------
// The reviewer's side: by token only
// ---------------------------------------------------------------------------------------------

type LiveLink = {
  linkId: number;
  versionId: number;
  pageId: number;
  pageName: string;
  siteName: string;
  hideCoverImageFromPreview: boolean;
  ownerId: string | null;
  expiresAt: Date;
};

/** The live link of a token, or null (unknown, malformed, expired, revoked: all the same). */
async function liveLink(token: string, db: Db): Promise<LiveLink | null> {
  if (!SECRET_TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      linkId: reviewLinks.id,
      versionId: reviewLinks.version,
      pageId: pages.id,
      pageName: pages.name,
      siteName: sites.name,
      hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
      ownerId: sites.linkedUser,
      expiresAt: reviewLinks.expiresAt,
    })
    .from(reviewLinks)
    .innerJoin(pagesVersions, eq(pagesVersions.id, reviewLinks.version))
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(user, eq(user.id, sites.linkedUser))
    .where(
      and(
        eq(reviewLinks.tokenHash, hashSecretToken(token)),
        isNull(reviewLinks.revokedAt),
        gt(reviewLinks.expiresAt, sql`now()`),
        // A banned owner's links are revoked with the ban (teamRevokeReviewLinksOfOwner); this holds even for one missed.
        not(sql`coalesce(${user.banned}, false)`),
      ),
    );
  return row ?? null;
}

/**
 * TEAM: revokes every live review link of the sites an account owns, when the team bans it (issue 37): nobody
 * reads or comments on a banned client's articles any more. Lifting the ban brings none back: the owner makes new
 * ones if they choose. Answers how many were revoked.
 */
export async function teamRevokeReviewLinksOfOwner(member: TeamMember, ownerId: string): Promise<number> {
  assertTeam(member);
  const db = await getDb();
  const ownersVersions = db
    .select({ id: pagesVersions.id })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(eq(sites.linkedUser, ownerId));
  const revoked = await db
    .update(reviewLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(isNull(reviewLinks.revokedAt), inArray(reviewLinks.version, ownersVersions)))
    .returning({ id: reviewLinks.id });
  if (revoked.length) logger.info({ userId: member.id, ownerId, revoked: revoked.length }, "review links revoked with the owner's ban");
  return revoked.length;
}

/** GUEST, BY TOKEN: the id of a live link (for its rate limit), or null; one query. */
export async function guestLiveLinkId(token: string): Promise<number | null> {
  return (await liveLink(token, await getDb()))?.linkId ?? null;
}

export type GuestReview = {
  /** Sanitized: safe to render. */
  html: string;
  title: string;
  description: string;
  coverImageUrl: string | null;
  state: ReviewState;
  expiresAt: Date;
  comments: ReviewCommentRow[];
};

/** GUEST, BY TOKEN: the article of a live link as it will be published, and what its reviewers said. */
export async function guestOpenReview(token: string): Promise<GuestReview | null> {
  const db = await getDb();
  const link = await liveLink(token, db);
  if (!link) return null;
  const [[version], comments, cover] = await Promise.all([
    db
      .select({
        html: pagesVersions.htmlContent,
        metaDescription: pagesVersions.metaDescription,
        approved: pagesVersions.approved,
        sentInRevision: pagesVersions.sentInRevision,
      })
      .from(pagesVersions)
      .where(eq(pagesVersions.id, link.versionId)),
    commentsOf(link.versionId),
    coverImageUrl({ id: link.pageId, hideCoverImageFromPreview: link.hideCoverImageFromPreview }),
  ]);
  if (!version) return null;
  const html = sanitizeArticleHtml(version.html);
  return {
    html,
    title: link.pageName,
    description: metaDescriptionOf({ metaDescription: version.metaDescription, html }),
    coverImageUrl: cover,
    state: reviewState(version),
    expiresAt: link.expiresAt,
    comments,
  };
}

export type GuestCommentInput = {
  name: string;
  body: string;
  quote?: { text: string; start: number; end: number } | null;
};

/** GUEST, BY TOKEN: a comment on the whole article or on a passage; the owner is told. False when the link is not live. */
export async function guestComment(token: string, input: GuestCommentInput): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const link = await liveLink(token, tx);
    if (!link) return false;
    await tx.insert(reviewComments).values({
      version: link.versionId,
      link: link.linkId,
      kind: "comment",
      authorName: input.name,
      body: input.body,
      quote: input.quote?.text ?? null,
      quoteStart: input.quote?.start ?? null,
      quoteEnd: input.quote?.end ?? null,
    });
    await recordNotifications(tx, {
      kind: "guest_commented",
      pageId: link.pageId,
      versionId: link.versionId,
      actorName: input.name,
    });
    return true;
  });
}

/** The version no longer waits for a decision (approved, or already sent for changes). */
export class GuestDecisionError extends Error {
  constructor(public readonly state: ReviewState) {
    super(`This version is ${state}: it takes no decision`);
  }
}

/**
 * GUEST, BY TOKEN: approves the version, or asks for changes with a message: the same transitions as the
 * owner's review screen (from Draft only), recorded on the version with the reviewer's name and told to the
 * owner and the team (and to the team's inbox, as a client's decision is). An approval publishes the article
 * when the site publishes on approval. False when the link is not live; GuestDecisionError when the version is
 * no longer a draft.
 */
export async function guestDecide(
  token: string,
  input: { name: string; decision: "approved" | "changes"; body: string },
): Promise<boolean> {
  const db = await getDb();
  const decided = await db.transaction(async (tx) => {
    const link = await liveLink(token, tx);
    if (!link) return null;
    const approve = input.decision === "approved";
    const signed = `${input.body.trim()}\n— ${input.name}`;
    const [row] = await tx
      .update(pagesVersions)
      .set(approve ? { approved: true, approvedAt: clockNow() } : { sentInRevision: true, commentsToModify: signed })
      .where(and(eq(pagesVersions.id, link.versionId), eq(pagesVersions.approved, false), eq(pagesVersions.sentInRevision, false)))
      .returning({ id: pagesVersions.id });
    if (!row) {
      const [current] = await tx
        .select({ approved: pagesVersions.approved, sentInRevision: pagesVersions.sentInRevision })
        .from(pagesVersions)
        .where(eq(pagesVersions.id, link.versionId));
      throw new GuestDecisionError(reviewState(current ?? { approved: false, sentInRevision: false }));
    }
    await tx
      .insert(reviewComments)
      .values({ version: link.versionId, link: link.linkId, kind: input.decision, authorName: input.name, body: input.body.trim() });
    if (!approve) {
      await startNextRound(tx, link.pageId);
      // The colleague's comments and message become the revision's instructions (issue 38).
      await openRevisionRequest(tx, {
        pageId: link.pageId,
        versionId: link.versionId,
        decision: input.body,
        requestedBy: null,
        requestedByName: `${input.name} (lien de relecture)`,
      });
    }
    const who = `${input.name} (lien de relecture)`;
    if (link.ownerId) {
      await recordInboxArrival(
        {
          kind: "review",
          versionId: link.versionId,
          decision: approve ? "approved" : "revision",
          comments: approve ? null : signed,
          clientId: link.ownerId,
          pageName: link.pageName,
          siteName: link.siteName,
        },
        tx,
      );
    }
    await recordNotifications(tx, {
      kind: approve ? "guest_approved" : "guest_asked_changes",
      pageId: link.pageId,
      versionId: link.versionId,
      actorName: input.name,
    });
    await recordNotifications(tx, {
      kind: approve ? "client_approved" : "client_asked_changes",
      pageId: link.pageId,
      versionId: link.versionId,
      actorName: who,
    });
    return link;
  });
  if (!decided) return false;
  logger.info({ linkId: decided.linkId, versionId: decided.versionId, decision: input.decision }, "review link decision");
  if (input.decision === "approved" && decided.ownerId) await publishOnApproval({ id: decided.ownerId }, decided.versionId);
  return true;
}
