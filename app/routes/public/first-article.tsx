/**
 * /first-article — the first-article setup form (spec part 3): website URL, the e-mail used with the
 * payment provider, an optional contact e-mail and optional guidelines. It creates the site record with
 * the spec's defaults and nobody as owner, then leads to /first-article-success. Someone signed in (a trial
 * button led them here, or their empty site list offered the form) gets the site in their own list instead,
 * and goes back to it. It works without JavaScript (a plain form post to this route); with it, the island
 * app/islands/first-article-form.ts posts the form to /api/first-article and shows the answer in place.
 */
import { ClipboardCheck, Clock, FileText } from "lucide-react";
import { redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/first-article";
import { takeFirstArticle } from "./first-article/intake.server";
import { FirstArticleForm } from "./first-article/first-article-form";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { StaticToast } from "~/components/static-toast";
import { BRIEF_MINUTES, FIRST_ARTICLE_TURNAROUND, REVISION_ROUNDS, WORDS_LABEL } from "~/lib/offer";
import { seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";
import { useOptionalUser } from "~/root";
import { listLanguageChoices } from "~/models/reference.server";
import { reply } from "~/services/route-action.server";

/** A static page (lib/static-page.ts): no framework scripts; the form's island (app/islands/first-article-form.ts) posts it. */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/**
 * A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for
 * the browser): the languages and countries the form offers (issue 38), rendered as options; no script needs them.
 */
export async function loader() {
  return { choices: await listLanguageChoices() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Set up your first article – SEO × IA Content",
    description: `Tell us about your website in ${BRIEF_MINUTES} minutes: we research, write and upload your first ${WORDS_LABEL} SEO article within ${FIRST_ARTICLE_TURNAROUND}.`,
    path: "/first-article",
  });

/**
 * The form's post (its field names are the form contract): without JavaScript from this page, and through a
 * fetcher from the signed-in site list. The island posts the same form to /api/first-article instead.
 */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await takeFirstArticle(request);
  switch (outcome.kind) {
    case "taken":
      return redirect(outcome.to, { headers: outcome.headers });
    case "invalid":
      // The messages show on their fields only (no toast), with or without JavaScript.
      return reply({ ok: false, result: outcome.result });
    case "refused":
      return reply({ ok: false, toast: outcome.toast }, outcome.status, outcome.headers);
  }
}

const STEPS = [
  { icon: FileText, text: `One ${WORDS_LABEL} article, researched and edited by a person` },
  { icon: ClipboardCheck, text: `${REVISION_ROUNDS} revision rounds, uploaded as a draft to your WordPress` },
  { icon: Clock, text: `Delivered within ${FIRST_ARTICLE_TURNAROUND}` },
];

export default function FirstArticle() {
  // A post without JavaScript: the page again, with the fields' messages or the notice.
  const answer = useActionData<typeof action>();
  const { choices } = useLoaderData<typeof loader>();
  // Signed in (a trial button led here after sign-up): the payment e-mail starts as the account's.
  const user = useOptionalUser();

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

          <FirstArticleForm
            choices={choices}
            serverErrors={answer && "result" in answer ? answer.result.error : undefined}
            defaultEmail={user?.email}
          />
        </div>
      </main>
      <MarketingFooter />
      {answer && "toast" in answer ? <StaticToast toast={answer.toast} /> : null}
    </>
  );
}
