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

export type Completion = { text: string; usage: Usage };

export function openRouterClient(env = getEnv()) {
  return new OpenAI({ apiKey: env.OPENROUTER_API_KEY, baseURL: env.OPENROUTER_BASE_URL, timeout: env.PROVIDER_TIMEOUT_MS, maxRetries: 0 });
}

/** One chat call; its failures come out as the worker's errors (see toWorkerError); `signal` (a task's lease) ends it. */
export async function ask(client: OpenAI, model: string, question: string, system?: string, signal?: AbortSignal): Promise<Completion> {
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
      },
      { signal },
    )
    .catch((err) => Promise.reject(toWorkerError(err, model)));
  const text = response.choices?.[0]?.message?.content;
  if (typeof text !== "string" || !text.trim()) throw new RetryableError(`OpenRouter sent an empty answer for ${model}`);
  const usage = response.usage as (OpenAI.CompletionUsage & { cost?: number }) | undefined;
  return { text: text.trim(), usage: { tokensIn: usage?.prompt_tokens, tokensOut: usage?.completion_tokens, costUsd: usage?.cost } };
}
