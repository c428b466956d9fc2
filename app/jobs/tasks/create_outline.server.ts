/**
 * create_outline (issue 16): plans the page's article before it is written: a title, an angle, an h2/h3 plan,
 * the keywords to target and the sources to use, from the same material the article is written from (the
 * site's brief and rules, what ranks, what assistants answer). The model answers JSON, checked here: an answer
 * that does not hold an outline is sent back once with the problems named; refused again, the action fails with
 * them. The outline waits for the client's approval (outline_ready); a newer one replaces the one waiting.
 */
import type OpenAI from "openai";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { pageOutlines } from "../../../db/schema";
import { OUTLINE_LIMITS, type OutlineContent } from "~/lib/outline";
import { getDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { PermanentError } from "~/services/providers/http.server";
import { ask, LLM_SETTINGS, openRouterClient } from "~/services/providers/openrouter.server";
import { recordNotifications } from "../notify.server";
import { defineTask, idSchema } from "../task.server";
import { defaultPageReader, type PageReader } from "~/services/research/page-reader.server";
import { gatherEvidence } from "../evidence.server";
import { articleContext, linkableSources, researchParts, type ArticleContext } from "./create_article.server";

/** linked_page: the page to plan; info_json.instructions: what the client asked of this outline, if anything. */
export const createOutlinePayload = z
  .object({
    page: idSchema("the page to plan"),
    info: z
      .object({ instructions: z.string({ error: "expected the client's instructions as text" }).max(OUTLINE_LIMITS.instructions) })
      .nullable(),
  })
  .transform(({ page, info }) => ({ pageId: page, instructions: info?.instructions.trim() || null }));

export const OUTLINE_SYSTEM = [
  "You are an SEO editor who plans articles that rank on search engines and get cited by AI assistants.",
  "Plan the article before it is written. Answer with one JSON object only, no commentary, of this shape:",
  '{"title": "the article\'s title (its h1)", "angle": "in one or two sentences, what the article argues or shows that the pages ranking today do not", "sections": [{"heading": "an h2 heading", "subheadings": ["h3 headings, possibly none"]}], "keywords": ["the keywords to target"], "sources": ["URLs from the material given, or named references, to use"]}',
  `Between ${OUTLINE_LIMITS.minSections + 2} and ${OUTLINE_LIMITS.maxSections - 5} sections, headings in the article's language, each at most ${OUTLINE_LIMITS.heading} characters.`,
  "Only use the source URLs you are given; never invent a URL.",
].join("\n");

/** The request: the page, the research material, and what the client asked of this outline. */
export function outlinePrompt(context: ArticleContext, instructions: string | null): string {
  return [
    `Plan the article "${context.pageName}" for the website ${context.site.name} (${context.site.url}); it will be published at ${context.pageUrl}.`,
    ...researchParts(context),
    instructions ? `What the site's owner asks of this outline:\n${instructions}` : null,
  ]
    .filter(Boolean)
    .join("\n\n");
}

const text = (max: number) => z.string().trim().min(1).max(max);

/** What the model must answer: checked field by field, so that a refusal names what to fix. */
const answerSchema = z.object({
  title: text(OUTLINE_LIMITS.title),
  angle: z.string().trim().max(OUTLINE_LIMITS.angle).default(""),
  sections: z
    .array(
      z.object({
        heading: text(OUTLINE_LIMITS.heading),
        subheadings: z.array(text(OUTLINE_LIMITS.heading)).max(OUTLINE_LIMITS.maxSubheadings).default([]),
      }),
    )
    .min(OUTLINE_LIMITS.minSections)
    .max(OUTLINE_LIMITS.maxSections),
  keywords: z.array(z.string().trim().max(OUTLINE_LIMITS.keyword)).default([]),
  sources: z.array(z.string().trim().max(OUTLINE_LIMITS.source)).default([]),
});

/**
 * The outline in a model's answer (its JSON object, also inside a code fence or after a sentence), or the
 * problems to send back. Sources that are URLs not given to the model are dropped (never invented links).
 */
export function readOutline(answer: string, allowedLinks: readonly string[]): { outline: OutlineContent } | { problems: string[] } {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start < 0 || end < start) return { problems: ["the answer holds no JSON object"] };
  let value: unknown;
  try {
    value = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return { problems: ["the answer is not valid JSON"] };
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join(".") || "the answer"}: ${issue.message}`),
    };
  }
  const outline = parsed.data;
  const allowed = new Set(allowedLinks.map((link) => link.replace(/\/$/, "")));
  const unique = (items: string[], max: number) => [...new Set(items.filter(Boolean))].slice(0, max);
  return {
    outline: {
      title: outline.title,
      angle: outline.angle,
      sections: outline.sections,
      keywords: unique(outline.keywords, OUTLINE_LIMITS.keywords),
      sources: unique(
        outline.sources.filter((source) => !/^https?:\/\//i.test(source) || allowed.has(source.replace(/\/$/, ""))),
        OUTLINE_LIMITS.sources,
      ),
    },
  };
}

export function createOutlineTask(
  client: () => OpenAI = () => openRouterClient(),
  reader: () => PageReader = () => defaultPageReader(),
) {
  return defineTask({
    payload: createOutlinePayload,
    settings: LLM_SETTINGS,
    async run({ id, payload: { pageId, instructions }, signal, usage }) {
      // The evidence pack first (issue 40): the outline's sources come from it.
      await gatherEvidence(pageId, { reader: reader(), usage, signal });
      const context = await articleContext(pageId);
      if (!context) throw new PermanentError("The page of this outline request no longer exists");
      const model = getEnv().ARTICLE_MODEL;
      const prompt = outlinePrompt(context, instructions);
      const allowed = linkableSources(context);
      const attempt = async (request: string) => {
        const completion = await ask(client(), model, request, OUTLINE_SYSTEM, signal);
        usage.add(completion.usage, { provider: "openrouter", model });
        return readOutline(completion.text, allowed);
      };
      let result = await attempt(prompt);
      // Once: the same request, with what was wrong.
      if ("problems" in result) {
        result = await attempt(
          `${prompt}\n\nYour previous answer was refused: ${result.problems.join("; ")}. Answer again with the JSON object only.`,
        );
      }
      if ("problems" in result) throw new PermanentError(`The outline was refused twice: ${result.problems.join("; ")}`);
      signal.throwIfAborted();
      // An outline the model gave no keywords targets the page's own.
      const outline = result.outline.keywords.length ? result.outline : { ...result.outline, keywords: context.keywords };
      await saveOutlineContent(pageId, outline, id);
      return usage;
    },
  });
}

/**
 * Saves a written outline as the one waiting for the page's approval, replacing the one that waited, and tells
 * the site's owner (outline_ready), in one transaction.
 */
export async function saveOutlineContent(pageId: number, outline: OutlineContent, writtenBy: number | null): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .update(pageOutlines)
      .set({ status: "replaced", updatedAt: new Date() })
      .where(and(eq(pageOutlines.page, pageId), eq(pageOutlines.status, "ready")));
    const [row] = await tx
      .insert(pageOutlines)
      .values({ page: pageId, ...outline, writtenBy })
      .returning({ id: pageOutlines.id });
    await recordNotifications(tx, { kind: "outline_ready", pageId, versionId: null });
    return row.id;
  });
}
