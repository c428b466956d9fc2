import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/first-article-success";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { Button } from "~/components/ui/button";
import { FIRST_ARTICLE_TURNAROUND } from "~/lib/offer";
import { seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** A static page: no framework scripts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Thank you – your first article is on its way – SEO × IA Content",
    description: `Your information has been submitted. Your first article will be ready within ${FIRST_ARTICLE_TURNAROUND}.`,
    path: "/first-article-success",
    noindex: true,
  });

/** /first-article-success — the end of the first-article form (spec part 3), with 'Return to Homepage'. */
export default function FirstArticleSuccess() {
  return (
    <>
      <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-16 sm:px-6">
        <div className="max-w-lg rounded-2xl border bg-card p-8 text-center shadow-sm">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">Thank you! We're on it.</h1>
          <p className="mt-3 text-muted-foreground text-pretty">
            Your information has been submitted successfully. We'll get started on your first article!
          </p>
          <p className="mt-3 text-muted-foreground text-pretty">
            Expect it within {FIRST_ARTICLE_TURNAROUND}, uploaded as a draft to your WordPress. We'll write to you if we have a question.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/">Return to Homepage</Link>
          </Button>
        </div>
      </main>
      <MarketingFooter />
    </>
  );
}
