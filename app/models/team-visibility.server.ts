/**
 * The console's view of a site's AI visibility checks (issue 42): what its automatic checks cost per month at its
 * settings, priced by what the providers measured, and its pages with keywords in use, each with the prompts the
 * assistants are asked about it. The team changes the prompts and the sample size through models/prompts.server.ts.
 * Every function takes the acting team member and checks the role itself.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import {
  keywords,
  llms,
  locationLanguages,
  pagePrompts,
  pages,
  pagesKeywords,
  providerUsage,
  siteCheckSchedules,
  sites,
} from "../../db/schema";
import { NotFoundError } from "~/lib/not-found";
import { pageParam, parseListQuery } from "~/lib/list-query";
import { TEAM_PROMPT_PAGES_PAGE_SIZE } from "~/lib/schemas/team";
import { estimateChecksCost, PRICE_WINDOW_DAYS, type CheckFrequency, type CostEstimate } from "~/lib/visibility/cost";
import { DEFAULT_PROMPT_COUNT, promptsOfPage } from "~/lib/visibility/prompts";
import { z } from "~/lib/zod";
import { DEFAULT_MONTHLY_CAP_USD, DEFAULT_SAMPLES } from "~/jobs/schedule.server";
import type { TeamMember } from "~/services/auth.server";
import { clockNow } from "~/services/clock.server";
import { getDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { assertTeam } from "./team-access.server";

const DAY_MS = 86_400_000;

export type TeamChecksCostEstimate = CostEstimate & {
  frequency: CheckFrequency;
  samples: number;
  /** Pages with a keyword in use, their prompts added up, and the keywords in use. */
  pages: number;
  prompts: number;
  keywords: number;
  /** Whether the site has a client: a site without one is not checked automatically. */
  owned: boolean;
};

/** The site's schedule (the defaults without a row), what it has to check, and what a SERP check cost, in one query. */
const volumeOf = (siteId: number, since: Date) => sql`
  with used as (
    select pk.linked_page as page, count(*) as keywords
    from pages_keywords pk join pages p on p.id = pk.linked_page
    where p.site = ${siteId} and pk.to_search
    group by pk.linked_page
  ), serp as (
    -- A SERP check's price: what each check (its search, and its reading of the top pages) cost, on average.
    select sum(u.cost_usd)::float8 / nullif(count(distinct u.action_id), 0) as mean, count(distinct u.action_id) as checks
    from provider_usage u
    where u.kind = 'serps' and u.action_id is not null and u.cost_usd is not null and u.created_at >= ${since}
  )
  select s.linked_user is not null as owned,
    coalesce(c.frequency, 'weekly') as frequency,
    coalesce(c.monthly_cap_usd::float8, ${DEFAULT_MONTHLY_CAP_USD}) as cap_usd,
    coalesce(c.samples, ${DEFAULT_SAMPLES}) as samples,
    (select count(*) from used) as pages,
    (select coalesce(sum(keywords), 0) from used) as keywords,
    (select coalesce(sum(coalesce(nullif((select count(*) from page_prompts pp where pp.page = used.page), 0), ${DEFAULT_PROMPT_COUNT})), 0)
      from used) as prompts,
    serp.mean as serp_mean, serp.checks as serp_checks
  from sites s left join site_check_schedules c on c.site_id = s.id cross join serp
  where s.id = ${siteId}`;

type VolumeRow = {
  owned: boolean;
  frequency: CheckFrequency;
  cap_usd: number;
  samples: number;
  pages: number | string;
  keywords: number | string;
  prompts: number | string;
  serp_mean: number | null;
  serp_checks: number | string;
};

/**
 * TEAM ONLY: what the site's automatic checks cost per month at its current settings (its frequency, or weekly when
 * they are off; its sample size; its pages' prompts; the active LLMs), each answer priced by the mean cost of a call
 * of its model over the last 90 days of every site (OpenRouter's reported usage), each SERP check by the mean cost of
 * a check; what no call measured yet is named, and the total is then a lower bound. Two queries.
 */
export async function teamChecksCostEstimate(member: TeamMember, siteId: number): Promise<TeamChecksCostEstimate> {
  assertTeam(member);
  const db = await getDb();
  const since = new Date(clockNow().getTime() - PRICE_WINDOW_DAYS * DAY_MS);
  const calls = and(
    eq(providerUsage.model, llms.nameOpenrouter),
    eq(providerUsage.kind, "llm_answers"),
    eq(providerUsage.provider, "openrouter"),
    isNotNull(providerUsage.costUsd),
    gte(providerUsage.createdAt, since),
  );
  const [volume, models] = await Promise.all([
    db.execute(volumeOf(siteId, since)) as unknown as Promise<{ rows: VolumeRow[] }>,
    db
      .select({
        name: llms.name,
        webSearch: llms.webSearch,
        meanCostUsd: sql<number | null>`avg(${providerUsage.costUsd})::float8`,
        calls: count(providerUsage.id),
      })
      .from(llms)
      .leftJoin(providerUsage, calls)
      .where(eq(llms.active, true))
      .groupBy(llms.id)
      .orderBy(asc(llms.name), asc(llms.id)),
  ]);
  const row = volume.rows[0];
  if (!row) throw new NotFoundError("site");
  const figures = {
    frequency: row.frequency,
    samples: Number(row.samples),
    pages: Number(row.pages),
    prompts: Number(row.prompts),
    keywords: Number(row.keywords),
  };
  const estimate = estimateChecksCost(
    figures,
    models.map((m) => ({ ...m, meanCostUsd: m.meanCostUsd === null ? null : Number(m.meanCostUsd) })),
    { meanCostUsd: row.serp_mean === null ? null : Number(row.serp_mean), checks: Number(row.serp_checks) },
    { capUsd: Number(row.cap_usd), spreadHours: getEnv().CHECKS_SPREAD_HOURS },
  );
  return { ...estimate, ...figures, owned: row.owned };
}

export const teamPromptPagesQuery = z.object({ page: pageParam });
export type TeamPromptPagesQuery = z.infer<typeof teamPromptPagesQuery>;

export function parseTeamPromptPagesQuery(params: URLSearchParams): TeamPromptPagesQuery {
  return parseListQuery(teamPromptPagesQuery, params);
}

export type TeamPromptPage = {
  id: number;
  name: string;
  url: string;
  /** Its keywords in use, in the order they were added. */
  keywords: string[];
  prompts: string[];
  /** Whether the team wrote them (false: the defaults). */
  custom: boolean;
  updatedAt: Date | null;
};

export type TeamSitePrompts = {
  site: { id: number; name: string; url: string; samples: number; activeLlms: number };
  pages: TeamPromptPage[];
  total: number;
};

/**
 * TEAM ONLY: one page (TEAM_PROMPT_PAGES_PAGE_SIZE, by name) of the site's pages with a keyword in use, each with
 * the prompts the assistants are asked about it (the team's, else the defaults, in the site's language), and how
 * many there are: the site, the pages, then the prompts of the listed pages (three queries, whatever the page count).
 * Null when there is no such site.
 */
export async function teamListPromptPages(
  member: TeamMember,
  siteId: number,
  query: TeamPromptPagesQuery,
): Promise<TeamSitePrompts | null> {
  assertTeam(member);
  const db = await getDb();
  const [[site], listed] = await Promise.all([
    db
      .select({
        id: sites.id,
        name: sites.name,
        url: sites.url,
        languageCode: locationLanguages.languageCode,
        samples: sql<number>`coalesce(${siteCheckSchedules.samples}, ${DEFAULT_SAMPLES})`.mapWith(Number),
        activeLlms: sql<number>`(select count(*) from "llms" where "llms"."active")`.mapWith(Number),
      })
      .from(sites)
      .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
      .leftJoin(siteCheckSchedules, eq(siteCheckSchedules.siteId, sites.id))
      .where(eq(sites.id, siteId)),
    db
      .select({
        id: pages.id,
        name: pages.name,
        url: pages.url,
        keywords: sql<string[]>`json_agg(${keywords.keyword} order by ${pagesKeywords.id})`,
        // How many pages match: counted over the groups, before the limit.
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(pages)
      .innerJoin(pagesKeywords, and(eq(pagesKeywords.linkedPage, pages.id), eq(pagesKeywords.toSearch, true)))
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(eq(pages.site, siteId))
      .groupBy(pages.id)
      .orderBy(asc(pages.name), asc(pages.id))
      .limit(TEAM_PROMPT_PAGES_PAGE_SIZE)
      .offset((query.page - 1) * TEAM_PROMPT_PAGES_PAGE_SIZE),
  ]);
  if (!site) return null;
  const { languageCode, ...siteFields } = site;
  const written = listed.length
    ? await db
        .select({ page: pagePrompts.page, prompt: pagePrompts.prompt, updatedAt: pagePrompts.updatedAt })
        .from(pagePrompts)
        .where(
          inArray(
            pagePrompts.page,
            listed.map((p) => p.id),
          ),
        )
        .orderBy(asc(pagePrompts.page), asc(pagePrompts.position))
    : [];
  const byPage = new Map<number, typeof written>();
  for (const w of written) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w]);
  const list = listed.map(({ total: _total, ...page }): TeamPromptPage => ({
    ...page,
    ...promptsOfPage(byPage.get(page.id) ?? [], { pageName: page.name, keywords: page.keywords, languageCode }),
  }));
  if (listed[0] || query.page === 1) return { site: siteFields, pages: list, total: listed[0]?.total ?? 0 };
  // Past the last page: how many there are, for the screen to say where the list ends.
  const [counted] = await db
    .select({ n: sql<number>`count(distinct ${pagesKeywords.linkedPage})`.mapWith(Number) })
    .from(pagesKeywords)
    .innerJoin(pages, eq(pages.id, pagesKeywords.linkedPage))
    .where(and(eq(pages.site, siteId), eq(pagesKeywords.toSearch, true)));
  return { site: siteFields, pages: [], total: counted?.n ?? 0 };
}
