import { ArrowLeft, Bot, ClipboardCheck, Eye, FileCode, ExternalLink, Image, KeyRound, ListTree, Loader2 } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/page-detail";
import { Breadcrumb } from "~/components/breadcrumb";
import { PageRequests } from "~/components/page-requests";
import { RouteErrorBoundary } from "~/components/route-error";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { NotFoundError, PAGE_NOT_FOUND, parseId, throwNotFound } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { PENDING_TEXTS } from "~/lib/pending-work";
import { errorToast, successToast } from "~/lib/toast";
import { usePollWhile } from "~/lib/use-poll";
import { requireActor, requireOwnedPage } from "~/models/access.server";
import { cancelAction, listPageActions, pageWork, retryFailedAction } from "~/models/page-action.server";
import { publicViewPath } from "~/lib/public-view";
import { getPageSummary } from "~/models/page-summary.server";
import {
  getPagePublication,
  NotConnectedError,
  PublishUnderWayError,
  queuePublish,
  SourcesProblemError,
} from "~/models/publication.server";
import { PublicationCard } from "./page-detail/publication-card";
import { PageResults } from "./page-detail/page-results";
import { aiVisibility, keywordRankings, publishEffects } from "~/models/results.server";
import { pagePromptsOf } from "~/models/prompts.server";
import { visibilityTrends } from "~/lib/visibility/figures";
import type { SessionUser } from "~/services/auth.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.page.name ?? "Page"} – ${BRAND_NAME}` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const owned = await requireOwnedPage(user, params, request);
  // The page is read and checked once; the model functions below take it as checked.
  const summary = await getPageSummary(user, owned.site.id, owned);
  const [requests, work, publication, rankings, visibility, effects, prompts] = await Promise.all([
    listPageActions(user, owned),
    pageWork(owned.id, [
      "serps",
      "llm_answers",
      "create_outline",
      "create_article",
      "modify_articles_with_instructions",
      "create_cover_image",
    ]),
    getPagePublication(user, owned),
    keywordRankings(user, owned.site.id, owned),
    aiVisibility(user, owned.site.id, owned),
    publishEffects(user, owned.site.id, owned),
    pagePromptsOf(user, owned.site.id, owned),
  ]);
  return {
    ...summary,
    requests,
    publication,
    results: { rankings, trends: visibilityTrends(visibility), effects, prompts },
    // Work in progress: the screen reads its data again until it is done (the requests' states, the blocks' contents).
    pending: {
      // A publish under way is read from the page's publication (its newest request), not queried again.
      any: Object.values(work).some((w) => w.pending) || ["queued", "running"].includes(publication.lastRequest?.state ?? ""),
      versions: work.create_article.pending || work.modify_articles_with_instructions.pending,
      outline: work.create_outline.pending,
      images: work.create_cover_image.pending,
    },
  };
}

type Ctx = { request: Request; form: FormData; user: SessionUser; pageId: string | undefined };

/** A request's intent without a request id the form could carry: only a changed page posts that. */
const noRequest = () => reply({ ok: false, toast: errorToast("Reload the page, then choose the request again.") });

/** Cancels a request that has not started. */
async function cancelRequest({ form, user, pageId }: Ctx) {
  const page = parseId(pageId, "page");
  const requestId = formId(form, "requestId");
  if (requestId === null) return noRequest();
  const cancelled = await cancelAction(user, page, requestId);
  const toast = cancelled
    ? successToast("Request cancelled", "It will not run. Retry queues it again.")
    : errorToast("This request has already started or ended; it can no longer be cancelled.");
  return reply({ ok: cancelled, toast }, 200);
}

/** Puts a failed or cancelled request back in the queue. */
async function retryRequest({ form, user, pageId }: Ctx) {
  const page = parseId(pageId, "page");
  const requestId = formId(form, "requestId");
  if (requestId === null) return noRequest();
  const retried = await retryFailedAction(user, page, requestId);
  const toast = retried
    ? successToast("Request queued again", "It will run as soon as the background process is free.")
    : errorToast("This request is not a failed request of this page any more.");
  return reply({ ok: retried, toast }, 200);
}

/** 'Publish to WordPress' (versionId; recreate=on to make a post deleted on WordPress again). */
async function publish({ form, user }: Ctx) {
  const versionId = formId(form, "versionId");
  if (versionId === null) return reply({ ok: false, toast: errorToast("Choose a version to publish.") }, 400);
  let queued;
  try {
    queued = await queuePublish(user, versionId, {
      recreate: form.get("recreate") === "on",
      confirmSources: form.get("confirmSources") === "on",
    });
  } catch (error) {
    if (error instanceof NotConnectedError || error instanceof PublishUnderWayError)
      return reply({ ok: false, toast: errorToast(error.message, "Not published") }, error instanceof NotConnectedError ? 400 : 409);
    // Broken or unsupported sources (issue 40): the screen asks to confirm, naming them; a refusing site says why.
    if (error instanceof SourcesProblemError) {
      if (error.refused) return reply({ ok: false, toast: errorToast(error.message, "Not published") }, 409);
      const sourcesToConfirm = error.problems.map((p) => ({ url: p.url, claim: p.claim, verdict: p.verdict }));
      return reply({ ok: false, sourcesToConfirm }, 409);
    }
    throw error;
  }
  // A version nobody approved is published all the same (the button said so): the toast says it again (issue 38).
  const when = "The page will show when it is done.";
  return reply({
    ok: true,
    toast: successToast("Publishing to WordPress", queued.approved ? when : `This version is not approved yet. ${when}`),
  });
}

const INTENTS = { "cancel-request": cancelRequest, "retry-request": retryRequest, publish };

/**
 * The page's actions on its requests (also posted from the screens of their results, see RetryButton). A page
 * that is missing or another account's answers the screen's 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false }, 400);
  return runIntent(
    INTENTS,
    intent,
    { request, form, user, pageId: params.pageId },
    {
      failed: (error) => {
        if (error instanceof NotFoundError) throwNotFound(PAGE_NOT_FOUND);
        throw error;
      },
    },
  );
}

const NO_VERSION = {
  type: "error" as const,
  title: "No content available",
  description: "This page doesn't have any published versions yet.",
};

export default function PageDetail({
  loaderData: { page, latestVersionId, latestPublicId, latestApproved, counts, outline, requests, pending, publication, results },
}: Route.ComponentProps) {
  usePollWhile(pending.any);
  const base = `/sites/${page.site.id}/pages/${page.id}`;
  const viewUrl = latestPublicId ? publicViewPath(latestPublicId) : null;
  const blocks = [
    {
      to: `${base}/page-versions`,
      title: "Page Versions & HTML Content",
      text: "Article versions, HTML editing, comparison and modification requests.",
      icon: FileCode,
      count: counts.versions,
      unit: "version",
      pending: pending.versions,
    },
    {
      to: `${base}/keywords-for-page`,
      title: "Keywords",
      text: "Keywords of the article and their search results.",
      icon: KeyRound,
      count: counts.keywords,
      unit: "keyword",
    },
    {
      to: `${base}/llm-answers-for-page`,
      title: "LLM Answers",
      text: "What AI assistants answer about the topic.",
      icon: Bot,
      count: counts.llmAnswers,
      unit: "answer",
    },
    {
      to: `${base}/images`,
      title: "Image Propositions",
      text: "Cover image propositions and examples.",
      icon: Image,
      count: counts.images,
      unit: "proposition",
      pending: pending.images,
    },
  ];

  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumb
        items={[
          { label: "My Sites", to: "/sites" },
          { label: page.site.name, to: `/sites/${page.site.id}` },
          { label: "Pages", to: `/sites/${page.site.id}/pages` },
          { label: page.name },
        ]}
      />
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
        <Link to={`/sites/${page.site.id}/pages`}>
          <ArrowLeft aria-hidden="true" /> Back to pages
        </Link>
      </Button>
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{page.name}</h1>
          <a
            href={page.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm break-all text-muted-foreground hover:text-foreground hover:underline"
          >
            {page.url}
          </a>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {viewUrl ? (
            <>
              <Button asChild>
                <Link to={viewUrl}>
                  <Eye aria-hidden="true" /> View article
                </Link>
              </Button>
              <Button asChild variant="outline" size="icon">
                <a href={viewUrl} target="_blank" rel="noopener noreferrer" aria-label="Open the article in a new tab">
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/review/${latestVersionId}`}>
                  <ClipboardCheck aria-hidden="true" /> Review
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => notify(NO_VERSION)}>
                <Eye aria-hidden="true" /> View article
              </Button>
              <Button variant="outline" size="icon" aria-label="Open the article in a new tab" onClick={() => notify(NO_VERSION)}>
                <ExternalLink aria-hidden="true" />
              </Button>
            </>
          )}
        </div>
      </div>

      <PublicationCard publication={publication} latestVersionId={latestVersionId} latestApproved={latestApproved === true} />

      <OutlineLine path={`${base}/outline`} outline={outline} writing={pending.outline} />

      <div className="grid gap-4 sm:grid-cols-2">
        {blocks.map(({ to, title, text, icon, count, unit, pending: working }) => (
          <SectionCard key={to} to={to} icon={icon} title={title} description={text}>
            <p>
              {count} {count === 1 ? unit : `${unit}s`}
            </p>
            {working ? (
              <p role="status" className="flex items-center gap-1.5 font-normal text-primary">
                <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {PENDING_TEXTS.inProgress}
              </p>
            ) : null}
          </SectionCard>
        ))}
      </div>

      <PageResults siteId={page.site.id} {...results} />

      <PageRequests requests={requests} />
    </div>
  );
}

/** The article's outline (issue 16), beside the spec's four blocks: where it stands, and the way to it. */
function OutlineLine({ path, outline, writing }: { path: string; outline: "ready" | "approved" | "replaced" | null; writing: boolean }) {
  const state = writing
    ? PENDING_TEXTS.inProgress
    : outline === "ready"
      ? "Waiting for your approval"
      : outline === "approved"
        ? "Approved"
        : "None yet";
  return (
    <p className="mb-6 flex flex-wrap items-center gap-2 text-sm" data-testid="outline-state">
      <ListTree aria-hidden="true" className="size-4 text-primary" />
      <span className="font-medium">Outline:</span> {state}
      <Link to={path} className="text-primary underline-offset-4 hover:underline">
        {outline === "ready" ? "Review the outline" : "Open the outline"}
      </Link>
    </p>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
