/**
 * Results over time (issue 17), as the site's owner (or the team for them) reads them: each chart and table is one
 * aggregate query over the stored snapshots (serp_checks, and llm_checks through their counts per page, model and
 * check: llm_check_tallies and llm_check_domains, issue 42), whose meaning for the site was computed in code when
 * they were stored. Every function checks the actor's reach to the site (or page) first.
 */
import { and, eq, sql } from "drizzle-orm";
import { siteCheckSchedules, sites } from "../../db/schema";
import { checkSignedLinkToken } from "~/services/secret-tokens.server";
import { PUBLISH_WINDOW_DAYS } from "~/lib/visibility/figures";
import { monthBounds, monthsBetween, REPORT_UNSUBSCRIBE_PURPOSE, type AiOverviewLine } from "~/lib/results-rules";
import {
  CHECK_FREQUENCIES,
  DEFAULT_MONTHLY_CAP_USD,
  monthSpend,
  queueSiteChecksNow,
  scheduleOf,
  type CheckFrequency,
} from "~/jobs/schedule.server";
import { clockNow } from "~/services/clock.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { isTeamActor, ownedPageRef, ownedSite, type Actor, type PageRef } from "./access.server";

type Rows<T> = { rows: T[] };

/**
 * Checks that the actor reaches the site, or the page of it when one is given (a page the route already checked
 * costs no query), and says which page the figures are narrowed to.
 */
async function reach(actor: Actor, siteId: number, page?: PageRef): Promise<number | undefined> {
  if (page === undefined) {
    await ownedSite(actor, siteId);
    return undefined;
  }
  return (await ownedPageRef(actor, page, siteId)).id;
}
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** One keyword's ranking: where the site stands now, since when, and its history (oldest first). */
export type KeywordRanking = {
  keywordId: number;
  keyword: string;
  /** The site's best position in the newest check; null when absent from the results (or never checked). */
  position: number | null;
  url: string | null;
  /** Whether that URL is the page that targets the keyword. */
  isTarget: boolean | null;
  firstPosition: number | null;
  /** The site's URLs in the newest results, and the site's pages that target the keyword: two or more compete. */
  competingUrls: string[];
  targetingPages: { id: number; name: string }[];
  checks: number;
  lastCheckedAt: string | null;
  /** Each check: the site's position, and Google's AI Overview (issue 42; null when the check did not record it). */
  series: { at: string; position: number | null; aiOverview: AiOverviewLine | null }[];
  /** Google's AI Overview at the newest check (issue 42); null when that check did not record it (older checks). */
  aiOverview: AiOverviewLine | null;
};

/** A stored AI Overview line (the three columns of serp_checks) as the screens read it. */
const aiOverviewOf = (present: boolean | null, siteUrls: string[] | null, domains: string[] | null): AiOverviewLine | null =>
  present === null ? null : { present, siteUrls: siteUrls ?? [], domains: domains ?? [] };

/**
 * Every keyword in use on the site (or on one of its pages), with its ranking and history: one query. Keywords
 * never checked are listed too (no position yet).
 */
export async function keywordRankings(actor: Actor, siteId: number, page?: PageRef): Promise<KeywordRanking[]> {
  const pageId = await reach(actor, siteId, page);
  const db = await getDb();
  const onPage = pageId === undefined ? sql`true` : sql`pk.linked_page = ${pageId}`;
  type Row = {
    keyword_id: number;
    keyword: string;
    url: string | null;
    is_target: boolean | null;
    competing: string[] | null;
    targeting: { id: number; name: string }[];
    checks: number;
    last_checked: string | Date | null;
    series:
      { at: string; position: number | null; ai: boolean | null; ai_site_urls: string[] | null; ai_domains: string[] | null }[] | null;
  };
  const rows = await rowsOf<Row>(
    db,
    sql`
    with used as (
      select pk.linked_keyword as keyword_id, min(k.keyword) as keyword,
        jsonb_agg(distinct jsonb_build_object('id', p.id, 'name', p.name)) as targeting
      from pages_keywords pk
      join pages p on p.id = pk.linked_page
      join keywords k on k.id = pk.linked_keyword
      where p.site = ${siteId} and pk.to_search and ${onPage}
      group by pk.linked_keyword
    )
    select u.keyword_id, u.keyword, u.targeting,
      -- The newest check's URL, whether it is the target and the competing URLs; its position, the first check's and
      -- the AI Overviews come from the series.
      (array_agg(c.site_url order by c.checked_at desc, c.id desc))[1] as url,
      (array_agg(c.is_target order by c.checked_at desc, c.id desc))[1] as is_target,
      (array_agg(to_jsonb(c.site_urls) order by c.checked_at desc, c.id desc))[1] as competing,
      count(c.id)::int as checks,
      max(c.checked_at) as last_checked,
      json_agg(json_build_object('at', c.checked_at, 'position', c.site_position, 'ai', c.ai_overview,
        'ai_site_urls', c.ai_overview_site_urls, 'ai_domains', c.ai_overview_domains)
        order by c.checked_at, c.id) filter (where c.id is not null) as series
    from used u
    left join serp_checks c on c.site = ${siteId} and c.keyword = u.keyword_id
    group by u.keyword_id, u.keyword, u.targeting
    order by lower(u.keyword)`,
  );
  return rows.map((row) => {
    const series = (row.series ?? []).map((point) => ({
      at: new Date(point.at).toISOString(),
      position: point.position,
      aiOverview: aiOverviewOf(point.ai, point.ai_site_urls, point.ai_domains),
    }));
    return {
      keywordId: Number(row.keyword_id),
      keyword: row.keyword,
      position: series.at(-1)?.position ?? null,
      url: row.url,
      isTarget: row.is_target,
      firstPosition: series[0]?.position ?? null,
      competingUrls: row.competing ?? [],
      targetingPages: row.targeting,
      checks: Number(row.checks),
      lastCheckedAt: row.last_checked ? new Date(row.last_checked).toISOString() : null,
      series,
      aiOverview: series.at(-1)?.aiOverview ?? null,
    };
  });
}

/** One model's visibility in one week: how many answers, how many name the site, cite it, and where. */
export type VisibilityPoint = {
  llm: string;
  week: string;
  answers: number;
  mentioned: number;
  cited: number;
  /** The average position of the site's first citation among the cited URLs, over the answers that cite it. */
  citationPosition: number | null;
  /** How many of the answers were made with web search on (issue 42). */
  live: number;
};

/** The site's (or page's) AI visibility per model and week: one query. */
export async function aiVisibility(actor: Actor, siteId: number, page?: PageRef): Promise<VisibilityPoint[]> {
  const pageId = await reach(actor, siteId, page);
  const db = await getDb();
  const onPage = pageId === undefined ? sql`true` : sql`t.page = ${pageId}`;
  type Row = {
    llm: string;
    week: string | Date;
    answers: number;
    mentioned: number;
    cited: number;
    citation_position: number | null;
    live: number;
  };
  const rows = await rowsOf<Row>(
    db,
    // From the answers' tallies (one row per page, model and check), per check first, then per week.
    sql`
    select l.name as llm, date_trunc('week', c.checked_at at time zone 'UTC') as week,
      sum(c.answers)::int as answers,
      sum(c.mentioned)::int as mentioned,
      sum(c.cited)::int as cited,
      (sum(c.citation_sum)::float8 / nullif(sum(c.cited), 0)) as citation_position,
      sum(c.live)::int as live
    from (
      select t.llm, t.checked_at, sum(t.answers) as answers, sum(t.mentioned) as mentioned, sum(t.cited) as cited,
        sum(t.citation_sum) as citation_sum, sum(t.live) as live
      from llm_check_tallies t
      where t.site = ${siteId} and ${onPage}
      group by t.llm, t.checked_at
    ) c join llms l on l.id = c.llm
    group by l.name, week
    order by week, l.name`,
  );
  return rows.map((row) => ({
    llm: row.llm,
    week: new Date(row.week).toISOString().slice(0, 10),
    answers: Number(row.answers),
    mentioned: Number(row.mentioned),
    cited: Number(row.cited),
    citationPosition: row.citation_position === null ? null : Number(row.citation_position),
    live: Number(row.live),
  }));
}

/**
 * Share of voice: in the answers about the site's pages, how often each domain is named or cited, the site first.
 * An answer's domains are distinct (snapshots.server.ts), so the domains' counts per check add up to answers; read
 * from the counts kept beside the answers (llm_check_domains, llm_check_tallies), not the answers themselves.
 */
export type VoiceShare = { domain: string; answers: number; share: number; isSite: boolean };

export async function shareOfVoice(actor: Actor, siteId: number, limit = 10): Promise<{ total: number; domains: VoiceShare[] }> {
  const site = await ownedSite(actor, siteId);
  const db = await getDb();
  type Row = { domain: string | null; answers: number; total: number };
  const rows = await rowsOf<Row>(
    db,
    sql`
    with totals as (
        select coalesce(sum(answers), 0)::int as total, coalesce(sum(names_site), 0)::int as names_site
        from llm_check_tallies where site = ${siteId}
      ),
      counted as (
        select domain, sum(answers)::int as answers from llm_check_domains where site = ${siteId} group by domain
        union all
        select null, names_site from totals
      )
    select domain, answers, (select total from totals) as total from counted
    order by domain is not null, answers desc, domain
    limit ${limit + 1}`,
  );
  const total = rows.length ? Number(rows[0].total) : 0;
  const share = (n: number) => (total ? n / total : 0);
  return {
    total,
    domains: rows.map((row) => ({
      domain: row.domain ?? site.name,
      answers: Number(row.answers),
      share: share(Number(row.answers)),
      isSite: row.domain === null,
    })),
  };
}

/** A page's answers in the weeks before its newest publication and since (at most PUBLISH_WINDOW_DAYS each side). */
export type PublishEffect = {
  pageId: number;
  pageName: string;
  publishedAt: string;
  before: { answers: number; mentioned: number; cited: number };
  after: { answers: number; mentioned: number; cited: number };
};

/**
 * Before and after publishing (issue 42): for each page of the site (or the one page) that was published, the
 * answers about it in the four weeks before its newest publication and in the four weeks since. One query.
 */
export async function publishEffects(actor: Actor, siteId: number, page?: PageRef): Promise<PublishEffect[]> {
  const pageId = await reach(actor, siteId, page);
  const db = await getDb();
  const onPage = pageId === undefined ? sql`true` : sql`p.id = ${pageId}`;
  type Row = {
    page_id: number;
    page_name: string;
    at: string | Date;
    before_n: number;
    before_mentioned: number;
    before_cited: number;
    after_n: number;
    after_mentioned: number;
    after_cited: number;
  };
  const rows = await rowsOf<Row>(
    db,
    sql`
    with published as (
      select p.id as page_id, p.name as page_name, max(pp.published_at) as at
      from page_publications pp join pages p on p.id = pp.page_id
      where p.site = ${siteId} and pp.published_at is not null and ${onPage}
      group by p.id, p.name
    )
    select u.page_id, u.page_name, u.at,
      coalesce(sum(c.answers) filter (where c.checked_at < u.at), 0)::int as before_n,
      coalesce(sum(c.mentioned) filter (where c.checked_at < u.at), 0)::int as before_mentioned,
      coalesce(sum(c.cited) filter (where c.checked_at < u.at), 0)::int as before_cited,
      coalesce(sum(c.answers) filter (where c.checked_at >= u.at), 0)::int as after_n,
      coalesce(sum(c.mentioned) filter (where c.checked_at >= u.at), 0)::int as after_mentioned,
      coalesce(sum(c.cited) filter (where c.checked_at >= u.at), 0)::int as after_cited
    from published u
    left join llm_check_tallies c on c.page = u.page_id
      and c.checked_at >= u.at - make_interval(days => ${PUBLISH_WINDOW_DAYS})
      and c.checked_at < u.at + make_interval(days => ${PUBLISH_WINDOW_DAYS})
    group by u.page_id, u.page_name, u.at
    order by u.at desc, u.page_id`,
  );
  return rows.map((row) => ({
    pageId: Number(row.page_id),
    pageName: row.page_name,
    publishedAt: new Date(row.at).toISOString(),
    before: { answers: Number(row.before_n), mentioned: Number(row.before_mentioned), cited: Number(row.before_cited) },
    after: { answers: Number(row.after_n), mentioned: Number(row.after_mentioned), cited: Number(row.after_cited) },
  }));
}

/** The dates on which a version of a page of the site was approved or published: the charts' marks. */
export type ResultMark = { at: string; kind: "approved" | "published"; pageId: number; pageName: string };

export async function resultMarks(actor: Actor, siteId: number, page?: PageRef): Promise<ResultMark[]> {
  return marksOf(await getDb(), siteId, await reach(actor, siteId, page));
}

/** The marks of a site (or one of its pages) whose reach the caller checked. */
async function marksOf(db: Db, siteId: number, pageId?: number): Promise<ResultMark[]> {
  const onPage = pageId === undefined ? sql`true` : sql`p.id = ${pageId}`;
  type Row = { at: string | Date; kind: "approved" | "published"; page_id: number; page_name: string };
  const rows = await rowsOf<Row>(
    db,
    sql`
    select v.approved_at as at, 'approved' as kind, p.id as page_id, p.name as page_name
      from pages_versions v join pages p on p.id = v.page
      where p.site = ${siteId} and v.approved_at is not null and ${onPage}
    union all
    select pp.published_at, 'published', p.id, p.name
      from page_publications pp join pages p on p.id = pp.page_id
      where p.site = ${siteId} and pp.published_at is not null and ${onPage}
    order by 1`,
  );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), kind: row.kind, pageId: Number(row.page_id), pageName: row.page_name }));
}

export type CheckSchedule = {
  frequency: CheckFrequency;
  /** TEAM ONLY: the monthly cap and this month's spending (US dollars); null for a client. */
  capUsd: number | null;
  spentUsd: number | null;
  /** The newest claimed period and what it did. */
  lastPeriod: { period: string; status: string; claimedAt: string } | null;
};

/** The site's schedule of automatic checks (costs only for the team). */
export async function getCheckSchedule(actor: Actor, siteId: number): Promise<CheckSchedule> {
  await ownedSite(actor, siteId);
  const db = await getDb();
  const team = isTeamActor(actor);
  const [{ frequency, capUsd }, spent, last] = await Promise.all([
    scheduleOf(db, siteId),
    team ? monthSpend(db, siteId, clockNow()) : Promise.resolve(null),
    rowsOf<{ period: string; status: string; claimed_at: string | Date }>(
      db,
      sql`select period, status, claimed_at from site_check_periods where site_id = ${siteId} and period not like 'report:%'
        order by claimed_at desc, id desc limit 1`,
    ),
  ]);
  return {
    frequency,
    capUsd: team ? capUsd : null,
    spentUsd: spent,
    lastPeriod: last[0] ? { period: last[0].period, status: last[0].status, claimedAt: new Date(last[0].claimed_at).toISOString() } : null,
  };
}

export class InvalidFrequencyError extends Error {}

/** Sets how often the site's checks run (the owner, or the team for them). */
export async function saveCheckFrequency(actor: Actor, siteId: number, frequency: string): Promise<void> {
  await ownedSite(actor, siteId);
  if (!(CHECK_FREQUENCIES as readonly string[]).includes(frequency)) throw new InvalidFrequencyError(frequency);
  const db = await getDb();
  await db
    .insert(siteCheckSchedules)
    .values({ siteId, frequency, monthlyCapUsd: DEFAULT_MONTHLY_CAP_USD.toFixed(2), updatedBy: actor.id })
    .onConflictDoUpdate({ target: siteCheckSchedules.siteId, set: { frequency, updatedAt: new Date(), updatedBy: actor.id } });
  logger.info({ userId: actor.id, siteId, frequency }, "check schedule saved");
}

/** Whether the owner gets the monthly report e-mail; the report's unsubscribe link turns it off without signing in. */
async function reportEmailsOn(db: Db, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: siteCheckSchedules.reportEmails })
    .from(siteCheckSchedules)
    .where(and(eq(siteCheckSchedules.siteId, siteId)));
  return row?.on ?? true;
}

/** 'Check now': every SERP check and LLM-answers request of the site queued at once. Returns how many (0: no keyword in use). */
export async function checkSiteNow(actor: Actor, siteId: number): Promise<number> {
  await ownedSite(actor, siteId);
  const queued = await queueSiteChecksNow(siteId, actor);
  logger.info({ userId: actor.id, siteId, queued }, "site checks queued now");
  return queued;
}

/** How many of the site's checks are running or due now (not those the schedule spread over the coming days). */
export async function checksUnderWay(actor: Actor, siteId: number): Promise<number> {
  await ownedSite(actor, siteId);
  const db = await getDb();
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pages_actions a
      join actions n on n.id = a.linked_action
      join pages p on p.id = a.linked_page
      where p.site = ${siteId} and n.name in ('serps', 'llm_answers')
        and (a.state = 'running' or (a.state = 'queued' and (a.next_attempt_at is null or a.next_attempt_at <= now())))`,
  );
  return Number(row?.n ?? 0);
}

export type MonthlyReport = {
  month: string;
  site: { id: number; name: string; url: string };
  /** Each keyword's position at the month's last check, and before the month (or at its first check). */
  movers: {
    keyword: string;
    before: number | null;
    after: number | null;
    checks: number;
    series: { at: string; position: number | null }[];
    /** Google's AI Overview at the month's last check (issue 42); null when not recorded. */
    aiOverview: AiOverviewLine | null;
  }[];
  /** Answers of the month that cite the site where the same model had not cited it for that page before. */
  newCitations: { pageName: string; llm: string; at: string; url: string | null }[];
  /** Per assistant, the month's answers and (to call a change) the month before's; `live`: answers made with web search. */
  visibility: {
    llm: string;
    answers: number;
    mentioned: number;
    cited: number;
    live: number;
    previous: { answers: number; mentioned: number; cited: number };
  }[];
  /** Versions written or approved in the month, with (for the team only) what the AI work on them cost. */
  articles: { pageId: number; pageName: string; versions: number; approved: number; costUsd: number | null }[];
  marks: ResultMark[];
};

/**
 * The months a site's report can be read for, newest first: from the site's creation, or its first check when that
 * is earlier, to the current month (the schedule's clock).
 */
export async function reportMonths(actor: Actor, siteId: number): Promise<string[]> {
  await ownedSite(actor, siteId);
  const db = await getDb();
  // least() leaves out the checks' minimum when the site has none.
  const [row] = await rowsOf<{ first: string | Date }>(
    db,
    sql`
    select least(
      (select created_at from sites where id = ${siteId}),
      (select min(checked_at) from serp_checks where site = ${siteId}),
      (select min(checked_at) from llm_checks where site = ${siteId})) as first`,
  );
  const now = clockNow();
  return monthsBetween(row?.first ? new Date(row.first) : now, now);
}

/** The figures of a site's month, each from one query. Null when the month is not a month. */
export async function monthlyReport(actor: Actor, siteId: number, month: string): Promise<MonthlyReport | null> {
  const site = await ownedSite(actor, siteId);
  const bounds = monthBounds(month);
  if (!bounds) return null;
  const { start, end } = bounds;
  const db = await getDb();
  type Mover = {
    keyword: string;
    before: number | null;
    after: number | null;
    checks: number;
    series: { at: string; position: number | null }[] | null;
    ai_present: boolean | null;
    ai_site_urls: string[] | null;
    ai_domains: string[] | null;
  };
  type Citation = { page_name: string; llm: string; at: string | Date; url: string | null };
  type Visibility = {
    llm: string;
    answers: number;
    mentioned: number;
    cited: number;
    live: number;
    previous_answers: number;
    previous_mentioned: number;
    previous_cited: number;
  };
  const previousStart = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
  type Article = { page_id: number; page_name: string; versions: number; approved: number; cost: number | null };
  const [movers, citations, visibility, articles, marks] = await Promise.all([
    rowsOf<Mover>(
      db,
      sql`
      select k.keyword,
        coalesce(
          (array_agg(c.site_position order by c.checked_at desc) filter (where c.checked_at < ${start}))[1],
          (array_agg(c.site_position order by c.checked_at) filter (where c.checked_at >= ${start} and c.checked_at < ${end}))[1]
        ) as before,
        (array_agg(c.site_position order by c.checked_at desc) filter (where c.checked_at < ${end}))[1] as after,
        (count(*) filter (where c.checked_at >= ${start} and c.checked_at < ${end}))::int as checks,
        json_agg(json_build_object('at', c.checked_at, 'position', c.site_position) order by c.checked_at)
          filter (where c.checked_at >= ${start} and c.checked_at < ${end}) as series,
        (array_agg(c.ai_overview order by c.checked_at desc) filter (where c.checked_at >= ${start}))[1] as ai_present,
        (array_agg(to_jsonb(c.ai_overview_site_urls) order by c.checked_at desc) filter (where c.checked_at >= ${start}))[1] as ai_site_urls,
        (array_agg(to_jsonb(c.ai_overview_domains) order by c.checked_at desc) filter (where c.checked_at >= ${start}))[1] as ai_domains
      from serp_checks c join keywords k on k.id = c.keyword
      where c.site = ${siteId} and c.checked_at < ${end}
      group by k.keyword
      having count(*) filter (where c.checked_at >= ${start} and c.checked_at < ${end}) > 0`,
    ),
    rowsOf<Citation>(
      db,
      sql`
      select p.name as page_name, l.name as llm, f.checked_at as at, f.url
      from pages p cross join llms l
      -- Each page and model's first answer that cites the site (llm_checks_first_citation_idx), when it is this month's.
      cross join lateral (
        select e.checked_at, e.cited_urls[e.site_citation] as url from llm_checks e
        where e.page = p.id and e.llm = l.id and e.site_citation is not null
        order by e.checked_at, e.id limit 1
      ) f
      where p.site = ${siteId} and f.checked_at >= ${start} and f.checked_at < ${end}
      order by f.checked_at, p.name, l.name`,
    ),
    rowsOf<Visibility>(
      db,
      sql`
      select l.name as llm,
        coalesce(sum(c.answers) filter (where c.checked_at >= ${start}), 0)::int as answers,
        coalesce(sum(c.mentioned) filter (where c.checked_at >= ${start}), 0)::int as mentioned,
        coalesce(sum(c.cited) filter (where c.checked_at >= ${start}), 0)::int as cited,
        coalesce(sum(c.live) filter (where c.checked_at >= ${start}), 0)::int as live,
        coalesce(sum(c.answers) filter (where c.checked_at < ${start}), 0)::int as previous_answers,
        coalesce(sum(c.mentioned) filter (where c.checked_at < ${start}), 0)::int as previous_mentioned,
        coalesce(sum(c.cited) filter (where c.checked_at < ${start}), 0)::int as previous_cited
      from llm_check_tallies c join llms l on l.id = c.llm
      where c.site = ${siteId} and c.checked_at >= ${previousStart} and c.checked_at < ${end}
      group by l.name
      having sum(c.answers) filter (where c.checked_at >= ${start}) > 0
      order by l.name`,
    ),
    rowsOf<Article>(
      db,
      sql`
      select p.id as page_id, p.name as page_name,
        (select count(*)::int from pages_versions v where v.page = p.id and v.created_date >= ${start} and v.created_date < ${end}) as versions,
        (select count(*)::int from pages_versions v where v.page = p.id and v.approved_at >= ${start} and v.approved_at < ${end}) as approved,
        (select sum(a.cost_usd)::float8 from pages_actions a join actions n on n.id = a.linked_action
          where a.linked_page = p.id and n.name in ('create_outline', 'create_article', 'modify_articles_with_instructions', 'create_cover_image')
            and a.created_date >= ${start} and a.created_date < ${end}) as cost
      from pages p
      where p.site = ${siteId} and exists (
        select 1 from pages_versions v where v.page = p.id
          and ((v.created_date >= ${start} and v.created_date < ${end}) or (v.approved_at >= ${start} and v.approved_at < ${end})))
      order by p.name`,
    ),
    marksOf(db, siteId),
  ]);
  const team = isTeamActor(actor);
  return {
    month,
    site,
    movers: movers
      .map((m) => ({
        keyword: m.keyword,
        before: m.before,
        after: m.after,
        checks: Number(m.checks),
        series: (m.series ?? []).map((p) => ({ at: new Date(p.at).toISOString(), position: p.position })),
        aiOverview: aiOverviewOf(m.ai_present, m.ai_site_urls, m.ai_domains),
      }))
      // The biggest climbs first (entering the results counts as climbing from past the 100th).
      .sort((a, b) => (a.before ?? 101) - (a.after ?? 101) - ((b.before ?? 101) - (b.after ?? 101)))
      .reverse(),
    newCitations: citations.map((c) => ({ pageName: c.page_name, llm: c.llm, at: new Date(c.at).toISOString(), url: c.url })),
    visibility: visibility.map((v) => ({
      llm: v.llm,
      answers: Number(v.answers),
      mentioned: Number(v.mentioned),
      cited: Number(v.cited),
      live: Number(v.live),
      previous: { answers: Number(v.previous_answers), mentioned: Number(v.previous_mentioned), cited: Number(v.previous_cited) },
    })),
    articles: articles.map((a) => ({
      pageId: Number(a.page_id),
      pageName: a.page_name,
      versions: Number(a.versions),
      approved: Number(a.approved),
      costUsd: team && a.cost !== null ? Number(a.cost) : null,
    })),
    marks: marks.filter((m) => m.at >= start.toISOString() && m.at < end.toISOString()),
  };
}

/**
 * NO ACCOUNT (the report e-mail's unsubscribe link): the site whose link this is, by its signed token, or null
 * (a wrong token answers like a missing site).
 */
export async function siteOfUnsubscribeLink(siteId: number, token: string): Promise<{ name: string; subscribed: boolean } | null> {
  if (!checkSignedLinkToken(REPORT_UNSUBSCRIBE_PURPOSE, siteId, token)) return null;
  const db = await getDb();
  const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
  return site ? { name: site.name, subscribed: await reportEmailsOn(db, siteId) } : null;
}

/** NO ACCOUNT: turns the site's monthly report e-mails off through its unsubscribe link; false for a wrong link. */
export async function unsubscribeFromReports(siteId: number, token: string): Promise<boolean> {
  if (!(await siteOfUnsubscribeLink(siteId, token))) return false;
  const db = await getDb();
  await db
    .insert(siteCheckSchedules)
    .values({ siteId, reportEmails: false })
    .onConflictDoUpdate({ target: siteCheckSchedules.siteId, set: { reportEmails: false, updatedAt: new Date() } });
  logger.info({ siteId }, "monthly report e-mails turned off by their link");
  return true;
}
