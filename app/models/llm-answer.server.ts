/**
 * LLM answers of a page (pages_llm_answers, spec part 2, sections 3, 4 and 7): what language models
 * answered about the page's topic, and the request (llm_answers action) that asks for them again.
 * Every read and write checks that the page belongs to the user, through its site.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { llms, pages, pagesLlmAnswers, sites } from "../../db/schema";
import { getDb } from "~/services/db.server";
import { ownedPage, siteReach, type Actor } from "./access.server";
import { retriggerAction } from "./page-action.server";

export type LlmAnswerRow = {
  id: number;
  llmName: string;
  llmNameOpenrouter: string;
  answer: string | null;
  /** What the assistant was asked (issue 42: one of the page's prompts); null for the oldest answers. */
  question: string | null;
  /** Whether the answer names the site (name or domain), as the worker found; null when not known (older answers). */
  mentionsSite: boolean | null;
  /** The URLs the answer cites, in order of first citation; null when not known. */
  citedUrls: string[] | null;
  createdAt: Date;
};

/** A page's answers with the site they are read for: its name and URL (whose host and subdomains are the site's). */
export type LlmAnswersOfPage = { site: { name: string; url: string }; answers: LlmAnswerRow[] };

/**
 * The answers of one of the user's pages (on `siteId`), newest first, with the LLM's names, and the
 * page's site (from the ownership check, so no extra query). A page of another account, or of another
 * site, is a NotFoundError.
 */
export async function llmAnswersOfPage(user: Actor, siteId: number, pageId: number): Promise<LlmAnswersOfPage> {
  const { site } = await ownedPage(user, pageId, siteId);
  const db = await getDb();
  // One query; the joins repeat the ownership condition so that it holds in the read itself.
  const answers = await db
    .select({
      id: pagesLlmAnswers.id,
      llmName: llms.name,
      llmNameOpenrouter: llms.nameOpenrouter,
      answer: pagesLlmAnswers.answer,
      question: pagesLlmAnswers.question,
      mentionsSite: pagesLlmAnswers.mentionsSite,
      citedUrls: pagesLlmAnswers.citedUrls,
      createdAt: pagesLlmAnswers.createdAt,
    })
    .from(pagesLlmAnswers)
    .innerJoin(llms, eq(llms.id, pagesLlmAnswers.linkedLlm))
    .innerJoin(pages, eq(pages.id, pagesLlmAnswers.linkedPage))
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(and(eq(pagesLlmAnswers.linkedPage, pageId), eq(pages.site, siteId), siteReach(user)))
    // Newest first; one search's answers by model, each model's in the order of the page's prompts.
    .orderBy(desc(pagesLlmAnswers.createdAt), asc(llms.name), asc(pagesLlmAnswers.id));
  return { site: { name: site.name, url: site.url }, answers };
}

/** The answers alone (see llmAnswersOfPage). */
export async function listLlmAnswers(user: Actor, siteId: number, pageId: number): Promise<LlmAnswerRow[]> {
  return (await llmAnswersOfPage(user, siteId, pageId)).answers;
}

/**
 * Queues the LLM answers search of one of the user's pages: the page's llm_answers request is reset
 * (or created), without keyword. NotFoundError for a page that is not the user's (or not on
 * `siteId`); MissingActionError when the catalogue has no llm_answers action.
 */
export async function queueLlmAnswers(user: Actor, siteId: number, pageId: number) {
  await ownedPage(user, pageId, siteId);
  return retriggerAction(user, "llm_answers", pageId);
}
