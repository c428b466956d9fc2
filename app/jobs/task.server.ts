/**
 * What a task is: one kind of queued action (a row of `actions`), in its own file under tasks/, with
 *   - `payload`: a zod schema of what the action's row must hold (the spec's pages_actions columns
 *     linked_page, linked_pages_version, info_json and info2), checked when the action is queued and again
 *     when a worker claims it; a row that does not match fails at once, naming the field;
 *   - `settings`: the configuration its provider needs (the action waits, saying which, while one is missing);
 *   - `run`: the handler, with the parsed payload and the abort signal of its lease.
 * Tasks make their own queries and never call the user-scoped models: nobody acts for a user in the worker.
 */
import { z } from "zod";
import type { Usage, UsageTally } from "~/lib/usage";
import type { Env } from "~/services/env.server";

/** The columns of a pages_actions row that a payload is read from. */
export type StoredAction = { page: number | null; version: number | null; info: unknown; info2: string | null };

/** One attempt at an action, as its task sees it. */
export type TaskRun<P> = {
  /** pages_actions.id */
  id: number;
  /** 1 for the first attempt. */
  attempt: number;
  /** Who asked (the user's id), if anyone did. */
  creator: string | null;
  payload: P;
  /**
   * Aborted when this worker lost the action (its lease ran out and another worker took it): stop, and write
   * nothing. Pass it to provider calls, and call `signal.throwIfAborted()` before writing results.
   */
  signal: AbortSignal;
  /**
   * Add each provider call's usage here, with the call (`{ provider, model }`), as soon as it answers: it is
   * recorded at once, so that the money of a call counts even if the attempt then fails.
   */
  usage: UsageTally;
};

export type Task<P> = {
  payload: z.ZodType<P>;
  settings: readonly (keyof Env)[];
  run(job: TaskRun<P>): Promise<Usage | void>;
};

/** Declares a task (the identity function, for inference of P from the schema). */
export function defineTask<P>(task: Task<P>): Task<P> {
  return task;
}

/** The first problem of a payload, naming its field ("info2: expected a keyword id"); a whole-payload rule gives its message alone. */
export function payloadProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid";
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/** A positive integer id (a page, a version, a keyword, an image). */
export const idSchema = (what: string) =>
  z
    .number({ error: `expected ${what}` })
    .int({ error: `expected ${what}` })
    .positive({ error: `expected ${what}` });

/** Text holding JSON (info2): the parsed value, or an issue saying it is not JSON. */
export const jsonText = z.string({ error: "expected JSON text" }).transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "expected JSON text" });
    return z.NEVER;
  }
});

/** info_json of a check the schedule queued (issue 17): the period that queued it; null for a check someone asked for. */
export const scheduledInfo = z
  .object({ period: idSchema("the scheduled period") })
  .nullable()
  .optional()
  .transform((info) => info ?? null);
