/**
 * A keyword's research (issue 39), after its search: the top 10 organic results are read (a few at a time, kept
 * in `web_pages`, read again only when older than the site's check period), and the keyword's model is built from
 * those that could be read and stored with the check, with the top pages' own scores and the results that could
 * not be read (and why). The serps task calls `researchAfterSearch`; what a keyword model is and how a page is
 * scored live in app/lib/content-score.
 */
import { keywordModels } from "../../db/schema";
import { buildKeywordModel, type ModelInput } from "~/lib/content-score/model";
import { scoreTopPages } from "~/lib/content-score/score";
import type { SerpFeatures, UnreadPage } from "~/lib/content-score/types";
import type { UsageTally } from "~/lib/usage";
import { getDb } from "~/services/db.server";
import type { SerpRow } from "~/services/providers/dataforseo.server";
import { defaultPageReader, type PageReader } from "~/services/research/page-reader.server";
import { readTopPages, type PageAsRead } from "~/services/research/web-pages.server";
import { rescoreKeyword } from "./content-score.server";
import { scheduleOf, type CheckFrequency } from "./schedule.server";

/** How many organic results the research reads. */
export const TOP_PAGES = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How old a page read earlier may be for the site's research: its check period. A site whose checks are off still
 * gets research when someone asks (a check now, an article): its pages count as fresh for a month, the longest
 * period a site can have, so that turning the automatic checks off never makes the research read more often.
 */
export function pageMaxAgeMs(frequency: CheckFrequency): number {
  return frequency === "weekly" ? 7 * DAY_MS : 30 * DAY_MS;
}

/** The top organic results to read: the first TOP_PAGES with an address, each address once. */
export function topResults(rows: SerpRow[]): { url: string; position: number; title: string | null }[] {
  const seen = new Set<string>();
  return rows
    .filter((row) => row.type === "organic" && row.url && /^https?:\/\//i.test(row.url))
    .sort((a, b) => a.positionAbsolute - b.positionAbsolute)
    .filter((row) => !seen.has(row.url!) && Boolean(seen.add(row.url!)))
    .slice(0, TOP_PAGES)
    .map((row) => ({ url: row.url!, position: row.positionAbsolute, title: row.title }));
}

/**
 * Builds the keyword's model from the pages read (with the top pages' own scores) and inserts it for the check
 * (`keyword_models`: one per check), then scores again every version of the site's pages that use the keyword, in
 * the same transaction; returns the check's id. The one place a model is written.
 */
export async function recordKeywordModel(input: {
  checkId: number;
  siteId: number;
  keywordId: number;
  keyword: string;
  language: string;
  pages: PageAsRead[];
  unread: UnreadPage[];
  features: SerpFeatures;
}): Promise<number> {
  const model: ModelInput = {
    keyword: input.keyword,
    language: input.language,
    pages: input.pages.map((page) => ({
      url: page.url,
      position: page.position,
      title: page.title,
      document: page.document,
      readAt: page.readAt.toISOString(),
    })),
    peopleAlsoAsk: input.features.peopleAlsoAsk,
  };
  const db = await getDb();
  const built = { model: buildKeywordModel(model), topScores: scoreTopPages(model) };
  // The model and the scores it changes, together: every version of the site's pages that use the keyword.
  await db.transaction(async (tx) => {
    await tx.insert(keywordModels).values({
      check: input.checkId,
      site: input.siteId,
      keyword: input.keywordId,
      language: input.language,
      ...built,
      unread: input.unread,
    });
    await rescoreKeyword(tx, input.siteId, input.keywordId);
  });
  return input.checkId;
}

/**
 * Reads the search's top pages and records the keyword's model for its check; what reading cost (content parsing)
 * goes on the task's usage. The abort signal (the task's lease) stops it before anything more is written.
 */
export async function researchAfterSearch(input: {
  checkId: number;
  siteId: number;
  keywordId: number;
  keyword: string;
  language: string;
  rows: SerpRow[];
  features: SerpFeatures;
  signal: AbortSignal;
  usage: UsageTally;
  reader?: PageReader;
}): Promise<number> {
  const db = await getDb();
  const { frequency } = await scheduleOf(db, input.siteId);
  const read = await readTopPages(topResults(input.rows), {
    reader: input.reader ?? defaultPageReader(),
    maxAgeMs: pageMaxAgeMs(frequency),
    signal: input.signal,
  });
  if (read.costUsd !== undefined) input.usage.add({ costUsd: read.costUsd }, { provider: "dataforseo", model: "content-parsing" });
  input.signal.throwIfAborted();
  return recordKeywordModel({ ...input, pages: read.pages, unread: read.unread });
}
