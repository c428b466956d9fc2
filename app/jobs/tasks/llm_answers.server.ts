/**
 * llm_answers: asks every active LLM, through OpenRouter's OpenAI-compatible chat API (the openai SDK with
 * OpenRouter's base URL), the question a reader would ask an assistant about the page's topic, in the site's
 * language; stores one answer per LLM with whether it names the site (name or domain) and the URLs it cites.
 * A 429 is retried at once on the LLM's fallback model when it has one. Answers that arrived are kept even
 * when another LLM fails (the attempt is then retried for the whole set).
 */
import type OpenAI from "openai";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { keywords, llms, locationLanguages, pages, pagesKeywords, pagesLlmAnswers, sites } from "../../../db/schema";
import { getDb } from "~/services/db.server";
import { citedUrlsIn, mentionsSite } from "~/lib/results-rules";
import { recordLlmChecks } from "../snapshots.server";
import { PermanentError, RateLimitedError, RetryableError } from "~/services/providers/http.server";
import { ask, LLM_SETTINGS, openRouterClient, type Completion } from "~/services/providers/openrouter.server";
import { capReached } from "../schedule.server";
import { defineTask, idSchema, scheduledInfo } from "../task.server";

/** linked_page: the page whose topic to ask about. */
export const llmAnswersPayload = z
  .object({ page: idSchema("the page to ask about"), info: scheduledInfo })
  .transform(({ page, info }) => ({ pageId: page, period: info?.period ?? null }));

const QUESTIONS: Record<string, (topic: string) => string> = {
  en: (t) =>
    `I'm looking into "${t}". What should I know, and which websites or resources do you recommend? Please cite your sources with their URLs.`,
  fr: (t) =>
    `Je me renseigne sur « ${t} ». Que faut-il savoir, et quels sites ou ressources recommandes-tu ? Cite tes sources avec leurs URL.`,
  es: (t) => `Estoy investigando sobre «${t}». ¿Qué debo saber y qué sitios web o recursos recomiendas? Cita tus fuentes con sus URL.`,
  de: (t) =>
    `Ich informiere mich über „${t}“. Was sollte ich wissen, und welche Websites oder Quellen empfiehlst du? Bitte nenne deine Quellen mit URLs.`,
  it: (t) => `Mi sto informando su «${t}». Cosa dovrei sapere e quali siti o risorse consigli? Cita le tue fonti con i loro URL.`,
  pt: (t) => `Estou a pesquisar sobre «${t}». O que devo saber e que sites ou recursos recomendas? Cita as tuas fontes com os URLs.`,
  nl: (t) =>
    `Ik zoek informatie over "${t}". Wat moet ik weten en welke websites of bronnen raad je aan? Vermeld je bronnen met hun URL's.`,
};

/** The question, in the site's language (English when there is no template for it): the page's name, then its keywords. */
export function questionFor(context: Pick<LlmQuestionContext, "pageName" | "keywords" | "languageCode">): string {
  const topic = [context.pageName, ...context.keywords.filter((k) => k.toLowerCase() !== context.pageName.toLowerCase()).slice(0, 3)].join(
    ", ",
  );
  const template = QUESTIONS[(context.languageCode ?? "en").slice(0, 2).toLowerCase()] ?? QUESTIONS.en;
  return template(topic);
}

export function llmAnswersTask(client: () => OpenAI = () => openRouterClient()) {
  return defineTask({
    payload: llmAnswersPayload,
    settings: LLM_SETTINGS,
    async run({ id, payload: { pageId, period }, signal, usage }) {
      const context = await llmQuestionContext(pageId);
      if (!context) throw new PermanentError("The page of this LLM answers request no longer exists");
      // A scheduled check stops at the site's monthly cap (issue 17).
      if (period !== null && (await capReached(context.siteId, period))) return usage;
      if (context.llms.length === 0) throw new PermanentError("No active LLM to ask");
      const question = questionFor(context);
      const api = client();
      const answers: NewLlmAnswer[] = [];
      const failures: Error[] = [];
      for (const llm of context.llms) {
        try {
          let completion: Completion;
          try {
            completion = await ask(api, llm.model, question, undefined, signal);
            usage.add(completion.usage, { provider: "openrouter", model: llm.model });
          } catch (err) {
            if (!(err instanceof RateLimitedError && llm.fallback)) throw err;
            completion = await ask(api, llm.fallback, question, undefined, signal);
            usage.add(completion.usage, { provider: "openrouter", model: llm.fallback });
          }
          answers.push({
            llmId: llm.id,
            question,
            answer: completion.text,
            mentionsSite: mentionsSite(completion.text, context.siteName, context.siteUrl),
            citedUrls: citedUrlsIn(completion.text),
          });
        } catch (err) {
          failures.push(err instanceof Error ? err : new Error(String(err)));
        }
      }
      signal.throwIfAborted();
      await replaceLlmAnswers(pageId, answers, { site: { id: context.siteId, url: context.siteUrl }, requestId: id });
      if (failures.length) {
        const permanent = failures.every((f) => f instanceof PermanentError) && answers.length === 0;
        const message = `${answers.length} of ${context.llms.length} answers stored; ${failures.map((f) => f.message).join("; ")}`;
        throw permanent
          ? new PermanentError(message)
          : new RetryableError(message, failures.find((f) => f instanceof RetryableError)?.retryAfterSeconds);
      }
      return usage;
    },
  });
}

export type LlmQuestionContext = {
  pageName: string;
  siteId: number;
  siteName: string;
  siteUrl: string;
  languageCode: string | null;
  keywords: string[];
  llms: { id: number; name: string; model: string; fallback: string | null }[];
};

export async function llmQuestionContext(pageId: number): Promise<LlmQuestionContext | null> {
  const db = await getDb();
  const [page] = await db
    .select({
      pageName: pages.name,
      siteId: sites.id,
      siteName: sites.name,
      siteUrl: sites.url,
      languageCode: locationLanguages.languageCode,
    })
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

/**
 * Replaces the page's answers from these LLMs with the new ones (one per LLM), and keeps them as dated snapshots
 * with what they say of the site (issue 17), in one transaction. `check`: the page's site, and the request that asked.
 */
export async function replaceLlmAnswers(
  pageId: number,
  answers: NewLlmAnswer[],
  check: { site: { id: number; url: string }; requestId: number | null },
) {
  if (answers.length === 0) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await recordLlmChecks(tx, pageId, check.site, answers, check.requestId);
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
