/**
 * The snapshots of results over time (issue 17), written by the serps and llm_answers tasks in the transaction
 * that replaces the newest results: a SERP check with the site's best position, URL and competing URLs, and an
 * answer with whether it names the site, where the site is cited and which other domains it names or cites.
 * What the results mean is computed here, in code (lib/results-rules.ts), from the results themselves.
 */
import { sql } from "drizzle-orm";
import { llmCheckDomains, llmCheckTallies, llmChecks, serpChecks } from "../../db/schema";
import type { SerpFeatures } from "~/lib/content-score/types";
import {
  aiOverviewLine,
  citationOfSite,
  competingPages,
  hostMatchesSite,
  mentionedDomains,
  sameUrl,
  siteHost,
  sitePosition,
} from "~/lib/results-rules";
import { clockNow } from "~/services/clock.server";
import type { Db } from "~/services/db.server";
import type { SerpRow } from "~/services/providers/dataforseo.server";

/** A page's address as a full URL (pages may hold a path of their site). */
export function pageAddress(pageUrl: string, siteUrl: string): string {
  try {
    return new URL(pageUrl, /^https?:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl}`).href;
  } catch {
    return pageUrl;
  }
}

/**
 * Records one SERP check of the site's keyword as a snapshot, with what it means for the site and what the
 * answer held besides its organic results (`features`, issue 39; null when not given); returns the check's id.
 */
export async function recordSerpCheck(
  tx: Db,
  check: {
    siteId: number;
    siteUrl: string;
    keywordId: number;
    pageId: number;
    pageUrl: string;
    requestId: number | null;
    rows: SerpRow[];
    features?: SerpFeatures | null;
  },
): Promise<number> {
  const results = check.rows.map((row) => ({ position: row.positionAbsolute, url: row.url, title: row.title, type: row.type }));
  const best = sitePosition(results, check.siteUrl);
  const features = check.features ?? null;
  const overview = features
    ? aiOverviewLine(
        features.aiOverview !== null,
        (features.aiOverview?.references ?? []).map((r) => r.url),
        check.siteUrl,
      )
    : null;
  const [{ id }] = await tx
    .insert(serpChecks)
    .values({
      site: check.siteId,
      keyword: check.keywordId,
      page: check.pageId,
      checkedAt: clockNow(),
      results,
      sitePosition: best?.position ?? null,
      siteUrl: best?.url ?? null,
      isTarget: best ? sameUrl(best.url, pageAddress(check.pageUrl, check.siteUrl)) : null,
      siteUrls: competingPages(results, check.siteUrl),
      request: check.requestId,
      features,
      aiOverview: overview?.present ?? null,
      aiOverviewSiteUrls: overview?.siteUrls ?? null,
      aiOverviewDomains: overview?.domains ?? null,
    })
    .returning({ id: serpChecks.id });
  return id;
}

/**
 * Records the answers about a page of `site` as snapshots, with what each says of the site, and counts them per
 * model (llm_check_tallies) and per other domain (llm_check_domains) for the screens, in the caller's transaction.
 */
export async function recordLlmChecks(
  tx: Db,
  pageId: number,
  site: { id: number; url: string },
  answers: {
    llmId: number;
    question: string;
    answer: string;
    mentionsSite: boolean;
    citedUrls: string[];
    prompt?: number;
    sample?: number;
    live?: boolean;
    citationsFrom?: "annotations" | "text";
  }[],
  requestId: number | null,
) {
  if (answers.length === 0) return;
  const own = siteHost(site.url);
  const checkedAt = clockNow();
  const rows = answers.map((a) => ({
    site: site.id,
    page: pageId,
    llm: a.llmId,
    checkedAt,
    question: a.question,
    answer: a.answer,
    mentionsSite: a.mentionsSite,
    citedUrls: a.citedUrls,
    siteCitation: citationOfSite(a.citedUrls, site.url)?.position ?? null,
    // The other domains: never the site's own, nor its subdomains.
    domains: mentionedDomains(a.answer).filter((domain) => !own || !hostMatchesSite(domain, own)),
    request: requestId,
    prompt: a.prompt ?? 1,
    sample: a.sample ?? 1,
    live: a.live ?? false,
    citationsFrom: a.citationsFrom ?? ("text" as const),
  }));
  await tx.insert(llmChecks).values(rows);
  // The same answers counted, for the screens (issue 42): added to what a retry of this check already counted.
  const tallies = new Map<number, typeof llmCheckTallies.$inferInsert>();
  for (const row of rows) {
    const t = tallies.get(row.llm) ?? {
      site: site.id,
      page: pageId,
      llm: row.llm,
      checkedAt,
      answers: 0,
      mentioned: 0,
      cited: 0,
      citationSum: 0,
      live: 0,
      namesSite: 0,
    };
    t.answers += 1;
    t.mentioned += row.mentionsSite ? 1 : 0;
    t.cited += row.siteCitation === null ? 0 : 1;
    t.citationSum += row.siteCitation ?? 0;
    t.live += row.live ? 1 : 0;
    t.namesSite += row.mentionsSite || row.siteCitation !== null ? 1 : 0;
    tallies.set(row.llm, t);
  }
  const added = (column: string) => sql.raw(`"llm_check_tallies"."${column}" + excluded."${column}"`);
  await tx
    .insert(llmCheckTallies)
    .values([...tallies.values()])
    .onConflictDoUpdate({
      target: [llmCheckTallies.page, llmCheckTallies.llm, llmCheckTallies.checkedAt],
      set: {
        answers: added("answers"),
        mentioned: added("mentioned"),
        cited: added("cited"),
        citationSum: added("citation_sum"),
        live: added("live"),
        namesSite: added("names_site"),
      },
    });
  const domains = new Map<string, number>();
  for (const row of rows) for (const domain of row.domains) domains.set(domain, (domains.get(domain) ?? 0) + 1);
  if (domains.size) {
    await tx
      .insert(llmCheckDomains)
      .values([...domains].map(([domain, n]) => ({ site: site.id, page: pageId, checkedAt, domain, answers: n })))
      .onConflictDoUpdate({
        target: [llmCheckDomains.page, llmCheckDomains.checkedAt, llmCheckDomains.domain],
        set: { answers: sql.raw(`"llm_check_domains"."answers" + excluded."answers"`) },
      });
  }
}
