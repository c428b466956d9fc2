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
import { and, asc, desc, eq, gt, inArray, isNull, ne, not, sql } from "drizzle-orm";
import { pages, pagesVersions, reviewComments, reviewLinks, reviewLinkWatchers, revisionRequests, sites, user } from "../../db/schema";
import { articleChanges, type ArticleChanges } from "~/lib/article-changes.server";
import { metaDescriptionOf } from "~/lib/meta-description.server";
import { REVIEW_LINK_DAYS, watcherTokenContext } from "~/lib/review-link";
import { reviewState, type ReviewState } from "~/lib/review-state";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { recordNotifications } from "~/jobs/notify.server";
import { startNextRound } from "~/jobs/revision-round.server";
import { openRevisionRequest } from "~/jobs/revision-request.server";
import { clockNow } from "~/services/clock.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { hashSecretToken, newSecretToken, SECRET_TOKEN } from "~/services/secret-tokens.server";
import { sealSecret } from "~/services/secrets.server";
import { recordInboxArrival } from "~/services/team-inbox.server";
import type { TeamMember } from "~/services/auth.server";
import { ownedVersion, siteReach, type Actor } from "./access.server";
import { scoreOf } from "./content-score.server";
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

/**
 * A new link to the review of the user's version's page (issue 38: it follows the page, showing its newest version);
 * its token is in the answer only (stored as its hash). Not for a demo article.
 */
export async function createReviewLink(user: Actor, versionId: number): Promise<{ id: number; token: string; expiresAt: Date }> {
  const { versionId: id, page } = await ownedVersion(user, versionId);
  if (page.hideRevisionsTextsFromPreview) throw new DemoArticleError();
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + REVIEW_LINK_DAYS * 86_400_000);
  const db = await getDb();
  const [row] = await db
    .insert(reviewLinks)
    .values({ version: id, page: page.id, tokenHash: hashSecretToken(token), createdBy: user.id, expiresAt })
    .returning({ id: reviewLinks.id });
  logger.info({ userId: user.id, versionId: id, linkId: row!.id }, "review link created");
  return { id: row!.id, token, expiresAt };
}

/** The page's links, newest first, live or not (its ownership checked by the caller). */
async function linksOf(pageId: number): Promise<ReviewLinkRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: reviewLinks.id, createdAt: reviewLinks.createdAt, expiresAt: reviewLinks.expiresAt, revokedAt: reviewLinks.revokedAt })
    .from(reviewLinks)
    .where(eq(reviewLinks.page, pageId))
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

/** The links of the user's version's page, newest first, live or not. */
export async function listReviewLinks(user: Actor, versionId: number): Promise<ReviewLinkRow[]> {
  return linksOf((await ownedVersion(user, versionId)).page.id);
}

/**
 * The review screen's sharing card: the links of the user's version's page (each follows the page) and what
 * reviewers said on this version, its ownership checked once.
 */
export async function getReviewSharing(user: Actor, versionId: number): Promise<{ links: ReviewLinkRow[]; comments: ReviewCommentRow[] }> {
  const { versionId: id, page } = await ownedVersion(user, versionId);
  const [links, comments] = await Promise.all([linksOf(page.id), commentsOf(id)]);
  return { links, comments };
}

/** Ends a link of one of the user's versions at once (again: no change). Another's, or none: false. */
export async function revokeReviewLink(user: Actor, linkId: number): Promise<boolean> {
  const db = await getDb();
  const [owned] = await db
    .select({ id: reviewLinks.id })
    .from(reviewLinks)
    .innerJoin(pages, eq(pages.id, reviewLinks.page))
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
  /** The version the link was made on. */
  madeOn: number;
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
      // The page's newest version (issue 38): the link follows the page's review, never a stale draft.
      versionId: sql<number | null>`(select ${pagesVersions.id} from ${pagesVersions} where ${pagesVersions.page} = ${reviewLinks.page}
        order by ${pagesVersions.createdDate} desc, ${pagesVersions.id} desc limit 1)`,
      madeOn: reviewLinks.version,
      pageId: pages.id,
      pageName: pages.name,
      siteName: sites.name,
      hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
      ownerId: sites.linkedUser,
      expiresAt: reviewLinks.expiresAt,
    })
    .from(reviewLinks)
    .innerJoin(pages, eq(pages.id, reviewLinks.page))
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
  return row && row.versionId !== null ? { ...row, versionId: row.versionId } : null;
}

/**
 * TEAM: revokes every live review link of the sites an account owns, when the team bans it (issue 37): nobody
 * reads or comments on a banned client's articles any more. Lifting the ban brings none back: the owner makes new
 * ones if they choose. Answers how many were revoked.
 */
export async function teamRevokeReviewLinksOfOwner(member: TeamMember, ownerId: string): Promise<number> {
  assertTeam(member);
  const db = await getDb();
  const ownersPages = db
    .select({ id: pages.id })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(eq(sites.linkedUser, ownerId));
  const revoked = await db
    .update(reviewLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(isNull(reviewLinks.revokedAt), inArray(reviewLinks.page, ownersPages)))
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
  /** What reviewers said on the version shown. */
  comments: ReviewCommentRow[];
  /** The revision round of the version shown, and when the changes that started it were asked (issue 38); null: the first draft. */
  round: { number: number; requestedAt: Date | null } | null;
  /** What was said through this link on earlier versions, oldest first, each passage beside its comment. */
  earlier: ReviewCommentRow[];
  /** What changed since the version this link's reviewers last read (commented, else the one the link was made on); null: none. */
  changes: (ArticleChanges & { since: Date }) | null;
  /** While in revision: when the revision is due (the request for changes' promise). */
  revisionDueAt: Date | null;
  /** Its content score beside the top pages' median, and the questions it leaves unanswered (issue 39); null without research. */
  score: { score: number; topMedian: number | null; unansweredQuestions: string[] } | null;
};

/** The version this link's reviewers read last, before `current`: the newest they commented, else the link's own. */
async function versionReadBefore(db: Db, link: LiveLink): Promise<number | null> {
  const [commented] = await db
    .select({ version: reviewComments.version })
    .from(reviewComments)
    .where(and(eq(reviewComments.link, link.linkId), ne(reviewComments.version, link.versionId)))
    .orderBy(desc(reviewComments.createdAt), desc(reviewComments.id))
    .limit(1);
  const read = commented?.version ?? link.madeOn;
  return read === link.versionId ? null : read;
}

/**
 * GUEST, BY TOKEN: the page's newest version as it will be published, what its reviewers said, which round it is,
 * what this link's reviewers said before and what changed since they read it (issue 38).
 */
export async function guestOpenReview(token: string): Promise<GuestReview | null> {
  const db = await getDb();
  const link = await liveLink(token, db);
  if (!link) return null;
  const versionColumns = {
    id: pagesVersions.id,
    html: pagesVersions.htmlContent,
    metaDescription: pagesVersions.metaDescription,
    approved: pagesVersions.approved,
    sentInRevision: pagesVersions.sentInRevision,
    revisionRound: pagesVersions.revisionRound,
    createdDate: pagesVersions.createdDate,
  };
  const readBefore = await versionReadBefore(db, link);
  const [[version], comments, cover, earlier, [before], score] = await Promise.all([
    db.select(versionColumns).from(pagesVersions).where(eq(pagesVersions.id, link.versionId)),
    commentsOf(link.versionId),
    coverImageUrl({ id: link.pageId, hideCoverImageFromPreview: link.hideCoverImageFromPreview }),
    db
      .select(commentColumns)
      .from(reviewComments)
      .where(and(eq(reviewComments.link, link.linkId), ne(reviewComments.version, link.versionId)))
      .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id)),
    readBefore === null ? Promise.resolve([]) : db.select(versionColumns).from(pagesVersions).where(eq(pagesVersions.id, readBefore)),
    scoreOf(db, link.versionId),
  ]);
  if (!version) return null;
  const round =
    version.revisionRound > 0
      ? { number: version.revisionRound, requestedAt: await roundRequestedAt(db, link.pageId, version.revisionRound) }
      : null;
  const state = reviewState(version);
  const revisionDueAt = state === "In revision" ? await revisionDue(db, version.id) : null;
  const html = sanitizeArticleHtml(version.html);
  const changes = before ? { ...articleChanges(before.html, version.html), since: before.createdDate } : null;
  return {
    html,
    title: link.pageName,
    description: metaDescriptionOf({ metaDescription: version.metaDescription, html }),
    coverImageUrl: cover,
    state,
    expiresAt: link.expiresAt,
    comments,
    round,
    revisionDueAt,
    earlier,
    changes: changes && changes.paragraphs.length ? changes : null,
    score: score && { score: score.score, topMedian: score.topMedian, unansweredQuestions: score.details.unansweredQuestions },
  };
}

/** When the revision asked of a version is due (its newest open request), or null. */
async function revisionDue(db: Db, versionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: revisionRequests.dueAt })
    .from(revisionRequests)
    .where(and(eq(revisionRequests.version, versionId), ne(revisionRequests.status, "cancelled")))
    .orderBy(desc(revisionRequests.createdAt))
    .limit(1);
  return row?.dueAt ?? null;
}

/** When the changes that started the page's round `round` were asked (the newest such request), or null. */
async function roundRequestedAt(db: Db, pageId: number, round: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: revisionRequests.createdAt })
    .from(revisionRequests)
    .where(and(eq(revisionRequests.page, pageId), eq(revisionRequests.round, round)))
    .orderBy(desc(revisionRequests.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export type GuestCommentInput = {
  name: string;
  body: string;
  quote?: { text: string; start: number; end: number } | null;
  /** An address to be told when the next round is ready (issue 38), stored for that only. */
  email?: string | null;
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
    if (input.email) {
      // The link itself goes in the e-mail: its token is kept sealed for that (the link stays stored as its hash).
      await tx
        .insert(reviewLinkWatchers)
        .values({ link: link.linkId, email: input.email, tokenSealed: sealSecret(token, watcherTokenContext(link.linkId)) })
        .onConflictDoNothing();
    }
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
