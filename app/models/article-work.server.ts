/** What the worker reads and writes for create_article: everything the site and the page know, then the new version. */
import { asc, eq, inArray } from "drizzle-orm";
import {
  keywords,
  llms,
  locationLanguages,
  pages,
  pagesKeywords,
  pagesLlmAnswers,
  pagesVersions,
  serps,
  sites,
  toneArticles,
} from "../../db/schema";
import { getDb } from "~/services/db.server";

export type ArticleContext = {
  pageName: string;
  pageUrl: string;
  site: {
    name: string;
    url: string;
    languageName: string | null;
    languageCode: string | null;
    familiarTerms: boolean;
    addressTheReaderWithI: boolean;
    acceptedTopics: string | null;
    additionalGuidelines: string | null;
  };
  keywords: string[];
  sources: { title: string | null; url: string; description: string | null }[];
  llmAnswers: { llm: string; answer: string }[];
  toneExamples: { name: string; content: string }[];
};

export async function articleContext(pageId: number): Promise<ArticleContext | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      pageName: pages.name,
      pageUrl: pages.url,
      name: sites.name,
      url: sites.url,
      languageName: locationLanguages.languageName,
      languageCode: locationLanguages.languageCode,
      familiarTerms: sites.familiarTerms,
      addressTheReaderWithI: sites.addressTheReaderWithI,
      acceptedTopics: sites.acceptedTopics,
      additionalGuidelines: sites.additionalGuidelines,
      toneGroup: sites.toneArticlesGroup,
    })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pages.id, pageId));
  if (!row) return null;
  const words = await db
    .select({ id: keywords.id, keyword: keywords.keyword })
    .from(pagesKeywords)
    .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
    .where(eq(pagesKeywords.linkedPage, pageId))
    .orderBy(asc(pagesKeywords.id));
  const [results, answers, tone] = await Promise.all([
    words.length
      ? db
          .select({ title: serps.title, url: serps.url, description: serps.metaDescription })
          .from(serps)
          .where(
            inArray(
              serps.linkedKeyword,
              words.map((w) => w.id),
            ),
          )
          .orderBy(asc(serps.positionAbsolute))
          .limit(30)
      : Promise.resolve([]),
    db
      .select({ llm: llms.name, answer: pagesLlmAnswers.answer })
      .from(pagesLlmAnswers)
      .innerJoin(llms, eq(llms.id, pagesLlmAnswers.linkedLlm))
      .where(eq(pagesLlmAnswers.linkedPage, pageId)),
    row.toneGroup
      ? db
          .select({ name: toneArticles.name, content: toneArticles.content })
          .from(toneArticles)
          .where(eq(toneArticles.parentToneArticle, row.toneGroup))
          .orderBy(asc(toneArticles.id))
          .limit(3)
      : Promise.resolve([]),
  ]);
  const sources: ArticleContext["sources"] = [];
  for (const result of results) {
    if (result.url && !sources.some((s) => s.url === result.url)) sources.push({ ...result, url: result.url });
  }
  return {
    pageName: row.pageName,
    pageUrl: row.pageUrl,
    site: {
      name: row.name,
      url: row.url,
      languageName: row.languageName,
      languageCode: row.languageCode,
      familiarTerms: row.familiarTerms,
      addressTheReaderWithI: row.addressTheReaderWithI,
      acceptedTopics: row.acceptedTopics,
      additionalGuidelines: row.additionalGuidelines,
    },
    keywords: words.map((w) => w.keyword),
    sources,
    llmAnswers: answers.flatMap((a) => (a.answer ? [{ llm: a.llm, answer: a.answer }] : [])),
    toneExamples: tone.flatMap((t) => (t.content ? [{ name: t.name, content: t.content }] : [])),
  };
}

/** Saves a generated article as a new version of the page (no human creator). */
export async function saveGeneratedVersion(pageId: number, html: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(pagesVersions).values({ page: pageId, htmlContent: html }).returning({ id: pagesVersions.id });
  return row.id;
}
