/** What the worker reads and writes for the llm_answers action: the page's topic and the active LLMs, then their answers. */
import { and, asc, eq, inArray } from "drizzle-orm";
import { keywords, llms, locationLanguages, pages, pagesKeywords, pagesLlmAnswers, sites } from "../../db/schema";
import { getDb } from "~/services/db.server";

export type LlmQuestionContext = {
  pageName: string;
  siteName: string;
  siteUrl: string;
  languageCode: string | null;
  keywords: string[];
  llms: { id: number; name: string; model: string; fallback: string | null }[];
};

export async function llmQuestionContext(pageId: number): Promise<LlmQuestionContext | null> {
  const db = await getDb();
  const [page] = await db
    .select({ pageName: pages.name, siteName: sites.name, siteUrl: sites.url, languageCode: locationLanguages.languageCode })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pages.id, pageId));
  if (!page) return null;
  const [words, active] = await Promise.all([
    db
      .select({ keyword: keywords.keyword })
      .from(pagesKeywords)
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(and(eq(pagesKeywords.linkedPage, pageId), eq(pagesKeywords.toSearch, true)))
      .orderBy(asc(pagesKeywords.id)),
    db
      .select({ id: llms.id, name: llms.name, model: llms.nameOpenrouter, fallback: llms.fallbackOpenrouter })
      .from(llms)
      .where(eq(llms.active, true))
      .orderBy(asc(llms.id)),
  ]);
  return { ...page, keywords: words.map((w) => w.keyword), llms: active };
}

export type NewLlmAnswer = { llmId: number; question: string; answer: string; mentionsSite: boolean; citedUrls: string[] };

/** Replaces the page's answers from these LLMs with the new ones (one per LLM), in one transaction. */
export async function replaceLlmAnswers(pageId: number, answers: NewLlmAnswer[]) {
  if (answers.length === 0) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(pagesLlmAnswers).where(
      and(
        eq(pagesLlmAnswers.linkedPage, pageId),
        inArray(
          pagesLlmAnswers.linkedLlm,
          answers.map((a) => a.llmId),
        ),
      ),
    );
    await tx.insert(pagesLlmAnswers).values(
      answers.map((a) => ({
        linkedPage: pageId,
        linkedLlm: a.llmId,
        question: a.question,
        answer: a.answer,
        mentionsSite: a.mentionsSite,
        citedUrls: a.citedUrls,
      })),
    );
  });
}
