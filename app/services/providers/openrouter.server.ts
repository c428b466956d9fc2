/**
 * OpenRouter, the language-model provider (OpenAI-compatible chat API, through the openai SDK): the client,
 * one chat call with its reported usage and cost, and the mapping of its errors to the worker's
 * (429, 5xx, timeouts and connection errors retried; refused keys and requests failed at once).
 */
import OpenAI from "openai";
import type { Usage } from "~/lib/usage";
import { getEnv } from "~/services/env.server";
import { PermanentError, RateLimitedError, RetryableError } from "./http.server";

/** The settings every language-model action needs; the worker shows them while they are missing. */
export const LLM_SETTINGS = ["OPENROUTER_API_KEY"] as const;

/** The worker's error for a failed call through the openai SDK, named after the provider (OpenRouter, or the image API). */
export function toWorkerError(err: unknown, model: string, provider = "OpenRouter"): Error {
  if (err instanceof RetryableError || err instanceof PermanentError) return err;
  // The task gave the call up (its lease was lost): not the provider's doing.
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new RetryableError(`${provider} did not answer in time (${model})`);
  if (err instanceof OpenAI.APIConnectionError) return new RetryableError(`${provider} could not be reached (${model})`);
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? 0;
    const retryAfter = Number(err.headers?.get?.("retry-after"));
    if (status === 429)
      return new RateLimitedError(
        `${provider} answered 429 for ${model} (rate limited)`,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    if (status >= 500) return new RetryableError(`${provider} answered ${status} for ${model}`);
    if (status === 401 || status === 403) return new PermanentError(`${provider} refused the key (${status})`);
    return new PermanentError(`${provider} refused the request for ${model} (${status})`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * `citations`: the URLs of the answer's url_citation annotations, in order, each once (what a model that searched
 * the web cites, issue 42); null when the answer carries no annotation (the caller then reads the text).
 */
export type Completion = { text: string; usage: Usage; citations: string[] | null };

/** The number of web results OpenRouter's web plugin gives the model (its default; $4 per 1,000 results). */
export const WEB_RESULTS = 5;

type Annotation = { type?: string; url_citation?: { url?: unknown } | null };

/** The cited URLs of a message's annotations (url_citation only, http(s) only), each once; null when none. */
export function annotatedCitations(annotations: unknown): string[] | null {
  if (!Array.isArray(annotations)) return null;
  const urls: string[] = [];
  for (const annotation of annotations as Annotation[]) {
    const url = annotation?.type === "url_citation" ? annotation.url_citation?.url : undefined;
    if (typeof url === "string" && /^https?:\/\//i.test(url) && !urls.includes(url)) urls.push(url);
  }
  return urls.length ? urls : null;
}

export function openRouterClient(env = getEnv()) {
  return new OpenAI({ apiKey: env.OPENROUTER_API_KEY, baseURL: env.OPENROUTER_BASE_URL, timeout: env.PROVIDER_TIMEOUT_MS, maxRetries: 0 });
}

/**
 * One chat call; its failures come out as the worker's errors (see toWorkerError); `signal` (a task's lease) ends it.
 * `webSearch`: with OpenRouter's web plugin (the provider's native search where it has one, Exa's otherwise).
 */
export async function ask(
  client: OpenAI,
  model: string,
  question: string,
  system?: string,
  signal?: AbortSignal,
  options: { webSearch?: boolean } = {},
): Promise<Completion> {
  const response = await client.chat.completions
    .create(
      {
        model,
        messages: system
          ? [
              { role: "system", content: system },
              { role: "user", content: question },
            ]
          : [{ role: "user", content: question }],
        // OpenRouter: report the cost with the usage.
        ...({ usage: { include: true } } as object),
        ...(options.webSearch ? ({ plugins: [{ id: "web", max_results: WEB_RESULTS }] } as object) : {}),
      },
      { signal },
    )
    .catch((err) => Promise.reject(toWorkerError(err, model)));
  const message = response.choices?.[0]?.message;
  const text = message?.content;
  if (typeof text !== "string" || !text.trim()) throw new RetryableError(`OpenRouter sent an empty answer for ${model}`);
  const usage = response.usage as (OpenAI.CompletionUsage & { cost?: number }) | undefined;
  return {
    text: text.trim(),
    usage: { tokensIn: usage?.prompt_tokens, tokensOut: usage?.completion_tokens, costUsd: usage?.cost },
    citations: annotatedCitations((message as { annotations?: unknown } | undefined)?.annotations),
  };
}
