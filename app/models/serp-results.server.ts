/** What the worker reads and writes for a SERP search: the keyword with its site's settings, and the keyword's results. */
import { and, eq, sql } from "drizzle-orm";
import { keywords, locationCountries, locationLanguages, pages, serps, sites } from "../../db/schema";
import { getDb } from "~/services/db.server";

export type SerpSearchContext = {
  keyword: string;
  /** The page's site: the results are its own (keywords are shared between accounts, results are not). */
  siteId: number;
  /** How many results the site wants (serps_nb_results). */
  depth: number;
  /** The provider's location code of the site's country, if set. */
  locationCode: number | null;
  /** The site's language code, if set. */
  languageCode: string | null;
  /** The first language of the site's country (its main one), if any. */
  countryLanguageCode: string | null;
  forceDefinedLanguage: boolean;
};

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

export type SerpRow = { positionAbsolute: number; title: string | null; url: string | null; metaDescription: string | null; type: string };

/**
 * Replaces the site's results for the keyword with these, in one transaction (readers see the old set or the
 * new one). Other sites' results for the same keyword are not touched.
 */
export async function replaceSerpResults(siteId: number, keywordId: number, rows: SerpRow[]) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(serps).where(and(eq(serps.site, siteId), eq(serps.linkedKeyword, keywordId)));
    if (rows.length) await tx.insert(serps).values(rows.map((row) => ({ ...row, site: siteId, linkedKeyword: keywordId })));
  });
}
