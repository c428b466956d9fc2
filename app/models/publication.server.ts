/**
 * A page on its site's WordPress (issue 15): where it stands (not published, or draft / private / published
 * there, with the live version, when, by whom and the post's link), and 'Publish to WordPress', which queues a
 * publish_article request. Only the site's owner and the team reach it (ownedVersion, ownedPageRef).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  actions,
  pagePublications,
  pages,
  pagesActions,
  pagesVersions,
  sitePublishing,
  sites,
  user,
  versionSources,
} from "../../db/schema";
import { queueActions } from "~/jobs/queue.server";
import { POST_MISSING } from "~/lib/publishing";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { ownedPageRef, ownedVersion, type Actor, type PageRef } from "./access.server";

/** Nothing can be published: the site has no connection yet. */
export class NotConnectedError extends Error {
  constructor() {
    super("Connect the site's WordPress (or set its webhook) first, on the site's Publishing screen.");
  }
}

/** A publish of this page is already queued or running: a second would race it. */
export class PublishUnderWayError extends Error {
  constructor() {
    super("A publish of this page is already under way.");
  }
}

/** A source of the version that is broken or does not support its sentence (issue 40), as publishing names it. */
export type SourceProblem = { url: string; claim: string | null; verdict: "broken" | "not_supported" };

/**
 * The version has broken or unsupported sources: publishing asks to confirm, naming them; or, on a site the team set
 * to refuse them (`refused`), publishing is refused until they are fixed.
 */
export class SourcesProblemError extends Error {
  constructor(
    readonly problems: SourceProblem[],
    readonly refused: boolean,
  ) {
    super(
      refused
        ? `This site does not publish an article with a broken or unsupported source: fix ${problems.length === 1 ? "it" : `these ${problems.length}`} first.`
        : `${problems.length} ${problems.length === 1 ? "source is" : "sources are"} broken or do not support their sentence.`,
    );
  }
}

export type PagePublication = {
  /** Whether the site has somewhere to publish. */
  connected: boolean;
  /** Where: its WordPress, or its webhook. */
  target: "wordpress" | "webhook" | null;
  siteId: number;
  /** On WordPress: null while the page was never published. */
  remote: {
    /** The post's id on WordPress (null for a webhook, which answers no id). */
    id: number | null;
    type: string;
    status: string;
    link: string | null;
    liveVersionId: number | null;
    publishedAt: string | null;
    publishedBy: string | null;
  } | null;
  /** The newest publish request: under way, or failed with its reason (and whether the post was deleted there). */
  lastRequest: {
    id: number;
    state: string;
    versionId: number | null;
    error: string | null;
    postMissing: boolean;
  } | null;
};

/** Where the page stands on WordPress, with its newest publish request: three small queries side by side. */
export async function getPagePublication(actor: Actor, ref: PageRef): Promise<PagePublication> {
  const page = await ownedPageRef(actor, ref);
  const db = await getDb();
  const [[connection], [published], [request]] = await Promise.all([
    db.select({ target: sitePublishing.target }).from(sitePublishing).where(eq(sitePublishing.siteId, page.site.id)),
    db
      .select({
        target: pagePublications.target,
        remoteId: pagePublications.remoteId,
        remoteType: pagePublications.remoteType,
        remoteStatus: pagePublications.remoteStatus,
        remoteLink: pagePublications.remoteLink,
        liveVersion: pagePublications.liveVersion,
        publishedAt: pagePublications.publishedAt,
        publishedBy: user.name,
      })
      .from(pagePublications)
      .leftJoin(user, eq(user.id, pagePublications.publishedBy))
      .where(eq(pagePublications.pageId, page.id)),
    db
      .select({ id: pagesActions.id, state: pagesActions.state, versionId: pagesActions.linkedPagesVersion, error: pagesActions.lastError })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(and(eq(pagesActions.linkedPage, page.id), eq(actions.name, "publish_article")))
      .orderBy(desc(pagesActions.createdDate), desc(pagesActions.id))
      .limit(1),
  ]);
  return {
    connected: connection?.target === "wordpress" || connection?.target === "webhook",
    target: connection?.target === "wordpress" || connection?.target === "webhook" ? connection.target : null,
    siteId: page.site.id,
    remote:
      published && (published.remoteId || (published.target === "webhook" && published.publishedAt))
        ? {
            id: published.remoteId,
            type: published.remoteType ?? "post",
            status: published.remoteStatus ?? "draft",
            link: published.remoteLink,
            liveVersionId: published.liveVersion,
            publishedAt: published.publishedAt?.toISOString() ?? null,
            publishedBy: published.publishedBy,
          }
        : null,
    lastRequest: request ? { ...request, postMissing: request.state === "failed" && request.error === POST_MISSING } : null,
  };
}

/**
 * 'Publish to WordPress' for a version: queues a publish_article request, unless the site has no connection or
 * a publish of the page is already under way. `recreate`: make the post again after it was deleted there. Says
 * whether the version is approved: one that is not is published all the same, and the screen says so (issue 38).
 */
export async function queuePublish(
  actor: Actor,
  versionId: number,
  options: { recreate?: boolean; confirmSources?: boolean } = {},
): Promise<{ requestId: number; approved: boolean }> {
  const { page } = await ownedVersion(actor, versionId);
  const db = await getDb();
  const [[connection], [version], problems] = await Promise.all([
    db.select({ target: sitePublishing.target }).from(sitePublishing).where(eq(sitePublishing.siteId, page.site.id)),
    db
      .select({ approved: pagesVersions.approved, refuse: sites.refuseUncheckedSources })
      .from(pagesVersions)
      .innerJoin(sites, eq(sites.id, page.site.id))
      .where(eq(pagesVersions.id, versionId)),
    db
      .select({ url: versionSources.url, claim: versionSources.claim, verdict: sql<SourceProblem["verdict"]>`${versionSources.verdict}` })
      .from(versionSources)
      .where(and(eq(versionSources.version, versionId), inArray(versionSources.verdict, ["broken", "not_supported"])))
      .orderBy(versionSources.position),
  ]);
  if (connection?.target !== "wordpress" && connection?.target !== "webhook") throw new NotConnectedError();
  // Broken or unsupported sources (issue 40): asked to confirm, or refused where the team set the site so.
  if (problems.length && (version?.refuse || !options.confirmSources)) throw new SourcesProblemError(problems, Boolean(version?.refuse));
  // The check and the queuing hold the page's row: two publishes asked for at the same instant (two browsers, a
  // click and an approval) queue one; the other waits for it, then finds it under way.
  const queued = await db.transaction(async (tx) => {
    await tx.select({ id: pages.id }).from(pages).where(eq(pages.id, page.id)).for("update");
    const [underWay] = await tx
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(
        and(eq(pagesActions.linkedPage, page.id), eq(actions.name, "publish_article"), inArray(pagesActions.state, ["queued", "running"])),
      )
      .limit(1);
    if (underWay) throw new PublishUnderWayError();
    const [row] = await queueActions(
      actor,
      "publish_article",
      [{ pageId: page.id, versionId, infoJson: options.recreate ? { recreate: true } : null }],
      tx,
    );
    return row!;
  });
  logger.info({ pageId: page.id, versionId, userId: actor.id, recreate: Boolean(options.recreate) }, "publish to WordPress queued");
  return { requestId: queued.id, approved: version?.approved ?? false };
}

/**
 * After a client approved a version: publishes it when the site says so ('Publish on approval'). A publish
 * already under way or a site without a connection leaves the approval as it is; the answer says whether one
 * was queued.
 */
export async function publishOnApproval(actor: Actor, versionId: number): Promise<boolean> {
  const { page } = await ownedVersion(actor, versionId);
  const db = await getDb();
  const [connection] = await db
    .select({ onApproval: sitePublishing.publishOnApproval })
    .from(sitePublishing)
    .where(eq(sitePublishing.siteId, page.site.id));
  if (!connection?.onApproval) return false;
  try {
    await queuePublish(actor, versionId);
    return true;
  } catch (error) {
    // A version with broken or unsupported sources waits for someone to publish it knowingly (issue 40).
    if (error instanceof PublishUnderWayError || error instanceof NotConnectedError || error instanceof SourcesProblemError) return false;
    throw error;
  }
}
