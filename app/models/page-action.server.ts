/**
 * The requests of a page (pages_actions) as its owner sees them and acts on them: list, retry, cancel, and
 * queue again. Every function checks that the page is the user's (models/access.server.ts) before it reaches
 * the queue (app/jobs/queue.server.ts), which owns the requests' life.
 */
import { desc, eq, sql } from "drizzle-orm";
import { actions, pagesActions } from "../../db/schema";
import { getDb } from "~/services/db.server";
import type { WorkStatus } from "~/lib/pending-work";
import { requestStatus, type RequestStatus } from "~/lib/request-status";
import { cancelQueuedAction, nameList, requeueAction, retryAction, type ActionName } from "~/jobs/queue.server";
import { ownedPage, ownedPageRef, type Actor, type PageRef } from "./access.server";

export { MissingActionError } from "~/jobs/queue.server";

/**
 * Queues (or re-queues) the single request of one of the user's pages for an action, as the SERP and LLM
 * searches do (see requeueAction).
 */
export async function retriggerAction(user: Actor, name: ActionName, pageId: number, info2: string | null = null) {
  await ownedPage(user, pageId);
  return requeueAction(user, name, pageId, info2);
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
  /** While it waits for a keyword's research to end (issue 39): that keyword; null otherwise. */
  waitingFor: string | null;
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
export async function listPageActions(user: Actor, ref: PageRef, limit = 50): Promise<PageActionRow[]> {
  const { id: pageId } = await ownedPageRef(user, ref);
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
      // The research this request waits for (issue 39): the search it runs after, while that one has not ended.
      waitingFor: sql<string | null>`(select k.keyword from pages_actions f
        join actions fn on fn.id = f.linked_action
        join keywords k on f.info2 ~ '^[1-9][0-9]*$' and k.id = f.info2::int
        where f.id = ${pagesActions.runsAfter} and fn.name = 'serps' and f.state in ('queued', 'running')
          and ${pagesActions.state} = 'queued')`,
    })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(eq(pagesActions.linkedPage, pageId))
    .orderBy(desc(pagesActions.createdDate), desc(pagesActions.id))
    .limit(limit);
  return rows.map(({ state, hadError, ...row }) => ({
    ...row,
    status: requestStatus(state, hadError, row.action),
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
  return retryAction(requestId, pageId);
}

/**
 * Cancels a request of an owned page that has not started: queued (also between two attempts) or waiting for
 * a provider. A running request cannot be cancelled (its worker holds it). Returns false when the request is
 * not such a request of that page.
 */
export async function cancelAction(user: Actor, pageId: number, requestId: number): Promise<boolean> {
  await ownedPage(user, pageId);
  return cancelQueuedAction(requestId, pageId);
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
      !row.pending && (row.state === "failed" || row.state === "waiting")
        ? { requestId: row.id, state: row.state as "failed" | "waiting" }
        : null;
    status[row.name] = { pending: row.pending, problem };
  }
  return status;
}
