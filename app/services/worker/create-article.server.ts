/**
 * create_article: writes the page's article as clean semantic HTML in the site's language, from what the site
 * and the page know (keywords, what ranks, what assistants answer, the tone group's articles as style examples,
 * the site's writing rules). The output contract (app/lib/article-contract.ts) is enforced here: invented
 * links are removed; a too-short article, or one without its single h1 and h2 sections, is sent back once
 * with the problems named; if the second answer still misses, the action fails with the reason.
 */
import type OpenAI from "openai";
import { checkArticle, MIN_ARTICLE_WORDS } from "~/lib/article-contract";
import { UsageTally, type ClaimedAction, type Usage } from "~/models/action-queue.server";
import { articleContext, saveGeneratedVersion, type ArticleContext } from "~/models/article-work.server";
import { getEnv } from "~/services/env.server";
import { PermanentError } from "./http.server";
import { askForArticle } from "./article-answer.server";
import { openRouterClient } from "./openrouter.server";

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

export const ARTICLE_SYSTEM = [
  "You are an SEO editor who writes articles that rank on search engines and get cited by AI assistants.",
  "Answer with the article only, as clean semantic HTML: exactly one <h1>, then <h2> sections (with <h3> where useful), <p>, <ul>/<ol>, <table> when it helps, <strong>/<em>.",
  "No <html>, <head>, <body>, <style>, <script>, classes or inline styles; no Markdown.",
  `At least ${MIN_ARTICLE_WORDS} words.`,
  "Only link to the source URLs you are given or to the site itself; never invent a URL.",
].join("\n");

/** The request: the topic, the writing rules of the site, and the research material. */
export function articlePrompt(context: ArticleContext): string {
  const { site } = context;
  const rules = [
    `Write in ${site.languageName ?? "the language of the site"}${site.languageCode ? ` (${site.languageCode})` : ""}.`,
    site.familiarTerms ? "Use a familiar register (address the reader informally)." : "Use a professional register.",
    site.addressTheReaderWithI ? 'Write in the first person ("I").' : 'Write as the site ("we"), not in the first person singular.',
    site.acceptedTopics ? `Stay within these topics: ${site.acceptedTopics}.` : null,
    site.additionalGuidelines ? `The site's guidelines: ${site.additionalGuidelines}` : null,
  ].filter(Boolean);
  const parts = [
    `Write the article "${context.pageName}" for the website ${site.name} (${site.url}); it will be published at ${context.pageUrl}.`,
    context.keywords.length ? `Target keywords: ${context.keywords.join(", ")}.` : null,
    `Rules:\n- ${rules.join("\n- ")}`,
    context.sources.length
      ? `What ranks today (the only URLs you may link to):\n${context.sources.map((s) => `- ${s.url} — ${s.title ?? ""}${s.description ? `: ${clip(s.description, 200)}` : ""}`).join("\n")}`
      : null,
    context.llmAnswers.length
      ? `What AI assistants answer about it today (cover what they cover, and better):\n${context.llmAnswers.map((a) => `- ${a.llm}: ${clip(a.answer, 700)}`).join("\n")}`
      : null,
    context.toneExamples.length
      ? `Articles whose tone and style to follow:\n${context.toneExamples.map((t) => `--- ${t.name} ---\n${clip(t.content, 2500)}`).join("\n")}`
      : null,
  ];
  return parts.filter(Boolean).join("\n\n");
}

export function createArticleHandler(client: () => OpenAI = () => openRouterClient()) {
  return async (action: ClaimedAction, lease?: AbortSignal): Promise<Usage> => {
    if (!action.linkedPage) throw new PermanentError("This article request names no page");
    const context = await articleContext(action.linkedPage);
    if (!context) throw new PermanentError("The page of this article request no longer exists");
    const usage = new UsageTally();
    const html = await askForArticle({
      api: client(),
      model: getEnv().ARTICLE_MODEL,
      system: ARTICLE_SYSTEM,
      prompt: articlePrompt(context),
      allowedLinks: context.sources.map((s) => s.url),
      siteUrl: context.site.url,
      check: (article) => checkArticle(article).problems,
      again: "Write the whole article again, fixing this.",
      what: "The article",
      usage,
    });
    lease?.throwIfAborted();
    await saveGeneratedVersion(action.linkedPage, html);
    return usage;
  };
}
