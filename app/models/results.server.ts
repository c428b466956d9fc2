/**
 * Results over time (issue 17), as the site's owner (or the team for them) reads them: each chart and table is one
 * aggregate query over the stored snapshots (serp_checks, llm_checks), whose meaning for the site was computed in
 * code when they were stored. Every function checks the actor's reach to the site (or page) first.
 */
import { and, eq, sql } from "drizzle-orm";
import { siteCheckSchedules } from "../../db/schema";
import { CHECK_FREQUENCIES, DEFAULT_MONTHLY_CAP_USD, monthSpend, scheduleOf, type CheckFrequency } from "~/jobs/schedule.server";
import { clockNow } from "~/services/clock.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { isTeamActor, ownedPage, ownedSite, type Actor } from "./access.server";

type Rows<T> = { rows: T[] };
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
  series: { at: string; position: number | null }[];
};

/** Pages of the site that compete for a keyword: several of its URLs in the results, or several of its pages targeting it. */
export const cannibalised = (ranking: Pick<KeywordRanking, "competingUrls" | "targetingPages">) =>
  ranking.competingUrls.length > 1 || ranking.targetingPages.length > 1;

/**
 * Every keyword in use on the site (or on one of its pages), with its ranking and history: one query. Keywords
 * never checked are listed too (no position yet).
 */
export async function keywordRankings(actor: Actor, siteId: number, pageId?: number): Promise<KeywordRanking[]> {
  await ownedSite(actor, siteId);
  if (pageId !== undefined) await ownedPage(actor, pageId, siteId);
  const db = await getDb();
  const onPage = pageId === undefined ? sql`true` : sql`pk.linked_page = ${pageId}`;
  type Row = {
    keyword_id: number;
    keyword: string;
    position: number | null;
    url: string | null;
    is_target: boolean | null;
    first_position: number | null;
    competing: string[] | null;
    targeting: { id: number; name: string }[];
    checks: number;
    last_checked: string | Date | null;
    series: { at: string; position: number | null }[] | null;
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
      (array_agg(c.site_position order by c.checked_at desc, c.id desc))[1] as position,
      (array_agg(c.site_url order by c.checked_at desc, c.id desc))[1] as url,
      (array_agg(c.is_target order by c.checked_at desc, c.id desc))[1] as is_target,
      (array_agg(c.site_position order by c.checked_at, c.id))[1] as first_position,
      (array_agg(to_jsonb(c.site_urls) order by c.checked_at desc, c.id desc))[1] as competing,
      count(c.id)::int as checks,
      max(c.checked_at) as last_checked,
      json_agg(json_build_object('at', c.checked_at, 'position', c.site_position) order by c.checked_at, c.id)
        filter (where c.id is not null) as series
    from used u
    left join serp_checks c on c.site = ${siteId} and c.keyword = u.keyword_id
    group by u.keyword_id, u.keyword, u.targeting
    order by lower(u.keyword)`,
  );
  return rows.map((row) => ({
    keywordId: Number(row.keyword_id),
    keyword: row.keyword,
    position: row.position,
    url: row.url,
    isTarget: row.is_target,
    firstPosition: row.first_position,
    competingUrls: row.competing ?? [],
    targetingPages: row.targeting,
    checks: Number(row.checks),
    lastCheckedAt: row.last_checked ? new Date(row.last_checked).toISOString() : null,
    series: (row.series ?? []).map((point) => ({ at: new Date(point.at).toISOString(), position: point.position })),
  }));
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
};

/** The site's (or page's) AI visibility per model and week: one query. */
export async function aiVisibility(actor: Actor, siteId: number, pageId?: number): Promise<VisibilityPoint[]> {
  await ownedSite(actor, siteId);
  if (pageId !== undefined) await ownedPage(actor, pageId, siteId);
  const db = await getDb();
  const onPage = pageId === undefined ? sql`true` : sql`c.page = ${pageId}`;
  type Row = { llm: string; week: string | Date; answers: number; mentioned: number; cited: number; citation_position: number | null };
  const rows = await rowsOf<Row>(
    db,
    sql`
    select l.name as llm, date_trunc('week', c.checked_at at time zone 'UTC') as week,
      count(*)::int as answers,
      (count(*) filter (where c.mentions_site))::int as mentioned,
      (count(*) filter (where c.site_citation is not null))::int as cited,
      (avg(c.site_citation) filter (where c.site_citation is not null))::float8 as citation_position
    from llm_checks c join llms l on l.id = c.llm
    where c.site = ${siteId} and ${onPage}
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
  }));
}

/** Share of voice: in the answers about the site's pages, how often each domain is named or cited, the site first. */
export type VoiceShare = { domain: string; answers: number; share: number; isSite: boolean };

export async function shareOfVoice(actor: Actor, siteId: number, limit = 10): Promise<{ total: number; domains: VoiceShare[] }> {
  const site = await ownedSite(actor, siteId);
  const db = await getDb();
  type Row = { domain: string | null; answers: number; total: number };
  const rows = await rowsOf<Row>(
    db,
    sql`
    with answers as (select id, domains, mentions_site or site_citation is not null as names_site from llm_checks where site = ${siteId}),
      counted as (
        select d as domain, count(distinct a.id)::int as answers from answers a, unnest(a.domains) d group by d
        union all
        select null, (count(*) filter (where names_site))::int from answers
      )
    select domain, answers, (select count(*)::int from answers) as total from counted
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

/** The dates on which a version of a page of the site was approved or published: the charts' marks. */
export type ResultMark = { at: string; kind: "approved" | "published"; pageId: number; pageName: string };

export async function resultMarks(actor: Actor, siteId: number, pageId?: number): Promise<ResultMark[]> {
  await ownedSite(actor, siteId);
  const db = await getDb();
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
export async function reportEmailsOn(db: Db, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: siteCheckSchedules.reportEmails })
    .from(siteCheckSchedules)
    .where(and(eq(siteCheckSchedules.siteId, siteId)));
  return row?.on ?? true;
}
