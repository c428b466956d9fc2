/**
 * llm_answers: asks every active LLM, through OpenRouter's OpenAI-compatible chat API (the openai SDK with
 * OpenRouter's base URL), each of the page's prompts (issue 42: the team's, or three built from its name and
 * keywords in the site's language), several times (the site's sample size, 3 by default): assistants answer
 * differently from one asking to the next, and one answer says little. An LLM marked "web" in the reference list
 * is asked with OpenRouter's web search on, and the URLs it cites are read from the answer's url_citation
 * annotations (from its text when it gives none). Each answer is stored with whether it names the site (name or
 * domain) and the URLs it cites. A 429 is retried at once on the LLM's fallback model when it has one. Answers
 * that arrived are kept when others fail; the retry asks only what is missing.
 */
import type OpenAI from "openai";
import pLimit from "p-limit";
import { and, asc, eq, inArray, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { UsageTally } from "~/lib/usage";
import {
  keywords,
  llmChecks,
  llms,
  locationLanguages,
  pagePrompts,
  pages,
  pagesKeywords,
  pagesLlmAnswers,
  sites,
} from "../../../db/schema";
import { getDb } from "~/services/db.server";
import { citedUrlsIn, mentionsSite } from "~/lib/results-rules";
import { promptsOfPage } from "~/lib/visibility/prompts";
import { recordLlmChecks } from "../snapshots.server";
import { PermanentError, RateLimitedError, RetryableError } from "~/services/providers/http.server";
import { ask, LLM_SETTINGS, openRouterClient, type Completion } from "~/services/providers/openrouter.server";
import { capRoom, markCapped, scheduleOf } from "../schedule.server";
import { defineTask, idSchema, scheduledInfo } from "../task.server";

export { questionFor } from "~/lib/visibility/prompts";

/** linked_page: the page whose topic to ask about. */
export const llmAnswersPayload = z
  .object({ page: idSchema("the page to ask about"), info: scheduledInfo })
  .transform(({ page, info }) => ({ pageId: page, period: info?.period ?? null }));

/** How many questions are put to the providers at once. */
const ASKED_AT_ONCE = 4;

type Asking = { llm: LlmQuestionContext["llms"][number]; prompt: number; question: string; sample: number };

export function llmAnswersTask(client: () => OpenAI = () => openRouterClient()) {
  return defineTask({
    payload: llmAnswersPayload,
    settings: LLM_SETTINGS,
    async run({ id, payload: { pageId, period }, signal, usage }) {
      const context = await llmQuestionContext(pageId);
      if (!context) throw new PermanentError("The page of this LLM answers request no longer exists");
      // A scheduled check stops at the site's monthly cap (issue 17), before it starts and, since it asks many
      // questions (issue 42), before each one: what it has spent so far counts.
      const room = period === null ? Infinity : await capRoom(context.siteId);
      if (period !== null && room <= 0) {
        await markCapped(context.siteId, period);
        return usage;
      }
      let capped = false;
      if (context.llms.length === 0) throw new PermanentError("No active LLM to ask");
      const api = client();
      // A retry asks only what its earlier attempts did not store.
      const done = await askedBy(id);
      const askings: Asking[] = context.prompts.flatMap((question, i) =>
        context.llms.flatMap((llm) =>
          Array.from({ length: context.samples }, (_, s) => ({ llm, prompt: i + 1, question, sample: s + 1 })).filter(
            (a) => !done.has(askingKey(a.prompt, a.llm.id, a.sample)),
          ),
        ),
      );
      const failures: Error[] = [];
      const asked = await pLimit(ASKED_AT_ONCE).map(askings, async ({ llm, prompt, question, sample }): Promise<NewLlmAnswer | null> => {
        if ((usage.costUsd ?? 0) >= room) {
          capped = true;
          return null;
        }
        try {
          const completion = await askWithFallback(api, llm, question, signal, usage);
          const annotated = completion.citations !== null;
          return {
            llmId: llm.id,
            question,
            prompt,
            sample,
            live: llm.webSearch,
            citationsFrom: annotated ? "annotations" : "text",
            answer: completion.text,
            mentionsSite: mentionsSite(completion.text, context.siteName, context.siteUrl),
            citedUrls: completion.citations ?? citedUrlsIn(completion.text),
          };
        } catch (err) {
          failures.push(err instanceof Error ? err : new Error(String(err)));
          return null;
        }
      });
      const answers = asked.filter((a): a is NewLlmAnswer => a !== null);
      signal.throwIfAborted();
      await replaceLlmAnswers(pageId, answers, {
        site: { id: context.siteId, url: context.siteUrl },
        requestId: id,
        prompts: context.prompts,
      });
      if (capped && period !== null) await markCapped(context.siteId, period);
      if (failures.length) {
        const permanent = failures.every((f) => f instanceof PermanentError) && answers.length === 0 && done.size === 0;
        const message = `${answers.length + done.size} of ${askings.length + done.size} answers stored; ${[...new Set(failures.map((f) => f.message))].join("; ")}`;
        throw permanent
          ? new PermanentError(message)
          : new RetryableError(message, failures.find((f) => f instanceof RetryableError)?.retryAfterSeconds);
      }
      return usage;
    },
  });
}

/** One question to one LLM, on its fallback model when the first answers 429; the usage counted either way. */
async function askWithFallback(
  api: OpenAI,
  llm: Asking["llm"],
  question: string,
  signal: AbortSignal,
  usage: UsageTally,
): Promise<Completion> {
  const webSearch = llm.webSearch;
  try {
    const completion = await ask(api, llm.model, question, undefined, signal, { webSearch });
    usage.add(completion.usage, { provider: "openrouter", model: llm.model });
    return completion;
  } catch (err) {
    if (!(err instanceof RateLimitedError && llm.fallback)) throw err;
    const completion = await ask(api, llm.fallback, question, undefined, signal, { webSearch });
    usage.add(completion.usage, { provider: "openrouter", model: llm.fallback });
    return completion;
  }
}

const askingKey = (prompt: number, llmId: number, sample: number) => `${prompt}:${llmId}:${sample}`;

/** What the request's earlier attempts stored: its prompt, LLM and sample keys. */
async function askedBy(requestId: number | null): Promise<Set<string>> {
  if (requestId === null) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ prompt: llmChecks.prompt, llm: llmChecks.llm, sample: llmChecks.sample })
    .from(llmChecks)
    .where(eq(llmChecks.request, requestId));
  return new Set(rows.map((r) => askingKey(r.prompt, r.llm, r.sample)));
}

export type LlmQuestionContext = {
  pageName: string;
  siteId: number;
  siteName: string;
  siteUrl: string;
  languageCode: string | null;
  keywords: string[];
  /** The prompts asked: the team's, else the defaults. */
  prompts: string[];
  /** How many times each prompt is asked of each LLM. */
  samples: number;
  llms: { id: number; name: string; model: string; fallback: string | null; webSearch: boolean }[];
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
  const [words, written, active, schedule] = await Promise.all([
    db
      .select({ keyword: keywords.keyword })
      .from(pagesKeywords)
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(and(eq(pagesKeywords.linkedPage, pageId), eq(pagesKeywords.toSearch, true)))
      .orderBy(asc(pagesKeywords.id)),
    db
      .select({ prompt: pagePrompts.prompt, updatedAt: pagePrompts.updatedAt })
      .from(pagePrompts)
      .where(eq(pagePrompts.page, pageId))
      .orderBy(asc(pagePrompts.position)),
    db
      .select({ id: llms.id, name: llms.name, model: llms.nameOpenrouter, fallback: llms.fallbackOpenrouter, webSearch: llms.webSearch })
      .from(llms)
      .where(eq(llms.active, true))
      .orderBy(asc(llms.id)),
    scheduleOf(db, page.siteId),
  ]);
  const keywordList = words.map((w) => w.keyword);
  const { prompts } = promptsOfPage(written, { pageName: page.pageName, keywords: keywordList, languageCode: page.languageCode });
  return { ...page, keywords: keywordList, prompts, samples: schedule.samples, llms: active };
}

export type NewLlmAnswer = {
  llmId: number;
  question: string;
  answer: string;
  mentionsSite: boolean;
  citedUrls: string[];
  /** Which prompt (1-based) and which asking of it; whether the model searched; where its citations were read. */
  prompt: number;
  sample: number;
  live: boolean;
  citationsFrom: "annotations" | "text";
};

/**
 * Keeps the answers as dated snapshots with what they say of the site (issue 17), and makes the first asking of
 * each prompt the LLM's newest answer to it (the LLM answers screen), in one transaction: the newest answers of
 * these LLMs to these questions, and to questions the page no longer asks (`check.prompts`), give way.
 */
export async function replaceLlmAnswers(
  pageId: number,
  answers: NewLlmAnswer[],
  check: { site: { id: number; url: string }; requestId: number | null; prompts: string[] },
) {
  if (answers.length === 0) return;
  const db = await getDb();
  // Each LLM's first asking of each prompt among these answers.
  const first = new Map<string, NewLlmAnswer>();
  for (const a of answers) {
    const key = `${a.llmId}:${a.prompt}`;
    if ((first.get(key)?.sample ?? Infinity) > a.sample) first.set(key, a);
  }
  const newest = [...first.values()];
  await db.transaction(async (tx) => {
    await recordLlmChecks(tx, pageId, check.site, answers, check.requestId);
    if (newest.length === 0) return;
    await tx.delete(pagesLlmAnswers).where(
      and(
        eq(pagesLlmAnswers.linkedPage, pageId),
        or(
          ...newest.map((a) =>
            and(eq(pagesLlmAnswers.linkedLlm, a.llmId), sql`${pagesLlmAnswers.question} is not distinct from ${a.question}`),
          ),
          and(
            inArray(
              pagesLlmAnswers.linkedLlm,
              newest.map((a) => a.llmId),
            ),
            or(sql`${pagesLlmAnswers.question} is null`, notInArray(pagesLlmAnswers.question, check.prompts)),
          ),
        ),
      ),
    );
    await tx.insert(pagesLlmAnswers).values(
      newest.map((a) => ({
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
