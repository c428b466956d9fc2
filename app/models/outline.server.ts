/**
 * Outlines (issue 16): asking for an article first asks for its outline (create_outline), unless the site's
 * brief skips that step; the client, or the team for them, edits the outline and approves it, and only then is
 * the article written from it (create_article with the outline). Every function checks the actor's reach to
 * the page (models/access.server.ts) first; an outline of another account answers like a missing one.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { actions, pageOutlines, pages, pagesActions, siteBriefs, sites, user as users } from "../../db/schema";
import { NotFoundError } from "~/lib/not-found";
import type { OutlineContent, OutlineStatus } from "~/lib/outline";
import type { OutlineInput } from "~/lib/schemas/outline";
import { queueActions } from "~/jobs/queue.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { writeAudit } from "~/services/team-audit.server";
import { isTeamActor, ownedPage, ownedPageRef, siteReach, type Actor, type PageRef } from "./access.server";

/** The outline was approved (or replaced) meanwhile: it can no longer change. */
export class OutlineClosedError extends Error {
  constructor(public readonly status: OutlineStatus) {
    super(`The outline is ${status}`);
  }
}

/** An outline of the page is being written already. */
export class OutlinePendingError extends Error {
  constructor() {
    super("An outline of this page is being written");
  }
}

/** Whether the site of one of the actor's pages starts its articles with an outline (the outline screen says so). */
export async function siteOutlineStep(actor: Actor, page: PageRef): Promise<boolean> {
  return outlineStepOf((await ownedPageRef(actor, page)).site.id);
}

/** Whether the site's articles start with an outline (its brief says; yes until skipped). The caller checked the reach. */
async function outlineStepOf(siteId: number, db?: Db): Promise<boolean> {
  const [row] = await (db ?? (await getDb()))
    .select({ outlineStep: siteBriefs.outlineStep })
    .from(siteBriefs)
    .where(eq(siteBriefs.siteId, siteId));
  return row?.outlineStep ?? true;
}

/**
 * Asks for the articles of pages of one site, which the caller checked are the actor's: their outlines when the
 * site approves outlines first, else the articles themselves. In a batch the first is queued null and the
 * others true (spec part 2, section 4). Returns the requests and which step they are.
 */
export async function queueArticleWork(actor: Actor, siteId: number, pageIds: readonly number[]) {
  const step = (await outlineStepOf(siteId)) ? "outline" : "article";
  const items = pageIds.map((pageId) => ({ pageId }));
  const queued = await queueActions(actor, step === "outline" ? "create_outline" : "create_article", items);
  return { step, queued } as const;
}

export type PageOutline = OutlineContent & {
  id: number;
  status: OutlineStatus;
  createdAt: Date;
  updatedAt: Date;
  /** Who last edited it (null: as written), and who approved it, when. */
  updatedByName: string | null;
  approvedAt: Date | null;
  approvedByName: string | null;
  /** The article request its approval queued, and where it stands. */
  articleState: string | null;
  /** TEAM ONLY: what writing it cost (US dollars), null for a client or when nothing was reported. */
  costUsd: number | null;
};

const editor = sql<
  string | null
>`(select coalesce(nullif(trim(${users.name}), ''), ${users.email}) from ${users} where ${users.id} = ${pageOutlines.updatedBy})`;
const approver = sql<
  string | null
>`(select coalesce(nullif(trim(${users.name}), ''), ${users.email}) from ${users} where ${users.id} = ${pageOutlines.approvedBy})`;
const articleState = sql<
  string | null
>`(select ${pagesActions.state} from ${pagesActions} where ${pagesActions.id} = ${pageOutlines.articleRequest})`;
const cost = sql<
  number | null
>`(select ${pagesActions.costUsd}::float8 from ${pagesActions} where ${pagesActions.id} = ${pageOutlines.writtenBy})`;

/**
 * The page's current outline (the one waiting for approval, else the newest approved), in one query; null when
 * the page has none yet. Replaced outlines are kept, not shown.
 */
export async function getPageOutline(actor: Actor, ref: PageRef): Promise<PageOutline | null> {
  const page = await ownedPageRef(actor, ref);
  const db = await getDb();
  const [row] = await db
    .select({
      id: pageOutlines.id,
      status: pageOutlines.status,
      title: pageOutlines.title,
      angle: pageOutlines.angle,
      sections: pageOutlines.sections,
      keywords: pageOutlines.keywords,
      sources: pageOutlines.sources,
      createdAt: pageOutlines.createdAt,
      updatedAt: pageOutlines.updatedAt,
      updatedByName: editor,
      approvedAt: pageOutlines.approvedAt,
      approvedByName: approver,
      articleState,
      costUsd: cost,
    })
    .from(pageOutlines)
    .where(and(eq(pageOutlines.page, page.id), ne(pageOutlines.status, "replaced")))
    .orderBy(sql`${pageOutlines.status} = 'ready' desc`, desc(pageOutlines.createdAt), desc(pageOutlines.id))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    status: row.status as OutlineStatus,
    costUsd: isTeamActor(actor) && row.costUsd !== null ? Number(row.costUsd) : null,
  };
}

/**
 * Saves the outline as edited, and with `approve` approves it and queues its article (create_article with the
 * outline), in one transaction: an outline approved twice (two tabs, a double click) queues one article, the
 * second answering OutlineClosedError. Only the outline waiting for approval changes, and only on its own page.
 */
export async function saveOutline(actor: Actor, pageId: number, outlineId: number, input: OutlineInput, { approve = false } = {}) {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: pageOutlines.id,
        status: pageOutlines.status,
        pageId: pageOutlines.page,
        title: pageOutlines.title,
        angle: pageOutlines.angle,
        sections: pageOutlines.sections,
        keywords: pageOutlines.keywords,
        sources: pageOutlines.sources,
      })
      .from(pageOutlines)
      .innerJoin(pages, eq(pages.id, pageOutlines.page))
      .innerJoin(sites, eq(sites.id, pages.site))
      .where(and(eq(pageOutlines.id, outlineId), eq(pageOutlines.page, pageId), siteReach(actor)))
      .for("update", { of: pageOutlines });
    // Another account's outline (or another page's) answers like a missing one.
    if (!row) throw new NotFoundError("page");
    if (row.status !== "ready") throw new OutlineClosedError(row.status as OutlineStatus);
    const now = new Date();
    let articleRequest: number | null = null;
    if (approve) {
      const [queued] = await queueActions(actor, "create_article", [{ pageId: row.pageId, infoJson: { outline: row.id } }], tx);
      articleRequest = queued.id;
    }
    const content = { title: input.title, angle: input.angle, sections: input.sections, keywords: input.keywords, sources: input.sources };
    const { title, angle, sections, keywords, sources } = row;
    // Approved as written: nobody edited it.
    const edited = JSON.stringify(content) !== JSON.stringify({ title, angle, sections, keywords, sources });
    const changes = {
      ...(edited ? { ...content, updatedAt: now, updatedBy: actor.id } : {}),
      ...(approve ? { status: "approved", approvedAt: now, approvedBy: actor.id, articleRequest } : {}),
    };
    // Saved unchanged: nothing to write.
    if (Object.keys(changes).length) await tx.update(pageOutlines).set(changes).where(eq(pageOutlines.id, row.id));
    // The team approving for the client (a trial's outline, issue 38) is a team action: in the audit log.
    if (approve && isTeamActor(actor)) {
      const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
      await writeAudit(
        {
          actor: { id: actor.id, email: member?.email ?? actor.id },
          action: "outline.approved",
          record: { type: "page", id: row.pageId },
          details: { outline: row.id, edited },
        },
        tx,
      );
    }
    return { pageId: row.pageId, articleRequest };
  });
  logger.info({ userId: actor.id, outlineId, pageId: result.pageId, approved: approve }, approve ? "outline approved" : "outline saved");
  return result;
}

/**
 * Asks for a new outline of one of the actor's pages (with what to change, if anything): it replaces the one
 * waiting for approval once written. Refused while one is being written (OutlinePendingError).
 */
export async function requestNewOutline(actor: Actor, pageId: number, instructions: string) {
  const page = await ownedPage(actor, pageId);
  const db = await getDb();
  const [pending] = await db
    .select({ id: pagesActions.id })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(
      and(
        eq(pagesActions.linkedPage, page.id),
        eq(actions.name, "create_outline"),
        inArray(pagesActions.state, ["queued", "running", "waiting"]),
      ),
    )
    .limit(1);
  if (pending) throw new OutlinePendingError();
  const [queued] = await queueActions(actor, "create_outline", [{ pageId: page.id, infoJson: instructions ? { instructions } : null }]);
  logger.info({ userId: actor.id, pageId: page.id, requestId: queued.id }, "new outline requested");
  return queued;
}
