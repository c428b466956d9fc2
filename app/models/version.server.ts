/**
 * Page versions (pages_versions): the article HTML of a page, one row per version. Saving new HTML
 * always inserts a new row; a modification request without a new version replaces a version's HTML in
 * place, and the text it replaced is kept in pages_versions_history. Every function takes the acting user and
 * reaches the rows through models/access.server.ts, so a version of another account behaves exactly
 * like a missing one (NotFoundError).
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { pagesVersions, pagesVersionsHistory, revisionRequests, sites, versionScores, versionSources } from "../../db/schema";
import { writeVersion } from "~/jobs/version-writer.server";
import { getDb, type Db } from "~/services/db.server";
import { isTeamActor, NotFoundError, ownedPage, ownedPageRef, ownedVersion, siteReach, type Actor, type PageRef } from "./access.server";
import { actionId, queueActions } from "~/jobs/queue.server";
import { queueArticleWork } from "./outline.server";

export const versionColumns = {
  id: pagesVersions.id,
  page: pagesVersions.page,
  htmlContent: pagesVersions.htmlContent,
  creator: pagesVersions.creator,
  createdDate: pagesVersions.createdDate,
  commentsToModify: pagesVersions.commentsToModify,
  needToDoWebSearchForModification: pagesVersions.needToDoWebSearchForModification,
  highlightModifiedContent: pagesVersions.highlightModifiedContent,
  unhighlightModifiedContent: pagesVersions.unhighlightModifiedContent,
  pagesVersionsToTakeAsExample: pagesVersions.pagesVersionsToTakeAsExample,
  sentInRevision: pagesVersions.sentInRevision,
  approved: pagesVersions.approved,
  metaDescription: pagesVersions.metaDescription,
  revisionRound: pagesVersions.revisionRound,
  edited: pagesVersions.edited,
  heldForTeam: pagesVersions.heldForTeam,
};

export type VersionRow = { [K in keyof typeof versionColumns]: (typeof pagesVersions.$inferSelect)[K] };

/** The example given with a modification request is not a version of the same page. */
export class InvalidExampleError extends Error {
  constructor() {
    super("The example version must be a version of the same page.");
  }
}

/** A version of the user's page; with `pageId`, it must also belong to that page. */
async function versionOfPage(user: Actor, versionId: number, pageId?: number) {
  const owned = await ownedVersion(user, versionId);
  if (pageId !== undefined && owned.page.id !== pageId) throw new NotFoundError("version");
  return owned;
}

/** A version as listed, with how many earlier texts of it pages_versions_history keeps. */
export type ListedVersion = VersionRow & {
  historyCount: number;
  waitingRevision: string | null;
  /** Its content score and the top pages' median of the same research (issue 39); null without research. */
  score: number | null;
  topMedian: number | null;
  /** Its checked sources (issue 40): how many, how many supported, and how many broken or not supported. */
  sources: { total: number; supported: number; problems: number };
};

/**
 * The page's versions with their HTML, newest first (created_date, then id, descending), each with the
 * number of earlier texts kept when a modification request replaced its HTML in place and its content score
 * (one query).
 */
export async function listVersions(user: Actor, siteId: number, ref: PageRef): Promise<ListedVersion[]> {
  const { id: pageId } = await ownedPageRef(user, ref, siteId);
  const db = await getDb();
  return db
    .select({
      ...versionColumns,
      historyCount: count(pagesVersionsHistory.id),
      // The instructions of a revision waiting for the team (issue 38): the form starts from them.
      waitingRevision: sql<string | null>`(select ${revisionRequests.instructions} from ${revisionRequests}
        where ${revisionRequests.version} = ${pagesVersions.id} and ${revisionRequests.status} = 'waiting'
        order by ${revisionRequests.createdAt} desc limit 1)`,
      score: versionScores.score,
      topMedian: versionScores.topMedian,
      sources: {
        total: sql<number>`(select count(*)::int from ${versionSources} s where s.version = ${pagesVersions.id})`,
        supported: sql<number>`(select count(*)::int from ${versionSources} s where s.version = ${pagesVersions.id} and s.verdict = 'supported')`,
        problems: sql<number>`(select count(*)::int from ${versionSources} s
          where s.version = ${pagesVersions.id} and s.verdict in ('not_supported', 'broken'))`,
      },
    })
    .from(pagesVersions)
    .leftJoin(pagesVersionsHistory, eq(pagesVersionsHistory.version, pagesVersions.id))
    .leftJoin(versionScores, eq(versionScores.version, pagesVersions.id))
    .where(eq(pagesVersions.page, pageId))
    .groupBy(pagesVersions.id, versionScores.version)
    .orderBy(desc(pagesVersions.createdDate), desc(pagesVersions.id));
}

export type EarlierText = { id: number; htmlContent: string; metaDescription: string | null; replacedAt: Date; replacedBy: number | null };

/**
 * The earlier texts of one of the user's versions (with `pageId`, a version of that page), newest
 * first: what the version said before each modification request replaced its HTML in place.
 */
export async function listVersionHistory(user: Actor, versionId: number, pageId?: number): Promise<EarlierText[]> {
  const owned = await versionOfPage(user, versionId, pageId);
  const db = await getDb();
  return db
    .select({
      id: pagesVersionsHistory.id,
      htmlContent: pagesVersionsHistory.htmlContent,
      metaDescription: pagesVersionsHistory.metaDescription,
      replacedAt: pagesVersionsHistory.replacedAt,
      replacedBy: pagesVersionsHistory.replacedBy,
    })
    .from(pagesVersionsHistory)
    .where(eq(pagesVersionsHistory.version, owned.versionId))
    .orderBy(desc(pagesVersionsHistory.replacedAt), desc(pagesVersionsHistory.id));
}

/**
 * Saves an earlier text of one of the page's versions (pages_versions_history) as a NEW version of the page,
 * created by the user; the history is left as it is. A text of another page (or account) is NotFoundError.
 */
export async function restoreEarlierText(user: Actor, pageId: number, historyId: number): Promise<VersionRow> {
  await ownedPage(user, pageId);
  const db = await getDb();
  const [earlier] = await db
    .select({ html: pagesVersionsHistory.htmlContent, metaDescription: pagesVersionsHistory.metaDescription })
    .from(pagesVersionsHistory)
    .innerJoin(pagesVersions, eq(pagesVersions.id, pagesVersionsHistory.version))
    .where(and(eq(pagesVersionsHistory.id, historyId), eq(pagesVersions.page, pageId)));
  if (!earlier) throw new NotFoundError("version");
  return db.transaction(async (tx) => {
    const id = await writeVersion(tx, { pageId, html: earlier.html, metaDescription: earlier.metaDescription, creator: user.id });
    return versionRow(tx, id);
  });
}

/** A version's row as the screens read it. */
async function versionRow(tx: Db, versionId: number): Promise<VersionRow> {
  const [row] = await tx.select(versionColumns).from(pagesVersions).where(eq(pagesVersions.id, versionId));
  return row;
}

/**
 * Saves HTML as a NEW version of the page, created by the user. With `basedOn` (the version that was
 * edited), that version must be one of the page's, the new version is an edit (its round's label says so) and
 * keeps its meta description unless `metaDescription` is given ("" or null: none, the text describes it).
 * Without `basedOn`, the version has the description given, or none. Either way its review starts over: a copy of
 * an approved version is not approved (issue 38).
 */
export async function createVersion(
  user: Actor,
  pageId: number,
  html: string,
  options: { basedOn?: number; metaDescription?: string | null } = {},
): Promise<VersionRow> {
  const db = await getDb();
  let metaDescription = options.metaDescription;
  if (options.basedOn !== undefined) {
    const owned = await versionOfPage(user, options.basedOn, pageId);
    if (metaDescription === undefined) {
      const [based] = await db
        .select({ metaDescription: pagesVersions.metaDescription })
        .from(pagesVersions)
        .where(eq(pagesVersions.id, owned.versionId));
      metaDescription = based?.metaDescription ?? null;
    }
  } else await ownedPage(user, pageId);
  return db.transaction(async (tx) => {
    const id = await writeVersion(tx, {
      pageId,
      html,
      metaDescription: metaDescription || null,
      creator: user.id,
      edited: options.basedOn !== undefined,
    });
    return versionRow(tx, id);
  });
}

/** Deletes one of the user's versions (with `pageId`, only a version of that page); answers its id and page. */
export async function deleteVersion(user: Actor, versionId: number, pageId?: number) {
  const owned = await versionOfPage(user, versionId, pageId);
  const db = await getDb();
  await db.delete(pagesVersions).where(eq(pagesVersions.id, owned.versionId));
  return { id: owned.versionId, pageId: owned.page.id };
}

export type ModificationInput = {
  commentsToModify: string | null;
  needToDoWebSearchForModification: boolean;
  highlightModifiedContent: boolean;
  unhighlightModifiedContent: boolean;
  /** A version of the same page, or null. */
  pagesVersionsToTakeAsExample: number | null;
};

/**
 * Records a modification request on a version and queues a modify_articles_with_instructions action
 * for it (info_json holds { createNewVersion, request }). With `pageId`, the version must belong to that page.
 * Throws MissingActionError (nothing changed) when the action catalogue lacks the action.
 */
export async function recordModification(
  user: Actor,
  versionId: number,
  input: ModificationInput,
  options: { createNewVersion?: boolean; pageId?: number } = {},
) {
  const owned = await versionOfPage(user, versionId, options.pageId);
  const db = await getDb();
  const example = input.pagesVersionsToTakeAsExample;
  if (example !== null) {
    const [row] = await db
      .select({ id: pagesVersions.id })
      .from(pagesVersions)
      .where(and(eq(pagesVersions.id, example), eq(pagesVersions.page, owned.page.id)));
    if (!row) throw new InvalidExampleError();
  }
  // Checked before anything is written, so that a missing action leaves the version unchanged.
  await actionId("modify_articles_with_instructions");
  // The request and its queued action are recorded together, or not at all.
  return db.transaction(async (tx) => {
    const [version] = await tx
      .update(pagesVersions)
      .set({
        commentsToModify: input.commentsToModify,
        needToDoWebSearchForModification: input.needToDoWebSearchForModification,
        highlightModifiedContent: input.highlightModifiedContent,
        unhighlightModifiedContent: input.unhighlightModifiedContent,
        pagesVersionsToTakeAsExample: example,
      })
      .where(eq(pagesVersions.id, owned.versionId))
      .returning(versionColumns);
    const [queued] = await queueActions(
      user,
      "modify_articles_with_instructions",
      [
        {
          pageId: owned.page.id,
          versionId: owned.versionId,
          // The request travels with its action too: a later request on the same version does not change this one.
          infoJson: { createNewVersion: options.createNewVersion ?? false, request: { ...input, pagesVersionsToTakeAsExample: example } },
        },
      ],
      tx,
    );
    // A revision waiting for the team on this version is this request now (issue 38): it is not queued twice.
    if (input.commentsToModify)
      await tx
        .update(revisionRequests)
        .set({
          status: "queued",
          instructions: input.commentsToModify,
          confirmedAt: sql`now()`,
          confirmedBy: user.id,
          action: queued.id,
        })
        .where(and(eq(revisionRequests.version, owned.versionId), eq(revisionRequests.status, "waiting")));
    return { version, actionId: queued.id };
  });
}

/**
 * Asks for a new version of the page written by the background process: its outline first (create_outline)
 * when the site approves outlines, else the article itself (create_article). Says which step was queued.
 */
export async function queueNewVersion(user: Actor, pageId: number) {
  const page = await ownedPage(user, pageId);
  const { step, queued } = await queueArticleWork(user, page.site.id, [page.id]);
  return { actionId: queued[0].id, step };
}

/**
 * A version to download (issue 15): its HTML, the page's name and address, when it was written. The version of
 * the URL's page and site, the actor's (else NotFoundError, as for a missing one).
 */
export async function versionForDownload(user: Actor, versionId: number, pageId: number, siteId: number) {
  const { page } = await ownedVersion(user, versionId);
  if (page.id !== pageId || page.site.id !== siteId) throw new NotFoundError("version");
  const db = await getDb();
  const [row] = await db
    .select({ html: pagesVersions.htmlContent, metaDescription: pagesVersions.metaDescription, createdDate: pagesVersions.createdDate })
    .from(pagesVersions)
    .where(eq(pagesVersions.id, versionId));
  if (!row) throw new NotFoundError("version");
  return { ...row, id: versionId, pageName: page.name, pageUrl: page.url };
}

/**
 * What the screens need to say a version's revision round (lib/version-rules.ts, revisionRoundLabel): the rounds
 * the site's offer includes, and whether the reader is the team (only the team is told a round goes past them).
 */
export async function revisionRounds(user: Actor, siteId: number): Promise<{ included: number; team: boolean }> {
  const db = await getDb();
  const [site] = await db
    .select({ included: sites.includedRevisionRounds })
    .from(sites)
    .where(and(eq(sites.id, siteId), siteReach(user)));
  if (!site) throw new NotFoundError("site");
  return { included: site.included, team: isTeamActor(user) };
}
