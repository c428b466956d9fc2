/**
 * create_article: writes the page's article as clean semantic HTML in the site's language, from what the site
 * and the page know (keywords, what ranks, what assistants answer, the tone group's articles as style examples,
 * the site's writing rules). The output contract (app/lib/article-contract.ts) is enforced here: invented
 * links are removed; a too-short article, or one without its single h1 and h2 sections, is sent back once
 * with the problems named; if the second answer still misses, the action fails with the reason.
 */
import type OpenAI from "openai";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { clip } from "~/lib/clip";
import {
  type FixedSource,
  keywords,
  llms,
  locationLanguages,
  pageOutlines,
  pages,
  pagesKeywords,
  pagesLlmAnswers,
  serps,
  siteBriefs,
  sites,
  toneArticles,
} from "../../../db/schema";
import {
  checkArticle,
  INTERNAL_LINKS,
  internalLinksWish,
  keywordInTitle,
  linkKey,
  MIN_ARTICLE_WORDS,
  missingOutlineHeadings,
} from "~/lib/article-contract";
import { parseCompetitors, type Competitors } from "~/lib/competitors";
import { lengthRangeOf } from "~/lib/content-score/score";
import { ARTICLE_META_DESCRIPTION_MAX } from "~/lib/constants";
import { planText, type OutlineContent } from "~/lib/outline";
import { articleDescription } from "~/lib/meta-description.server";
import { getDb } from "~/services/db.server";
import { researchOfPage, scoreAgainst, type PageResearch } from "../content-score.server";
import { evidenceOfPage, gatherEvidence, type Evidence } from "../evidence.server";
import { recordNotifications } from "../notify.server";
import { tellReviewWatchers } from "../review-watchers.server";
import { announceArticle } from "../article-ready.server";
import { writeVersion } from "../version-writer.server";
import { getEnv } from "~/services/env.server";
import { PermanentError } from "~/services/providers/http.server";
import { LLM_SETTINGS, openRouterClient } from "~/services/providers/openrouter.server";
import { askForArticle } from "../article-answer.server";
import { defaultPageReader, type PageReader } from "~/services/research/page-reader.server";
import { checkArticleSources, sourceFailures, sourceReader, type CheckedClaim } from "./check_sources.server";
import { ensureSiteInventory, internalLinkCandidates, inventoryOf } from "../site-inventory.server";
import { defineTask, idSchema } from "../task.server";

/** linked_page: the page to write; info_json.outline: the approved outline to write it from (none when the site skips outlines). */
export const createArticlePayload = z
  .object({
    page: idSchema("the page to write"),
    info: z.object({ outline: idSchema("the approved outline") }).nullable(),
  })
  .transform(({ page, info }) => ({ pageId: page, outlineId: info?.outline ?? null }));


export const ARTICLE_SYSTEM = [
  "You are an SEO editor who writes articles that rank on search engines and get cited by AI assistants.",
  `First line: the article's meta description, as <meta name="description" content="..."> (at most ${ARTICLE_META_DESCRIPTION_MAX} characters, in the article's language, saying what the reader will learn).`,
  "Then the article only, as clean semantic HTML: exactly one <h1>, then <h2> sections (with <h3> where useful), <p>, <ul>/<ol>, <table> when it helps, <strong>/<em>.",
  "No <html>, <head>, <body>, <style>, <script>, classes or inline styles; no Markdown.",
  `At least ${MIN_ARTICLE_WORDS} words.`,
  "Only link to the source URLs and to the site's pages you are given; never invent a URL.",
].join("\n");

/** What every request about the page's article gives the model: its keywords, the site's writing rules, and the research material. */
export function researchParts(context: ArticleContext): (string | null)[] {
  const { site } = context;
  const rules = [
    `Write in ${site.languageName ?? "the language of the site"}${site.languageCode ? ` (${site.languageCode})` : ""}.`,
    site.familiarTerms ? "Use a familiar register (address the reader informally)." : "Use a professional register.",
    site.addressTheReaderWithI ? 'Write in the first person ("I").' : 'Write as the site ("we"), not in the first person singular.',
    site.acceptedTopics ? `Stay within these topics: ${site.acceptedTopics}.` : null,
    site.topicsToAvoid ? `Never write about: ${site.topicsToAvoid}.` : null,
    site.additionalGuidelines ? `The site's guidelines: ${site.additionalGuidelines}` : null,
    site.audience ? `Write for this audience: ${site.audience}.` : null,
    site.offer ? `What the site offers (mention it where it helps the reader, never as an advertisement): ${site.offer}.` : null,
    site.wordsToUse ? `Words and phrases the site uses (use them where they fit): ${site.wordsToUse}.` : null,
    site.competitors ? `The site's competitors (never link to them, name them or recommend them): ${site.competitors}.` : null,
  ].filter(Boolean);
  return [
    context.keywords.length ? `Target keywords: ${context.keywords.join(", ")}.` : null,
    `Rules:\n- ${rules.join("\n- ")}`,
    context.sources.length
      ? `What ranks today${context.evidence.length ? "" : " (the only URLs you may link to)"}:\n${context.sources.map((s) => `- ${s.url} — ${s.title ?? ""}${s.description ? `: ${clip(s.description, 200)}` : ""}`).join("\n")}`
      : null,
    evidencePart(context.evidence),
    ...researchMaterial(context.research),
    context.llmAnswers.length
      ? `What AI assistants answer about it today (cover what they cover, and better):\n${context.llmAnswers.map((a) => `- ${a.llm}: ${clip(a.answer, 700)}`).join("\n")}`
      : null,
    context.toneExamples.length
      ? `Articles whose tone and style to follow:\n${context.toneExamples.map((t) => `--- ${t.name} ---\n${clip(t.content, 2500)}`).join("\n")}`
      : null,
    site.toneSamples ? `Texts of the site itself, whose voice to take:\n${clip(site.toneSamples, 4000)}` : null,
  ];
}

/**
 * The evidence pack (issue 40): the passages the article may cite, each with its page, address and date read; with a
 * pack, its addresses are the only outside pages the article may link to. Nothing without one.
 */
export function evidencePart(evidence: Evidence[]): string | null {
  if (evidence.length === 0) return null;
  const lines = evidence.map(
    (e) => `- [${e.kind}] "${e.passage}" — ${e.title ?? new URL(e.url).hostname}, ${e.url} (read ${e.readAt.toISOString().slice(0, 10)})`,
  );
  return [
    "Evidence you may cite (the only outside pages you may link to). Give a figure, a date or a definition with its source linked in the same sentence; quote a passage word for word between quotation marks, never altered; cite nothing else:",
    ...lines,
  ].join("\n");
}

/** The outside pages a text about the page may link to: its evidence pack's when it has one, else the results that rank. */
export function linkableSources(context: ArticleContext): string[] {
  return context.evidence.length ? [...new Set(context.evidence.map((e) => e.url))] : context.sources.map((s) => s.url);
}

/** The most terms and questions a prompt lists, and the competitors' outlines it shows. */
const PROMPT_TERMS = 30;
const PROMPT_QUESTIONS = 12;
const PROMPT_OUTLINES = 5;

/**
 * What the top pages teach (issue 39): the questions people ask, the important terms with their usual counts, how
 * the top pages are organised, their length, and Google's AI Overview. Nothing when the page has no research.
 */
export function researchMaterial(research: PageResearch): (string | null)[] {
  const [main] = research.models;
  if (!main) return [];
  const terms = research.models
    .flatMap((m) => m.terms)
    .sort((a, b) => b.importance - a.importance)
    .filter((t, i, all) => all.findIndex((o) => o.key === t.key) === i)
    .slice(0, PROMPT_TERMS);
  const questions = research.models
    .flatMap((m) => m.questions)
    .filter((q, i, all) => all.findIndex((o) => o.text.toLowerCase() === q.text.toLowerCase()) === i)
    .slice(0, PROMPT_QUESTIONS);
  const overview = research.features.find((f) => f.aiOverview)?.aiOverview ?? null;
  return [
    questions.length
      ? `Questions people ask (answer each, under a heading that asks or answers it, with its key terms in the text below):\n${questions.map((q) => `- ${q.text}`).join("\n")}`
      : null,
    terms.length
      ? `Important terms of the pages that rank (use each about as often as they do, never more; repeating a term gains nothing):\n${terms
          .map((t) => `- ${t.label} (usually ${t.range[0] === t.range[1] ? t.range[0] : `${t.range[0]}-${t.range[1]}`}×)`)
          .join("\n")}`
      : null,
    main.outlines.length
      ? `How the pages that rank are organised (cover what they cover, in a better order):\n${main.outlines
          .slice(0, PROMPT_OUTLINES)
          .map(
            (o) =>
              `- #${o.position} (${o.wordCount} words): ${o.headings
                .filter((h) => h.level === 2)
                .map((h) => h.text)
                .join(" | ")}`,
          )
          .join("\n")}`
      : null,
    overview ? `Google's AI Overview for it today (cover it, and better):\n${clip(overview.text, 1200)}` : null,
  ];
}

/**
 * What the research adds to the contract (issue 39): the page's main keyword in the <h1> (unless the approved
 * outline's title, which the <h1> must be, does without it), and every section of the approved outline as an <h2>.
 */
export function researchProblems(html: string, context: ArticleContext, outline: OutlineContent | null): string[] {
  const problems: string[] = [];
  const keyword = context.keywords[0];
  const titleMayLackIt = outline !== null && !keywordInTitle(`<h1>${outline.title}</h1>`, keyword ?? "");
  if (keyword && !titleMayLackIt) {
    const scored = scoreAgainst(html, context.research);
    if (!(scored ? scored.structure.keywordInH1 : keywordInTitle(html, keyword)))
      problems.push(`the <h1> title does not contain the keyword "${keyword}"`);
  }
  if (outline) {
    const missing = missingOutlineHeadings(
      html,
      outline.sections.map((s) => s.heading),
    );
    if (missing.length)
      problems.push(`these sections of the approved outline are missing as <h2>: ${missing.map((h) => `"${h}"`).join(", ")}`);
  }
  return problems;
}

/** How the article falls short of the top pages' median score, naming what it lacks; null when it reaches it (or without research). */
export function scoreShortfall(html: string, research: PageResearch): string | null {
  const scored = scoreAgainst(html, research);
  if (!scored || research.topMedian === null || scored.score >= research.topMedian) return null;
  const terms = scored.missingTerms.slice(0, 15);
  const questions = scored.unansweredQuestions.slice(0, 8);
  return [
    `scores ${scored.score}/100 against the pages that rank, below their median of ${research.topMedian}`,
    terms.length ? `; use these important terms: ${terms.join(", ")}` : "",
    questions.length ? `; answer these questions under their own headings: ${questions.join(" | ")}` : "",
    scored.overusedTerms.length ? `; use these less often: ${scored.overusedTerms.map((t) => t.term).join(", ")}` : "",
  ].join("");
}

/** The length to aim for: the top pages' range, never under the contract's minimum (the score asks the same). */
export function lengthTarget(research: PageResearch): [number, number] {
  const [main] = research.models;
  return main ? lengthRangeOf(main, MIN_ARTICLE_WORDS) : [MIN_ARTICLE_WORDS, MIN_ARTICLE_WORDS];
}

/** The web addresses among an approved outline's sources (a source may also be a reference without one). */
export function outlineLinks(outline: OutlineContent | null): string[] {
  return (outline?.sources ?? []).flatMap((source) => source.match(/https?:\/\/[^\s<>"')]+/g) ?? []);
}

export function outlinePart(outline: OutlineContent): string {
  return [
    "Follow this outline, which the site's owner approved: its title is the article's <h1>, and its plan gives the <h2> and <h3> headings, in this order.",
    `Title: ${outline.title}`,
    outline.angle ? `Angle: ${outline.angle}` : null,
    `Plan:\n${planText(outline.sections)}`,
    outline.keywords.length ? `Keywords to target: ${outline.keywords.join(", ")}.` : null,
    outline.sources.length ? `Sources to use:\n${outline.sources.map((s) => `- ${s}`).join("\n")}` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The request: the topic, the writing rules of the site, the research material, and the approved outline if there is one. */
export function articlePrompt(context: ArticleContext, outline: OutlineContent | null = null): string {
  const parts = [
    `Write the article "${context.pageName}" for the website ${context.site.name} (${context.site.url}); it will be published at ${context.pageUrl}.`,
    ...researchParts(context),
    context.research.models.length ? `Length: ${lengthTarget(context.research).join(" to ")} words, as the pages that rank.` : null,
    internalLinksPart(context.links),
    outline ? outlinePart(outline) : null,
  ];
  return parts.filter(Boolean).join("\n\n");
}

/** The pages of the site the article may link to (issue 40): 3 to 8 of them when there are 5 to choose from. */
export function internalLinksPart(links: ArticleContext["links"]): string | null {
  if (links.candidates.length === 0) return null;
  const lines = links.candidates.map((c) => `- ${c.url}${c.title ? ` — ${c.title}` : ""}`).join("\n");
  return links.inventory.length >= INTERNAL_LINKS.inventoryAtLeast
    ? `Link to ${INTERNAL_LINKS.min}-${INTERNAL_LINKS.max} of these pages of the site, where they help the reader (the only pages of the site you may link to):\n${lines}`
    : `Link to those of these pages of the site that help the reader (the only pages of the site you may link to):\n${lines}`;
}

/**
 * With `sources` (the check_sources reader), the article's sources are checked before it is saved, and it is sent back
 * once with its broken links and unsupported claims named (issue 40); without, the check follows the saved version.
 * `pages` reads the sources of the page's evidence pack.
 */
export function createArticleTask(
  client: () => OpenAI = () => openRouterClient(),
  { sources = sourceReader, pages = () => defaultPageReader() }: { sources?: (() => PageReader) | null; pages?: () => PageReader } = {},
) {
  return defineTask({
    payload: createArticlePayload,
    settings: LLM_SETTINGS,
    async run({ payload: { pageId, outlineId }, signal, usage }) {
      const siteId = await siteOfPage(pageId);
      if (siteId !== null) await ensureSiteInventory(siteId, { signal });
      // The evidence pack, when no outline gathered it (issue 40).
      await gatherEvidence(pageId, { reader: pages(), usage, signal });
      const context = await articleContext(pageId);
      if (!context) throw new PermanentError("The page of this article request no longer exists");
      const outline = outlineId === null ? null : await approvedOutline(pageId, outlineId);
      const article = await askForArticle({
        api: client(),
        model: getEnv().ARTICLE_MODEL,
        system: ARTICLE_SYSTEM,
        prompt: articlePrompt(context, outline),
        // The evidence pack (else the search results), and the sources the approved outline names (a client's own, issue 40).
        allowedLinks: [...linkableSources(context), ...outlineLinks(outline)],
        siteUrl: context.site.url,
        links: { inventory: context.links.inventory, competitors: context.links.competitors },
        check: (html) => [...checkArticle(html).problems, ...researchProblems(html, context, outline)],
        shortfall: (html) => scoreShortfall(html, context.research),
        wishes: (html) => [internalLinksWish(html, context.links.inventory, context.site.url)].filter((w): w is string => w !== null),
        sources: sources
          ? async (html) => {
              const site = { url: context.site.url, language: context.site.languageCode ?? "en" };
              const rows = await checkArticleSources(html, site, { reader: sources(), usage, signal });
              return { rows, problems: sourceFailures(rows) };
            }
          : undefined,
        again: "Write the whole article again, fixing this.",
        what: "The article",
        usage,
        signal,
      });
      signal.throwIfAborted();
      // Still below the top pages' median after a second answer: kept, for the team to look at first (issue 39).
      await saveGeneratedVersion(pageId, article, "article_ready", {
        held: article.held,
        sources: article.sources,
        fixed: article.fixed,
      });
      return usage;
    },
  });
}

export type ArticleContext = {
  siteId: number;
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
    /** The site's brief (issue 16): empty texts until filled. */
    audience: string;
    offer: string;
    toneSamples: string;
    topicsToAvoid: string;
    competitors: string;
    wordsToUse: string;
  };
  keywords: string[];
  sources: { title: string | null; url: string; description: string | null }[];
  llmAnswers: { llm: string; answer: string }[];
  toneExamples: { name: string; content: string }[];
  /** The page's evidence pack (issue 40): the passages it may cite; empty when none was gathered. */
  evidence: Evidence[];
  /** The top pages' research of its keywords (issue 39): empty models when none was made. */
  research: PageResearch;
  /**
   * Issue 40: the site's pages the article may link to (its inventory as stored, the page itself left out), the 5-10
   * offered in the prompt, and the competitors of the brief, which it never links to.
   */
  links: { inventory: string[]; candidates: { url: string; title: string | null }[]; competitors: Competitors };
};

/** The site of a page; null when the page is gone. */
async function siteOfPage(pageId: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ site: pages.site }).from(pages).where(eq(pages.id, pageId));
  return row?.site ?? null;
}

/** The site's inventory for an article of one of its pages (issue 40): every page but the article's own, and the candidates among them. */
export async function linksOfArticle(
  siteId: number,
  pageId: number,
  page: { url: string; siteUrl: string; competitors: string },
  research: PageResearch,
): Promise<ArticleContext["links"]> {
  const inventory = await inventoryOf(siteId);
  let self = page.url;
  try {
    self = new URL(page.url, page.siteUrl).href;
  } catch {
    // An address that is no URL is no page of the inventory either.
  }
  const others = inventory.filter((p) => p.page !== pageId && linkKey(p.url) !== linkKey(self));
  const candidates = await internalLinkCandidates(siteId, pageId, research.models, others);
  return {
    inventory: others.map((p) => p.url),
    candidates: candidates.map((c) => ({ url: c.url, title: c.title })),
    competitors: parseCompetitors(page.competitors, page.siteUrl),
  };
}

/** The approved outline of the page that the article is written from (PermanentError when it is not such an outline). */
async function approvedOutline(pageId: number, outlineId: number): Promise<OutlineContent> {
  const db = await getDb();
  const [row] = await db
    .select({
      title: pageOutlines.title,
      angle: pageOutlines.angle,
      sections: pageOutlines.sections,
      keywords: pageOutlines.keywords,
      sources: pageOutlines.sources,
    })
    .from(pageOutlines)
    .where(and(eq(pageOutlines.id, outlineId), eq(pageOutlines.page, pageId), eq(pageOutlines.status, "approved")));
  if (!row) throw new PermanentError("The approved outline of this article request no longer exists");
  return row;
}

/** The site an article is written for, and its language (selected with sites and location_languages joined). */
export const siteAndLanguage = {
  name: sites.name,
  url: sites.url,
  languageName: locationLanguages.languageName,
  languageCode: locationLanguages.languageCode,
};

/** Everything the site and the page know for writing the article; null when the page is gone. */
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
      brief: {
        audience: siteBriefs.audience,
        offer: siteBriefs.offer,
        toneSamples: siteBriefs.toneSamples,
        topicsToAvoid: siteBriefs.topicsToAvoid,
        competitors: siteBriefs.competitors,
        wordsToUse: siteBriefs.wordsToUse,
      },
    })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, sites.id))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pages.id, pageId));
  if (!row) return null;
  const words = await db
    .select({ id: keywords.id, keyword: keywords.keyword })
    .from(pagesKeywords)
    .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
    .where(eq(pagesKeywords.linkedPage, pageId))
    .orderBy(asc(pagesKeywords.id));
  const [results, answers, tone, research, evidence] = await Promise.all([
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
    researchOfPage(db, pageId),
    evidenceOfPage(db, pageId),
  ]);
  const sources: ArticleContext["sources"] = [];
  for (const result of results) {
    if (result.url && !sources.some((s) => s.url === result.url)) sources.push({ ...result, url: result.url });
  }
  const links = await linksOfArticle(
    row.siteId,
    pageId,
    { url: row.pageUrl, siteUrl: row.url, competitors: row.brief?.competitors ?? "" },
    research,
  );
  return {
    siteId: row.siteId,
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
      audience: row.brief?.audience ?? "",
      offer: row.brief?.offer ?? "",
      toneSamples: row.brief?.toneSamples ?? "",
      topicsToAvoid: row.brief?.topicsToAvoid ?? "",
      competitors: row.brief?.competitors ?? "",
      wordsToUse: row.brief?.wordsToUse ?? "",
    },
    keywords: words.map((w) => w.keyword),
    sources,
    llmAnswers: answers.flatMap((a) => (a.answer ? [{ llm: a.llm, answer: a.answer }] : [])),
    toneExamples: tone.flatMap((t) => (t.content ? [{ name: t.name, content: t.content }] : [])),
    research,
    evidence,
    links,
  };
}

/**
 * Saves a generated article as a new version of the page (no human creator), with its meta description: the
 * one the model wrote, else one taken from the article's text, so that every written version has one to edit.
 * The site's owner is told in the same transaction: a new article (`article_ready`) or a revision written as a
 * new version (`revision_done`); a new article that is a trial's first draft closes its request (issue 38). A new
 * article `held` for the team (issue 39) tells nobody yet: the team releases it (jobs/article-ready.server.ts).
 */
export async function saveGeneratedVersion(
  pageId: number,
  article: { html: string; metaDescription: string | null },
  kind: "article_ready" | "revision_done" = "article_ready",
  {
    held = false,
    sources = null,
    fixed = [],
  }: { held?: boolean; sources?: CheckedClaim[] | null; fixed?: FixedSource[] } = {},
): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const id = await writeVersion(tx, {
      pageId,
      html: article.html,
      metaDescription: article.metaDescription ?? (articleDescription(article.html) || null),
      heldForTeam: held,
      checkedSources: sources,
      sourcesFixed: fixed.length ? fixed : null,
    });
    if (kind === "revision_done") {
      await recordNotifications(tx, { kind, pageId, versionId: id });
      // A revision: the reviewers who asked to be told of it are (issue 38).
      await tellReviewWatchers(tx, pageId);
    } else if (!held) await announceArticle(tx, pageId, id);
    return id;
  });
}
