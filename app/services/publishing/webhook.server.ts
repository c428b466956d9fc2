/**
 * The webhook, publishing's second implementation (issue 15), for sites that do not run WordPress: each publish
 * POSTs the article as JSON to the client's URL, signed as well-known webhook senders do (Stripe, Standard
 * Webhooks): `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the site's
 * secret, so that the receiver checks both who sent it and when (and refuses replays of old deliveries).
 * Any answer but a 2xx is tried again with the queue's back-off; an address on a private network is refused.
 */
import crypto from "node:crypto";
import { getEnv } from "~/services/env.server";
import { retryAfter, withTimeout } from "~/services/providers/http.server";
import { BlockedHostError, fetchOutbound } from "./outbound.server";

export const SIGNATURE_HEADER = "X-Webhook-Signature";
export const DELIVERY_HEADER = "X-Webhook-Id";

/** A new signing secret: 32 random bytes, with a prefix that says what it is. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64url")}`;
}

/** The signature header's value for `body` sent at `timestamp` (seconds). */
export function webhookSignature(secret: string, body: string, timestamp: number): string {
  const mac = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** A receiver's check, as the README shows it: the signature matches and is at most `toleranceSeconds` old. */
export function verifyWebhookSignature(secret: string, body: string, header: string, now = Date.now(), toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isSafeInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, body, timestamp).split("v1=")[1]!, "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export class WebhookError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "WebhookError";
  }
}

export type WebhookArticle = {
  event: "article.published" | "ping";
  page_id: number;
  version_id: number;
  title: string;
  slug: string;
  html: string;
  markdown: string;
  meta_description: string;
  image_url: string | null;
  status: string;
  published_at: string;
};

/** Sends one event; resolves with the answer's status (a 2xx), or throws a WebhookError saying what happened. */
export async function deliverWebhook(
  url: string,
  secret: string,
  event: WebhookArticle | { event: "ping"; sent_at: string },
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number> {
  const body = JSON.stringify(event);
  const timeoutMs = options.timeoutMs ?? getEnv().PROVIDER_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetchOutbound(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "SEO-IA-Content-Webhooks/1.0",
        [SIGNATURE_HEADER]: webhookSignature(secret, body, Math.floor(Date.now() / 1000)),
        [DELIVERY_HEADER]: crypto.randomUUID(),
      },
      body,
      signal: withTimeout(timeoutMs, options.signal),
    });
  } catch (err) {
    if (options.signal?.aborted)
      throw options.signal.reason instanceof Error ? options.signal.reason : new Error(String(options.signal.reason));
    if (err instanceof BlockedHostError) throw new WebhookError(err.message, false);
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new WebhookError(
      timedOut ? `The webhook did not answer within ${Math.round(timeoutMs / 1000)} s.` : "The webhook's address could not be reached.",
      true,
    );
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status >= 300)
    throw new WebhookError(
      `The webhook answered ${response.status}; it is sent again later.`,
      true,
      retryAfter(response.headers.get("retry-after")),
    );
  return response.status;
}
