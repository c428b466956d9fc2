/**
 * The revisions that requests for changes start (issue 38; the request itself: jobs/revision-request.server.ts).
 * The owner reads where their revision stands (waiting for the team, being written, ready) with the date it is due;
 * the team reads the instructions made from the reviewers' comments, each quoted passage beside its comment, edits
 * them if it must and confirms them, which queues the revision. Owner functions start from ownedVersion; the team's
 * take the acting TeamMember and check it (assertTeam), and write the audit log.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { pagesActions, pagesVersions, reviewComments, revisionRequests, sites, teamInbox } from "../../db/schema";
import { queueRevision } from "~/jobs/revision-request.server";
import type { TeamMember } from "~/services/auth.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { writeAudit } from "~/services/team-audit.server";
import { ownedVersion, type Actor } from "./access.server";
import { assertTeam, auditActor } from "./team-access.server";

/** Where a revision stands for the people waiting for it. */
export type RevisionStage = "waiting" | "writing" | "failed" | "ready" | "cancelled";

export type RevisionStatus = {
  id: number;
  round: number;
  stage: RevisionStage;
  createdAt: Date;
  dueAt: Date;
  /** The version the revision wrote, once written. */
  revisedVersionId: number | null;
};

/** The revision request is no longer waiting for the team (confirmed, or taken back, meanwhile). */
export class RevisionClosedError extends Error {
  constructor() {
    super("Cette révision n'attend plus de confirmation : elle a été lancée ou retirée entre-temps.");
  }
}

/** The newest version of the page written for the request's round since it was made (its revision), as a column. */
const revisedVersion = sql<number | null>`(
  select ${pagesVersions.id} from ${pagesVersions}
  where ${pagesVersions.page} = ${revisionRequests.page}
    and ${pagesVersions.revisionRound} >= ${revisionRequests.round}
    and ${pagesVersions.createdDate} >= ${revisionRequests.createdAt}
  order by ${pagesVersions.createdDate} desc, ${pagesVersions.id} desc limit 1)`;

const actionState = sql<string | null>`(select ${pagesActions.state} from ${pagesActions} where ${pagesActions.id} = ${revisionRequests.action})`;

function stageOf(row: { status: string; actionState: string | null; revisedVersionId: number | null }): RevisionStage {
  if (row.revisedVersionId !== null) return "ready";
  if (row.status === "cancelled") return "cancelled";
  if (row.status === "waiting") return "waiting";
  return row.actionState === "failed" || row.actionState === "cancelled" ? "failed" : "writing";
}

const statusColumns = {
  id: revisionRequests.id,
  round: revisionRequests.round,
  status: revisionRequests.status,
  createdAt: revisionRequests.createdAt,
  dueAt: revisionRequests.dueAt,
  actionState,
  revisedVersionId: revisedVersion,
};

const toStatus = ({ status, actionState: state, ...row }: { status: string; actionState: string | null } & Omit<RevisionStatus, "stage">) => ({
  ...row,
  stage: stageOf({ status, actionState: state, revisedVersionId: row.revisedVersionId }),
});

/** The revision that the newest request for changes on one of the actor's versions started, or null (one query). */
export async function revisionOfVersion(actor: Actor, versionId: number): Promise<RevisionStatus | null> {
  const { versionId: id } = await ownedVersion(actor, versionId);
  const db = await getDb();
  const [row] = await db
    .select(statusColumns)
    .from(revisionRequests)
    .where(eq(revisionRequests.version, id))
    .orderBy(desc(revisionRequests.createdAt), desc(revisionRequests.id))
    .limit(1);
  return row ? toStatus(row) : null;
}

export type TeamRevision = RevisionStatus & {
  instructions: string;
  requestedByName: string;
  confirmedAt: Date | null;
  /** Whether the site runs its revisions at once (then nothing waits for the team). */
  siteRunsAtOnce: boolean;
  /** What the reviewers said on the version, each passage they quoted beside their comment. */
  comments: { id: number; kind: string; authorName: string; body: string; quote: string | null; createdAt: Date }[];
};

/** TEAM: the newest revision of a version, with its instructions and the version's comments; null when there is none. */
export async function teamRevisionOfVersion(member: TeamMember, versionId: number): Promise<TeamRevision | null> {
  assertTeam(member);
  const db = await getDb();
  const [[row], comments] = await Promise.all([
    db
      .select({
        ...statusColumns,
        instructions: revisionRequests.instructions,
        requestedByName: revisionRequests.requestedByName,
        confirmedAt: revisionRequests.confirmedAt,
        waitForTeam: sql<boolean>`(select ${sites.revisionsWaitForTeam} from ${sites} where ${sites.id} = (select site from pages where pages.id = ${revisionRequests.page}))`,
      })
      .from(revisionRequests)
      .where(eq(revisionRequests.version, versionId))
      .orderBy(desc(revisionRequests.createdAt), desc(revisionRequests.id))
      .limit(1),
    db
      .select({
        id: reviewComments.id,
        kind: reviewComments.kind,
        authorName: reviewComments.authorName,
        body: reviewComments.body,
        quote: reviewComments.quote,
        createdAt: reviewComments.createdAt,
      })
      .from(reviewComments)
      .where(eq(reviewComments.version, versionId))
      .orderBy(sql`${reviewComments.quoteStart} asc nulls last`, asc(reviewComments.createdAt)),
  ]);
  if (!row) return null;
  const { instructions, requestedByName, confirmedAt, waitForTeam, ...status } = row;
  return { ...toStatus(status), instructions, requestedByName, confirmedAt, siteRunsAtOnce: !waitForTeam, comments };
}

/**
 * TEAM: confirms a revision waiting for the team, with its instructions as the team leaves them: the revision is
 * queued (a new version, what changed marked), the request's inbox item handled, and the confirmation audited.
 * RevisionClosedError when it no longer waits.
 */
export async function teamConfirmRevision(member: TeamMember, requestId: number, instructions: string): Promise<{ actionId: number }> {
  assertTeam(member);
  const db = await getDb();
  const actionId = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ instructions: revisionRequests.instructions })
      .from(revisionRequests)
      .where(eq(revisionRequests.id, requestId));
    const [request] = await tx
      .update(revisionRequests)
      .set({ instructions, status: "queued", confirmedAt: sql`now()`, confirmedBy: member.id })
      .where(and(eq(revisionRequests.id, requestId), eq(revisionRequests.status, "waiting")))
      .returning();
    if (!request || !before) throw new RevisionClosedError();
    const [queued] = await queueRevision(tx, member, request);
    await tx.update(revisionRequests).set({ action: queued!.id }).where(eq(revisionRequests.id, request.id));
    // The request for changes in the inbox is acted on: handled, by whoever confirmed its revision.
    await tx
      .update(teamInbox)
      .set({ handledAt: sql`now()`, handledBy: member.id })
      .where(and(eq(teamInbox.versionId, request.version), eq(teamInbox.decision, "revision"), isNull(teamInbox.handledAt)));
    await writeAudit(
      {
        actor: auditActor(member),
        action: "revision.confirmed",
        record: { type: "page", id: request.page },
        details: { versionId: request.version, round: request.round, request: request.id, edited: instructions !== before.instructions },
      },
      tx,
    );
    return queued!.id;
  });
  logger.info({ userId: member.id, requestId, actionId }, "revision confirmed");
  return { actionId };
}
