/**
 * What the worker reads and writes for the article actions: for create_article, everything the site and the
 * page know, then the new version; for modify_articles_with_instructions, the version with its request, then
 * the modified text (a new version, or the same one after its earlier text is kept in history).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  keywords,
  llms,
  locationLanguages,
  pages,
  pagesKeywords,
  pagesLlmAnswers,
  pagesVersions,
  pagesVersionsHistory,
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

/** The site an article is written for, and its language (selected with sites and location_languages joined). */
const siteAndLanguage = {
  name: sites.name,
  url: sites.url,
  languageName: locationLanguages.languageName,
  languageCode: locationLanguages.languageCode,
};

export async function articleContext(pageId: number): Promise<ArticleContext | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      pageName: pages.name,
      pageUrl: pages.url,
      ...siteAndLanguage,
      siteId: sites.id,
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
            and(
              eq(serps.site, row.siteId),
              inArray(
                serps.linkedKeyword,
                words.map((w) => w.id),
              ),
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

export type ModificationContext = {
  versionId: number;
  pageId: number;
  pageName: string;
  html: string;
  comments: string;
  webSearch: boolean;
  highlight: boolean;
  unhighlight: boolean;
  /** The HTML of the version to take as a style example, if one was chosen. */
  exampleHtml: string | null;
  /** What a web search for this page looks for: its first keyword, else its name. */
  searchQuery: string;
  site: { name: string; url: string; languageName: string | null; languageCode: string | null };
};

/** A modification request as recorded with its action (models/version.server recordModification). */
export type ModificationRequest = {
  commentsToModify?: string | null;
  needToDoWebSearchForModification?: boolean;
  highlightModifiedContent?: boolean;
  unhighlightModifiedContent?: boolean;
  pagesVersionsToTakeAsExample?: number | null;
};

/**
 * The version to modify with its request: the one recorded with the action when there is one, else the
 * version's own fields (requests queued before the request was recorded with them). Null when the version
 * (or its page) is gone.
 */
export async function modificationContext(versionId: number, request?: ModificationRequest | null): Promise<ModificationContext | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      pageId: pages.id,
      pageName: pages.name,
      html: pagesVersions.htmlContent,
      comments: pagesVersions.commentsToModify,
      webSearch: pagesVersions.needToDoWebSearchForModification,
      highlight: pagesVersions.highlightModifiedContent,
      unhighlight: pagesVersions.unhighlightModifiedContent,
      exampleId: pagesVersions.pagesVersionsToTakeAsExample,
      ...siteAndLanguage,
    })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pagesVersions.id, versionId));
  if (!row) return null;
  const asked = {
    comments: request ? (request.commentsToModify ?? null) : row.comments,
    webSearch: request?.needToDoWebSearchForModification ?? row.webSearch,
    highlight: request?.highlightModifiedContent ?? row.highlight,
    unhighlight: request?.unhighlightModifiedContent ?? row.unhighlight,
    exampleId: request ? (request.pagesVersionsToTakeAsExample ?? null) : row.exampleId,
  };
  const [[example], [keyword]] = await Promise.all([
    asked.exampleId
      ? db
          .select({ html: pagesVersions.htmlContent })
          .from(pagesVersions)
          .where(and(eq(pagesVersions.id, asked.exampleId), eq(pagesVersions.page, row.pageId)))
      : Promise.resolve([]),
    db
      .select({ keyword: keywords.keyword })
      .from(pagesKeywords)
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(eq(pagesKeywords.linkedPage, row.pageId))
      .orderBy(asc(pagesKeywords.id))
      .limit(1),
  ]);
  return {
    versionId,
    pageId: row.pageId,
    pageName: row.pageName,
    html: row.html,
    comments: asked.comments?.trim() ?? "",
    webSearch: asked.webSearch,
    highlight: asked.highlight,
    unhighlight: asked.unhighlight,
    exampleHtml: example?.html || null,
    searchQuery: keyword?.keyword ?? row.pageName,
    site: { name: row.name, url: row.url, languageName: row.languageName, languageCode: row.languageCode },
  };
}

/**
 * Saves a modification's result: as a new version of the page, or in place of the version's text after the
 * text it replaces is kept in pages_versions_history (one transaction). Returns the id of the version written.
 */
export async function saveModification(
  context: Pick<ModificationContext, "versionId" | "pageId">,
  html: string,
  options: { createNewVersion: boolean; actionId: number },
): Promise<number> {
  if (options.createNewVersion) return saveGeneratedVersion(context.pageId, html);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ html: pagesVersions.htmlContent })
      .from(pagesVersions)
      .where(eq(pagesVersions.id, context.versionId))
      .for("update");
    if (!current) throw new VersionGoneError();
    await tx.insert(pagesVersionsHistory).values({ version: context.versionId, htmlContent: current.html, replacedBy: options.actionId });
    await tx.update(pagesVersions).set({ htmlContent: html }).where(eq(pagesVersions.id, context.versionId));
    return context.versionId;
  });
}

export class VersionGoneError extends Error {
  constructor() {
    super("The version to modify no longer exists");
  }
}
