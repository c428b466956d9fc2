/**
 * The checks that run by themselves (issue 17). Each site has a schedule (off, weekly or monthly; weekly by
 * default for a site with an owner) and a monthly spending cap in US dollars. When a period starts, the worker
 * claims it for the site (a row of site_check_periods, unique per site and period: with several workers on
 * PostgreSQL one insert wins, the others find it taken) and, in the same transaction, queues the SERP check of
 * every keyword in use and the LLM answers of every page that has one, spread over the first half of the period.
 * A site whose month's checks already cost its cap gets none: the period is marked capped and the team told.
 * Nothing lives in memory: what is due follows from the clock and the claims in the database.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { actions, pages, pagesActions, siteCheckPeriods, siteCheckSchedules } from "../../db/schema";
import { clockNow } from "~/services/clock.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { insertActionRows } from "./action-rows.server";
import { recordNotifications } from "./notify.server";

export const CHECK_FREQUENCIES = ["off", "weekly", "monthly"] as const;
export type CheckFrequency = (typeof CHECK_FREQUENCIES)[number];
export const DEFAULT_MONTHLY_CAP_USD = 10;

/** The actions a scheduled check queues, whose costs count against the site's cap. */
export const CHECK_ACTIONS = ["serps", "llm_answers"] as const;

const DAY_MS = 86_400_000;

/** The period `now` falls in (UTC): its key, start and end. Weeks start on Monday. */
export function periodOf(frequency: "weekly" | "monthly", now: Date): { key: string; start: Date; end: Date } {
  if (frequency === "monthly") {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return { key: `monthly:${start.toISOString().slice(0, 7)}`, start, end };
  }
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return { key: `weekly:${start.toISOString().slice(0, 10)}`, start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** The start of the month `now` falls in (UTC): where a site's spending for its cap is counted from. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * When each of `count` checks claimed at `now` may run: spread evenly over the first half of what is left of
 * the period, so that a site's checks (and the providers' load) do not all land at once.
 */
export function spreadTimes(count: number, now: Date, periodEnd: Date): Date[] {
  const window = Math.max(0, (periodEnd.getTime() - now.getTime()) / 2);
  return Array.from({ length: count }, (_, i) => new Date(now.getTime() + Math.floor((window * i) / Math.max(1, count))));
}

/** What the site's scheduled and manual checks cost since the start of `now`'s month (US dollars). */
export async function monthSpend(db: Db, siteId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(sum(${pagesActions.costUsd}), 0)::float8` })
    .from(pagesActions)
    .innerJoin(pages, eq(pages.id, pagesActions.linkedPage))
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(and(eq(pages.site, siteId), inArray(actions.name, [...CHECK_ACTIONS]), gte(pagesActions.createdDate, monthStart(now))));
  return Number(row?.spent ?? 0);
}

/** The site's schedule as it applies (the defaults when it has none). */
export async function scheduleOf(db: Db, siteId: number): Promise<{ frequency: CheckFrequency; capUsd: number }> {
  const [row] = await db
    .select({ frequency: siteCheckSchedules.frequency, cap: siteCheckSchedules.monthlyCapUsd })
    .from(siteCheckSchedules)
    .where(eq(siteCheckSchedules.siteId, siteId));
  return { frequency: (row?.frequency as CheckFrequency) ?? "weekly", capUsd: row ? Number(row.cap) : DEFAULT_MONTHLY_CAP_USD };
}

type Due = { siteId: number; frequency: "weekly" | "monthly" };

/** The sites with an owner whose schedule has a period starting by `now` that nobody has claimed yet (one query). */
async function dueSites(db: Db, now: Date): Promise<Due[]> {
  const week = periodOf("weekly", now).key;
  const month = periodOf("monthly", now).key;
  const result = (await db.execute(sql`
    select s.id as site_id, coalesce(c.frequency, 'weekly') as frequency
    from sites s
    left join site_check_schedules c on c.site_id = s.id
    where s.linked_user is not null and coalesce(c.frequency, 'weekly') <> 'off'
      and not exists (
        select 1 from site_check_periods p
        where p.site_id = s.id and p.period = (case when coalesce(c.frequency, 'weekly') = 'weekly' then ${week} else ${month} end)
      )
    order by s.id`)) as unknown as { rows: { site_id: number; frequency: "weekly" | "monthly" }[] };
  return result.rows.map((row) => ({ siteId: Number(row.site_id), frequency: row.frequency }));
}

/** The checks of a site: one SERP check per page and keyword in use, and the LLM answers of each such page. */
async function checksOf(db: Db, siteId: number): Promise<{ pageId: number; keywordId: number | null }[]> {
  const result = (await db.execute(sql`
    select pk.linked_page as page_id, pk.linked_keyword as keyword_id
    from pages_keywords pk join pages p on p.id = pk.linked_page
    where p.site = ${siteId} and pk.to_search
    order by pk.linked_page, pk.linked_keyword`)) as unknown as { rows: { page_id: number; keyword_id: number }[] };
  const items: { pageId: number; keywordId: number | null }[] = [];
  let lastPage: number | null = null;
  for (const row of result.rows) {
    const pageId = Number(row.page_id);
    if (pageId !== lastPage) items.push({ pageId, keywordId: null });
    items.push({ pageId, keywordId: Number(row.keyword_id) });
    lastPage = pageId;
  }
  return items;
}

export type ClaimOutcome = { siteId: number; period: string; status: "queued" | "capped" | "empty"; queued: number };

/**
 * Claims and queues the checks of every site whose period has started: at most once per site and period,
 * whatever the number of workers. Returns what this worker did (claims others made first are not in it).
 */
export async function scheduleDueChecks(workerId: string, now: Date = clockNow()): Promise<ClaimOutcome[]> {
  const db = await getDb();
  const outcomes: ClaimOutcome[] = [];
  for (const due of await dueSites(db, now)) {
    const outcome = await claimPeriod(db, due, workerId, now);
    if (outcome) outcomes.push(outcome);
  }
  if (outcomes.length) logger.info({ workerId, claims: outcomes }, "scheduled checks queued");
  return outcomes;
}

async function claimPeriod(db: Db, due: Due, workerId: string, now: Date): Promise<ClaimOutcome | null> {
  const period = periodOf(due.frequency, now);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [claim] = await tx
      .insert(siteCheckPeriods)
      .values({ siteId: due.siteId, period: period.key, claimedBy: workerId, claimedAt: now })
      .onConflictDoNothing({ target: [siteCheckPeriods.siteId, siteCheckPeriods.period] })
      .returning({ id: siteCheckPeriods.id });
    // Another worker claimed it first.
    if (!claim) return null;
    const { capUsd } = await scheduleOf(tx, due.siteId);
    if ((await monthSpend(tx, due.siteId, now)) >= capUsd) {
      await tx.update(siteCheckPeriods).set({ status: "capped" }).where(eq(siteCheckPeriods.id, claim.id));
      await recordNotifications(tx, { kind: "checks_capped", siteId: due.siteId });
      return { siteId: due.siteId, period: period.key, status: "capped" as const, queued: 0 };
    }
    const checks = await checksOf(tx, due.siteId);
    if (checks.length === 0) {
      await tx.update(siteCheckPeriods).set({ status: "empty" }).where(eq(siteCheckPeriods.id, claim.id));
      return { siteId: due.siteId, period: period.key, status: "empty" as const, queued: 0 };
    }
    const times = spreadTimes(checks.length, now, period.end);
    const info = { period: claim.id };
    const named = (name: string) => sql<number>`(select ${actions.id} from ${actions} where ${actions.name} = ${name})`;
    const serpItems = checks.flatMap((check, i) =>
      check.keywordId === null ? [] : [{ pageId: check.pageId, info2: String(check.keywordId), infoJson: info, notBefore: times[i] }],
    );
    const llmItems = checks.flatMap((check, i) =>
      check.keywordId === null ? [{ pageId: check.pageId, infoJson: info, notBefore: times[i] }] : [],
    );
    // Each its own request, not a batch: they run independently, when due.
    if (serpItems.length) await insertActionRows(tx, named("serps"), null, serpItems, { independent: true });
    if (llmItems.length) await insertActionRows(tx, named("llm_answers"), null, llmItems, { independent: true });
    await tx.update(siteCheckPeriods).set({ queued: checks.length }).where(eq(siteCheckPeriods.id, claim.id));
    return { siteId: due.siteId, period: period.key, status: "queued" as const, queued: checks.length };
  });
}

/**
 * Before a scheduled check runs (its request carries its period): whether the site's month's checks reached
 * its cap. The first check to find it so marks the period capped and tells the team, once.
 */
export async function capReached(siteId: number, periodId: number, now: Date = clockNow()): Promise<boolean> {
  const db = await getDb();
  const { capUsd } = await scheduleOf(db, siteId);
  if ((await monthSpend(db, siteId, now)) < capUsd) return false;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [marked] = await tx
      .update(siteCheckPeriods)
      .set({ status: "capped" })
      .where(and(eq(siteCheckPeriods.id, periodId), eq(siteCheckPeriods.status, "queued")))
      .returning({ id: siteCheckPeriods.id });
    if (marked) await recordNotifications(tx, { kind: "checks_capped", siteId });
  });
  return true;
}
