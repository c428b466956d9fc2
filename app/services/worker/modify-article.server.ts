/**
 * modify_articles_with_instructions: applies the comments of a version (comments_to_modify) to its text, with
 * the example version as a style reference and, when asked, fresh search results as a web search. The model
 * returns the whole article; the code then removes invented links, marks what changed when highlight is on
 * (app/lib/highlight.ts), and saves a new version (createNewVersion) or replaces the version's text after
 * keeping the earlier one in pages_versions_history.
 */
import type OpenAI from "openai";
import { markChanges, removeMarks } from "~/lib/highlight";
import { UsageTally, type ClaimedAction, type Usage } from "~/models/action-queue.server";
import { modificationContext, saveModification, type ModificationContext, type ModificationRequest } from "~/models/article-work.server";
import { searchContextFor } from "~/models/serp-results.server";
import { getEnv } from "~/services/env.server";
import { PermanentError } from "./http.server";
import { askForArticle } from "./article-answer.server";
import { openRouterClient } from "./openrouter.server";
import type { SerpProvider } from "./serps.server";

export const MODIFY_SYSTEM = [
  "You are an SEO editor who revises articles on request.",
  "Apply the requested changes and keep everything else as it is: same structure, same wording where no change is asked.",
  "Answer with the whole revised article only, as clean semantic HTML (one <h1>, <h2> sections, <p>, lists, tables): no Markdown, no <html>/<body>, no classes or styles, no <mark>.",
  "Only link to URLs already in the article, to the search results you are given, or to the site itself; never invent a URL.",
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

export function modifyArticleHandler(client: () => OpenAI = () => openRouterClient(), search: () => SerpProvider | null = () => null) {
  return async (action: ClaimedAction, lease?: AbortSignal): Promise<Usage> => {
    if (!action.linkedPagesVersion) throw new PermanentError("This modification request names no version");
    const info = (action.infoJson ?? {}) as { createNewVersion?: unknown; request?: ModificationRequest };
    const context = await modificationContext(action.linkedPagesVersion, info.request);
    if (!context) throw new PermanentError("The version to modify no longer exists");
    const createNewVersion = info.createNewVersion === true;
    if (!context.comments) {
      // Nothing to rewrite: a request to remove the earlier marks is done in code, without a model.
      if (!context.unhighlight) throw new PermanentError("The modification request has no instructions (comments to modify)");
      lease?.throwIfAborted();
      await saveModification(context, removeMarks(context.html), { createNewVersion, actionId: action.id });
      return {};
    }
    const usage = new UsageTally();

    let sources: Source[] = [];
    if (context.webSearch) {
      const provider = search();
      if (!provider)
        throw new PermanentError("A web search was asked, but no search provider is set: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD");
      const query = await searchContextFor(context.pageId, context.searchQuery);
      if (!query) throw new PermanentError("The page of this modification request no longer exists");
      const found = await provider.search({ ...query, depth: Math.min(query.depth, 10) });
      usage.add({ costUsd: found.costUsd });
      sources = found.rows.flatMap((r) => (r.url ? [{ url: r.url, title: r.title, description: r.metaDescription }] : []));
    }

    const revised = await askForArticle({
      api: client(),
      model: getEnv().ARTICLE_MODEL,
      system: MODIFY_SYSTEM,
      prompt: modifyPrompt(context, sources),
      allowedLinks: [...linksOf(context.html), ...sources.map((s) => s.url)],
      siteUrl: context.site.url,
      check: (article) => modificationProblems(context.html, article),
      again: "Send the whole revised article again.",
      what: "The revised article",
      usage,
    });
    const html = markChanges(context.html, revised, { highlight: context.highlight, unhighlight: context.unhighlight });
    lease?.throwIfAborted();
    await saveModification(context, html, { createNewVersion, actionId: action.id });
    return usage;
  };
}
