/**
 * The evidence pack of a page (issue 40), gathered before its outline or article is written, from its research:
 * the top pages already read (web_pages), the pages Google's AI Overview cites and the pages the assistants cite
 * (read now, or taken from web_pages when read lately). Each source gives its passages worth citing
 * (lib/sources/evidence.ts) about the page's keywords and main terms, a few per source, the pack taking one of each
 * source in turn. Competitors of the brief and the site's own pages are never sources. A page is gathered for
 * once: the owner then shapes the pack (models/evidence.server.ts), and what they removed is not brought back.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { keywords, locationLanguages, pageEvidence, pages, pagesKeywords, pagesLlmAnswers, siteBriefs, sites, webPages } from "../../db/schema";
import { hostKey, isCompetitorUrl, parseCompetitors } from "~/lib/competitors";
import { documentText } from "~/lib/content-score/document.server";
import { EVIDENCE_LIMITS, packFrom, passagesWorthCiting, type EvidenceKind } from "~/lib/sources/evidence";
import type { UsageTally } from "~/lib/usage";
import { getDb, type Db } from "~/services/db.server";
import type { PageReader } from "~/services/research/page-reader.server";
import { readTopPages } from "~/services/research/web-pages.server";
import { researchOfPage, type PageResearch } from "./content-score.server";

/** Sources read for a pack beyond the top pages: the AI Overview's references, and the assistants' citations. */
const OVERVIEW_SOURCES = 5;
const ASSISTANT_SOURCES = 5;
/** The top pages a pack takes passages from. */
const TOP_PAGES = 10;
/** A source read for a pack within this time is not read again. */
const READ_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** The terms of the keyword model that, with the keywords, say what the page is about. */
const TOPIC_TERMS = 15;

export type EvidenceOrigin = "top_page" | "ai_overview" | "assistant" | "added";

/** A passage of a page's pack, as the writer and the screens read it. */
export type Evidence = {
  id: number;
  url: string;
  title: string | null;
  readAt: Date;
  kind: EvidenceKind;
  passage: string;
  origin: EvidenceOrigin;
};

/** A passage's columns, as the writer and the screens read them. */
export const EVIDENCE_COLUMNS = {
  id: pageEvidence.id,
  url: pageEvidence.url,
  title: pageEvidence.title,
  readAt: pageEvidence.readAt,
  kind: pageEvidence.kind,
  passage: pageEvidence.passage,
  origin: pageEvidence.origin,
};

/** What the page is about, for choosing passages: its keywords and its research's most important terms. */
function topicOf(keywords: string[], research: PageResearch): string {
  const terms = research.models
    .flatMap((m) => m.terms)
    .sort((a, b) => b.importance - a.importance)
    .slice(0, TOPIC_TERMS)
    .map((t) => t.label);
  return [...keywords, ...terms].join(" ");
}

/** What a page is about (its keywords and its research's main terms), and its research. */
export async function topicOfPage(db: Db, pageId: number): Promise<{ topic: string; research: PageResearch }> {
  const [words, research] = await Promise.all([
    db
      .select({ keyword: keywords.keyword })
      .from(pagesKeywords)
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(eq(pagesKeywords.linkedPage, pageId))
      .orderBy(asc(pagesKeywords.id)),
    researchOfPage(db, pageId),
  ]);
  return { topic: topicOf(words.map((w) => w.keyword), research), research };
}

/** The pack as the writer may cite it: the passages in use (not removed), in the order they were gathered or added. */
export async function evidenceOfPage(db: Db, pageId: number): Promise<Evidence[]> {
  const rows = await db
    .select(EVIDENCE_COLUMNS)
    .from(pageEvidence)
    .where(and(eq(pageEvidence.page, pageId), isNull(pageEvidence.removedAt)))
    .orderBy(asc(pageEvidence.id));
  return rows.map((r) => ({ ...r, kind: r.kind as EvidenceKind, origin: r.origin as EvidenceOrigin }));
}

/** The page's site (address, language, competitors) and keywords; null when the page is gone. */
async function pageToGather(db: Db, pageId: number) {
  const [row] = await db
    .select({
      siteUrl: sites.url,
      language: locationLanguages.languageCode,
      competitors: siteBriefs.competitors,
      gathered: sql<boolean>`exists (select 1 from ${pageEvidence} where ${pageEvidence.page} = ${pages.id} and ${pageEvidence.origin} <> 'added')`,
    })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, sites.id))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pages.id, pageId));
  return row ?? null;
}

/** Whether an address is a page of the site itself (its host, "www." aside). */
function onSite(url: string, siteUrl: string): boolean {
  try {
    return hostKey(new URL(url).hostname) === hostKey(new URL(siteUrl).hostname);
  } catch {
    return false;
  }
}

type Source = { url: string; title: string | null; readAt: Date; text: string; origin: Exclude<EvidenceOrigin, "added"> };

/**
 * Gathers the page's evidence pack from its research, once (a page with a pack gathered already keeps it). Nothing
 * without research. Answers how many passages were added.
 */
export async function gatherEvidence(
  pageId: number,
  options: { reader: PageReader; usage?: UsageTally; signal?: AbortSignal },
): Promise<number> {
  const db = await getDb();
  const page = await pageToGather(db, pageId);
  if (!page || page.gathered) return 0;
  const { topic, research } = await topicOfPage(db, pageId);
  const [main] = research.models;
  if (!main) return 0;
  const language = page.language ?? main.language;
  const competitors = parseCompetitors(page.competitors ?? "", page.siteUrl);
  const usable = (url: string) => /^https?:\/\//i.test(url) && !onSite(url, page.siteUrl) && !isCompetitorUrl(url, competitors);

  // The top pages, as read for the research.
  const top = research.models
    .flatMap((m) => m.outlines)
    .filter((o, i, all) => usable(o.url) && all.findIndex((x) => x.url === o.url) === i)
    .slice(0, TOP_PAGES);
  const stored = top.length
    ? await db
        .select({ url: webPages.url, title: webPages.title, fetchedAt: webPages.fetchedAt, document: webPages.document })
        .from(webPages)
        .where(
          inArray(
            webPages.url,
            top.map((o) => o.url),
          ),
        )
    : [];
  const sources: Source[] = [];
  // What Google's AI Overview and the assistants cite: read now (or lately).
  const overview = research.features
    .flatMap((f) => f.aiOverview?.references ?? [])
    .map((r) => r.url)
    .filter(usable);
  const answers = await db
    .select({ cited: pagesLlmAnswers.citedUrls })
    .from(pagesLlmAnswers)
    .where(eq(pagesLlmAnswers.linkedPage, pageId))
    .orderBy(desc(pagesLlmAnswers.createdAt))
    .limit(20);
  const cited = answers.flatMap((a) => a.cited ?? []).filter(usable);
  const pick = (urls: string[], max: number, taken: Set<string>) =>
    [...new Set(urls)].filter((url) => !taken.has(url)).slice(0, max);
  const taken = new Set(top.map((o) => o.url));
  const overviewUrls = pick(overview, OVERVIEW_SOURCES, taken);
  overviewUrls.forEach((url) => taken.add(url));
  const citedUrls = pick(cited, ASSISTANT_SOURCES, taken);
  const toRead = [
    ...overviewUrls.map((url, i) => ({ url, position: i + 1, title: null, origin: "ai_overview" as const })),
    ...citedUrls.map((url, i) => ({ url, position: i + 1, title: null, origin: "assistant" as const })),
  ];
  if (toRead.length) {
    const read = await readTopPages(toRead, { reader: options.reader, maxAgeMs: READ_MAX_AGE_MS, signal: options.signal });
    // A page only DataForSEO's content parsing could read costs what it said.
    if (read.costUsd !== undefined) options.usage?.add({ costUsd: read.costUsd }, { provider: "dataforseo" });
    for (const item of toRead) {
      const found = read.pages.find((p) => p.url === item.url);
      if (found) sources.push({ url: item.url, title: found.title, readAt: found.readAt, text: documentText(found.document), origin: item.origin });
    }
  }
  for (const outline of top) {
    const row = stored.find((s) => s.url === outline.url);
    if (row?.document)
      sources.push({ url: outline.url, title: row.title ?? outline.title, readAt: row.fetchedAt, text: documentText(row.document), origin: "top_page" });
  }
  options.signal?.throwIfAborted();

  const pack = packFrom(
    sources.map((source) => passagesWorthCiting(source.text, topic, language).map((p) => ({ ...p, source }))),
    EVIDENCE_LIMITS.pack,
  );
  if (pack.length === 0) return 0;
  const added = await db
    .insert(pageEvidence)
    .values(
      pack.map(({ kind, passage, source }) => ({
        page: pageId,
        url: source.url,
        title: source.title,
        readAt: source.readAt,
        kind,
        passage,
        origin: source.origin,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pageEvidence.id });
  return added.length;
}
