/**
 * Search results (SERP) from a provider. The protocol sits behind a small interface (SerpProvider) so that
 * another API can be added; the one built is DataForSEO's SERP API (Google organic, live/advanced), whose
 * location codes the countries table already holds. Besides the organic results, a search keeps what the same
 * paid answer holds (issue 39): People Also Ask with their answers, related searches, the featured snippet and
 * the AI Overview with the sources it cites.
 */
import type { AskedQuestion, SerpFeatures } from "~/lib/content-score/types";
import { getEnv } from "~/services/env.server";
import { PermanentError, postJson, RetryableError } from "./http.server";

/** A search: the query, with the settings of the site it is made for. */
export type SerpQuery = {
  keyword: string;
  /** How many results the site wants (serps_nb_results). */
  depth: number;
  /** The provider's location code of the site's country, if set. */
  locationCode: number | null;
  /** The site's language code, if set. */
  languageCode: string | null;
  /** The first language of the site's country (its main one), if any. */
  countryLanguageCode: string | null;
  forceDefinedLanguage: boolean;
  /**
   * How many times the provider clicks People Also Ask questions to reveal more of them (DataForSEO's
   * people_also_ask_click_depth, 1 to 4, $0.00015 per click); unset: none.
   */
  peopleAlsoAskClickDepth?: number;
};

export type SerpRow = { positionAbsolute: number; title: string | null; url: string | null; metaDescription: string | null; type: string };

export type SerpProvider = {
  name: string;
  search(query: SerpQuery, signal?: AbortSignal): Promise<{ rows: SerpRow[]; features: SerpFeatures; costUsd?: number }>;
};

/** A search that returned nothing besides its organic results. */
export const NO_FEATURES: SerpFeatures = { peopleAlsoAsk: [], relatedSearches: [], featuredSnippet: null, aiOverview: null };

/** The settings a SERP search needs; the worker shows them while they are missing. */
export const SERP_SETTINGS = ["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD"] as const;

/** Without a country: the United States (DataForSEO's 2840); without a language: English. */
const DEFAULT_LOCATION_CODE = 2840;
const DEFAULT_LANGUAGE_CODE = "en";

/** An item of DataForSEO's answer (serp/google/organic/live/advanced), with the fields this file reads, as documented. */
type DataForSeoItem = {
  type?: string;
  rank_absolute?: number;
  title?: string | null;
  url?: string | null;
  domain?: string | null;
  description?: string | null;
  /** featured_snippet: the heading Google shows above the snippet. */
  featured_title?: string | null;
  /** people_also_ask: people_also_ask_element[]; related_searches: the searches, as text; ai_overview: ai_overview_element[]. */
  items?: unknown[] | null;
  /** ai_overview: the sources it cites (ai_overview_reference[]). */
  references?: AiOverviewReference[] | null;
  /** ai_overview: its text in Markdown, when given. */
  markdown?: string | null;
};
type AiOverviewReference = {
  type?: string;
  source?: string | null;
  domain?: string | null;
  url?: string | null;
  title?: string | null;
  text?: string | null;
};
type AiOverviewElement = { type?: string; title?: string | null; text?: string | null; references?: AiOverviewReference[] | null };
type PeopleAlsoAskElement = {
  type?: string;
  title?: string | null;
  seed_question?: string | null;
  /** people_also_ask_expanded_element (an answer quoted from a page) or people_also_ask_ai_overview_expanded_element (an AI answer). */
  expanded_element?:
    | {
        type?: string;
        featured_title?: string | null;
        url?: string | null;
        domain?: string | null;
        title?: string | null;
        description?: string | null;
        items?: AiOverviewElement[] | null;
        references?: AiOverviewReference[] | null;
      }[]
    | null;
};

type DataForSeoAnswer = {
  status_code?: number;
  status_message?: string;
  tasks?: {
    status_code?: number;
    status_message?: string;
    cost?: number;
    result?: { items?: DataForSeoItem[] | null }[] | null;
  }[];
};

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const objects = <T>(value: unknown): T[] => (Array.isArray(value) ? value.filter((v): v is T => typeof v === "object" && v !== null) : []);

/** The sources an AI Overview cites: the overview's own references and its elements', once per URL, in order. */
function aiReferences(lists: (AiOverviewReference[] | null | undefined)[]): NonNullable<SerpFeatures["aiOverview"]>["references"] {
  const seen = new Set<string>();
  const references: NonNullable<SerpFeatures["aiOverview"]>["references"] = [];
  for (const reference of lists.flatMap((list) => objects<AiOverviewReference>(list))) {
    const url = text(reference.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    references.push({ url, title: text(reference.title), source: text(reference.source) ?? text(reference.domain) });
  }
  return references;
}

/** The text of AI Overview elements: each element's title and text, as paragraphs. */
function aiText(elements: AiOverviewElement[]): string {
  return elements
    .flatMap((element) => [text(element.title), text(element.text)])
    .filter((part): part is string => part !== null)
    .join("\n\n");
}

/** A People Also Ask question with its answer: the quoted page's text, or the AI answer's, when Google gave one. */
function askedQuestion(element: PeopleAlsoAskElement): AskedQuestion | null {
  const question = text(element.title);
  if (!question) return null;
  const expanded = objects<NonNullable<PeopleAlsoAskElement["expanded_element"]>[number]>(element.expanded_element)[0];
  if (!expanded) return { question, answer: null, url: null, title: null };
  if (expanded.type === "people_also_ask_ai_overview_expanded_element") {
    const elements = objects<AiOverviewElement>(expanded.items);
    const source = aiReferences([expanded.references, ...elements.map((e) => e.references)])[0];
    return { question, answer: text(aiText(elements)), url: source?.url ?? null, title: source?.title ?? null };
  }
  return { question, answer: text(expanded.description), url: text(expanded.url), title: text(expanded.title) };
}

/**
 * What an answer holds besides its organic results, in DataForSEO's documented item shapes: people_also_ask
 * (its people_also_ask_element items, each question once), related_searches (items: the searches), the first
 * featured_snippet, and the ai_overview with its ai_overview_element items and ai_overview_reference sources.
 */
export function serpFeaturesOf(items: DataForSeoItem[]): SerpFeatures {
  const features: SerpFeatures = { peopleAlsoAsk: [], relatedSearches: [], featuredSnippet: null, aiOverview: null };
  const questions = new Set<string>();
  for (const item of objects<DataForSeoItem>(items)) {
    if (item.type === "people_also_ask") {
      for (const element of objects<PeopleAlsoAskElement>(item.items)) {
        const asked = askedQuestion(element);
        if (!asked || questions.has(asked.question.toLowerCase())) continue;
        questions.add(asked.question.toLowerCase());
        features.peopleAlsoAsk.push(asked);
      }
    } else if (item.type === "related_searches") {
      for (const search of item.items ?? []) {
        const query = text(search);
        if (query && !features.relatedSearches.includes(query)) features.relatedSearches.push(query);
      }
    } else if (item.type === "featured_snippet" && !features.featuredSnippet) {
      features.featuredSnippet = {
        title: text(item.title) ?? text(item.featured_title),
        text: text(item.description),
        url: text(item.url),
        domain: text(item.domain),
      };
    } else if (item.type === "ai_overview" && !features.aiOverview) {
      const elements = objects<AiOverviewElement>(item.items);
      const overview = text(item.markdown) ?? aiText(elements);
      const references = aiReferences([item.references, ...elements.map((e) => e.references)]);
      // An overview Google loads later (asynchronous_ai_overview) comes without text unless asked for: nothing to keep.
      if (overview || references.length) features.aiOverview = { text: overview ?? "", references };
    }
  }
  return features;
}

/**
 * The language of the search: the site's own language when force_defined_language_for_serps is on; otherwise
 * the main language of the site's country (what people there search in), else the site's language, else English.
 */
export function serpLanguage(query: SerpQuery): string {
  if (query.forceDefinedLanguage && query.languageCode) return query.languageCode;
  return query.countryLanguageCode ?? query.languageCode ?? DEFAULT_LANGUAGE_CODE;
}

export function dataForSeo(env = getEnv()): SerpProvider {
  const auth = `Basic ${Buffer.from(`${env.DATAFORSEO_LOGIN}:${env.DATAFORSEO_PASSWORD}`).toString("base64")}`;
  return {
    name: "DataForSEO",
    async search(query, signal) {
      const task = {
        keyword: query.keyword,
        location_code: query.locationCode ?? DEFAULT_LOCATION_CODE,
        language_code: serpLanguage(query),
        depth: query.depth,
        ...(query.peopleAlsoAskClickDepth ? { people_also_ask_click_depth: query.peopleAlsoAskClickDepth } : {}),
      };
      const answer = (await postJson(
        "DataForSEO",
        `${env.DATAFORSEO_URL.replace(/\/+$/, "")}/v3/serp/google/organic/live/advanced`,
        [task],
        { Authorization: auth },
        signal,
      )) as DataForSeoAnswer;
      const first = answer?.tasks?.[0];
      if (!first || typeof first !== "object") throw new RetryableError("DataForSEO sent an answer without a task");
      if (first.status_code !== 20000) {
        const message = `DataForSEO: ${first.status_message ?? "task failed"} (${first.status_code ?? "no status"})`;
        // 40xxx: the request is wrong or the account cannot run it; 50xxx: their side.
        if (first.status_code && first.status_code >= 40000 && first.status_code < 50000) throw new PermanentError(message);
        throw new RetryableError(message);
      }
      const items = first.result?.[0]?.items ?? [];
      const rows = items
        .filter((item) => item.type === "organic")
        .slice(0, query.depth)
        .map((item, index) => ({
          positionAbsolute: item.rank_absolute ?? index + 1,
          title: item.title ?? null,
          url: item.url ?? null,
          metaDescription: item.description ?? null,
          type: "organic",
        }));
      return { rows, features: serpFeaturesOf(items), costUsd: typeof first.cost === "number" ? first.cost : undefined };
    },
  };
}
