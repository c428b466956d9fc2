/**
 * The article review screen (spec part 2, sections 2, 4, 5 and 8): the owner reads a version with its
 * cover image and moves it between Draft, In revision and Approved. Every action posts to this route with an
 * `intent` (send-revision | cancel-revision | approve | cancel-approval), handled by one function each; the
 * answer carries the version as the server now has it. Demo articles refuse every action (a dialog here, a
 * DemoArticleError on the server).
 */
import { ArrowLeft, FileText, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/review";
import { ArticleHtml } from "~/components/article-html";
import { ContentScorePanel } from "~/components/content-score";
import { DemoArticleDialog } from "./review/demo-article-dialog";
import { ReviewPanel } from "./review/review-panel";
import { RouteErrorBoundary } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { ARTICLE_NOT_FOUND, NotFoundError, parseId } from "~/lib/not-found";
import { REVIEW_ACTIONS, reviewState, sendRevisionSchema, type ReviewIntent } from "~/lib/review-state";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { findAnchor, wrapText } from "~/lib/text-anchor";
import { parseSubmission } from "~/lib/schemas/submission";
import { publicViewPath } from "~/lib/public-view";
import { errorToast, successToast, type Toast } from "~/lib/toast";
import { geoMeasures } from "~/lib/geo-measures";
import { usePollWhile } from "~/lib/use-poll";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { revisionRoundLabel, versionLabel, versionLabels } from "~/lib/version-rules";
import { requireActor, requireOwnedVersion } from "~/models/access.server";
import { hasArticleContent } from "~/models/article-view.server";
import {
  approve as approveVersion,
  cancelApproval as cancelVersionApproval,
  cancelRevision as cancelVersionRevision,
  CommentsRequiredError,
  DemoArticleError,
  getReviewVersion,
  ReviewTransitionError,
  NotTeamReleaseError,
  sendForRevision,
  teamReleaseHeldVersion,
  type ReviewVersion,
} from "~/models/review.server";
import {
  createReviewLink,
  getReviewSharing,
  listReviewLinks,
  reviewLinkPath,
  revokeReviewLink,
  type ReviewCommentRow,
  type ReviewLinkRow,
} from "~/models/review-link.server";
import { teamViewOfSite } from "~/models/site.server";
import { versionScore } from "~/models/content-score.server";
import { listPageKeywords } from "~/models/keyword.server";
import { versionSourcesOf } from "~/models/sources.server";
import { revisionOfVersion } from "~/models/revision-request.server";
import { revisionRounds } from "~/models/version.server";
import type { SessionUser } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { ReviewSharing } from "./review/review-sharing";
import { SendRevisionDialog } from "./review/send-revision-dialog";
import { SourcesPanel } from "./review/sources-panel";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Review: ${loaderData.page.name} – ${BRAND_NAME}` : `${ARTICLE_NOT_FOUND.title} – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

/**
 * The version as the screen shows it: the HTML sanitized here, on the server; labelled as in the
 * versions table when the page's versions are given.
 */
function screenVersion(version: ReviewVersion, label = versionLabel(version.createdDate)) {
  const html = sanitizeArticleHtml(version.htmlContent);
  return {
    id: version.id,
    /** The absolute address of its public view (/view/{public id}), to open, copy and share. */
    publicUrl: `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}${publicViewPath(version.publicId)}`,
    /** Sanitized by the loader or the action (lib/sanitize.server.ts). */
    html,
    /** False when the HTML shows nothing (no text, image or embed). */
    hasContent: hasArticleContent(html),
    /** 'Version du {date} ({time})'. */
    label,
    createdDate: version.createdDate.toISOString(),
    sentInRevision: version.sentInRevision,
    approved: version.approved,
    commentsToModify: version.commentsToModify,
    revisionRound: version.revisionRound,
    /** Made by editing another version (issue 38): its round's label says so. */
    edited: version.edited,
    /** Held for the team (issue 39): below the top pages' median after a second answer; its owner not told yet. */
    heldForTeam: version.heldForTeam,
  };
}

/** The review links of a version as the screen lists them. */
const screenLinks = (links: ReviewLinkRow[]) =>
  links.map((link) => ({
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revoked: link.revokedAt !== null,
    active: link.active,
  }));

/** What reviewers said through the links, as the screen lists it. */
const screenComments = (comments: ReviewCommentRow[]) => comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() }));

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const owned = await requireOwnedVersion(user, params.versionId, request);
  const [article, whoseSite, { links, comments }, rounds, revision, score, sources, keywords] = await Promise.all([
    getReviewVersion(user, owned.versionId),
    teamViewOfSite(user, owned.page.site.id),
    getReviewSharing(user, owned.versionId),
    revisionRounds(user, owned.page.site.id),
    revisionOfVersion(user, owned.versionId),
    versionScore(user, owned.versionId),
    versionSourcesOf(user, owned.versionId),
    listPageKeywords(user, owned.page.site.id, owned.page.id),
  ]);
  const mainKeyword = keywords.find((k) => k.toSearch)?.keyword ?? null;
  return {
    rounds,
    // Its content score against the top pages (issue 39); null while its page has no research.
    score: score && { score: score.score, details: score.details, topMedian: score.topMedian, topBest: score.topBest },
    // Its sources, checked (issue 40): each claim with its state and the source's words; `pending` while the check runs.
    sources: { ...sources, sources: sources.sources.map(({ checkedAt: _checkedAt, ...source }) => source) },
    // What AI assistants reward (issue 40): checked figures, quotations and citations, an opening that answers at once.
    geo: geoMeasures(article.version.htmlContent, sources.sources, mainKeyword),
    // The revision the newest request for changes started (issue 38): where it stands, when it is due.
    revision:
      revision && revision.stage !== "cancelled"
        ? { ...revision, createdAt: revision.createdAt.toISOString(), dueAt: revision.dueAt.toISOString() }
        : null,
    links: screenLinks(links),
    comments: screenComments(comments),
    whoseSite,
    version: screenVersion(article.version, versionLabels(article.pageVersionDates).get(article.version.id)),
    page: { id: article.page.id, name: article.page.name, demo: article.page.hideRevisionsTextsFromPreview },
    site: article.site,
    coverImageUrl: article.coverImageUrl,
  };
}

type Ctx = { request: Request; form: FormData; user: SessionUser; versionId: string | undefined };

/** An action applied: the version as the server now has it, and the spec's success toast. */
const applied = <I extends ReviewIntent>(intent: I, version: ReviewVersion) =>
  reply({ ok: true, intent, version: screenVersion(version), toast: successToast(REVIEW_ACTIONS[intent].success) });

/**
 * Draft → In revision, with the comments (required after trimming). Refused comments go to the model all the
 * same: it answers a foreign version and a demo article first, then CommentsRequiredError (see `failed`).
 */
async function sendRevision({ form, user, versionId }: Ctx) {
  const submission = parseSubmission(form, sendRevisionSchema);
  const comments = submission.status === "success" ? submission.value.comments : null;
  return applied("send-revision", await sendForRevision(user, parseId(versionId, "version"), comments));
}

async function cancelRevision({ user, versionId }: Ctx) {
  return applied("cancel-revision", await cancelVersionRevision(user, parseId(versionId, "version")));
}

async function approve({ user, versionId }: Ctx) {
  return applied("approve", await approveVersion(user, parseId(versionId, "version")));
}

async function cancelApproval({ user, versionId }: Ctx) {
  return applied("cancel-approval", await cancelVersionApproval(user, parseId(versionId, "version")));
}

/** A new review link (issue 16): its address, shown once (only its hash is kept), and the version's links. */
async function share({ user, versionId }: Ctx) {
  const id = parseId(versionId, "version");
  const { token } = await createReviewLink(user, id);
  const url = `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}${reviewLinkPath(token)}`;
  return reply({
    ok: true,
    intent: "share",
    url,
    links: screenLinks(await listReviewLinks(user, id)),
    toast: successToast("Review link created"),
  });
}

/** Ends a review link at once. */
async function revokeLink({ user, versionId, form }: Ctx) {
  const id = parseId(versionId, "version");
  const linkId = formId(form, "linkId");
  if (linkId === null) {
    const toast = errorToast("Reload the page, then choose the link again.", "Failed to revoke the review link");
    return reply({ ok: false, intent: "revoke-link", toast });
  }
  const revoked = await revokeReviewLink(user, linkId);
  if (!revoked) throw new NotFoundError("version");
  return reply({
    ok: true,
    intent: "revoke-link",
    links: screenLinks(await listReviewLinks(user, id)),
    toast: successToast("Review link revoked"),
  });
}

/** TEAM ONLY: a version held for the team, looked at, goes to its owner (issue 39). */
async function release({ user, versionId }: Ctx) {
  const id = parseId(versionId, "version");
  const released = await teamReleaseHeldVersion(user, id);
  const { version } = await getReviewVersion(user, id);
  return reply({
    ok: true,
    intent: "release",
    version: screenVersion(version),
    toast: successToast(released ? "Article sent to its owner" : "Already sent to its owner"),
  });
}

/** The release's failures: a client cannot release (403), a missing version is a missing one (404). */
function releaseFailed(error: unknown) {
  const title = "Failed to send the article";
  if (error instanceof NotTeamReleaseError) return reply({ ok: false, intent: "release", toast: errorToast(error.message, title) }, 403);
  if (error instanceof NotFoundError)
    return reply({ ok: false, intent: "release", toast: errorToast(ARTICLE_NOT_FOUND.message, title) }, 404);
  return reply({ ok: false, intent: "release", toast: errorToast("Please try again.", title) }, 500);
}

const INTENTS = {
  "send-revision": sendRevision,
  "cancel-revision": cancelRevision,
  approve,
  "cancel-approval": cancelApproval,
  share,
  "revoke-link": revokeLink,
  release,
} satisfies Record<ReviewIntent | "share" | "revoke-link" | "release", unknown>;

/** The sharing intents' failures (a demo article cannot be shared; a link of another's version is a missing one). */
function sharingFailed(error: unknown, intent: "share" | "revoke-link") {
  const title = intent === "share" ? "Failed to create the review link" : "Failed to revoke the review link";
  if (error instanceof DemoArticleError) return reply({ ok: false, intent, demo: true, error: error.message }, 403);
  if (error instanceof NotFoundError) return reply({ ok: false, intent, toast: errorToast(ARTICLE_NOT_FOUND.message, title) }, 404);
  return reply({ ok: false, intent, toast: errorToast("Please try again.", title) }, 500);
}

/**
 * The spec's failure toasts, by intent. A demo article answers 403 (the screen shows its dialog, not a toast);
 * refused comments 400 with the field's message (shown on the field, not as a toast); a state changed meanwhile
 * 409 with the version as it is now; a missing or foreign version 404.
 */
function failed(error: unknown, intent: ReviewIntent, form: FormData) {
  const title = REVIEW_ACTIONS[intent].failure;
  if (error instanceof DemoArticleError) return reply({ ok: false, intent, demo: true, error: error.message }, 403);
  if (error instanceof CommentsRequiredError) {
    const { error: message, result } = invalidForm(parseSubmission(form, sendRevisionSchema), { fallback: error.message });
    return reply({ ok: false, intent, error: message, result }, 400);
  }
  if (error instanceof ReviewTransitionError) {
    // Someone (another tab, a double click) changed the state first: show the version as it is now.
    const toast = errorToast(`This version is now '${error.state}'.`, title);
    return reply({ ok: false, intent, version: screenVersion(error.version), toast }, 409);
  }
  if (error instanceof NotFoundError) {
    return reply({ ok: false, intent, toast: errorToast(`${ARTICLE_NOT_FOUND.title} - ${ARTICLE_NOT_FOUND.message}`, title) }, 404);
  }
  const toast: Toast = { type: "error", title };
  return reply({ ok: false, intent, toast }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Unknown action.") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, user, versionId: params.versionId },
    {
      failed: (error, failedIntent) =>
        failedIntent === "release"
          ? releaseFailed(error)
          : failedIntent === "share" || failedIntent === "revoke-link"
            ? sharingFailed(error, failedIntent)
            : failed(error, failedIntent, form),
      expected: [DemoArticleError, CommentsRequiredError, ReviewTransitionError, NotTeamReleaseError],
    },
  );
}

/** The action answers with the version the server now has: no need to load the screen again. */
export function shouldRevalidate({ formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const ErrorBoundary = RouteErrorBoundary;

/**
 * A version the article task held for the team (issue 39): the team reads why and sends it to its owner; the owner
 * reads that the team is checking it.
 */
function HeldForTeam({ team, busy, onRelease }: { team: boolean; busy: boolean; onRelease: () => void }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-600/40 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="held-for-team"
    >
      <p className="min-w-0">
        {team
          ? "Held for the team: this article stayed below the top pages' median after a second answer, and its owner has not been told yet. Read it, improve it if needed, then send it."
          : "The team is checking this article before sending it to you."}
      </p>
      {team ? (
        <Button type="button" size="sm" onClick={onRelease} disabled={busy}>
          {busy ? <Spinner /> : <Send aria-hidden="true" />} Send to its owner
        </Button>
      ) : null}
    </div>
  );
}

export default function ReviewRoute({ loaderData }: Route.ComponentProps) {
  // A new version id starts a fresh screen (its own state, dialogs closed).
  return <ReviewScreen key={loaderData.version.id} {...loaderData} />;
}

function ReviewScreen({
  version: loaded,
  page,
  site,
  coverImageUrl,
  links,
  comments,
  rounds,
  revision,
  score,
  sources,
  geo,
}: Route.ComponentProps["loaderData"]) {
  const [version, setVersion] = useState(loaded);
  // The sources are checked in the background (issue 40): the screen reads them again until the check ends.
  usePollWhile(sources.pending, 3000);
  const [demoOpen, setDemoOpen] = useState(false);
  const [revisionOpen, setRevisionOpen] = useState(false);
  // Each answer, once it settled: its toast (a refused demo article or refused comments have none: the dialog
  // or the field says it), then the version as the server now has it.
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if ("version" in answer) setVersion(answer.version);
    if ("demo" in answer) {
      setRevisionOpen(false);
      setDemoOpen(true);
    }
    if (answer.intent === "send-revision" && !("result" in answer)) setRevisionOpen(false);
  });
  const pendingIntent = fetcher.state === "idle" ? null : (fetcher.formData?.get("intent") as ReviewIntent | null);

  function onAction(intent: ReviewIntent) {
    if (page.demo) return setDemoOpen(true);
    if (intent === "send-revision") return setRevisionOpen(true);
    fetcher.submit({ intent }, { method: "post" });
  }

  // The passages reviewers commented on (review links), marked in the preview with their comment as a tooltip.
  const preview = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = preview.current;
    if (!root) return;
    const text = root.textContent ?? "";
    for (const comment of comments) {
      if (!comment.quote) continue;
      const anchor = findAnchor(text, comment.quote, comment.quoteStart ?? 0);
      if (!anchor) continue;
      wrapText(root, anchor.start, anchor.end, () => {
        const mark = document.createElement("mark");
        mark.className = "review-mark";
        mark.title = `${comment.authorName}: ${comment.body}`;
        return mark;
      });
    }
  }, [comments, version.html]);

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
          <time dateTime={version.createdDate}>{loaded.label}</time> · {revisionRoundLabel(version.revisionRound, rounds, version.edited)}
          <span className="sr-only">, review state: {state}</span>
        </p>
      </div>

      {version.heldForTeam ? (
        <HeldForTeam
          team={rounds.team}
          busy={fetcher.state !== "idle"}
          onRelease={() => fetcher.submit({ intent: "release" }, { method: "post" })}
        />
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <aside className="lg:col-start-2 lg:row-start-1" aria-label="Review">
          <ReviewPanel
            version={version}
            demo={page.demo}
            busyIntent={pendingIntent}
            onAction={onAction}
            revision={state === "In revision" ? revision : null}
          />
          {page.demo ? null : <ReviewSharing links={links} comments={comments} />}
        </aside>

        <Card className="gap-0 overflow-hidden p-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
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
                <div ref={preview}>
                  <ArticleHtml html={version.html} className="mx-auto max-w-3xl [&>:first-child]:mt-0" />
                </div>
              ) : (
                <div className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground">
                  <FileText aria-hidden="true" className="size-8" />
                  <p className="font-medium">No content available</p>
                </div>
              )}
            </div>
          </div>
        </Card>

        {/* What the article is worth, after it on a phone and under the review on a wide screen (issues 39, 40). */}
        <div className="grid gap-4 lg:col-start-2 lg:row-start-2">
          <Card className="gap-0 p-4">
            <ContentScorePanel score={score} />
          </Card>
          <Card className="gap-0 p-4">
            <SourcesPanel {...sources} geo={geo} />
          </Card>
        </div>
      </div>

      <SendRevisionDialog open={revisionOpen} onOpenChange={setRevisionOpen} fetcher={fetcher} busy={pendingIntent === "send-revision"} />
      <DemoArticleDialog open={demoOpen} onOpenChange={setDemoOpen} />
    </div>
  );
}
