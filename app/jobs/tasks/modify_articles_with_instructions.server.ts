/**
 * modify_articles_with_instructions: applies the comments of a version (comments_to_modify) to its text, with
 * the example version as a style reference and, when asked, fresh search results as a web search. The model
 * returns the whole article; the code then removes invented links (same-site ones outside the site's inventory,
 * those to a competitor of the brief: issue 40), marks what changed when highlight is on
 * (app/lib/highlight.ts), and saves a new version (createNewVersion) or replaces the version's text after
 * keeping the earlier one in pages_versions_history.
 */
import type OpenAI from "openai";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { keywords, locationLanguages, pages, pagesKeywords, pagesVersions, siteBriefs, sites } from "../../../db/schema";
import { markChanges, removeMarks } from "~/lib/highlight";
import { ARTICLE_META_DESCRIPTION_MAX } from "~/lib/constants";
import { metaDescriptionOf } from "~/lib/meta-description.server";
import { getDb } from "~/services/db.server";
import { recordNotifications } from "../notify.server";
import { tellReviewWatchers } from "../review-watchers.server";
import { rewriteVersionText } from "../version-writer.server";
import { getEnv, missingSettings } from "~/services/env.server";
import { dataForSeo, SERP_SETTINGS, type SerpProvider } from "~/services/providers/dataforseo.server";
import { PermanentError } from "~/services/providers/http.server";
import { LLM_SETTINGS, openRouterClient } from "~/services/providers/openrouter.server";
import { askForArticle } from "../article-answer.server";
import { defineTask, idSchema } from "../task.server";
import { ensureSiteInventory } from "../site-inventory.server";
import { linksOfArticle, saveGeneratedVersion, siteAndLanguage } from "./create_article.server";
import { searchContextFor } from "./serps.server";

/** A modification request as recorded with its action (models/version.server recordModification). */
const modificationRequest = z.object({
  commentsToModify: z.string().nullable().optional(),
  needToDoWebSearchForModification: z.boolean().optional(),
  highlightModifiedContent: z.boolean().optional(),
  unhighlightModifiedContent: z.boolean().optional(),
  pagesVersionsToTakeAsExample: z.number().int().positive().nullable().optional(),
});
export type ModificationRequest = z.infer<typeof modificationRequest>;

/**
 * linked_pages_version: the version to modify; info_json: { createNewVersion, request } (requests queued before
 * the request travelled with its action have none: the version's own fields are read then).
 */
export const modifyPayload = z
  .object({
    version: idSchema("the version to modify"),
    info: z.object({ createNewVersion: z.boolean().optional(), request: modificationRequest.nullable().optional() }).nullable().optional(),
  })
  .transform(({ version, info }) => ({
    versionId: version,
    createNewVersion: info?.createNewVersion === true,
    request: info?.request ?? null,
  }));

export const MODIFY_SYSTEM = [
  "You are an SEO editor who revises articles on request.",
  "Apply the requested changes and keep everything else as it is: same structure, same wording where no change is asked.",
  `First line: the article's meta description, as <meta name="description" content="..."> (at most ${ARTICLE_META_DESCRIPTION_MAX} characters): the one given, revised only where the changes touch what it says.`,
  "Then the whole revised article only, as clean semantic HTML (one <h1>, <h2> sections, <p>, lists, tables): no Markdown, no <html>/<body>, no classes or styles, no <mark>.",
  "Only link to URLs already in the article, to the search results you are given, or to pages of the site that exist; never invent a URL.",
].join("\n");

type Source = { url: string; title: string | null; description: string | null };

export function modifyPrompt(context: ModificationContext, sources: readonly Source[]): string {
  const { site } = context;
  const parts = [
    `Revise the article "${context.pageName}" of the website ${site.name} (${site.url}), written in ${site.languageName ?? "the language of the site"}${site.languageCode ? ` (${site.languageCode})` : ""}; keep that language.`,
    `The changes asked:\n${context.comments}`,
    sources.length
      ? `Fresh web search results for "${context.searchQuery}" (use them for up-to-date facts; these are the only new URLs you may link to):\n${sources
          .map((s) => `- ${s.url} — ${s.title ?? ""}${s.description ? `: ${s.description.slice(0, 200)}` : ""}`)
          .join("\n")}`
      : null,
    context.exampleHtml
      ? `A version whose tone and style to follow:\n--- example ---\n${context.exampleHtml.slice(0, 6000)}\n--- end of example ---`
      : null,
    `Its meta description: ${context.metaDescription}`,
    `The article to revise:\n--- article ---\n${removeMarks(context.html)}\n--- end of article ---`,
  ];
  return parts.filter(Boolean).join("\n\n");
}

/** The links already in the article: they may stay. */
const linksOf = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);

/** What cannot be repaired without another answer: an empty text, or a lost title. */
export function modificationProblems(before: string, after: string): string[] {
  const problems: string[] = [];
  const text = after.replace(/<[^>]+>/g, " ").trim();
  if (!text) problems.push("the answer holds no article");
  else if (/<h1[\s>]/i.test(before) && (after.match(/<h1[\s>]/gi) ?? []).length !== 1)
    problems.push("the article must keep exactly one <h1> title");
  return problems;
}

/** The web search a modification may ask for uses the SERP provider when it is set. */
const configuredSearch = () => (missingSettings(SERP_SETTINGS).length === 0 ? dataForSeo() : null);

export function modifyArticleTask(client: () => OpenAI = () => openRouterClient(), search: () => SerpProvider | null = configuredSearch) {
  return defineTask({
    payload: modifyPayload,
    settings: LLM_SETTINGS,
    async run({ id, payload: { versionId, createNewVersion, request }, signal, usage }) {
      const context = await modificationContext(versionId, request);
      if (!context) throw new PermanentError("The version to modify no longer exists");
      if (!context.comments) {
        // Nothing to rewrite: a request to remove the earlier marks is done in code, without a model.
        if (!context.unhighlight) throw new PermanentError("The modification request has no instructions (comments to modify)");
        signal.throwIfAborted();
        await saveModification(
          context,
          { html: removeMarks(context.html), metaDescription: context.ownMetaDescription },
          { createNewVersion, actionId: id },
        );
        return {};
      }

      let sources: Source[] = [];
      if (context.webSearch) {
        const provider = search();
        if (!provider)
          throw new PermanentError("A web search was asked, but no search provider is set: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD");
        const query = await searchContextFor(context.pageId, context.searchQuery);
        if (!query) throw new PermanentError("The page of this modification request no longer exists");
        const found = await provider.search({ ...query, depth: Math.min(query.depth, 10) }, signal);
        usage.add({ costUsd: found.costUsd }, { provider: "dataforseo" });
        sources = found.rows.flatMap((r) => (r.url ? [{ url: r.url, title: r.title, description: r.metaDescription }] : []));
      }

      // Issue 40: same-site links to the site's pages that exist only (those already in the article stay), never a competitor.
      await ensureSiteInventory(context.siteId, { signal });
      const links = await linksOfArticle(
        context.siteId,
        context.pageId,
        { url: context.pageUrl, siteUrl: context.site.url, competitors: context.competitors },
        { models: [], features: [], topMedian: null },
      );
      const revised = await askForArticle({
        api: client(),
        model: getEnv().ARTICLE_MODEL,
        system: MODIFY_SYSTEM,
        prompt: modifyPrompt(context, sources),
        allowedLinks: [...linksOf(context.html), ...sources.map((s) => s.url)],
        siteUrl: context.site.url,
        links: { inventory: links.inventory, competitors: links.competitors },
        check: (article) => modificationProblems(context.html, article),
        again: "Send the whole revised article again.",
        what: "The revised article",
        usage,
        signal,
      });
      const html = markChanges(context.html, revised.html, { highlight: context.highlight, unhighlight: context.unhighlight });
      signal.throwIfAborted();
      // A model that left the description out keeps the one the version had.
      const metaDescription = revised.metaDescription ?? context.ownMetaDescription;
      await saveModification(context, { html, metaDescription }, { createNewVersion, actionId: id });
      return usage;
    },
  });
}

export type ModificationContext = {
  versionId: number;
  pageId: number;
  pageName: string;
  pageUrl: string;
  siteId: number;
  /** The competitors of the site's brief, as written (issue 40). */
  competitors: string;
  html: string;
  /** The version's meta description, or null when it has none. */
  ownMetaDescription: string | null;
  /** What the model is given: the version's description, else the one taken from its text. */
  metaDescription: string;
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
      pageUrl: pages.url,
      siteId: sites.id,
      competitors: siteBriefs.competitors,
      html: pagesVersions.htmlContent,
      metaDescription: pagesVersions.metaDescription,
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
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, sites.id))
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
    pageUrl: row.pageUrl,
    siteId: row.siteId,
    competitors: row.competitors ?? "",
    html: row.html,
    ownMetaDescription: row.metaDescription,
    metaDescription: metaDescriptionOf({ metaDescription: row.metaDescription, html: row.html }),
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
 * Saves a modification's result: as a new version of the page, or in place of the version's text and meta
 * description after those it replaces are kept in pages_versions_history (one transaction). Returns the id of
 * the version written.
 */
export async function saveModification(
  context: Pick<ModificationContext, "versionId" | "pageId">,
  article: { html: string; metaDescription: string | null },
  options: { createNewVersion: boolean; actionId: number },
): Promise<number> {
  if (options.createNewVersion) return saveGeneratedVersion(context.pageId, article, "revision_done");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const written = await rewriteVersionText(tx, context.versionId, {
      pageId: context.pageId,
      html: article.html,
      metaDescription: article.metaDescription,
      replacedBy: options.actionId,
    });
    if (!written) throw new VersionGoneError();
    await recordNotifications(tx, { kind: "revision_done", pageId: context.pageId, versionId: context.versionId });
    await tellReviewWatchers(tx, context.pageId);
    return context.versionId;
  });
}

export class VersionGoneError extends Error {
  constructor() {
    super("The version to modify no longer exists");
  }
}
