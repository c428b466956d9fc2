/**
 * /first-article — the first-article setup form (spec part 3): website URL, the e-mail used with the
 * payment provider, an optional contact e-mail and optional guidelines. It creates the site record with
 * the spec's defaults and nobody as owner, then leads to /first-article-success. Someone signed in (a trial
 * button led them here, or their empty site list offered the form) gets the site in their own list instead,
 * and goes back to it. It works without JavaScript too (a plain form post); with it, the schema checks the
 * fields before the round trip.
 */
import { ClipboardCheck, Clock, FileText } from "lucide-react";
import { useEffect } from "react";
import { useActionData } from "react-router";
import type { Route } from "./+types/first-article";
import { FirstArticleForm } from "~/components/first-article-form";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { notify } from "~/lib/notify";
import { BRIEF_MINUTES, FIRST_ARTICLE_TURNAROUND, REVISION_ROUNDS, WORDS_LABEL } from "~/lib/offer";
import { firstArticleSchema, HONEYPOT_FIELD } from "~/lib/schemas/public-forms";
import { parseSubmission } from "~/lib/schemas/submission";
import { seoMeta } from "~/lib/seo";
import { errorToast, successToast } from "~/lib/toast";
import { createFirstArticleSite, RateLimitedError } from "~/models/public-intake.server";
import { useOptionalUser } from "~/root";
import { clientIp, getSessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { invalidForm, reply } from "~/services/route-action.server";
import { redirectWithToast } from "~/services/toast.server";
import { forgetTrialOffer } from "~/services/trial-offer.server";

export const handle = { lang: "en" };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Set up your first article – SEO × IA Content",
    description: `Tell us about your website in ${BRIEF_MINUTES} minutes: we research, write and upload your first ${WORDS_LABEL} SEO article within ${FIRST_ARTICLE_TURNAROUND}.`,
    path: "/first-article",
  });

export const SUBMIT_ERROR = "There was an error submitting your information. Please try again.";
const SUCCESS = successToast("Success", "Your information has been submitted successfully. We'll get started on your first article!");

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const ip = clientIp(request);
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim()) {
    logger.warn({ ip }, "first-article honeypot filled; intake dropped");
    return redirectWithToast("/first-article-success", SUCCESS);
  }
  const submission = parseSubmission(form, firstArticleSchema);
  // The messages show on their fields only (no toast), with or without JavaScript.
  if (submission.status !== "success") return reply({ ok: false, result: invalidForm(submission).result });
  const user = await getSessionUser(request);
  try {
    await createFirstArticleSite(submission.value, ip, user);
  } catch (err) {
    if (err instanceof RateLimitedError) {
      const minutes = Math.max(1, Math.ceil(err.retryAfterSeconds / 60));
      const description = `${SUBMIT_ERROR} Too many submissions from your address: wait ${minutes} minute${minutes > 1 ? "s" : ""}.`;
      return reply({ ok: false, toast: errorToast(description) }, 429, { "Retry-After": String(err.retryAfterSeconds) });
    }
    logger.error({ err }, "first-article intake failed");
    return reply({ ok: false, toast: errorToast(SUBMIT_ERROR) }, 500);
  }
  // Signed in: the site is theirs, in their list; the trial offer they came for is taken.
  if (user) return redirectWithToast("/sites", SUCCESS, { headers: new Headers({ "Set-Cookie": await forgetTrialOffer() }) });
  return redirectWithToast("/first-article-success", SUCCESS);
}

/** A failure the server could not answer (network, crash) keeps the form and what was typed, with the spec's notice. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, toast: errorToast(SUBMIT_ERROR) } as const;
  }
}

const STEPS = [
  { icon: FileText, text: `One ${WORDS_LABEL} article, researched and edited by a person` },
  { icon: ClipboardCheck, text: `${REVISION_ROUNDS} revision rounds, uploaded as a draft to your WordPress` },
  { icon: Clock, text: `Delivered within ${FIRST_ARTICLE_TURNAROUND}` },
];

export default function FirstArticle() {
  const answer = useActionData<typeof clientAction>();
  // Signed in (a trial button led here after sign-up): the payment e-mail starts as the account's.
  const user = useOptionalUser();

  useEffect(() => {
    if (answer && "toast" in answer) notify(answer.toast);
  }, [answer]);

  return (
    <>
      <main id="main" className="flex-1 bg-muted/40 px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Your 1€ trial article</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Set up your first article</h1>
            <p className="mt-4 text-lg text-muted-foreground text-pretty">
              A {BRIEF_MINUTES}-minute brief is all we need. Tell us where your site is and how to reach you; we do the research, the
              writing and the upload.
            </p>
            <ul className="mt-8 space-y-4">
              {STEPS.map(({ icon: Icon, text }) => (
                <li key={text} className="flex gap-3">
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="pt-1.5">{text}</span>
                </li>
              ))}
            </ul>
          </div>

          <FirstArticleForm serverErrors={answer && "result" in answer ? answer.result.error : undefined} defaultEmail={user?.email} />
        </div>
      </main>
      <MarketingFooter />
    </>
  );
}
