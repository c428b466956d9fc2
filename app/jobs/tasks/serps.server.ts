/**
 * serps: the search results of a page's keyword, from the SERP provider (DataForSEO), with the settings of the
 * page's site (depth, country, language). A new search replaces the site's results for that keyword; other
 * sites' results for the same keyword are theirs and stay. Then the research (issue 39): the top pages are read
 * and the keyword's model is built for the check (app/jobs/research.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { SerpFeatures } from "~/lib/content-score/types";
import { keywords, locationCountries, locationLanguages, pages, serps, sites } from "../../../db/schema";
import { getDb } from "~/services/db.server";
import { recordSerpCheck } from "../snapshots.server";
import { researchAfterSearch } from "../research.server";
import {
  dataForSeo,
  SERP_SETTINGS,
  serpLanguage,
  type SerpProvider,
  type SerpQuery,
  type SerpRow,
} from "~/services/providers/dataforseo.server";
import { defaultPageReader, type PageReader } from "~/services/research/page-reader.server";
import { PermanentError } from "~/services/providers/http.server";
import { capReached } from "../schedule.server";
import { defineTask, idSchema, scheduledInfo } from "../task.server";

/** linked_page: the page whose site sets the search; info2: the keyword's id, as text; info_json.period: the scheduled period that queued it. */
export const serpsPayload = z
  .object({
    page: idSchema("the page of the search"),
    info2: z
      .string({ error: "expected a keyword id" })
      .regex(/^[1-9][0-9]*$/, { error: "expected a keyword id" })
      .transform(Number),
    info: scheduledInfo,
  })
  .transform(({ page, info2, info }) => ({ pageId: page, keywordId: info2, period: info?.period ?? null }));

export function serpsTask(provider: () => SerpProvider = () => dataForSeo(), reader: () => PageReader = () => defaultPageReader()) {
  return defineTask({
    payload: serpsPayload,
    settings: SERP_SETTINGS,
    async run({ id, payload: { pageId, keywordId, period }, signal, usage }) {
      const context = await serpSearchContext(pageId, keywordId);
      if (!context) throw new PermanentError("The page or the keyword of this SERP request no longer exists");
      // A scheduled check stops at the site's monthly cap (issue 17).
      if (period !== null && (await capReached(context.siteId, period))) return usage;
      // One click on People Also Ask reveals more questions (issue 39): $0.00015 more, in the same answer.
      const { rows, features, costUsd } = await provider().search({ ...context, peopleAlsoAskClickDepth: 1 }, signal);
      usage.add({ costUsd }, { provider: "dataforseo" });
      signal.throwIfAborted();
      const checkId = await replaceSerpResults(context.siteId, keywordId, rows, {
        pageId,
        pageUrl: context.pageUrl,
        siteUrl: context.siteUrl,
        requestId: id,
        features,
      });
      await researchAfterSearch({
        checkId,
        siteId: context.siteId,
        keywordId,
        keyword: context.keyword,
        language: serpLanguage(context),
        rows,
        features,
        signal,
        usage,
        reader: reader(),
      });
      return usage;
    },
  });
}

/** A search with the settings of a page's site, and that site (the results are its own: keywords are shared, results are not). */
export type SerpSearchContext = SerpQuery & { siteId: number; siteUrl: string; pageUrl: string };

/** The keyword and the settings of the page's site; null when the page or the keyword is gone. */
export async function serpSearchContext(pageId: number, keywordId: number): Promise<SerpSearchContext | null> {
  const db = await getDb();
  const [keyword] = await db.select({ keyword: keywords.keyword }).from(keywords).where(eq(keywords.id, keywordId));
  return keyword ? searchContextFor(pageId, keyword.keyword) : null;
}

/** A search for `query` with the settings of the page's site; null when the page is gone. */
export async function searchContextFor(pageId: number, query: string): Promise<SerpSearchContext | null> {
  const db = await getDb();
  const [site] = await db
    .select({
      siteId: sites.id,
      siteUrl: sites.url,
      pageUrl: pages.url,
      depth: sites.serpsNbResults,
      locationCode: locationCountries.locationCode,
      languageCode: locationLanguages.languageCode,
      forceDefinedLanguage: sites.forceDefinedLanguageForSerps,
      countryLanguageCode: sql<
        string | null
      >`(select l.language_code from location_languages l where l.linked_country = "sites"."country" order by l.id limit 1)`,
    })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(locationCountries, eq(locationCountries.id, sites.country))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pages.id, pageId));
  return site ? { keyword: query, ...site } : null;
}

/**
 * Replaces the site's results for the keyword with these, in one transaction (readers see the old set or the
 * new one), and keeps them as a dated snapshot with what they mean for the site (issue 17) and what else the
 * answer held (`features`, issue 39). Other sites' results for the same keyword are not touched. `check`: the
 * page whose request searched (its address), the site's address, the request, and the features. Returns the
 * check's id.
 */
export async function replaceSerpResults(
  siteId: number,
  keywordId: number,
  rows: SerpRow[],
  check: { pageId: number; pageUrl: string; siteUrl: string; requestId: number | null; features?: SerpFeatures | null },
): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.delete(serps).where(and(eq(serps.site, siteId), eq(serps.linkedKeyword, keywordId)));
    if (rows.length) await tx.insert(serps).values(rows.map((row) => ({ ...row, site: siteId, linkedKeyword: keywordId })));
    return recordSerpCheck(tx, { siteId, keywordId, ...check, rows });
  });
}
