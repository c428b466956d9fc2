/**
 * Provider calls: a timeout on every call, and the errors a worker must tell apart. A RetryableError (timeout,
 * network, 429, 5xx) is tried again later (after Retry-After when the provider gives one); a PermanentError
 * (401, 403, a request the provider refuses) fails at once. Keys are sent in headers and never logged. A
 * caller's abort signal (the lease of the task that makes the call) ends the call at once.
 */
import { getEnv } from "~/services/env.server";

/** An error that another attempt would not fix (the action's own data is wrong, or the credentials are). */
export class PermanentError extends Error {}

/** An error that may pass: try again later, not before `retryAfterSeconds` when the provider said so. */
export class RetryableError extends Error {
  constructor(
    message: string,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The provider is rate limiting us (429): a fallback model may be tried at once. */
export class RateLimitedError extends RetryableError {}

/** Seconds from a Retry-After header (a number of seconds or an HTTP date), if any. */
export function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - Date.now()) / 1000));
}

/** The provider timeout, and the caller's own signal (a task's lease) when it gives one. */
export function withTimeout(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

/** POSTs JSON and returns the parsed answer, turning every failure into a Retryable or Permanent error named after `provider`. */
export async function postJson(
  provider: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeoutMs = getEnv().PROVIDER_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: withTimeout(timeoutMs, signal),
    });
  } catch (err) {
    // The caller gave up (the task lost its lease): say so, not "timed out".
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new RetryableError(
      timedOut ? `${provider} did not answer within ${Math.round(timeoutMs / 1000)} s` : `${provider} could not be reached`,
    );
  }
  if (response.status === 429 || response.status >= 500) {
    throw new RetryableError(
      `${provider} answered ${response.status}${response.status === 429 ? " (too many requests)" : ""}`,
      retryAfter(response.headers.get("retry-after")),
    );
  }
  if (response.status === 401 || response.status === 403)
    throw new PermanentError(`${provider} refused the credentials (${response.status})`);
  if (!response.ok) throw new PermanentError(`${provider} refused the request (${response.status})`);
  try {
    return await response.json();
  } catch {
    throw new RetryableError(`${provider} sent an answer that is not JSON`);
  }
}
