/**
 * Search results (SERP) from a provider. The protocol sits behind a small interface (SerpProvider) so that
 * another API can be added; the one built is DataForSEO's SERP API (Google organic, live/advanced), whose
 * location codes the countries table already holds.
 */
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
};

export type SerpRow = { positionAbsolute: number; title: string | null; url: string | null; metaDescription: string | null; type: string };

export type SerpProvider = {
  name: string;
  search(query: SerpQuery, signal?: AbortSignal): Promise<{ rows: SerpRow[]; costUsd?: number }>;
};

/** The settings a SERP search needs; the worker shows them while they are missing. */
export const SERP_SETTINGS = ["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD"] as const;

/** Without a country: the United States (DataForSEO's 2840); without a language: English. */
const DEFAULT_LOCATION_CODE = 2840;
const DEFAULT_LANGUAGE_CODE = "en";

type DataForSeoAnswer = {
  status_code?: number;
  status_message?: string;
  tasks?: {
    status_code?: number;
    status_message?: string;
    cost?: number;
    result?: { items?: { type?: string; rank_absolute?: number; title?: string; url?: string; description?: string }[] | null }[] | null;
  }[];
};

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
      return { rows, costUsd: typeof first.cost === "number" ? first.cost : undefined };
    },
  };
}
