/**
 * The first-article intake (spec part 3), shared by the page's action (a form post, with or without
 * JavaScript, from /first-article and from the signed-in site list) and by /api/first-article (what the
 * page's island posts to). Each turns the outcome into its own answer: a redirect, or JSON with the address
 * to go to.
 */
import type { SubmissionResult } from "@conform-to/react";
import { FIRST_ARTICLE_SUBMIT_ERROR } from "~/lib/first-article";
import { firstArticleSchema, HONEYPOT_FIELD } from "~/lib/schemas/public-forms";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast, type Toast } from "~/lib/toast";
import { createFirstArticleSite, FirstArticleChoiceError, RateLimitedError } from "~/models/public-intake.server";
import { clientIp, getSessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { invalidForm } from "~/services/route-action.server";
import { toastCookie } from "~/services/toast.server";
import { forgetTrialOffer } from "~/services/trial-offer.server";

const SUCCESS = successToast("Success", "Your information has been submitted successfully. We'll get started on your first article!");

export type IntakeOutcome =
  /** Taken (or a honeypot quietly dropped): go to `to`, with the success toast's cookie (and, signed in, the trial offer forgotten). */
  | { kind: "taken"; to: "/sites" | "/first-article-success"; headers: Headers }
  /** The schema refused a field: conform's result, whose messages show on their fields only (no toast). */
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  /** Not taken: too many from this address (429) or a failure (500), with the notice to show. */
  | { kind: "refused"; status: 429 | 500; toast: Toast; headers?: Record<string, string> };

export async function takeFirstArticle(request: Request): Promise<IntakeOutcome> {
  const form = await request.formData();
  const ip = clientIp(request);
  const headers = new Headers();
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim()) {
    logger.warn({ ip }, "first-article honeypot filled; intake dropped");
    headers.append("Set-Cookie", await toastCookie(SUCCESS));
    return { kind: "taken", to: "/first-article-success", headers };
  }
  const submission = parseSubmission(form, firstArticleSchema);
  if (submission.status !== "success") return { kind: "invalid", result: invalidForm(submission).result };
  const user = await getSessionUser(request);
  try {
    await createFirstArticleSite(submission.value, ip, user);
  } catch (err) {
    // A language and country the data does not pair: said on the field, as the schema's refusals are.
    if (err instanceof FirstArticleChoiceError) {
      return { kind: "invalid", result: invalidForm(submission, { fieldErrors: { [err.field]: [err.message] } }).result };
    }
    if (err instanceof RateLimitedError) {
      const minutes = Math.max(1, Math.ceil(err.retryAfterSeconds / 60));
      const description = `${FIRST_ARTICLE_SUBMIT_ERROR} Too many submissions from your address: wait ${minutes} minute${minutes > 1 ? "s" : ""}.`;
      return { kind: "refused", status: 429, toast: errorToast(description), headers: { "Retry-After": String(err.retryAfterSeconds) } };
    }
    logger.error({ err }, "first-article intake failed");
    return { kind: "refused", status: 500, toast: errorToast(FIRST_ARTICLE_SUBMIT_ERROR) };
  }
  headers.append("Set-Cookie", await toastCookie(SUCCESS));
  // Signed in: the site is theirs, in their list; the trial offer they came for is taken.
  if (!user) return { kind: "taken", to: "/first-article-success", headers };
  headers.append("Set-Cookie", await forgetTrialOffer());
  return { kind: "taken", to: "/sites", headers };
}
