/**
 * Content scores (issue 39): a version's score against the newest models of its page's keywords in use (one
 * model per keyword, the newest check of the page's site), kept in version_scores beside the top pages' median
 * and best of the same models. Computed when a version's text is written (version-writer.server.ts) and again
 * for every version of the pages that use a keyword when its research is renewed. A page without research has
 * no score (no row), which the screens say.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { keywordModels, pages, pagesKeywords, pagesVersions, serpChecks, versionScores } from "../../db/schema";
import { MIN_ARTICLE_WORDS } from "~/lib/article-contract";
import { documentFromHtml } from "~/lib/content-score/document.server";
import { scoreDocument } from "~/lib/content-score/score";
import type { ContentScore, KeywordModel, SerpFeatures, TopPagesScores } from "~/lib/content-score/types";
import type { Db } from "~/services/db.server";

/** Every version is asked at least the article contract's length, whatever the top pages have. */
const SCORE_OPTIONS = { minWords: MIN_ARTICLE_WORDS };

type PageModel = { check: number; model: KeywordModel; topScores: TopPagesScores };

/** The newest model of each keyword in use of these pages, from their own site's checks: one query. */
async function modelsOfPages(tx: Db, pageIds: number[]): Promise<Map<number, PageModel[]>> {
  const rows = await tx
    .selectDistinctOn([pagesKeywords.linkedPage, keywordModels.keyword], {
      pageId: pagesKeywords.linkedPage,
      keywordRow: pagesKeywords.id,
      check: keywordModels.check,
      model: keywordModels.model,
      topScores: keywordModels.topScores,
    })
    .from(pagesKeywords)
    .innerJoin(pages, eq(pages.id, pagesKeywords.linkedPage))
    .innerJoin(keywordModels, and(eq(keywordModels.keyword, pagesKeywords.linkedKeyword), eq(keywordModels.site, pages.site)))
    // A model built from no page (none could be read) scores nothing: the newest one that read pages is used.
    .where(
      and(inArray(pagesKeywords.linkedPage, pageIds), eq(pagesKeywords.toSearch, true), sql`(${keywordModels.model}->>'pages')::int > 0`),
    )
    .orderBy(pagesKeywords.linkedPage, keywordModels.keyword, sql`${keywordModels.builtAt} desc`);
  const byPage = new Map<number, (PageModel & { keywordRow: number })[]>();
  for (const row of rows) byPage.set(row.pageId, [...(byPage.get(row.pageId) ?? []), row]);
  // The page's first keyword (the order it was added in) comes first: it is the page's main one.
  return new Map([...byPage].map(([pageId, models]) => [pageId, models.sort((a, b) => a.keywordRow - b.keywordRow)]));
}

/** The mean of the values that exist, rounded; null when none does. */
function meanOf(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
}

/**
 * Scores these versions against their pages' models and keeps the scores (replacing earlier ones); a version
 * whose page has no research loses its score. In the caller's transaction.
 */
export async function scoreVersions(tx: Db, versionIds: number[]): Promise<void> {
  if (versionIds.length === 0) return;
  const versions = await tx
    .select({ id: pagesVersions.id, pageId: pagesVersions.page, html: pagesVersions.htmlContent })
    .from(pagesVersions)
    .where(inArray(pagesVersions.id, versionIds));
  const models = await modelsOfPages(tx, [...new Set(versions.map((v) => v.pageId))]);
  const scored = versions.flatMap((version) => {
    const used = models.get(version.pageId) ?? [];
    if (used.length === 0) return [];
    const details = scoreDocument(
      documentFromHtml(version.html),
      used.map((m) => m.model),
      SCORE_OPTIONS,
    );
    return [
      {
        version: version.id,
        score: details.score,
        details,
        // Each model's top pages were scored against that model alone: with several keywords, their mean.
        topMedian: meanOf(used.map((m) => m.topScores.median)),
        topBest: meanOf(used.map((m) => m.topScores.best)),
        checks: used.map((m) => m.check),
        computedAt: sql`now()`,
      },
    ];
  });
  const unscored = versions.filter((v) => !scored.some((s) => s.version === v.id)).map((v) => v.id);
  if (unscored.length) await tx.delete(versionScores).where(inArray(versionScores.version, unscored));
  if (scored.length)
    await tx
      .insert(versionScores)
      .values(scored)
      .onConflictDoUpdate({
        target: versionScores.version,
        set: {
          score: sql`excluded.score`,
          details: sql`excluded.details`,
          topMedian: sql`excluded.top_median`,
          topBest: sql`excluded.top_best`,
          checks: sql`excluded.checks`,
          computedAt: sql`excluded.computed_at`,
        },
      });
}

/** The most versions scored per statement batch when a keyword's research is renewed. */
const RESCORE_BATCH = 50;

/**
 * A keyword's research was renewed for a site: every version of the site's pages that use it is scored again.
 * Answers how many versions were.
 */
export async function rescoreKeyword(tx: Db, siteId: number, keywordId: number): Promise<number> {
  const rows = await tx
    .select({ id: pagesVersions.id })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(pagesKeywords, and(eq(pagesKeywords.linkedPage, pages.id), eq(pagesKeywords.linkedKeyword, keywordId)))
    .where(eq(pages.site, siteId));
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += RESCORE_BATCH) await scoreVersions(tx, ids.slice(i, i + RESCORE_BATCH));
  return ids.length;
}

/** What the writing tasks read of a page's research: its keywords' models, what their searches held, and the bar to reach. */
export type PageResearch = {
  models: KeywordModel[];
  features: SerpFeatures[];
  /** The top pages' median score (the mean over the keywords), which an article must reach; null without research. */
  topMedian: number | null;
};

/** The newest research of the page's keywords in use (its site's checks): two queries. */
export async function researchOfPage(db: Db, pageId: number): Promise<PageResearch> {
  const used = (await modelsOfPages(db, [pageId])).get(pageId) ?? [];
  if (used.length === 0) return { models: [], features: [], topMedian: null };
  const checks = await db
    .select({ id: serpChecks.id, features: serpChecks.features })
    .from(serpChecks)
    .where(
      inArray(
        serpChecks.id,
        used.map((m) => m.check),
      ),
    );
  const features = used.flatMap((m) => checks.find((c) => c.id === m.check)?.features ?? []);
  return { models: used.map((m) => m.model), features, topMedian: meanOf(used.map((m) => m.topScores.median)) };
}

/** A text's score against a page's research (the writing tasks' contract); null without research. */
export function scoreAgainst(html: string, research: PageResearch): ContentScore | null {
  return research.models.length ? scoreDocument(documentFromHtml(html), research.models, SCORE_OPTIONS) : null;
}
