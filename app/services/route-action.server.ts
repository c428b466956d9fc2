/**
 * One way to write an action (docs/decisions/016-one-way-to-write-an-action.md).
 *
 * A route's action reads its form once, picks the function of the form's `intent` from a small table
 * (`intentOf`), and runs it (`runIntent`). Each intent function returns its answer with `reply`: the
 * answer's type is the function's, so the screen reads it as `useFetcher<typeof action>()` (or
 * `useToastFetcher<typeof action>`) and no result type is written by hand. A record that is missing or
 * another account's (NotFoundError) is logged here, once, as a refused access; every error then becomes
 * the intent's own failure answer through the route's `failed` function.
 */
import { data } from "react-router";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { NotFoundError } from "~/lib/not-found";
import { errorToast, type Toast } from "~/lib/toast";
import { CLIENT_IP_HEADER } from "./client-ip";
import { logger } from "./logger.server";

/** What every answer to a fetcher carries: whether it worked, and the toast the screen shows (if any). */
export type Answer = { ok: boolean; toast?: Toast };

/**
 * An answer: `body` as given (its literal types kept, so that `ok: true` and `intent: "create"` tell the
 * screen which answer it holds), 200 when `ok`, else 400, unless `status` says otherwise; `headers` for
 * the few answers that carry some (Retry-After).
 */
export function reply<const T extends Answer>(body: T, status = body.ok ? 200 : 400, headers?: HeadersInit) {
  return data(body, headers ? { status, headers } : { status });
}

/**
 * The parts of a failure answer for a form its schema refused (parsed with `parseSubmission`): the first
 * message (shown in the dialog and as a toast) and conform's result, which the form (`useSchemaForm`)
 * turns into field errors. `fieldErrors` adds errors found after parsing (a refused upload, a wrong
 * current password); `hideFields` are never sent back (files, passwords); `title` is the toast's (errorToast's
 * 'Error' unless given).
 */
export function invalidForm(
  submission: Submission<unknown>,
  options: { fieldErrors?: Record<string, string[]>; hideFields?: string[]; fallback?: string; title?: string } = {},
): { error: string; toast: Toast; result: SubmissionResult<string[]> } {
  const result = submission.reply({ fieldErrors: options.fieldErrors, hideFields: options.hideFields });
  const error = firstMessage(result.error) ?? options.fallback ?? "Error";
  return { error, toast: errorToast(error, options.title), result };
}

function firstMessage(errors: Record<string, string[] | null> | undefined): string | undefined {
  return Object.values(errors ?? {}).find((messages) => messages?.length)?.[0];
}

/** The form's `intent` when the table has a function for it, else null (the route answers it as unknown). */
export function intentOf<T extends object>(form: FormData, intents: T): (keyof T & string) | null {
  const value = form.get("intent");
  return typeof value === "string" && Object.hasOwn(intents, value) ? (value as keyof T & string) : null;
}

/**
 * What an intent function receives: at least the request (for the log) and, on the signed-in screens, the
 * acting user (the account screens, /auth, act for nobody yet).
 */
export type IntentContext = { request: Request; user?: { id: string } | null };

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs the function of `intent` with `ctx`, and answers any error it throws with `failed(error, intent)`:
 * - a NotFoundError is first logged as a refused access (once, here: routes write no 'refused:' lines);
 * - an error of an `expected` class (the person's own doing, such as a broken batch rule) is not logged;
 * - any other error is logged as a failure.
 * A thrown answer (a redirect, a 404 from `requireOwned...`) is not an error: it goes on to React Router.
 * `failed` may itself throw (a 404 for the error boundary, say).
 */
export async function runIntent<Ctx extends IntentContext, T extends Record<string, (ctx: Ctx) => Promise<unknown>>, F>(
  intents: T,
  intent: keyof T & string,
  ctx: Ctx,
  options: { failed: (error: unknown, intent: keyof T & string) => F; expected?: ErrorClass[] },
): Promise<Awaited<ReturnType<T[keyof T & string]>> | F> {
  try {
    return (await intents[intent](ctx)) as Awaited<ReturnType<T[keyof T & string]>>;
  } catch (error) {
    if (isRouteAnswer(error)) throw error;
    if (error instanceof NotFoundError) logRefused(ctx.request, { userId: ctx.user?.id, kind: error.kind, intent });
    else if (!options.expected?.some((type) => error instanceof type)) {
      logger.error({ err: error, intent, path: new URL(ctx.request.url).pathname }, "action failed");
    }
    return options.failed(error, intent);
  }
}

/**
 * Logs a refused access: a missing or foreign record (`kind`), or a request without a session. With who
 * asked, from which address, and for what; never a secret.
 */
export function logRefused(request: Request, details: { userId?: string; kind?: string; intent?: string | null; [key: string]: unknown }) {
  const path = new URL(request.url).pathname;
  const what = details.kind ? `a missing or foreign ${details.kind}` : "no session";
  logger.info({ ...details, method: request.method, path, ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown" }, `refused: ${what}`);
}

/** A Response or a `data()` answer thrown on purpose (redirects, 404s), which React Router handles. */
function isRouteAnswer(value: unknown): boolean {
  if (value instanceof Response) return true;
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}
