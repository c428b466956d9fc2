/**
 * The background worker: takes queued page actions one at a time and runs the handler of their kind. It
 * runs inside the server process by default (PGlite allows one process) and as separate processes with
 * `npm run worker` on PostgreSQL. Each attempt is bounded by a lease; an error is retried with back-off
 * until MAX_ATTEMPTS, except a PermanentError (bad input), which fails at once with its message.
 *
 * A kind whose provider settings are missing waits, saying which ones to set (see `plan`).
 */
import crypto from "node:crypto";
import os from "node:os";
import {
  backoffSeconds,
  claimNextAction,
  completeAction,
  extendLease,
  failAttempt,
  MAX_ATTEMPTS,
  parkWaiting,
  releaseWaiting,
  type ClaimedAction,
  type Usage,
} from "~/models/action-queue.server";
import type { ActionName } from "~/models/page-action.server";
import { sendQueuedMail } from "~/models/mail-queue.server";
import { mailContactMessage } from "~/models/public-intake.server";
import { getEnv, missingSettings, type Env } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { PermanentError, RetryableError } from "./http.server";
import { coverImageHandler, IMAGE_SETTINGS } from "./cover-image.server";
import { createArticleHandler } from "./create-article.server";
import { llmAnswersHandler } from "./llm-answers.server";
import { modifyArticleHandler } from "./modify-article.server";
import { LLM_SETTINGS } from "./openrouter.server";
import { dataForSeo, serpHandler, SERP_SETTINGS } from "./serps.server";
export { PermanentError } from "./http.server";

/**
 * Runs an action; returns what the provider reported it cost, if anything. `lease` is aborted when the
 * worker lost the action (another took it after its lease expired): a handler checks it before writing
 * its results, so that the action's results are written once.
 */
export type Handler = (action: ClaimedAction, lease?: AbortSignal) => Promise<Usage | void>;

/** contact_form: info2 holds { name, email, message } as JSON (spec part 2: all three are required). */
export const sendContactMessage: Handler = async (action) => {
  let fields: { name?: unknown; email?: unknown; message?: unknown } = {};
  try {
    fields = JSON.parse(action.info2 ?? "{}") ?? {};
  } catch {
    fields = {};
  }
  const { name, email, message } = fields;
  if (![name, email, message].every((v) => typeof v === "string" && v.trim())) {
    throw new PermanentError("All fields (email, name, message) are required");
  }
  await mailContactMessage({ name: String(name), email: String(email), message: String(message) });
};

/** A kind of action the worker can run, and the settings its provider needs. */
type Kind = { handler: Handler; settings: readonly (keyof Env)[] };

export const KINDS: Partial<Record<ActionName, Kind>> = {
  contact_form: { handler: sendContactMessage, settings: [] },
  send_email: { handler: sendQueuedMail, settings: [] },
  serps: { handler: serpHandler(() => dataForSeo()), settings: SERP_SETTINGS },
  llm_answers: { handler: llmAnswersHandler(), settings: LLM_SETTINGS },
  create_article: { handler: createArticleHandler(), settings: LLM_SETTINGS },
  // The web search a modification may ask for uses the SERP provider when it is set.
  modify_articles_with_instructions: {
    handler: modifyArticleHandler(undefined, () => (missingSettings(SERP_SETTINGS).length === 0 ? dataForSeo() : null)),
    settings: LLM_SETTINGS,
  },
  // With generate_prompt on, OpenRouter writes the image prompt when it is set (the code writes it otherwise).
  create_cover_image: { handler: coverImageHandler(), settings: IMAGE_SETTINGS },
};

/** The kinds that can run with this configuration, and the others with the message saying what to set. */
export function plan(env: Env = getEnv()) {
  const runnable: Partial<Record<ActionName, Handler>> = {};
  const waiting: { name: ActionName; message: string }[] = [];
  for (const [name, kind] of Object.entries(KINDS) as [ActionName, Kind][]) {
    const missing = missingSettings(kind.settings, env);
    if (missing.length === 0) runnable[name] = kind.handler;
    else waiting.push({ name, message: `Waiting for a provider: set ${missing.join(" and ")} and restart the server` });
  }
  return { runnable, waiting };
}

/** How long an attempt may hold its action without news before another worker may take it again. */
export const leaseSeconds = () => getEnv().WORKER_LEASE_SECONDS;

export function newWorkerId() {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
}

/** Claims and runs one action. Returns false when there was nothing to do. */
export async function runOnce(workerId: string, handlers: Partial<Record<ActionName, Handler>> = plan().runnable): Promise<boolean> {
  const names = Object.keys(handlers) as ActionName[];
  const lease = leaseSeconds();
  const action = await claimNextAction(workerId, names, lease);
  if (!action) return false;
  const log = logger.child({ actionId: action.id, action: action.name, attempt: action.attempts });
  // While the handler works (an article can take minutes), the lease is renewed a third of the way in, so
  // only a dead (or stalled) worker loses its action; if it does, the handler is told not to write.
  const held = new AbortController();
  let finished = false;
  const heartbeat = setInterval(
    () => {
      extendLease(action.id, workerId, lease).then(
        (stillHeld) => {
          // A renewal that crossed the end of the action finds it done: that is no loss.
          if (stillHeld || finished) return;
          log.warn("the lease of this action was lost; its result will not be written");
          held.abort(new Error("This worker lost the action to another one"));
        },
        (err) => log.warn({ err }, "could not renew the lease"),
      );
    },
    Math.max(1000, (lease * 1000) / 3),
  );
  try {
    const usage = await handlers[action.name]!(action, held.signal);
    finished = true;
    await completeAction(action.id, workerId, usage ?? {});
    log.info({ usage: usage ?? null }, "action done");
  } catch (err) {
    finished = true;
    const reason = err instanceof Error ? err.message : String(err);
    const permanent = err instanceof PermanentError || action.attempts >= MAX_ATTEMPTS;
    const wait =
      err instanceof RetryableError && err.retryAfterSeconds !== undefined
        ? Math.max(err.retryAfterSeconds, 1)
        : backoffSeconds(action.attempts);
    await failAttempt(action.id, workerId, reason, permanent ? null : wait);
    log.warn({ err: reason, permanent }, permanent ? "action failed" : "action attempt failed; retrying later");
  } finally {
    clearInterval(heartbeat);
  }
  return true;
}

/**
 * Runs the loop until stopped: drains what is due, then polls every `pollMs`. `stop()` lets the action in
 * hand finish (its lease protects it if the process dies instead).
 */
export function startWorker(options: { pollMs?: number; workerId?: string } = {}) {
  const pollMs = options.pollMs ?? 1000;
  const workerId = options.workerId ?? newWorkerId();
  const { runnable, waiting } = plan();
  const park = async () => {
    for (const { name, message } of waiting) await parkWaiting([name], message);
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    logger.info({ workerId, runs: Object.keys(runnable), waits: waiting.map((w) => w.name) }, "worker started");
    try {
      await releaseWaiting(Object.keys(runnable) as ActionName[]);
    } catch (err) {
      logger.error({ err }, "worker could not release the waiting actions");
    }
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOnce(workerId, runnable);
        // Requests of kinds without a provider are marked waiting when the queue is idle, not before every claim.
        if (!worked) await park();
      } catch (err) {
        logger.error({ err }, "worker could not read the queue");
      }
      if (worked || stopped) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
      });
    }
    logger.info({ workerId }, "worker stopped");
  })();
  return {
    workerId,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
