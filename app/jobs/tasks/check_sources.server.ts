/**
 * check_sources (issue 40): a version's sources, checked after its content score, whoever wrote it. Each outbound
 * link is followed (the outbound guard, at most 3 redirects, a timeout): it resolves, is broken or redirects
 * elsewhere. Each claim the version attributes to a source is held against the source's text: a quotation word for
 * word, in code; the rest by a low-cost model, given the page's passages nearest the claim, which answers whether
 * they support it and quotes the passage that shows it (a quote not found in the page is refused); without a model
 * configured, a lexical judge answers, and says so. The version's rows are replaced in one transaction.
 */
import pLimit from "p-limit";
import { eq } from "drizzle-orm";
import type OpenAI from "openai";
import { z } from "zod";
import { locationLanguages, pages, pagesVersions, sites, versionSources } from "../../../db/schema";
import { clip } from "~/lib/clip";
import { documentText } from "~/lib/content-score/document.server";
import { claimsOf, type Claim } from "~/lib/sources/claims.server";
import { quotationFound } from "~/lib/sources/quotation";
import { lexicalSupport, retrievePassages } from "~/lib/sources/retrieval";
import type { UsageTally } from "~/lib/usage";
import { getDb } from "~/services/db.server";
import { getEnv, missingSettings } from "~/services/env.server";
import { PermanentError } from "~/services/providers/http.server";
import { ask, LLM_SETTINGS, openRouterClient } from "~/services/providers/openrouter.server";
import { fetchReader, type PageRead, type PageReader } from "~/services/research/page-reader.server";
import { defineTask, idSchema } from "../task.server";

/**
 * linked_pages_version: the version whose sources to check. No linked page: the check is the version's follow-up,
 * not a request of the page's (its Requests do not list it; the review screen says while it runs).
 */
export const checkSourcesPayload = z
  .object({ version: idSchema("the version to check") })
  .transform(({ version }) => ({ versionId: version }));

/** Redirects a source may take before it counts as broken, and how many sources are read at once. */
const SOURCE_REDIRECTS = 3;
const READ_AT_ONCE = 4;
/** Claims judged at the same time (each a model call when a model judges). */
const JUDGED_AT_ONCE = 4;
/** The passages of a source the judge reads. */
const PASSAGES = 5;

export type Verdict = "supported" | "partly" | "not_supported" | "broken" | "unchecked";
type LinkStatus = "resolves" | "broken" | "redirects";

/** A source as read: whether the link works, and the page's text when it could be read. */
type SourceRead = { status: LinkStatus; httpStatus: number | null; finalUrl: string | null; text: string | null };

/** Whether an address and where it ended are the same page (scheme, "www." and a trailing slash aside). */
function samePage(a: string, b: string): boolean {
  const key = (url: string) => {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  };
  try {
    return key(a) === key(b);
  } catch {
    return a === b;
  }
}

/** A link as it stands: a page read (resolves, or redirects to another page), or broken with why. */
export function sourceOf(read: PageRead): SourceRead {
  if (!read.ok) {
    // Answered, but not a page to read (a PDF, too large): it resolves; nothing to hold the claim against.
    const answered = read.httpStatus !== null && read.httpStatus >= 200 && read.httpStatus < 300;
    return { status: answered ? "resolves" : "broken", httpStatus: read.httpStatus, finalUrl: read.finalUrl, text: null };
  }
  const moved = read.finalUrl !== null && !samePage(read.url, read.finalUrl);
  return {
    status: moved ? "redirects" : "resolves",
    httpStatus: read.httpStatus,
    finalUrl: read.finalUrl,
    text: documentText(read.document),
  };
}

export type Judgement = { verdict: Exclude<Verdict, "broken" | "unchecked">; passage: string | null; judge: Record<string, unknown> };

/** What the judge is asked: the claim, and the source's passages nearest it. */
export function judgePrompt(claim: string, passages: string[]): string {
  return [
    'Does the source support the claim? Answer with JSON only: {"verdict": "supported" | "partly" | "not_supported", "quote": "..."}.',
    'The quote is the sentence of the source that shows it, copied word for word; "" when nothing in the source does.',
    `Claim: ${claim}`,
    `Source passages:\n${passages.map((p) => `- ${p}`).join("\n")}`,
  ].join("\n\n");
}

const judgeAnswer = z.object({ verdict: z.enum(["supported", "partly", "not_supported"]), quote: z.string().default("") });

/**
 * The model's judgement of a claim against a source's text, or the lexical judge's when no model is configured or
 * its answer cannot be read. A quote the model gives that is not in the page is refused: the claim is then not
 * supported by what it quoted, and the judgement says so.
 */
export async function judgeClaim(
  claim: string,
  text: string,
  language: string,
  options: { api: OpenAI | null; model: string; usage: UsageTally; signal?: AbortSignal },
): Promise<Judgement> {
  const passages = retrievePassages(claim, text, language, PASSAGES).map((p) => p.passage);
  const lexical = (): Judgement => {
    const answer = lexicalSupport(claim, passages, language);
    return { verdict: answer.verdict, passage: answer.passage, judge: { method: "lexical", score: answer.score } };
  };
  if (!options.api || passages.length === 0) return lexical();
  // A signal of its own per call: the client leaves a listener on the signal it is given, and a task judges many claims.
  const signal = options.signal ? AbortSignal.any([options.signal]) : undefined;
  const completion = await ask(options.api, options.model, judgePrompt(claim, passages), undefined, signal);
  options.usage.add(completion.usage, { provider: "openrouter", model: options.model });
  const json = completion.text.match(/\{[\s\S]*\}/)?.[0];
  let parsed: z.infer<typeof judgeAnswer> | null = null;
  try {
    parsed = json ? judgeAnswer.parse(JSON.parse(json)) : null;
  } catch {
    parsed = null;
  }
  if (!parsed) return { ...lexical(), judge: { ...lexical().judge, modelAnswer: completion.text.slice(0, 500) } };
  const found = parsed.quote ? quotationFound(parsed.quote, text) : { found: false, passage: null };
  if (parsed.quote && !found.found)
    return { verdict: "not_supported", passage: null, judge: { method: "model", model: options.model, ...parsed, quoteRefused: true } };
  return { verdict: parsed.verdict, passage: found.passage, judge: { method: "model", model: options.model, ...parsed } };
}

/** A claim held against its source: broken links are broken; a quotation is found word for word or not; the rest is judged. */
async function checkClaim(
  claim: Claim,
  source: SourceRead,
  language: string,
  options: Parameters<typeof judgeClaim>[3],
): Promise<{ verdict: Verdict; passage: string | null; judge: Record<string, unknown> | null }> {
  if (source.status === "broken") return { verdict: "broken", passage: null, judge: null };
  if (source.text === null) return { verdict: "unchecked", passage: null, judge: null };
  if (claim.kind === "quotation" && claim.quotation) {
    const found = quotationFound(claim.quotation, source.text);
    return { verdict: found.found ? "supported" : "not_supported", passage: found.passage, judge: { method: "quotation" } };
  }
  if (!claim.claim) return { verdict: "unchecked", passage: null, judge: null };
  return judgeClaim(claim.claim, source.text, language, options);
}

/** Reads each distinct source once, a few at a time. */
async function readSources(urls: string[], reader: PageReader, signal: AbortSignal): Promise<Map<string, SourceRead>> {
  const distinct = [...new Set(urls)];
  const read = await pLimit(READ_AT_ONCE).map(distinct, async (url) => {
    signal.throwIfAborted();
    return sourceOf(await reader.read(url, signal));
  });
  return new Map(distinct.map((url, i) => [url, read[i]!]));
}

/** The version's text, its site's address and language (English when it has none); null when it is gone. */
async function versionToCheck(versionId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ html: pagesVersions.htmlContent, siteUrl: sites.url, language: locationLanguages.languageCode })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(pagesVersions.id, versionId));
  return row ? { ...row, language: row.language ?? "en" } : null;
}

/** A source of an article as checked: its claim, its link's state, the verdict and the source's own words. */
export type CheckedClaim = Omit<typeof versionSources.$inferInsert, "id" | "version">;

/**
 * Checks the sources of an article's HTML: its claims (lib/sources/claims.server.ts), each source read once, each
 * claim held against its source, in the order of the text.
 */
export async function checkArticleSources(
  html: string,
  site: { url: string; language: string },
  options: { reader: PageReader; usage: UsageTally; signal: AbortSignal },
): Promise<CheckedClaim[]> {
  const claims = claimsOf(html, site.url, site.language);
  if (claims.length === 0) return [];
  const sources = await readSources(
    claims.map((c) => c.url),
    options.reader,
    options.signal,
  );
  const env = getEnv();
  const judge = {
    api: missingSettings(LLM_SETTINGS, env).length ? null : openRouterClient(),
    model: env.SOURCE_JUDGE_MODEL,
    usage: options.usage,
    signal: options.signal,
  };
  // The claims are judged a few at a time, each row in the order of the text.
  return pLimit(JUDGED_AT_ONCE).map(claims, async (claim, position): Promise<CheckedClaim> => {
    const source = sources.get(claim.url)!;
    const verdict = await checkClaim(claim, source, site.language, judge);
    return {
      position,
      url: claim.url,
      anchor: claim.anchor || null,
      claim: claim.claim || null,
      kind: claim.kind,
      linkStatus: source.status,
      httpStatus: source.httpStatus,
      finalUrl: source.finalUrl,
      verdict: verdict.verdict,
      passage: verdict.passage,
      judge: verdict.judge,
      checkedAt: new Date(),
    };
  });
}

/** The reader of sources: the guarded fetch, at most 3 redirects. */
export const sourceReader = (): PageReader => fetchReader({ maxRedirects: SOURCE_REDIRECTS });

/** A claim as the writer is told it: on one line, cut. */
const said = (claim: string | null | undefined) => clip((claim ?? "").replace(/\s+/g, " ").trim(), 160);

/** What a writer is told of its sources' check (issue 40): each broken link and each claim its source does not support, named. */
export function sourceFailures(rows: CheckedClaim[], max = 10): string[] {
  return rows
    .flatMap((row) => {
      if (row.verdict === "broken")
        return [`the link to ${row.url} is broken (${row.httpStatus ? `HTTP ${row.httpStatus}` : "no answer"})`];
      if (row.verdict !== "not_supported") return [];
      return [
        row.kind === "quotation"
          ? `the quotation in "${said(row.claim)}" is not word for word in ${row.url}`
          : `${row.url} does not say "${said(row.claim)}"`,
      ];
    })
    .slice(0, max);
}

export function checkSourcesTask(reader: () => PageReader = sourceReader) {
  return defineTask({
    payload: checkSourcesPayload,
    settings: [],
    async run({ payload: { versionId }, signal, usage }) {
      const version = await versionToCheck(versionId);
      if (!version) throw new PermanentError("The version whose sources to check no longer exists");
      const checked = await checkArticleSources(
        version.html,
        { url: version.siteUrl, language: version.language },
        { reader: reader(), usage, signal },
      );
      signal.throwIfAborted();
      const db = await getDb();
      await db.transaction(async (tx) => {
        await tx.delete(versionSources).where(eq(versionSources.version, versionId));
        if (checked.length) await tx.insert(versionSources).values(checked.map((row) => ({ ...row, version: versionId })));
      });
      return usage;
    },
  });
}
