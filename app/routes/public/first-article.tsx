/**
 * /first-article — the first-article setup form (spec part 3): website URL, the e-mail used with the
 * payment provider, an optional contact e-mail and optional guidelines. It creates the site record with
 * the spec's defaults and nobody as owner, then leads to /first-article-success. It works without
 * JavaScript too (a plain form post); with it, the schema checks the fields before the round trip.
 */
import { ClipboardCheck, Clock, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/first-article";
import { FieldError, FormField } from "~/components/form-field";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/lib/notify";
import { BRIEF_MINUTES, FIRST_ARTICLE_TURNAROUND, REVISION_ROUNDS, WORDS_LABEL } from "~/lib/offer";
import { parseForm, type FieldErrors } from "~/lib/schemas/form";
import { firstArticleSchema, GUIDELINES_MAX, HONEYPOT_FIELD } from "~/lib/schemas/public-forms";
import { seoMeta } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { createFirstArticleSite, RateLimitedError } from "~/models/public-intake.server";
import { clientIp } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { redirectWithToast } from "~/services/toast.server";

export const handle = { lang: "en" };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Set up your first article – SEO × IA Content",
    description: `Tell us about your website in ${BRIEF_MINUTES} minutes: we research, write and upload your first ${WORDS_LABEL} SEO article within ${FIRST_ARTICLE_TURNAROUND}.`,
    path: "/first-article",
  });

export const SUBMIT_ERROR = "There was an error submitting your information. Please try again.";
const SUCCESS: Toast = {
  type: "success",
  title: "Success",
  description: "Your information has been submitted successfully. We'll get started on your first article!",
};

type ActionResult = { errors?: FieldErrors; toast?: Toast; stamp: number };

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const ip = clientIp(request);
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim()) {
    logger.warn({ ip }, "first-article honeypot filled; intake dropped");
    return redirectWithToast("/first-article-success", SUCCESS);
  }
  const parsed = parseForm(firstArticleSchema, form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, stamp: Date.now() }, { status: 400 });
  try {
    await createFirstArticleSite(parsed.data, ip);
  } catch (err) {
    if (err instanceof RateLimitedError) {
      const minutes = Math.max(1, Math.ceil(err.retryAfterSeconds / 60));
      return data<ActionResult>(
        {
          toast: { type: "error", title: "Error", description: `${SUBMIT_ERROR} Too many submissions from your address: wait ${minutes} minute${minutes > 1 ? "s" : ""}.` },
          stamp: Date.now(),
        },
        { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds) } },
      );
    }
    logger.error({ err }, "first-article intake failed");
    return data<ActionResult>({ toast: { type: "error", title: "Error", description: SUBMIT_ERROR }, stamp: Date.now() }, { status: 500 });
  }
  return redirectWithToast("/first-article-success", SUCCESS);
}

/** A failure the server could not answer (network, crash) keeps the form and what was typed, with the spec's notice. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { toast: { type: "error", title: "Error", description: SUBMIT_ERROR }, stamp: Date.now() } satisfies ActionResult;
  }
}

const STEPS = [
  { icon: FileText, text: `One ${WORDS_LABEL} article, researched and edited by a person` },
  { icon: ClipboardCheck, text: `${REVISION_ROUNDS} revision rounds, uploaded as a draft to your WordPress` },
  { icon: Clock, text: `Delivered within ${FIRST_ARTICLE_TURNAROUND}` },
];

export default function FirstArticle() {
  const answer = useActionData<typeof clientAction>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/first-article";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? answer?.errors ?? {};

  useEffect(() => {
    if (answer?.toast) notify(answer.toast);
  }, [answer]);
  // Server answers replace the browser's own check.
  useEffect(() => setClientErrors(null), [answer]);

  function check(event: React.FormEvent<HTMLFormElement>) {
    const parsed = parseForm(firstArticleSchema, new FormData(event.currentTarget));
    if (!parsed.ok) {
      event.preventDefault();
      setClientErrors(parsed.errors);
      const first = Object.keys(parsed.errors)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } else setClientErrors(null);
  }

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

          <Form method="post" noValidate onSubmit={check} className="grid gap-5 rounded-2xl border bg-card p-6 shadow-sm sm:p-8" aria-labelledby="form-title">
            <h2 id="form-title" className="text-xl font-semibold">
              About your website
            </h2>
            <FormField
              label="Website URL"
              name="url"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              error={errors.url}
              onChange={() => clientErrors?.url && setClientErrors({ ...clientErrors, url: "" })}
            />
            <FormField
              label="Stripe email"
              name="stripe_email"
              type="email"
              autoComplete="email"
              hint="The e-mail address you used (or will use) to pay for the trial, so that we can match your payment."
              error={errors.stripe_email}
              onChange={() => clientErrors?.stripe_email && setClientErrors({ ...clientErrors, stripe_email: "" })}
            />
            <FormField
              label="Contact email (optional)"
              name="email1"
              type="email"
              autoComplete="email"
              hint="Where we should send the article and our questions, if it is not the address above."
              error={errors.email1}
              onChange={() => clientErrors?.email1 && setClientErrors({ ...clientErrors, email1: "" })}
            />
            <div className="grid gap-2">
              <Label htmlFor="additional_guidelines">Additional guidelines (optional)</Label>
              <Textarea
                id="additional_guidelines"
                name="additional_guidelines"
                maxLength={GUIDELINES_MAX}
                className="min-h-[120px]"
                aria-describedby="additional_guidelines-hint additional_guidelines-error"
                aria-invalid={errors.additional_guidelines ? true : undefined}
              />
              <p id="additional_guidelines-hint" className="text-xs text-muted-foreground">
                Topics you want covered, your readers, words to avoid, competitors not to mention…
              </p>
              <FieldError id="additional_guidelines-error" error={errors.additional_guidelines} />
            </div>
            <div className="sr-only" aria-hidden="true">
              <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
              <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Submitting..." : "Submit"}
            </Button>
          </Form>
        </div>
      </main>
      <MarketingFooter />
    </>
  );
}
