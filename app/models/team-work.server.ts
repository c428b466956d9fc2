/**
 * The team's work queue (issue 14): every queued action of every site, filtered by state, kind, site and age,
 * paged on the server, with attempts, last error, duration and cost; the stuck ones (running past their lease,
 * waiting for a provider or unclaimed for over an hour) listed first, apart; a line per provider; retrying and
 * cancelling one or several at once, audited. Every function checks the acting member's role itself.
 */
import { and, count, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { actions, pages, pagesActions, sites } from "../../db/schema";
import { formIds } from "~/lib/form-id";
import { choiceParam, pageParam, parseListQuery, textParam } from "~/lib/list-query";
import { z } from "~/lib/zod";
import {
  WORK_AGES,
  WORK_BULK_MAX,
  WORK_KINDS,
  WORK_PAGE_SIZE,
  WORK_STATE_FILTERS,
  type WorkAge,
  type WorkKind,
  type WorkState,
} from "~/lib/team-work";
import { providerStates, type ProviderId } from "~/jobs/providers.server";
import { cancelActions, retryActions } from "~/jobs/queue.server";
import type { TeamMember } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { writeAudit } from "~/services/team-audit.server";
import { assertTeam, auditActor, containsText } from "./team-access.server";

const AGE_MS: Record<WorkAge, number> = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 };

export const workQuery = z.object({
  state: choiceParam(WORK_STATE_FILTERS),
  kind: choiceParam(WORK_KINDS),
  site: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  q: textParam,
  age: choiceParam(WORK_AGES),
  page: pageParam,
});
export type WorkQuery = z.infer<typeof workQuery>;

export function parseWorkQuery(params: URLSearchParams): WorkQuery {
  return parseListQuery(workQuery, params);
}

/** Stuck: running past its lease, waiting for a provider for over an hour, or queued and due for over an hour. */
const stuck = sql`(${pagesActions.state} in ('running', 'waiting', 'queued') and (
  (${pagesActions.state} = 'running' and ${pagesActions.leaseUntil} < now())
  or (${pagesActions.state} = 'waiting' and ${pagesActions.updatedAt} < now() - interval '1 hour')
  or (${pagesActions.state} = 'queued' and coalesce(${pagesActions.nextAttemptAt}, ${pagesActions.createdDate}) < now() - interval '1 hour')
))`;

const workColumns = {
  id: pagesActions.id,
  kind: sql<WorkKind>`${actions.name}`,
  state: sql<WorkState>`${pagesActions.state}`,
  attempts: pagesActions.attempts,
  lastError: pagesActions.lastError,
  createdDate: pagesActions.createdDate,
  startedAt: pagesActions.startedAt,
  finishedAt: pagesActions.finishedAt,
  nextAttemptAt: pagesActions.nextAttemptAt,
  costUsd: sql<number | null>`${pagesActions.costUsd}`.mapWith((v) => (v === null ? null : Number(v))),
  tokensIn: pagesActions.tokensIn,
  tokensOut: pagesActions.tokensOut,
  page: { id: pages.id, name: pages.name },
  site: { id: sites.id, name: sites.name },
  stuck: sql<boolean>`${stuck}`.mapWith(Boolean),
  // A batch item waits for the earlier items of its batch (jobs/queue.server.ts claimNextAction): say so.
  waitsForBatch: sql<boolean>`(${pagesActions.state} = 'queued' and ${pagesActions.queued} is true and exists (
    select 1 from "pages_actions" "b"
    where "b"."linked_action" = "pages_actions"."linked_action" and "b"."creator" is not distinct from "pages_actions"."creator"
      and "b"."created_date" = "pages_actions"."created_date" and "b"."id" < "pages_actions"."id"
      and "b"."state" in ('queued', 'running', 'waiting')))`.mapWith(Boolean),
  // The version a finished writing request wrote (issue 39): its score against the top pages' median, and whether
  // it is held for the team. A new version falls within the request's run; a revision in place is its own version.
  written: sql<WrittenVersion | null>`(select json_build_object('id', v.id, 'score', vs.score, 'median', vs.top_median, 'held', v.held_for_team,
      'sourceProblems', (select count(*)::int from "version_sources" s where s.version = v.id and s.verdict in ('broken', 'not_supported')))
    from "pages_versions" v left join "version_scores" vs on vs.version = v.id
    where ${pagesActions.state} = 'done' and ${actions.name} in ('create_article', 'modify_articles_with_instructions')
      and ((v.page = ${pagesActions.linkedPage} and v.created_date between ${pagesActions.startedAt} and ${pagesActions.finishedAt})
        or v.id = ${pagesActions.linkedPagesVersion})
    order by v.created_date desc, v.id desc limit 1)`,
};

/**
 * The version a writing request wrote, as the queue flags it: below the top pages' median, held for the team, or
 * with broken or unsupported sources (issue 40).
 */
export type WrittenVersion = { id: number; score: number | null; median: number | null; held: boolean; sourceProblems: number };

export type WorkRow = {
  id: number;
  kind: WorkKind;
  state: WorkState;
  attempts: number;
  lastError: string | null;
  createdDate: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  nextAttemptAt: Date | null;
  costUsd: number | null;
  tokensIn: number | null;
  tokensOut: number | null;
  page: { id: number; name: string } | null;
  site: { id: number; name: string } | null;
  stuck: boolean;
  waitsForBatch: boolean;
  written: WrittenVersion | null;
};

function selectWork(db: Db, extra: Record<string, SQL.Aliased | SQL> = {}) {
  return db
    .select({ ...workColumns, ...extra })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .leftJoin(pages, eq(pages.id, pagesActions.linkedPage))
    .leftJoin(sites, eq(sites.id, pages.site));
}

function filters(query: WorkQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.state === "stuck") where.push(stuck);
  else if (query.state) where.push(eq(pagesActions.state, query.state));
  if (query.kind) where.push(eq(actions.name, query.kind));
  if (query.site) where.push(eq(pages.site, query.site));
  if (query.q) where.push(or(containsText(query.q)(sites.name), containsText(query.q)(sites.url), containsText(query.q)(pages.name)));
  if (query.age) where.push(lt(pagesActions.createdDate, new Date(Date.now() - AGE_MS[query.age])));
  return and(...where);
}

/** How many requests match the filters, as a subquery of the list's own statement (evaluated once). */
function countOf(db: Db, where: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .leftJoin(pages, eq(pages.id, pagesActions.linkedPage))
    .leftJoin(sites, eq(sites.id, pages.site))
    .where(where);
}

/**
 * The queue as the console shows it: the stuck requests that match the filters (first, apart: at most a page),
 * then one page of every matching request, newest first (read down the created-date index), and how many match
 * (a subquery of the same statement). One query each.
 */
export async function teamListWork(member: TeamMember, query: WorkQuery): Promise<{ stuck: WorkRow[]; items: WorkRow[]; total: number }> {
  assertTeam(member);
  const db = await getDb();
  const where = filters(query);
  const [stuckRows, rows] = await Promise.all([
    query.state && query.state !== "stuck"
      ? Promise.resolve([])
      : selectWork(db).where(and(where, stuck)).orderBy(pagesActions.createdDate, pagesActions.id).limit(WORK_PAGE_SIZE),
    selectWork(db, { total: sql<number>`(${countOf(db, where)})`.mapWith(Number) })
      .where(where)
      .orderBy(desc(pagesActions.createdDate), desc(pagesActions.id))
      .limit(WORK_PAGE_SIZE)
      .offset((query.page - 1) * WORK_PAGE_SIZE),
  ]);
  const items = rows.map((row) => {
    const { total: _total, ...line } = row as WorkRow & { total?: number };
    return line;
  });
  let total = (rows[0] as { total?: number } | undefined)?.total ?? 0;
  if (!rows[0] && query.page > 1) {
    const [counted] = await countOf(db, where);
    total = counted?.n ?? 0;
  }
  return { stuck: query.state === "stuck" ? [] : (stuckRows as WorkRow[]), items, total };
}

export type ProviderLine = {
  id: ProviderId;
  kinds: WorkKind[];
  configured: boolean;
  missing: string[];
  note: string | null;
  lastSuccessAt: Date | null;
  lastError: { at: Date; message: string } | null;
  /** Of the requests that ended in the last hour (done or failed), the share that failed; null when none ended. */
  failureShareLastHour: number | null;
  endedLastHour: number;
};

type KindFigures = {
  kind: string;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  doneLastHour: number;
  failedLastHour: number;
};

/** A line per provider: configured or not, its last success and last error, its share of failures in the last hour. One query. */
export async function teamProviderLines(member: TeamMember): Promise<ProviderLine[]> {
  assertTeam(member);
  const db = await getDb();
  // Per kind (a handful of rows), each figure read through an index of pages_actions (migration 0016).
  const result = (await db.execute(sql`
    select n.name as kind,
      (select max(a.finished_at) from pages_actions a where a.linked_action = n.id and a.state = 'done') as "lastSuccessAt",
      e.updated_at as "lastErrorAt",
      e.last_error as "lastError",
      (select count(*)::int from pages_actions a where a.linked_action = n.id and a.state = 'done' and a.finished_at > now() - interval '1 hour') as "doneLastHour",
      (select count(*)::int from pages_actions a where a.linked_action = n.id and a.state = 'failed' and a.finished_at > now() - interval '1 hour') as "failedLastHour"
    from actions n
    left join lateral (
      select x.updated_at, x.last_error from pages_actions x
      where x.linked_action = n.id and x.last_error is not null and x.state <> 'waiting'
      order by x.updated_at desc limit 1
    ) e on true
  `)) as unknown as {
    rows: (Omit<KindFigures, "lastSuccessAt" | "lastErrorAt"> & {
      lastSuccessAt: string | Date | null;
      lastErrorAt: string | Date | null;
    })[];
  };
  const byKind = new Map(result.rows.map((row) => [row.kind, row]));
  const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));
  return providerStates().map((provider) => {
    const figures = provider.kinds.map((kind) => byKind.get(kind)).filter((f) => f !== undefined);
    const lastSuccessAt = figures.map((f) => asDate(f.lastSuccessAt)).reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    const lastError = figures
      .filter((f) => f.lastErrorAt && f.lastError)
      .map((f) => ({ at: asDate(f.lastErrorAt)!, message: f.lastError! }))
      .reduce<{ at: Date; message: string } | null>((a, b) => (!a || b.at > a.at ? b : a), null);
    const done = figures.reduce((sum, f) => sum + Number(f.doneLastHour), 0);
    const failed = figures.reduce((sum, f) => sum + Number(f.failedLastHour), 0);
    return {
      id: provider.id,
      kinds: provider.kinds as WorkKind[],
      configured: provider.missing.length === 0,
      missing: provider.missing,
      note: provider.note,
      lastSuccessAt,
      lastError,
      failureShareLastHour: done + failed ? failed / (done + failed) : null,
      endedLastHour: done + failed,
    };
  });
}

/** The ids of a bulk form, at most a page of them; anything unreadable is left out. */
export function workIds(values: FormDataEntryValue[]): number[] {
  return formIds(values).slice(0, WORK_BULK_MAX);
}

/** Applies `change` to those of `ids` it allows, with one audit line naming the requests it changed. */
async function changeWork(
  member: TeamMember,
  ids: number[],
  change: (ids: readonly number[], db: Db) => Promise<number[]>,
  action: "work.retried" | "work.cancelled",
): Promise<{ changed: number[]; skipped: number }> {
  assertTeam(member);
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const done = await change(ids, tx);
    if (done.length)
      await writeAudit(
        {
          actor: auditActor(member),
          action,
          record: done.length === 1 ? { type: "action", id: done[0]! } : undefined,
          details: { ids: done },
        },
        tx,
      );
    return done;
  });
  return { changed, skipped: ids.length - changed.length };
}

/** Retries those of `ids` that failed or were cancelled; the others are left as they are. */
export const teamRetryWork = (member: TeamMember, ids: number[]) => changeWork(member, ids, retryActions, "work.retried");

/** Cancels those of `ids` that have not started (queued or waiting); the others are left as they are. */
export const teamCancelWork = (member: TeamMember, ids: number[]) => changeWork(member, ids, cancelActions, "work.cancelled");

/** The site of a filter, by its id, for the filter's label. */
export async function teamSiteName(member: TeamMember, siteId: number): Promise<string | null> {
  assertTeam(member);
  const db = await getDb();
  const [row] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
  return row?.name ?? null;
}
