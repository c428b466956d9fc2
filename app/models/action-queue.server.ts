/**
 * The queue of page actions as the background worker sees it: claim the next one atomically (FOR UPDATE
 * SKIP LOCKED, so that several workers on PostgreSQL never take the same row; PGlite runs the same query),
 * hold it under a lease, and record the outcome: done, a retry later (exponential back-off with jitter), or
 * failed with the reason. A running action whose lease has expired (its worker died) is taken again.
 */
import { sql } from "drizzle-orm";
import type { ActionName } from "./page-action.server";
import { getDb, type Db } from "~/services/db.server";

/** `'serps', 'llm_answers'` for an `in (...)` of action names. */
export const nameList = (names: readonly ActionName[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

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
 * as one insert writes them) have finished. Returns null when there is nothing to do.
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

/** What a provider reported for an action's work. */
export type Usage = { tokensIn?: number; tokensOut?: number; costUsd?: number };

/** The sum of what several provider calls of one action reported; a figure no call reported stays unknown (not 0). */
export class UsageTally implements Usage {
  tokensIn?: number;
  tokensOut?: number;
  costUsd?: number;
  add(usage: Usage = {}) {
    const sum = (a: number | undefined, b: number | undefined) => (b === undefined || b === null ? a : (a ?? 0) + b);
    this.tokensIn = sum(this.tokensIn, usage.tokensIn);
    this.tokensOut = sum(this.tokensOut, usage.tokensOut);
    this.costUsd = sum(this.costUsd, usage.costUsd);
    return this;
  }
}

/**
 * Who does a request right away in the web process (a contact message, an account's e-mail): it records the
 * request already held (running, under a lease) so that the worker leaves it alone unless that process dies.
 */
export const WEB_SENDER = `web:${process.pid}`;
export const WEB_SEND_LEASE_SECONDS = 120;

/** Marks a just-queued request as held by the web process (WEB_SENDER), in the caller's transaction. */
export async function holdForWebSend(id: number, db: Db) {
  await db.execute(sql`
    update pages_actions set state = 'running', attempts = 1, started_at = now(), worker_id = ${WEB_SENDER},
      lease_until = now() + make_interval(secs => ${WEB_SEND_LEASE_SECONDS}), updated_at = now()
    where id = ${id}`);
}

/** The action is done, with what it cost. Only its holder may say so (a retaken action's first worker is ignored). */
export async function completeAction(id: number, workerId: string, usage: Usage = {}, db?: Db) {
  const database = db ?? (await getDb());
  await database.execute(sql`
    update pages_actions set state = 'done', finished_at = now(), last_error = null, lease_until = null, next_attempt_at = null, updated_at = now(),
      tokens_in = ${usage.tokensIn ?? null}, tokens_out = ${usage.tokensOut ?? null}, cost_usd = ${usage.costUsd ?? null}
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
