/**
 * The checks that run by themselves (issue 17). Each site has a schedule (off, weekly or monthly; weekly by
 * default for a site with an owner) and a monthly spending cap in US dollars. When a period starts, the worker
 * claims it for the site (a row of site_check_periods, unique per site and period: with several workers on
 * PostgreSQL one insert wins, the others find it taken) and, in the same transaction, queues the SERP check of
 * every keyword in use and the LLM answers of every page that has one, spread over the first half of the period;
 * a check whose request is already waiting (one its owner has just asked for) is not queued twice.
 * A site whose month's checks already cost its cap gets none: the period is marked capped and the team told.
 * Nothing lives in memory: what is due follows from the clock and the claims in the database.
 */
import { and, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { actions, pages, pagesActions, siteCheckPeriods, siteCheckSchedules } from "../../db/schema";
import { CHECK_FREQUENCIES, monthBounds, reportMonth, type CheckFrequency } from "~/lib/results-rules";
import { DEFAULT_SAMPLES } from "~/lib/visibility/prompts";
import { clockNow } from "~/services/clock.server";
import { getEnv } from "~/services/env.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { actionNamed, insertActionRows } from "./action-rows.server";
import { recordNotifications } from "./notify.server";

export { CHECK_FREQUENCIES, type CheckFrequency };
export { DEFAULT_SAMPLES };
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

/**
 * How long after the claim each of `count` checks may run (milliseconds): spread evenly over the first half of
 * what is left of the period, at most `maxHours`, so that a site's checks (and the providers' load) do not all
 * land at once.
 */
export function spreadDelays(count: number, now: Date, periodEnd: Date, maxHours = getEnv().CHECKS_SPREAD_HOURS): number[] {
  const window = Math.max(0, Math.min((periodEnd.getTime() - now.getTime()) / 2, maxHours * 3_600_000));
  return Array.from({ length: count }, (_, i) => Math.floor((window * i) / Math.max(1, count)));
}

/** What the site's scheduled and manual checks cost since the start of `now`'s month (US dollars, UTC months). */
export async function monthSpend(db: Db, siteId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(sum(${pagesActions.costUsd}), 0)::float8` })
    .from(pagesActions)
    .innerJoin(pages, eq(pages.id, pagesActions.linkedPage))
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(
      and(eq(pages.site, siteId), inArray(actions.name, [...CHECK_ACTIONS]), gte(pagesActions.createdDate, periodOf("monthly", now).start)),
    );
  return Number(row?.spent ?? 0);
}

/** The site's schedule as it applies (the defaults when it has none). */
export async function scheduleOf(db: Db, siteId: number): Promise<{ frequency: CheckFrequency; capUsd: number; samples: number }> {
  const [row] = await db
    .select({ frequency: siteCheckSchedules.frequency, cap: siteCheckSchedules.monthlyCapUsd, samples: siteCheckSchedules.samples })
    .from(siteCheckSchedules)
    .where(eq(siteCheckSchedules.siteId, siteId));
  return {
    frequency: (row?.frequency as CheckFrequency) ?? "weekly",
    capUsd: row ? Number(row.cap) : DEFAULT_MONTHLY_CAP_USD,
    samples: row?.samples ?? DEFAULT_SAMPLES,
  };
}

type Due = { siteId: number; frequency: "weekly" | "monthly" };

/**
 * The sites with an owner and a keyword in use whose schedule has a period started by `now` that nobody has claimed
 * yet (one query).
 */
async function dueSites(db: Db, now: Date): Promise<Due[]> {
  const week = periodOf("weekly", now).key;
  const month = periodOf("monthly", now).key;
  const result = (await db.execute(sql`
    select s.id as site_id, coalesce(c.frequency, 'weekly') as frequency
    from sites s
    left join site_check_schedules c on c.site_id = s.id
    where s.linked_user is not null and coalesce(c.frequency, 'weekly') <> 'off'
      -- A site is due once it has something to check: one whose first keyword comes mid-week is checked that week.
      and exists (select 1 from pages_keywords pk join pages p on p.id = pk.linked_page where p.site = s.id and pk.to_search)
      and not exists (
        select 1 from site_check_periods p
        where p.site_id = s.id and p.period = (case when coalesce(c.frequency, 'weekly') = 'weekly' then ${week} else ${month} end)
      )
    order by s.id`)) as unknown as { rows: { site_id: number; frequency: "weekly" | "monthly" }[] };
  return result.rows.map((row) => ({ siteId: Number(row.site_id), frequency: row.frequency }));
}

type Check = { pageId: number; keywordId: number | null };

/**
 * The checks of a site: one SERP check per page and keyword in use, and the LLM answers of each such page, each
 * with whether a request for it is already waiting (queued, running, or waiting for a provider): a search its
 * owner has just asked for, or one still due from an earlier period.
 */
async function checksOf(db: Db, siteId: number): Promise<(Check & { waiting: boolean })[]> {
  const waitingRequest = (action: "serps" | "llm_answers", keyword: SQL | null) => sql`exists (
    select 1 from pages_actions a join actions n on n.id = a.linked_action
    where a.linked_page = pk.linked_page and n.name = ${action} and a.state in ('queued', 'running', 'waiting')
      ${keyword ? sql`and a.info2 = ${keyword}` : sql``})`;
  const result = (await db.execute(sql`
    select pk.linked_page as page_id, pk.linked_keyword as keyword_id,
      ${waitingRequest("serps", sql`pk.linked_keyword::text`)} as serps_waiting,
      ${waitingRequest("llm_answers", null)} as answers_waiting
    from pages_keywords pk join pages p on p.id = pk.linked_page
    where p.site = ${siteId} and pk.to_search
    order by pk.linked_page, pk.linked_keyword`)) as unknown as {
    rows: { page_id: number; keyword_id: number; serps_waiting: boolean; answers_waiting: boolean }[];
  };
  const items: (Check & { waiting: boolean })[] = [];
  let lastPage: number | null = null;
  for (const row of result.rows) {
    const pageId = Number(row.page_id);
    if (pageId !== lastPage) items.push({ pageId, keywordId: null, waiting: row.answers_waiting === true });
    items.push({ pageId, keywordId: Number(row.keyword_id), waiting: row.serps_waiting === true });
    lastPage = pageId;
  }
  return items;
}

export type ClaimOutcome = { siteId: number; period: string; status: "queued" | "capped" | "empty" | "sent" | "skipped"; queued: number };

/**
 * The month's report (issue 17): once the month has started, each site with an owner who did not unsubscribe
 * has the previous month's report announced once (a monthly_report notification, e-mailed as its owner's
 * preferences say, with an unsubscribe link); a site with no check that month has nothing to report.
 */
async function sendMonthlyReports(db: Db, workerId: string, now: Date): Promise<ClaimOutcome[]> {
  const month = reportMonth(now);
  const key = `report:${month}`;
  const { start, end } = monthBounds(month)!;
  const due = (await db.execute(sql`
    select s.id as site_id,
      exists (select 1 from serp_checks c where c.site = s.id and c.checked_at >= ${start} and c.checked_at < ${end})
        or exists (select 1 from llm_checks c where c.site = s.id and c.checked_at >= ${start} and c.checked_at < ${end}) as checked
    from sites s
    left join site_check_schedules c on c.site_id = s.id
    where s.linked_user is not null and coalesce(c.report_emails, true)
      and not exists (select 1 from site_check_periods p where p.site_id = s.id and p.period = ${key})
    order by s.id`)) as unknown as { rows: { site_id: number; checked: boolean }[] };
  const outcomes: ClaimOutcome[] = [];
  for (const row of due.rows) {
    const siteId = Number(row.site_id);
    const status = row.checked ? "sent" : "skipped";
    const claimed = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(siteCheckPeriods)
        .values({ siteId, period: key, claimedBy: workerId, claimedAt: now, status })
        .onConflictDoNothing({ target: [siteCheckPeriods.siteId, siteCheckPeriods.period] })
        .returning({ id: siteCheckPeriods.id });
      // Dated by the schedule's clock: its line names the month before this one (lib/notifications.ts).
      if (claim && row.checked) await recordNotifications(tx, { kind: "monthly_report", siteId, at: now });
      return Boolean(claim);
    });
    if (claimed) outcomes.push({ siteId, period: key, status, queued: 0 });
  }
  return outcomes;
}

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
  outcomes.push(...(await sendMonthlyReports(db, workerId, now)));
  if (outcomes.length) logger.info({ workerId, claims: outcomes }, "scheduled checks queued");
  return outcomes;
}

async function claimPeriod(db: Db, due: Due, workerId: string, now: Date): Promise<ClaimOutcome | null> {
  const period = periodOf(due.frequency, now);
  return db.transaction(async (tx) => {
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
    const all = await checksOf(tx, due.siteId);
    if (all.length === 0) {
      await tx.update(siteCheckPeriods).set({ status: "empty" }).where(eq(siteCheckPeriods.id, claim.id));
      return { siteId: due.siteId, period: period.key, status: "empty" as const, queued: 0 };
    }
    // A check already waiting is not made twice (nor paid twice): the waiting request is this period's.
    const checks = all.filter((check) => !check.waiting);
    // Delays from the claim, on the queue's own clock (the machine's, which the tests' simulated clock runs ahead of).
    const start = Date.now();
    const times = spreadDelays(checks.length, now, period.end).map((delay) => new Date(start + delay));
    await queueChecks(tx, checks, null, { period: claim.id }, times);
    await tx.update(siteCheckPeriods).set({ queued: checks.length }).where(eq(siteCheckPeriods.id, claim.id));
    return { siteId: due.siteId, period: period.key, status: "queued" as const, queued: checks.length };
  });
}

/**
 * Queues the checks of a site (its SERP checks and LLM answers), each its own request, not a batch: they run
 * independently, each when due (`times`, else at once). `creator`: who asked ('Check now'), null for the schedule.
 */
async function queueChecks(tx: Db, checks: Check[], creator: { id: string } | null, info: { period: number } | null, times?: Date[]) {
  const items = checks.map(({ pageId, keywordId }, i) => ({ pageId, keywordId, infoJson: info, notBefore: times?.[i] ?? null }));
  const serpItems = items.flatMap(({ keywordId, ...item }) => (keywordId === null ? [] : [{ ...item, info2: String(keywordId) }]));
  const llmItems = items.flatMap(({ keywordId, ...item }) => (keywordId === null ? [item] : []));
  if (serpItems.length) await insertActionRows(tx, actionNamed("serps"), creator, serpItems, { independent: true });
  if (llmItems.length) await insertActionRows(tx, actionNamed("llm_answers"), creator, llmItems, { independent: true });
}

/**
 * 'Check now' (the owner, or the team for them; the caller checks the rights): every check of the site queued at
 * once, outside the schedule and its cap. Returns how many; 0 when no keyword is in use.
 */
export async function queueSiteChecksNow(siteId: number, creator: { id: string }): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const checks = await checksOf(tx, siteId);
    await queueChecks(tx, checks, creator, null);
    return checks.length;
  });
}

/**
 * Before a scheduled check runs (its request carries its period): whether the site's month's checks reached
 * its cap. The first check to find it so marks the period capped and tells the team, once.
 */
export async function capReached(siteId: number, periodId: number, now: Date = clockNow()): Promise<boolean> {
  if ((await capRoom(siteId, now)) > 0) return false;
  await markCapped(siteId, periodId);
  return true;
}

/** What is left of the site's monthly cap (US dollars; 0 or less: reached). */
export async function capRoom(siteId: number, now: Date = clockNow()): Promise<number> {
  const db = await getDb();
  const { capUsd } = await scheduleOf(db, siteId);
  return capUsd - (await monthSpend(db, siteId, now));
}

/** Marks the period capped and tells the team, once (a period already marked is left as it is). */
export async function markCapped(siteId: number, periodId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(siteCheckPeriods)
      .set({ status: "capped" })
      .where(and(eq(siteCheckPeriods.id, periodId), eq(siteCheckPeriods.status, "queued")))
      .returning({ id: siteCheckPeriods.id });
    if (marked) await recordNotifications(tx, { kind: "checks_capped", siteId });
  });
}
