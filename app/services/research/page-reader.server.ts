/**
 * Reading a page a search ranks (issue 39), two ways behind one interface (decision 040 says which one runs):
 *   - `fetchReader`: the product's own guarded fetch (app/services/publishing/outbound.server.ts: private addresses
 *     refused unless OUTBOUND_ALLOW_PRIVATE_HOSTS, each redirect's host checked again), with a timeout, a size cap
 *     and HTML only, then Readability for the main content (extract.server.ts);
 *   - `contentParsingReader`: DataForSEO's On-Page content parsing (`on_page/content_parsing/live`), which fetches
 *     and splits the page on their side ($0.000125 a page).
 * A page that cannot be read is not an error of the caller: it comes back with its reason ('403', 'timeout',
 * 'not HTML (application/pdf)'...), and the research says so. Only the caller's own abort (a task that lost its
 * lease) is thrown.
 */
import crypto from "node:crypto";
import type { Heading, PageDocument } from "~/lib/content-score/types";
import { getEnv, type Env } from "~/services/env.server";
import { postJson, withTimeout } from "~/services/providers/http.server";
import { BlockedHostError, fetchOutbound } from "~/services/publishing/outbound.server";
import { readableDocument, wordCountOf } from "./extract.server";

export type PageReadMethod = "fetch" | "content-parsing";

type Common = { url: string; finalUrl: string | null; httpStatus: number | null; method: PageReadMethod; costUsd?: number };
export type PageRead =
  | (Common & { ok: true; title: string | null; document: PageDocument; wordCount: number; contentHash: string })
  | (Common & { ok: false; reason: string });

export type PageReader = { method: PageReadMethod; read(url: string, signal?: AbortSignal): Promise<PageRead> };

/** The most a page may weigh (bytes of HTML), and the longest its reading may take. */
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 15_000;
/** DataForSEO's documented price of one page of On-Page content parsing (live). */
export const CONTENT_PARSING_PRICE_USD = 0.000125;

/** SHA-256 of a document's headings and text: the same text read again is the same page. */
export function contentHash(document: PageDocument): string {
  const text = document.sections.map((s) => `${s.heading ? `h${s.heading.level} ${s.heading.text}\n` : ""}${s.text}`).join("\n\n");
  return crypto.createHash("sha256").update(text).digest("hex");
}

function success(common: Common, title: string | null, document: PageDocument): PageRead {
  return { ...common, ok: true, title, document, wordCount: wordCountOf(document), contentHash: contentHash(document) };
}

/** The caller gave up (its lease ran out): stop, with its reason. */
function rethrowAbort(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
}

/** Reads at most `max` bytes of a body; null when it is longer. */
async function readCapped(response: Response, max: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** The product's guarded fetch and Readability. */
export function fetchReader(options: { timeoutMs?: number; maxBytes?: number; maxRedirects?: number } = {}): PageReader {
  return {
    method: "fetch",
    async read(url, signal) {
      const timeoutMs = options.timeoutMs ?? Math.min(getEnv().PROVIDER_TIMEOUT_MS, PAGE_TIMEOUT_MS);
      const maxBytes = options.maxBytes ?? PAGE_MAX_BYTES;
      const common: Common = { url, finalUrl: null, httpStatus: null, method: "fetch" };
      const fail = (reason: string, more: Partial<Common> = {}): PageRead => ({ ...common, ...more, ok: false, reason });
      if (!/^https?:\/\//i.test(url)) return fail("not a web address");
      const deadline = withTimeout(timeoutMs, signal);
      const timedOut = () => {
        rethrowAbort(signal);
        return fail(`timeout (${Math.round(timeoutMs / 1000)} s)`);
      };
      let response: Response;
      try {
        response = await fetchOutbound(
          url,
          {
            headers: {
              "User-Agent": `Mozilla/5.0 (compatible; SEO-IA-Content research; +${getEnv().PUBLIC_URL})`,
              Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
            },
            signal: deadline,
          },
          "page reading",
          options.maxRedirects,
        );
      } catch (err) {
        rethrowAbort(signal);
        if (err instanceof BlockedHostError) return fail("private address");
        if (deadline.aborted) return timedOut();
        return fail("unreachable");
      }
      const finalUrl = response.url && response.url !== url ? response.url : null;
      const more = { finalUrl, httpStatus: response.status };
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        return fail("too many redirects", more);
      }
      if (!response.ok) {
        await response.body?.cancel();
        return fail(String(response.status), more);
      }
      const type = response.headers.get("content-type") ?? "";
      if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) {
        await response.body?.cancel();
        return fail(`not HTML (${type.split(";")[0]?.trim() || "no type"})`, more);
      }
      let bytes: Uint8Array | null;
      try {
        bytes = await readCapped(response, maxBytes);
      } catch {
        if (deadline.aborted) return timedOut();
        return fail("unreachable", more);
      }
      if (!bytes) return fail(`too large (over ${Math.round(maxBytes / 1024 / 1024)} MB)`, more);
      const page = readableDocument(decode(bytes, type), finalUrl ?? url);
      if (!page) return fail("no readable text", more);
      return success({ ...common, ...more }, page.title, page.document);
    },
  };
}

/** A piece of DataForSEO's parsed content. */
type ContentPiece = { text?: string | null };
type ContentTopic = {
  h_title?: string | null;
  main_title?: string | null;
  level?: number | string | null;
  primary_content?: ContentPiece[] | null;
};
type ContentParsingAnswer = {
  tasks?: {
    status_code?: number;
    status_message?: string;
    cost?: number;
    result?:
      | { items?: { type?: string; status_code?: number | null; page_content?: { main_topic?: ContentTopic[] | null } | null }[] | null }[]
      | null;
  }[];
};

/** A heading level from DataForSEO's `level` (2, "2" or "h2"); null when it is not one of h1-h3. */
function headingLevel(level: ContentTopic["level"]): 1 | 2 | 3 | null {
  const n = Number(String(level ?? "").replace(/^h/i, ""));
  return n === 1 || n === 2 || n === 3 ? n : null;
}

/** A PageDocument from the main topics of DataForSEO's page_content: their titles as headings, their primary content as text. */
export function documentFromContentParsing(topics: ContentTopic[]): { title: string | null; document: PageDocument } {
  const sections: { heading: Heading | null; text: string }[] = [];
  let title: string | null = null;
  for (const topic of topics) {
    title ??= topic.main_title?.trim() || null;
    const text = (topic.primary_content ?? [])
      .map((p) => p.text?.trim() ?? "")
      .filter(Boolean)
      .join("\n");
    const level = headingLevel(topic.level);
    const heading = topic.h_title?.trim() || null;
    if (heading && level) sections.push({ heading: { level, text: heading }, text });
    else {
      // An h4-h6 title, or text before any heading: text of the section it falls in.
      const joined = [heading, text].filter(Boolean).join("\n");
      const last = sections[sections.length - 1];
      if (last) last.text = [last.text, joined].filter(Boolean).join("\n");
      else if (joined) sections.push({ heading: null, text: joined });
    }
  }
  return { title, document: { sections } };
}

/** DataForSEO's On-Page content parsing (live): their crawler fetches the page, their parser splits it. */
export function contentParsingReader(env: Env = getEnv()): PageReader {
  const auth = `Basic ${Buffer.from(`${env.DATAFORSEO_LOGIN}:${env.DATAFORSEO_PASSWORD}`).toString("base64")}`;
  return {
    method: "content-parsing",
    async read(url, signal) {
      const common: Common = { url, finalUrl: null, httpStatus: null, method: "content-parsing" };
      const fail = (reason: string, more: Partial<Common> = {}): PageRead => ({ ...common, ...more, ok: false, reason });
      let answer: ContentParsingAnswer;
      try {
        answer = (await postJson(
          "DataForSEO",
          `${env.DATAFORSEO_URL.replace(/\/+$/, "")}/v3/on_page/content_parsing/live`,
          [{ url, enable_javascript: false }],
          { Authorization: auth },
          signal,
        )) as ContentParsingAnswer;
      } catch (err) {
        rethrowAbort(signal);
        return fail(`content parsing failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const task = answer?.tasks?.[0];
      const costUsd = typeof task?.cost === "number" ? task.cost : undefined;
      if (!task || task.status_code !== 20000)
        return fail(`content parsing failed: ${task?.status_message ?? "no task"} (${task?.status_code ?? "no status"})`, { costUsd });
      const item = task.result?.[0]?.items?.[0];
      if (!item) return fail("unreachable", { costUsd });
      const more = { httpStatus: item.status_code ?? null, costUsd };
      if (item.status_code && item.status_code !== 200) return fail(String(item.status_code), more);
      if (!item.page_content) return fail("not HTML", more);
      const page = documentFromContentParsing(item.page_content.main_topic ?? []);
      if (!page.document.sections.some((s) => s.text)) return fail("no readable text", more);
      return success({ ...common, ...more }, page.title, page.document);
    },
  };
}

/** Statuses by which a site refuses our fetch but may let a crawler in: worth asking DataForSEO's. */
export const REFUSALS = ["401", "403", "429"];

/**
 * Reads with `first`; a page that refuses it (REFUSALS) is read again with `second` when there is one: what it
 * cost counts, and its reason stands if it fails too.
 */
export function withFallback(first: PageReader, second: PageReader | null): PageReader {
  if (!second) return first;
  return {
    method: first.method,
    async read(url, signal) {
      const read = await first.read(url, signal);
      if (read.ok || !REFUSALS.includes(read.reason)) return read;
      return second.read(url, signal);
    },
  };
}

/**
 * The reader decision 040 chose: the product's own fetch and Readability, and for a page that refuses it,
 * DataForSEO's content parsing when DataForSEO is configured.
 */
export function defaultPageReader(env: Env = getEnv()): PageReader {
  const dataForSeo = env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD ? contentParsingReader(env) : null;
  return withFallback(fetchReader(), dataForSeo);
}
