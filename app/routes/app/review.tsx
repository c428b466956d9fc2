/**
 * The article review screen (spec part 2, sections 2, 4, 5 and 8): the owner reads a version with its
 * cover image and moves it between Draft, In revision and Approved. Demo articles refuse every action
 * (a dialog here, a DemoArticleError on the server).
 */
import { ArrowLeft, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { useOnChange } from "~/lib/use-on-change";
import { data, Link, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/review";
import { ArticleHtml } from "~/components/article-html";
import { DemoArticleDialog } from "~/components/review/demo-article-dialog";
import { ReviewPanel } from "~/components/review/review-panel";
import { SendRevisionDialog } from "~/components/review/send-revision-dialog";
import type { ReviewActionResult, ReviewScreenVersion } from "~/components/review/types";
import { RouteErrorBoundary } from "~/components/route-error";
import { Card } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { ARTICLE_NOT_FOUND, throwNotFound } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { COMMENTS_REQUIRED, isReviewIntent, REVIEW_ACTIONS, reviewState, type ReviewIntent } from "~/lib/review-state";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { publicViewPath } from "~/lib/public-view";
import { versionLabel, versionLabels } from "~/lib/version-rules";
import { NotFoundError, parseId } from "~/models/access.server";
import { hasArticleContent } from "~/models/article-view.server";
import {
  applyReviewAction,
  CommentsRequiredError,
  DemoArticleError,
  getReviewVersion,
  ReviewTransitionError,
  type ReviewVersion,
} from "~/models/review.server";
import { clientIp, requireUser } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Review: ${loaderData.page.name} – ${BRAND_NAME}` : `${ARTICLE_NOT_FOUND.title} – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

/**
 * The version as the screen shows it: the HTML sanitized here, on the server; labelled as in the
 * versions table when the page's versions are given.
 */
function screenVersion(version: ReviewVersion, label = versionLabel(version.createdDate)): ReviewScreenVersion {
  const html = sanitizeArticleHtml(version.htmlContent);
  return {
    id: version.id,
    publicUrl: `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}${publicViewPath(version.publicId)}`,
    html,
    hasContent: hasArticleContent(html),
    label,
    createdDate: version.createdDate.toISOString(),
    sentInRevision: version.sentInRevision,
    approved: version.approved,
    commentsToModify: version.commentsToModify,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    const article = await getReviewVersion(user, parseId(params.versionId, "version"));
    return {
      version: screenVersion(article.version, versionLabels(article.pageVersionDates).get(article.version.id)),
      page: { id: article.page.id, name: article.page.name, demo: article.page.hideRevisionsTextsFromPreview },
      site: article.site,
      coverImageUrl: article.coverImageUrl,
    };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logger.info({ userId: user.id, versionId: params.versionId, ip: clientIp(request) }, "refused: review of a missing or foreign version");
    throwNotFound(ARTICLE_NOT_FOUND);
  }
}

const reply = (result: Omit<ReviewActionResult, "stamp">, status = 200) =>
  data<ReviewActionResult>({ ...result, stamp: Date.now() }, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isReviewIntent(intent)) return reply({ ok: false, toast: { type: "error", title: "Error", description: "Unknown action." } }, 400);
  const copy = REVIEW_ACTIONS[intent];
  const failure = (status: number, extra: Partial<ReviewActionResult> = {}, description?: string) =>
    reply({ ok: false, intent, toast: { type: "error", title: copy.failure, description }, ...extra }, status);

  try {
    const comments = form.get("comments");
    const version = await applyReviewAction(
      user,
      parseId(params.versionId, "version"),
      intent,
      typeof comments === "string" ? comments : null,
    );
    return reply({ ok: true, intent, version: screenVersion(version), toast: { type: "success", title: copy.success } });
  } catch (error) {
    if (error instanceof DemoArticleError)
      return reply({ ok: false, intent, demo: true, toast: { type: "error", title: copy.failure, description: error.message } }, 403);
    if (error instanceof CommentsRequiredError) return failure(400, { errors: { comments: COMMENTS_REQUIRED } }, COMMENTS_REQUIRED);
    if (error instanceof ReviewTransitionError) {
      // Someone (another tab, a double click) changed the state first: show the version as it is now.
      return failure(409, { version: screenVersion(error.version) }, `This version is now '${error.state}'.`);
    }
    if (error instanceof NotFoundError) {
      logger.info(
        { userId: user.id, versionId: params.versionId, intent, ip: clientIp(request) },
        "refused: review action on a missing or foreign version",
      );
      return failure(404, {}, `${ARTICLE_NOT_FOUND.title} - ${ARTICLE_NOT_FOUND.message}`);
    }
    logger.error({ err: error, versionId: params.versionId, intent }, "review action failed");
    return failure(500);
  }
}

/** The action answers with the version the server now has: no need to load the screen again. */
export function shouldRevalidate({ formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const ErrorBoundary = RouteErrorBoundary;

export default function ReviewRoute({ loaderData }: Route.ComponentProps) {
  // A new version id starts a fresh screen (its own state, dialogs closed).
  return <ReviewScreen key={loaderData.version.id} {...loaderData} />;
}

function ReviewScreen({ version: loaded, page, site, coverImageUrl }: Route.ComponentProps["loaderData"]) {
  const [version, setVersion] = useState(loaded);
  const [demoOpen, setDemoOpen] = useState(false);
  const [revisionOpen, setRevisionOpen] = useState(false);
  const fetcher = useFetcher<ReviewActionResult>();
  const pendingIntent = fetcher.state === "idle" ? null : (fetcher.formData?.get("intent") as ReviewIntent | null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  // Each answer, once it settled: the screen's state follows it while rendering; its toast is shown after.
  useOnChange(result, (answer) => {
    if (!answer) return;
    if (answer.version) setVersion(answer.version);
    if (answer.demo) {
      setRevisionOpen(false);
      setDemoOpen(true);
    }
    if (answer.intent === "send-revision" && !answer.errors) setRevisionOpen(false);
  });
  useEffect(() => {
    if (result && !result.demo && result.toast && !result.errors) notify(result.toast);
  }, [result]);

  function onAction(intent: ReviewIntent) {
    if (page.demo) return setDemoOpen(true);
    if (intent === "send-revision") return setRevisionOpen(true);
    fetcher.submit({ intent }, { method: "post" });
  }

  const versionsHref = `/sites/${site.id}/pages/${page.id}/page-versions`;
  const state = reviewState(version);

  return (
    <div className="mx-auto max-w-6xl">
      <Link
        to={versionsHref}
        className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to page versions
      </Link>
      <div className="mb-6 min-w-0">
        <p className="text-sm text-muted-foreground">
          Review ·{" "}
          <Link to={`/sites/${site.id}`} className="break-words hover:text-foreground hover:underline">
            {site.name}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{page.name}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {/* The loader's label (told apart from the page's other versions); the actions do not change it. */}
          <time dateTime={version.createdDate}>{loaded.label}</time>
          <span className="sr-only">, review state: {state}</span>
        </p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <aside className="lg:sticky lg:top-20 lg:order-2" aria-label="Review">
          <ReviewPanel version={version} demo={page.demo} busyIntent={pendingIntent} onAction={onAction} />
        </aside>

        <Card className="gap-0 overflow-hidden p-0 lg:order-1">
          {/* The preview pane is 500px high at most (spec part 2, section 9) and scrolls on its own:
              focusable, so that a keyboard can scroll it too. */}
          <div
            role="region"
            aria-label="Article preview"
            tabIndex={0}
            className="max-h-[500px] overflow-y-auto overscroll-contain rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
          >
            {coverImageUrl ? (
              <img src={coverImageUrl} alt="" className="max-h-[400px] w-full object-cover" data-testid="cover-image" />
            ) : null}
            <div className="px-5 py-6 sm:px-8 sm:py-8">
              {version.hasContent ? (
                <ArticleHtml html={version.html} className="mx-auto max-w-3xl [&>:first-child]:mt-0" />
              ) : (
                <div className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground">
                  <FileText aria-hidden="true" className="size-8" />
                  <p className="font-medium">No content available</p>
                </div>
              )}
            </div>
          </div>
        </Card>
      </div>

      <SendRevisionDialog
        open={revisionOpen}
        onOpenChange={setRevisionOpen}
        busy={pendingIntent === "send-revision"}
        serverError={result?.intent === "send-revision" ? result.errors?.comments : undefined}
        onSubmit={(comments) => fetcher.submit({ intent: "send-revision", comments }, { method: "post" })}
      />
      <DemoArticleDialog open={demoOpen} onOpenChange={setDemoOpen} />
    </div>
  );
}
