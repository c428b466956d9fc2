/**
 * A keyword's research written straight into the database (issue 39): a check of the site for the keyword, with
 * what its answer held, and the keyword model built from its top pages, as the serps task records them.
 */
import { keywordModels, serpChecks } from "../../db/schema";
import type { KeywordModel, SerpFeatures, TopPagesScores } from "~/lib/content-score/types";
import type { Db } from "~/services/db.server";

/** A model with nothing in it: research that exists (and is fresh) without teaching anything. */
export const emptyModel = (keyword: string, language = "fr"): KeywordModel => ({
  keyword,
  language,
  pages: 0,
  terms: [],
  length: { p25: 0, p50: 0, p75: 0 },
  headings: { p25: 0, p50: 0, p75: 0 },
  questions: [],
  outlines: [],
});

export const noFeatures: SerpFeatures = { peopleAlsoAsk: [], relatedSearches: [], featuredSnippet: null, aiOverview: null };

/** Records a check and its model for the site's keyword; answers the check's id. */
export async function insertResearch(
  db: Db,
  research: {
    siteId: number;
    keywordId: number;
    pageId?: number | null;
    builtAt?: Date;
    model: KeywordModel;
    topScores?: TopPagesScores;
    features?: SerpFeatures;
  },
): Promise<number> {
  const at = research.builtAt ?? new Date();
  const [check] = await db
    .insert(serpChecks)
    .values({
      site: research.siteId,
      keyword: research.keywordId,
      page: research.pageId ?? null,
      checkedAt: at,
      results: research.model.outlines.map((o) => ({ position: o.position, url: o.url, title: o.title, type: "organic" })),
      features: research.features ?? noFeatures,
    })
    .returning({ id: serpChecks.id });
  await db.insert(keywordModels).values({
    check: check.id,
    site: research.siteId,
    keyword: research.keywordId,
    builtAt: at,
    language: research.model.language,
    model: research.model,
    topScores: research.topScores ?? { pages: [], median: null, best: null },
  });
  return check.id;
}
