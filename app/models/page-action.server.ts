/**
 * Queued work (pages_actions): a request recorded for the background process (article creation,
 * modification by instructions, SERP and LLM searches, cover images, the contact form). Callers check
 * ownership of the pages first (models/access.server.ts).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { actions, pagesActions } from "../../db/schema";
import { getDb, type Db } from "~/services/db.server";
import type { WorkStatus } from "~/lib/pending-work";
import { requestStatus, type RequestStatus } from "~/lib/request-status";
import { ownedPage, type Actor } from "./access.server";
import { nameList } from "./action-queue.server";

export type ActionName =
  | "serps"
  | "llm_answers"
  | "create_article"
  | "modify_articles_with_instructions"
  | "contact_form"
  | "create_cover_image"
  | "send_email";

export class MissingActionError extends Error {
  constructor(public readonly actionName: ActionName) {
    super(`Could not find required "${actionName}" action`);
  }
}

export async function actionId(name: ActionName, db?: Db): Promise<number> {
  const [row] = await (db ?? (await getDb())).select({ id: actions.id }).from(actions).where(eq(actions.name, name));
  if (!row) throw new MissingActionError(name);
  return row.id;
}

export type QueuedItem = { pageId: number | null; versionId?: number | null; infoJson?: unknown; info2?: string | null };

/**
 * Records one request per item, in one insert. In a batch the first item is queued null and the
 * others true (spec part 2, section 4); a single request is queued null. Pass `db` (a transaction)
 * to record the request together with other writes.
 */
export async function queueActions(user: Actor | null, name: ActionName, items: QueuedItem[], db?: Db) {
  if (items.length === 0) return [];
  // Inside a transaction every query must use it: PGlite has one connection, which the transaction holds.
  const linkedAction = await actionId(name, db);
  return (db ?? (await getDb()))
    .insert(pagesActions)
    .values(
      items.map((item, index) => ({
        linkedPage: item.pageId,
        linkedAction,
        linkedPagesVersion: item.versionId ?? null,
        creator: user?.id ?? null,
        infoJson: item.infoJson ?? null,
        info2: item.info2 ?? null,
        queued: index === 0 ? null : true,
      })),
    )
    .returning({ id: pagesActions.id, linkedPage: pagesActions.linkedPage });
}

/**
 * Queues (or re-queues) the single request of a page for an action, as the SERP and LLM searches do:
 * an existing request of the same page and action is reset (created_date now, back to queued, keyword
 * id in info2) so that the worker runs it again; otherwise one is inserted.
 */
export async function retriggerAction(user: Actor, name: ActionName, pageId: number, info2: string | null = null) {
  await ownedPage(user, pageId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const linkedAction = await actionId(name, tx as unknown as Db);
    const [existing] = await tx
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .where(and(eq(pagesActions.linkedPage, pageId), eq(pagesActions.linkedAction, linkedAction)))
      .orderBy(desc(pagesActions.id))
      .limit(1)
      .for("update");
    if (existing) {
      const now = new Date();
      const [row] = await tx
        .update(pagesActions)
        .set({ createdDate: now, updatedAt: now, info2, state: "queued", attempts: 0, lastError: null, startedAt: null, finishedAt: null })
        .where(eq(pagesActions.id, existing.id))
        .returning({ id: pagesActions.id });
      return { id: row.id, created: false };
    }
    const [row] = await queueActions(user, name, [{ pageId, info2 }], tx as unknown as Db);
    return { id: row.id, created: true };
  });
}

/**
 * A request as its client sees it: what was asked, when, and where it stands in the client's words. Never the
 * queue's reasons, attempts, provider settings or costs: those are the team's (database and server log).
 */
export type PageActionRow = {
  id: number;
  action: string;
  status: RequestStatus;
  /** A failed or cancelled request can be queued again; one that has not started can be cancelled. */
  canRetry: boolean;
  canCancel: boolean;
  createdDate: Date;
  finishedAt: Date | null;
  versionId: number | null;
};

/** What the providers reported for a set of requests: money (US dollars) and tokens. */
export type AiWork = {
  /** Requests for which a provider reported anything; 0 means no AI work yet. */
  reported: number;
  costUsd: number;
  /** Null when no provider reported tokens. */
  tokens: number | null;
};

/** The aggregate columns of AiWork over pages_actions rows (null rows of a left join count for nothing). */
export const aiWorkColumns = {
  reported: sql<number>`(count(*) filter (where ${pagesActions.costUsd} is not null or ${pagesActions.tokensIn} is not null or ${pagesActions.tokensOut} is not null))::int`,
  costUsd: sql<number>`coalesce(sum(${pagesActions.costUsd}), 0)::float8`,
  tokens: sql<number | null>`(case when count(${pagesActions.tokensIn}) + count(${pagesActions.tokensOut}) = 0 then null
    else coalesce(sum(${pagesActions.tokensIn}), 0) + coalesce(sum(${pagesActions.tokensOut}), 0) end)::float8`,
};

export function toAiWork(row: { reported: number; costUsd: number; tokens: number | null } | undefined): AiWork {
  if (!row) return { reported: 0, costUsd: 0, tokens: null };
  return { reported: Number(row.reported), costUsd: Number(row.costUsd), tokens: row.tokens === null ? null : Number(row.tokens) };
}

/**
 * TEAM ONLY: all the AI work on a page (every request), in one aggregate query. Costs are the team's: no client
 * screen shows them (the team's console will).
 */
export async function teamPageAiWork(pageId: number): Promise<AiWork> {
  const db = await getDb();
  const [row] = await db.select(aiWorkColumns).from(pagesActions).where(eq(pagesActions.linkedPage, pageId));
  return toAiWork(row);
}

/** The requests recorded for one of the user's pages, newest first (the page detail shows them). */
export async function listPageActions(user: Actor, pageId: number, limit = 50): Promise<PageActionRow[]> {
  await ownedPage(user, pageId);
  const db = await getDb();
  const rows = await db
    .select({
      id: pagesActions.id,
      action: actions.name,
      state: pagesActions.state,
      hadError: sql<boolean>`${pagesActions.lastError} is not null`,
      createdDate: pagesActions.createdDate,
      finishedAt: pagesActions.finishedAt,
      versionId: pagesActions.linkedPagesVersion,
    })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(eq(pagesActions.linkedPage, pageId))
    .orderBy(desc(pagesActions.createdDate), desc(pagesActions.id))
    .limit(limit);
  return rows.map(({ state, hadError, ...row }) => ({
    ...row,
    status: requestStatus(state, hadError),
    canRetry: state === "failed" || state === "cancelled",
    canCancel: state === "queued" || state === "waiting",
  }));
}

/**
 * Puts a failed (or cancelled) request of an owned page back in the queue, as new: attempts at zero, no
 * error, due now. Returns false when the request is not such a request of that page (already retried, or
 * someone else's).
 */
export async function retryFailedAction(user: Actor, pageId: number, requestId: number): Promise<boolean> {
  await ownedPage(user, pageId);
  const db = await getDb();
  const rows = await db
    .update(pagesActions)
    .set({
      state: "queued",
      attempts: 0,
      lastError: null,
      startedAt: null,
      finishedAt: null,
      nextAttemptAt: null,
      leaseUntil: null,
      workerId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(pagesActions.id, requestId), eq(pagesActions.linkedPage, pageId), inArray(pagesActions.state, ["failed", "cancelled"])))
    .returning({ id: pagesActions.id });
  return rows.length === 1;
}

/**
 * Cancels a request of an owned page that has not started: queued (also between two attempts) or waiting for
 * a provider. A running request cannot be cancelled (its worker holds it). Returns false when the request is
 * not such a request of that page.
 */
export async function cancelAction(user: Actor, pageId: number, requestId: number): Promise<boolean> {
  await ownedPage(user, pageId);
  const db = await getDb();
  const rows = await db
    .update(pagesActions)
    .set({ state: "cancelled", finishedAt: new Date(), nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(pagesActions.id, requestId), eq(pagesActions.linkedPage, pageId), inArray(pagesActions.state, ["queued", "waiting"])))
    .returning({ id: pagesActions.id });
  return rows.length === 1;
}

/**
 * Where each of these kinds of request of the page stands, in one query (window functions over the page's
 * requests). Callers check ownership of the page first.
 */
export async function pageWork(pageId: number, names: readonly ActionName[]): Promise<Record<string, WorkStatus>> {
  const status: Record<string, WorkStatus> = Object.fromEntries(names.map((name) => [name, { pending: false, problem: null }]));
  if (names.length === 0) return status;
  const db = await getDb();
  const list = nameList(names);
  const result = await db.execute(sql`
    select name, id, state, pending from (
      select n.name, a.id, a.state,
        bool_or(a.state in ('queued', 'running')) over (partition by n.name) as pending,
        row_number() over (partition by n.name order by a.created_date desc, a.id desc) as newest
      from pages_actions a
      join actions n on n.id = a.linked_action
      where a.linked_page = ${pageId} and n.name in (${list})
    ) latest
    where newest = 1`);
  type Row = { name: string; id: number; state: string; pending: boolean };
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    const problem =
      !row.pending && (row.state === "failed" || row.state === "waiting") ? { requestId: row.id, state: row.state as "failed" | "waiting" } : null;
    status[row.name] = { pending: row.pending, problem };
  }
  return status;
}
