/**
 * The queue of background work: the spec's pages_actions rows, one per request, of the kinds (actions) that
 * have a task under tasks/. This module owns the action names and the life of a request: queued (its payload
 * checked against its task's schema), claimed atomically (FOR UPDATE SKIP LOCKED, so that several workers on
 * PostgreSQL never take the same row; PGlite runs the same query), held under a lease, then done, retried
 * later (exponential back-off with jitter), failed with the reason, cancelled, or queued again.
 * A running action whose lease has expired (its worker died) is taken again. Models queue work through it
 * (after checking the acting user's rights); run.server.ts runs it.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { actions, pagesActions } from "../../db/schema";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { insertActionRows, type QueuedItem } from "./action-rows.server";
import { researchFirst } from "./research-first.server";
import { payloadProblem, type StoredAction, type Task } from "./task.server";
import { checkSourcesTask } from "./tasks/check_sources.server";
import { contactFormTask } from "./tasks/contact_form.server";
import { createArticleTask } from "./tasks/create_article.server";
import { createOutlineTask } from "./tasks/create_outline.server";
import { coverImageTask } from "./tasks/create_cover_image.server";
import { llmAnswersTask } from "./tasks/llm_answers.server";
import { modifyArticleTask } from "./tasks/modify_articles_with_instructions.server";
import { publishArticleTask } from "./tasks/publish_article.server";
import { notificationDigestTask } from "./tasks/notification_digest.server";
import { notificationEmailTask } from "./tasks/notification_email.server";
import { sendEmailTask } from "./tasks/send_email.server";
import { serpsTask } from "./tasks/serps.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of tasks of different payloads
export type AnyTask = Task<any>;

/**
 * Every kind of queued action, by its name in the `actions` catalogue (db/seed.ts seeds the same names; a test
 * holds them equal), with its task. The order is the order in which a worker reports them.
 */
export const TASKS = {
  contact_form: contactFormTask,
  send_email: sendEmailTask,
  serps: serpsTask(),
  llm_answers: llmAnswersTask(),
  create_outline: createOutlineTask(),
  create_article: createArticleTask(),
  modify_articles_with_instructions: modifyArticleTask(),
  create_cover_image: coverImageTask(),
  publish_article: publishArticleTask(),
  notification_email: notificationEmailTask,
  notification_digest: notificationDigestTask,
  check_sources: checkSourcesTask(),
} satisfies Record<string, AnyTask>;

export type ActionName = keyof typeof TASKS;
export const ACTION_NAMES = Object.keys(TASKS) as ActionName[];

/** `'serps', 'llm_answers'` for an `in (...)` of action names. */
export const nameList = (names: readonly ActionName[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

export class MissingActionError extends Error {
  constructor(public readonly actionName: ActionName) {
    super(`Could not find required "${actionName}" action`);
  }
}

/** A request whose data does not match its task's payload schema: a bug of the caller, never queued. */
export class InvalidPayloadError extends Error {
  constructor(
    public readonly actionName: ActionName,
    public readonly problem: string,
  ) {
    super(`Invalid ${actionName} request: ${problem}`);
  }
}

/** The action's id in the `actions` catalogue. */
export async function actionId(name: ActionName, db?: Db): Promise<number> {
  const [row] = await (db ?? (await getDb())).select({ id: actions.id }).from(actions).where(eq(actions.name, name));
  if (!row) throw new MissingActionError(name);
  return row.id;
}

/** Checks what a request holds against its task's schema: its payload, or the first problem, naming the field. */
export function readPayload(name: ActionName, stored: StoredAction): { ok: true; payload: unknown } | { ok: false; problem: string } {
  const parsed = (TASKS[name] as AnyTask).payload.safeParse(stored);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, problem: payloadProblem(parsed.error) };
}

export type { QueuedItem };

const stored = (item: QueuedItem): StoredAction => ({
  page: item.pageId,
  version: item.versionId ?? null,
  info: item.infoJson ?? null,
  info2: item.info2 ?? null,
});

/**
 * Who in this process wants to know that it has queued a request: the in-process worker (run.server.ts), which then
 * looks at the queue at once instead of at its next poll. A request queued inside a caller's transaction is
 * announced too: on PGlite the worker's look waits for that transaction; on PostgreSQL it may come before the
 * commit, and the request then waits for the next poll, as without the announcement.
 */
const queuedListeners = new Set<() => void>();

/** Calls `listener` each time this process queues a request; returns the function that stops it. */
export function onQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function announceQueued() {
  for (const listener of queuedListeners) listener();
}

/**
 * Records one request per item, in one insert, each checked first against the task's payload schema
 * (InvalidPayloadError, and nothing recorded, when one does not match). In a batch the first item is queued
 * null and the others true (spec part 2, section 4); a single request is queued null. Pass `db` (a
 * transaction) to record the request together with other writes. `creator`: who asked (null for a visitor
 * or the system). Models check the creator's rights first.
 */
export async function queueActions(creator: { id: string } | null, name: ActionName, items: QueuedItem[], db?: Db) {
  if (items.length === 0) return [];
  for (const item of items) {
    const read = readPayload(name, stored(item));
    if (!read.ok) throw new InvalidPayloadError(name, read.problem);
  }
  // Inside a transaction every query must use it: PGlite has one connection, which the transaction holds.
  const linkedAction = await actionId(name, db);
  const record = async (tx: Db) =>
    insertActionRows(tx, linkedAction, creator, WRITES_FROM_RESEARCH.has(name) ? await researchFirst(tx, creator, items) : items);
  // A writing request and the searches it waits for are recorded together, or not at all.
  const rows = db ? await record(db) : await (await getDb()).transaction(record);
  announceQueued();
  return rows;
}

/** The requests that write from their page's research, which comes first (jobs/research-first.server.ts). */
const WRITES_FROM_RESEARCH = new Set<ActionName>(["create_outline", "create_article"]);

/**
 * Queues (or re-queues) the single request of a page for an action, as the SERP and LLM searches do: an
 * existing request of the same page and action is reset (created_date now, back to queued, info2 replaced) so
 * that the worker runs it again; otherwise one is inserted. One transaction.
 */
export async function requeueAction(creator: { id: string }, name: ActionName, pageId: number, info2: string | null = null) {
  const read = readPayload(name, { page: pageId, version: null, info: null, info2 });
  if (!read.ok) throw new InvalidPayloadError(name, read.problem);
  const db = await getDb();
  const requeued = await db.transaction(async (tx) => {
    const linkedAction = await actionId(name, tx);
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
        // Asked by this person now: a scheduled check reused here is no longer the schedule's (issue 17).
        .set({
          createdDate: now,
          updatedAt: now,
          info2,
          infoJson: null,
          creator: creator.id,
          state: "queued",
          attempts: 0,
          lastError: null,
          startedAt: null,
          finishedAt: null,
          nextAttemptAt: null,
        })
        .where(eq(pagesActions.id, existing.id))
        .returning({ id: pagesActions.id });
      return { id: row.id, created: false };
    }
    const [row] = await queueActions(creator, name, [{ pageId, info2 }], tx);
    return { id: row.id, created: true };
  });
  announceQueued();
  return requeued;
}

/** What a retried request becomes: new, attempts at zero, no error, due now. */
const asNew = () => ({
  state: "queued",
  attempts: 0,
  lastError: null,
  startedAt: null,
  finishedAt: null,
  nextAttemptAt: null,
  leaseUntil: null,
  workerId: null,
  updatedAt: new Date(),
});

/** What a cancelled request becomes. */
const asCancelled = () => ({ state: "cancelled", finishedAt: new Date(), nextAttemptAt: null, updatedAt: new Date() });

/** The states a request is retried from, and cancelled from (a running request's worker holds it). */
const RETRYABLE = ["failed", "cancelled"];
const CANCELLABLE = ["queued", "waiting"];

/**
 * Puts a failed (or cancelled) request of the page back in the queue, as new: attempts at zero, no error, due
 * now. Returns false when it is not such a request of that page (already retried, or another page's).
 */
export async function retryAction(requestId: number, pageId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(pagesActions)
    .set(asNew())
    .where(and(eq(pagesActions.id, requestId), eq(pagesActions.linkedPage, pageId), inArray(pagesActions.state, RETRYABLE)))
    .returning({ id: pagesActions.id });
  if (rows.length === 1) announceQueued();
  return rows.length === 1;
}

/**
 * Cancels a request of the page that has not started: queued (also between two attempts) or waiting for a
 * provider. A running request cannot be cancelled (its worker holds it). Returns false when it is not such a
 * request of that page.
 */
export async function cancelQueuedAction(requestId: number, pageId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(pagesActions)
    .set(asCancelled())
    .where(and(eq(pagesActions.id, requestId), eq(pagesActions.linkedPage, pageId), inArray(pagesActions.state, CANCELLABLE)))
    .returning({ id: pagesActions.id });
  return rows.length === 1;
}

/** Retries any of `ids` that failed or were cancelled, whatever their page (the team's queue); returns those retried. */
export async function retryActions(ids: readonly number[], db?: Db): Promise<number[]> {
  if (ids.length === 0) return [];
  const database = db ?? (await getDb());
  const rows = await database
    .update(pagesActions)
    .set(asNew())
    .where(and(inArray(pagesActions.id, [...ids]), inArray(pagesActions.state, RETRYABLE)))
    .returning({ id: pagesActions.id });
  if (rows.length) announceQueued();
  return rows.map((r) => r.id);
}

/** Cancels any of `ids` not started yet, whatever their page (the team's queue); returns those cancelled. */
export async function cancelActions(ids: readonly number[], db?: Db): Promise<number[]> {
  if (ids.length === 0) return [];
  const database = db ?? (await getDb());
  const rows = await database
    .update(pagesActions)
    .set(asCancelled())
    .where(and(inArray(pagesActions.id, [...ids]), inArray(pagesActions.state, CANCELLABLE)))
    .returning({ id: pagesActions.id });
  return rows.map((r) => r.id);
}

export type ClaimedAction = {
  id: number;
  name: ActionName;
  linkedPage: number | null;
  linkedPagesVersion: number | null;
  creator: string | null;
  infoJson: unknown;
  info2: string | null;
  attempts: number;
};

type Row = {
  id: number;
  name: ActionName;
  linked_page: number | null;
  linked_pages_version: number | null;
  creator: string | null;
  info_json: unknown;
  info2: string | null;
  attempts: number;
};

/**
 * Claims the oldest runnable action among `names`: queued and due, or running with an expired lease. A batch
 * item (queued = true) waits until the earlier items of its batch (same action, creator and creation time,
 * as one insert writes them) have finished. A request that runs after another (runs_after) waits while that one
 * is queued or running, and goes once it has ended in any way: done, failed for good, cancelled, or waiting for a
 * provider that is not configured (it could wait for ever). Returns null when there is nothing to do.
 */
export async function claimNextAction(
  workerId: string,
  names: readonly ActionName[],
  leaseSeconds: number,
  db?: Db,
): Promise<ClaimedAction | null> {
  if (names.length === 0) return null;
  const database = db ?? (await getDb());
  const list = nameList(names);
  const result = await database.execute(sql`
    update pages_actions set
      state = 'running',
      attempts = pages_actions.attempts + 1,
      started_at = now(),
      finished_at = null,
      worker_id = ${workerId},
      lease_until = now() + make_interval(secs => ${leaseSeconds}),
      updated_at = now()
    from actions
    where actions.id = pages_actions.linked_action
      and pages_actions.id = (
        select a.id from pages_actions a
        join actions n on n.id = a.linked_action
        where n.name in (${list})
          and (
            (a.state = 'queued' and (a.next_attempt_at is null or a.next_attempt_at <= now()))
            or (a.state = 'running' and a.lease_until < now())
          )
          and (a.runs_after is null or not exists (
            select 1 from pages_actions f
            where f.id = a.runs_after and f.state in ('queued', 'running')
          ))
          and (a.queued is not true or not exists (
            select 1 from pages_actions b
            where b.linked_action = a.linked_action
              and b.creator is not distinct from a.creator
              and b.created_date = a.created_date
              and b.id < a.id
              and b.state in ('queued', 'running', 'waiting')
          ))
        order by a.created_date, a.id
        limit 1
        for update of a skip locked
      )
    returning pages_actions.id, actions.name, pages_actions.linked_page, pages_actions.linked_pages_version,
      pages_actions.creator, pages_actions.info_json, pages_actions.info2, pages_actions.attempts
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    linkedPage: row.linked_page,
    linkedPagesVersion: row.linked_pages_version,
    creator: row.creator,
    infoJson: row.info_json,
    info2: row.info2,
    attempts: row.attempts,
  };
}

/**
 * Who does a request right away in the web process (a contact message, an account's e-mail): it records the
 * request already held (running, under a lease) so that the worker leaves it alone unless that process dies.
 */
export const WEB_SENDER = `web:${process.pid}`;
export const WEB_SEND_LEASE_SECONDS = 120;

/** Marks a just-queued request as held by the web process (WEB_SENDER), in the caller's transaction. */
async function holdForWebSend(id: number, db: Db) {
  await db.execute(sql`
    update pages_actions set state = 'running', attempts = 1, started_at = now(), worker_id = ${WEB_SENDER},
      lease_until = now() + make_interval(secs => ${WEB_SEND_LEASE_SECONDS}), updated_at = now()
    where id = ${id}`);
}

/** Records requests already held by this process (WEB_SENDER) in the caller's transaction `tx`: see `runHeld`. */
export async function queueHeld(tx: Db, name: ActionName, items: QueuedItem[]) {
  const rows = await queueActions(null, name, items, tx);
  for (const row of rows) await holdForWebSend(row.id, tx);
  return rows;
}

/**
 * Does a request that this process holds (queueHeld) now: done when `work` succeeds; otherwise back to the
 * queue with a back-off, for the worker to try again. If this process dies first, the lease runs out and the
 * worker takes it. Never throws: returns whether the work was done.
 */
export async function runHeld(id: number, work: () => Promise<void>, what: Record<string, unknown>): Promise<boolean> {
  try {
    await work();
    await completeAction(id, WEB_SENDER);
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.error({ ...what, err: reason, actionId: id }, "not done now; the worker will retry");
    try {
      await failAttempt(id, WEB_SENDER, reason, backoffSeconds(1));
    } catch (error) {
      logger.error({ err: error, actionId: id }, "could not put the request back in the queue; its lease will expire");
    }
    return false;
  }
}

/** The action is done. Only its holder may say so (a retaken action's first worker is ignored). */
export async function completeAction(id: number, workerId: string, db?: Db) {
  const database = db ?? (await getDb());
  // Its usage is already on the action: each provider call's, added as it came (jobs/spend.server.ts).
  await database.execute(sql`
    update pages_actions set state = 'done', finished_at = now(), last_error = null, lease_until = null, next_attempt_at = null, updated_at = now()
    where id = ${id} and worker_id = ${workerId} and state = 'running'`);
}

/**
 * The holder still works on the action: its lease is pushed back. Returns false when the action is no longer
 * this worker's (its lease expired and another worker took it).
 */
export async function extendLease(id: number, workerId: string, leaseSeconds: number, db?: Db): Promise<boolean> {
  const database = db ?? (await getDb());
  const result = await database.execute(sql`
    update pages_actions set lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = ${id} and worker_id = ${workerId} and state = 'running'
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The attempt failed: queued again after `retryInSeconds`, or failed for good (retryInSeconds null), with the reason. */
export async function failAttempt(id: number, workerId: string, reason: string, retryInSeconds: number | null, db?: Db) {
  const database = db ?? (await getDb());
  const message = reason.slice(0, 2000);
  await database.execute(
    retryInSeconds === null
      ? sql`update pages_actions set state = 'failed', finished_at = now(), last_error = ${message}, lease_until = null, next_attempt_at = null, updated_at = now()
            where id = ${id} and worker_id = ${workerId} and state = 'running'`
      : sql`update pages_actions set state = 'queued', last_error = ${message}, lease_until = null,
              next_attempt_at = now() + make_interval(secs => ${retryInSeconds}), updated_at = now()
            where id = ${id} and worker_id = ${workerId} and state = 'running'`,
  );
}

/** Attempts before an action fails for good. */
export const MAX_ATTEMPTS = 5;

/** Exponential back-off with full jitter: up to 2^attempt seconds (2, 4, 8, 16...), capped at 5 minutes; never under 1 s. */
export function backoffSeconds(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(300, 2 ** attempt);
  return Math.max(1, Math.round(ceiling * random() * 10) / 10);
}

/** Queued actions of kinds whose provider is not configured wait, saying which settings are missing. */
export async function parkWaiting(names: readonly ActionName[], message: string, db?: Db) {
  if (names.length === 0) return;
  const database = db ?? (await getDb());
  await database.execute(sql`
    update pages_actions set state = 'waiting', last_error = ${message}, updated_at = now()
    from actions
    where actions.id = pages_actions.linked_action and actions.name in (${nameList(names)}) and pages_actions.state = 'queued'`);
}

/** Waiting actions of kinds that can run now (their provider was configured) go back to the queue. */
export async function releaseWaiting(names: readonly ActionName[], db?: Db) {
  if (names.length === 0) return;
  const database = db ?? (await getDb());
  await database.execute(sql`
    update pages_actions set state = 'queued', last_error = null, updated_at = now()
    from actions
    where actions.id = pages_actions.linked_action and actions.name in (${nameList(names)}) and pages_actions.state = 'waiting'`);
}
