/**
 * The background worker: takes queued page actions one at a time and runs the handler of their kind. It
 * runs inside the server process by default (PGlite allows one process) and as separate processes with
 * `npm run worker` on PostgreSQL. Each attempt is bounded by a lease; an error is retried with back-off
 * until MAX_ATTEMPTS, except a PermanentError (bad input), which fails at once with its message.
 *
 * A kind whose provider settings are missing waits, saying which ones to set (see `plan`).
 */
/**
 * The background worker: takes queued actions one at a time and runs their task (queue.server.ts, tasks/). It
 * runs inside the server process by default (PGlite allows one process) and as separate processes with
 * `npm run worker` on PostgreSQL. Each attempt is bounded by a lease, renewed while the task works; a task gets
 * the lease's abort signal, aborted if another worker took the action. An error is retried with back-off until
 * MAX_ATTEMPTS, except a PermanentError (bad input) or a payload that does not match its task's schema, which
 * fail at once with their message.
 *
 * A kind whose provider settings are missing waits, saying which ones to set (see `plan`).
 */
import crypto from "node:crypto";
import os from "node:os";
import { getEnv, missingSettings, type Env } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { PermanentError, RetryableError } from "~/services/providers/http.server";
import { providerOfKind } from "./providers.server";
import { scheduleDueChecks } from "./schedule.server";
import { SpendMeter } from "./spend.server";
import "./outbox.server";
import {
  backoffSeconds,
  claimNextAction,
  completeAction,
  extendLease,
  failAttempt,
  MAX_ATTEMPTS,
  onQueued,
  parkWaiting,
  readPayload,
  releaseWaiting,
  TASKS,
  type ActionName,
  type AnyTask,
} from "./queue.server";

export type Tasks = Partial<Record<ActionName, AnyTask>>;

/** The tasks that can run with this configuration, and the others with the message saying what to set. */
export function plan(env: Env = getEnv(), tasks: Tasks = TASKS) {
  const runnable: Tasks = {};
  const waiting: { name: ActionName; message: string }[] = [];
  for (const [name, task] of Object.entries(tasks) as [ActionName, AnyTask][]) {
    const missing = missingSettings(task.settings, env);
    if (missing.length === 0) runnable[name] = task;
    else waiting.push({ name, message: `Waiting for a provider: set ${missing.join(" and ")} and restart the server` });
  }
  return { runnable, waiting };
}

/** How often an idle worker looks for sites whose checks are due (the claims themselves are in the database). */
export const SCHEDULE_EVERY_MS = 30_000;

/** How long an attempt may hold its action without news before another worker may take it again. */
export const leaseSeconds = () => getEnv().WORKER_LEASE_SECONDS;

export function newWorkerId() {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
}

/** Claims and runs one action. Returns false when there was nothing to do. */
export async function runOnce(workerId: string, tasks: Tasks = plan().runnable): Promise<boolean> {
  const names = Object.keys(tasks) as ActionName[];
  const lease = leaseSeconds();
  const action = await claimNextAction(workerId, names, lease);
  if (!action) return false;
  const log = logger.child({ actionId: action.id, action: action.name, attempt: action.attempts });
  // The row is checked again when it is claimed: a request written before its task's schema (or by hand) that
  // does not match fails at once, naming the field.
  const read = readPayload(action.name, {
    page: action.linkedPage,
    version: action.linkedPagesVersion,
    info: action.infoJson,
    info2: action.info2,
  });
  if (!read.ok) {
    await failAttempt(action.id, workerId, read.problem, null);
    log.warn({ err: read.problem, permanent: true }, "action failed: its request does not match its task");
    return true;
  }
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
  const meter = new SpendMeter({ id: action.id, attempt: action.attempts, kind: action.name });
  try {
    const returned = await tasks[action.name]!.run({
      id: action.id,
      attempt: action.attempts,
      creator: action.creator,
      payload: read.payload,
      signal: held.signal,
      usage: meter,
    });
    finished = true;
    // Usage a task returned without adding it to its meter is recorded all the same.
    if (returned && returned !== meter) meter.add(returned, { provider: providerOfKind(action.name) });
    await meter.settled();
    await completeAction(action.id, workerId);
    log.info({ usage: { tokensIn: meter.tokensIn, tokensOut: meter.tokensOut, costUsd: meter.costUsd } }, "action done");
  } catch (err) {
    finished = true;
    await meter.settled();
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
  let scheduledAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  // A request queued by this process (a click in the app) is looked for at once, not at the next poll; one told
  // while the loop is busy makes it look again before it sleeps.
  let told = false;
  const stopListening = onQueued(() => {
    told = true;
    wake?.();
  });
  const loop = (async () => {
    logger.info({ workerId, runs: Object.keys(runnable), waits: waiting.map((w) => w.name) }, "worker started");
    try {
      await releaseWaiting(Object.keys(runnable) as ActionName[]);
    } catch (err) {
      logger.error({ err }, "worker could not release the waiting actions");
    }
    while (!stopped) {
      let worked = false;
      told = false;
      try {
        worked = await runOnce(workerId, runnable);
        // Requests of kinds without a provider are marked waiting when the queue is idle, not before every claim;
        // the sites' scheduled checks are claimed then too, at most every SCHEDULE_EVERY_MS (issue 17).
        if (!worked) {
          await park();
          if (Date.now() - scheduledAt >= SCHEDULE_EVERY_MS) {
            scheduledAt = Date.now();
            await scheduleDueChecks(workerId);
          }
        }
      } catch (err) {
        logger.error({ err }, "worker could not read the queue");
      }
      if (worked || stopped) continue;
      if (told) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      clearTimeout(timer);
      wake = undefined;
    }
    stopListening();
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
