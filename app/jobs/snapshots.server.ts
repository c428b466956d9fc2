/**
 * The snapshots of results over time (issue 17), written by the serps and llm_answers tasks in the transaction
 * that replaces the newest results: a SERP check with the site's best position, URL and competing URLs, and an
 * answer with whether it names the site, where the site is cited and which other domains it names or cites.
 * What the results mean is computed here, in code (lib/results-rules.ts), from the results themselves.
 */
import { eq } from "drizzle-orm";
import { llmChecks, pages, serpChecks, sites } from "../../db/schema";
import { citationOfSite, competingPages, mentionedDomains, mentionsSite, sameUrl, siteHost, sitePosition } from "~/lib/results-rules";
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

/** Records one SERP check of the site's keyword as a snapshot, with what it means for the site. */
export async function recordSerpCheck(
  tx: Db,
  check: { siteId: number; keywordId: number; pageId: number | null; requestId: number | null; rows: SerpRow[] },
) {
  const [site] = await tx.select({ url: sites.url }).from(sites).where(eq(sites.id, check.siteId));
  if (!site) return;
  const [page] = check.pageId ? await tx.select({ url: pages.url }).from(pages).where(eq(pages.id, check.pageId)) : [];
  const results = check.rows.map((row) => ({ position: row.positionAbsolute, url: row.url, title: row.title, type: row.type }));
  const best = sitePosition(results, site.url);
  await tx.insert(serpChecks).values({
    site: check.siteId,
    keyword: check.keywordId,
    page: check.pageId,
    checkedAt: clockNow(),
    results,
    sitePosition: best?.position ?? null,
    siteUrl: best?.url ?? null,
    isTarget: best && page ? sameUrl(best.url, pageAddress(page.url, site.url)) : null,
    siteUrls: competingPages(results, site.url),
    request: check.requestId,
  });
}

/** Records the answers about a page as snapshots, with what each says of the site. */
export async function recordLlmChecks(
  tx: Db,
  pageId: number,
  answers: { llmId: number; question: string; answer: string; citedUrls: string[] }[],
  requestId: number | null,
) {
  const [page] = await tx
    .select({ siteId: sites.id, siteUrl: sites.url, siteName: sites.name })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(eq(pages.id, pageId));
  if (!page || answers.length === 0) return;
  const own = siteHost(page.siteUrl);
  const checkedAt = clockNow();
  await tx.insert(llmChecks).values(
    answers.map((a) => {
      const domains = mentionedDomains(a.answer).filter((domain) => !own || (domain !== own && !domain.endsWith(`.${own}`)));
      return {
        site: page.siteId,
        page: pageId,
        llm: a.llmId,
        checkedAt,
        question: a.question,
        answer: a.answer,
        mentionsSite: mentionsSite(a.answer, page.siteName, page.siteUrl),
        citedUrls: a.citedUrls,
        siteCitation: citationOfSite(a.citedUrls, page.siteUrl)?.position ?? null,
        domains,
        request: requestId,
      };
    }),
  );
}
