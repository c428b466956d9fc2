/**
 * /sites/:siteId/pages/:pageId/page-versions (spec part 2, sections 2, 4, 5, 7 and 8): the versions of
 * a page's article, the HTML viewer (rendered, code, edit, compare), the Modify Versions form, and the
 * requests for a new version. Every change posts to this route with an `intent` (add-html | save-edit |
 * delete | modify | create-new-version | restore-earlier), handled by one function each; the screen shows
 * the answer's toast. Contract relied on by other tests: POST intent=add-html, format=html, content=<html>
 * to this route (or its .data URL) creates a version; the answer carries its `versionId`.
 */
import type { Submission } from "@conform-to/react";
import { ClipboardPaste, ListTree, RefreshCw, Sparkles } from "lucide-react";
import { Suspense, useCallback, useState } from "react";
import { Await, Link, useRevalidator } from "react-router";
import { marked } from "marked";
import type { Route } from "./+types/page-versions";
import { PageTrail } from "~/components/page-trail";
import { WorkNotice } from "~/components/pending-work";
import { PageHeader } from "~/components/page-header";
import { RouteErrorBoundary } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { NotFoundError, PAGE_NOT_FOUND, parseId } from "~/lib/not-found";
import { outlinePath } from "~/lib/notifications";
import { PENDING_TEXTS } from "~/lib/pending-work";
import { articleDescription } from "~/lib/meta-description.server";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast, type Toast } from "~/lib/toast";
import { usePollWhile } from "~/lib/use-poll";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { versionLabel, versionLabels } from "~/lib/version-rules";
import { ownedPage, requireActor, requireOwnedPage } from "~/models/access.server";
import { getPageOutline } from "~/models/outline.server";
import { MissingActionError, pageWork } from "~/models/page-action.server";
import {
  createVersion,
  restoreEarlierText,
  deleteVersion,
  InvalidExampleError,
  listVersions,
  queueNewVersion,
  recordModification,
  revisionRounds,
  type ListedVersion,
} from "~/models/version.server";
import type { SessionUser } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { AddHtmlDialog } from "./page-versions/add-html-dialog";
import { addHtmlSchema, deleteSchema, modifySchema, restoreSchema, saveEditSchema, VERSION_TEXTS } from "./page-versions/version-forms";
import { VersionsWorkspace } from "./page-versions/versions-workspace";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.page.name} - Versions – ${BRAND_NAME}` : `${PAGE_NOT_FOUND.title} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

/** What the screen receives of a version: the source as text, and the sanitized HTML it may render. */
function toScreenVersion(row: ListedVersion, label: string) {
  return {
    id: row.id,
    /** ISO date, or null when unknown. */
    createdDate: row.createdDate ? row.createdDate.toISOString() : null,
    /** 'Version du {date} ({time})', with the seconds (or a number) where two versions of the page would read alike. */
    label,
    /** The stored source, shown as text (code view, editor, diff). */
    htmlContent: row.htmlContent,
    /** The source passed through the shared sanitizer on the server: the only HTML the screen renders. */
    safeHtml: sanitizeArticleHtml(row.htmlContent),
    commentsToModify: row.commentsToModify,
    /** The instructions of a revision waiting for the team (issue 38), which the Modify form starts from. */
    waitingRevision: row.waitingRevision,
    /** 0 for the first draft, then the round of changes its text was written in (issue 16). */
    revisionRound: row.revisionRound,
    /** Made by editing another version in the code editor (issue 38): its round's label says so. */
    edited: row.edited,
    /** Whether it is approved: 'Publish to WordPress' says when it is not (issue 38). */
    approved: row.approved,
    needToDoWebSearchForModification: row.needToDoWebSearchForModification,
    highlightModifiedContent: row.highlightModifiedContent,
    unhighlightModifiedContent: row.unhighlightModifiedContent,
    pagesVersionsToTakeAsExample: row.pagesVersionsToTakeAsExample,
    /** The version's own meta description (null: none), and what describes it then: the start of its text. */
    metaDescription: row.metaDescription,
    descriptionFromText: row.metaDescription ? null : articleDescription(row.htmlContent),
    /** How many earlier texts of this version are kept (each modification that replaced its HTML in place). */
    historyCount: row.historyCount,
    /** Its content score and the top pages' median (issue 39); null while its page has no research. */
    score: row.score,
    topMedian: row.topMedian,
    /** Its checked sources (issue 40): how many, supported, broken or not supported. */
    sources: row.sources,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const page = await requireOwnedPage(user, params, request);
  // Streamed: the screen shows 'Loading page versions...' until the list arrives.
  const versions = listVersions(user, page.site.id, page).then((rows) => {
    const labels = versionLabels(rows);
    return rows.map((row) => toScreenVersion(row, labels.get(row.id) ?? versionLabel(row.createdDate)));
  });
  // Work that changes this list: a new version being written, or a version being modified.
  const [work, rounds, outline] = await Promise.all([
    pageWork(page.id, ["create_outline", "create_article", "modify_articles_with_instructions"]),
    revisionRounds(user, page.site.id),
    getPageOutline(user, page),
  ]);
  return {
    page: { id: page.id, name: page.name, url: page.url, siteId: page.site.id, siteName: page.site.name },
    versions,
    rounds,
    work: { createOutline: work.create_outline, createArticle: work.create_article, modifyArticle: work.modify_articles_with_instructions },
    /** An outline waiting for approval: the article is written once it is approved (issue 16). */
    outlineWaiting: outline?.status === "ready",
  };
}

type Ctx = { request: Request; form: FormData; user: SessionUser; params: { siteId?: string; pageId?: string } };

/** The page of the URL, the user's and on that site: every intent starts from it (else NotFoundError, answered 404). */
const pageOf = ({ user, params }: Ctx) => ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));

/** A change done: its toast, and the version it created, deleted or modified. */
const done = <I extends VersionIntent>(intent: I, title: string, versionId: number) =>
  reply({ ok: true, intent, versionId, toast: successToast(title) });

/** A form its schema refused: the first message under the intent's failure title, and conform's result for the fields. */
function refused<I extends VersionIntent>(intent: I, submission: Submission<unknown>, title: string = FAILURE[intent]) {
  const answer = invalidForm(submission);
  return reply({ ok: false, intent, ...answer, toast: errorToast(answer.error, title) });
}

/** 'Add version from HTML': pasted HTML, or Markdown converted to HTML here. */
async function addHtml(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, addHtmlSchema);
  if (submission.status !== "success") return refused("add-html", submission);
  const { content, format } = submission.value;
  const html = format === "markdown" ? await marked.parse(content, { gfm: true }) : content;
  const version = await createVersion(ctx.user, page.id, html);
  return done("add-html", VERSION_TEXTS.saved, version.id);
}

/** The code editor's 'Modify': the edited version (one of this page's) is kept, its new HTML saved as a NEW version. */
async function saveEdit(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, saveEditSchema);
  if (submission.status !== "success") return refused("save-edit", submission);
  const { html, versionId, metaDescription } = submission.value;
  const version = await createVersion(ctx.user, page.id, html, { basedOn: versionId, metaDescription });
  return done("save-edit", VERSION_TEXTS.saved, version.id);
}

async function remove(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, deleteSchema);
  if (submission.status !== "success") return refused("delete", submission);
  const deleted = await deleteVersion(ctx.user, submission.value.versionId, page.id);
  return done("delete", VERSION_TEXTS.deleted, deleted.id);
}

/** The Modify Versions form: the request is recorded on the version and queued. Without a version, 'Error' says to select one. */
async function modify(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, modifySchema);
  if (submission.status !== "success") return refused("modify", submission, submission.error?.versionId ? "Error" : FAILURE.modify);
  const values = submission.value;
  await recordModification(
    ctx.user,
    values.versionId,
    {
      commentsToModify: values.commentsToModify,
      needToDoWebSearchForModification: values.useWebSearch,
      highlightModifiedContent: values.highlightModifications,
      unhighlightModifiedContent: values.unhighlightModifications,
      pagesVersionsToTakeAsExample: values.exampleVersionId,
    },
    { createNewVersion: values.createNewVersion, pageId: page.id },
  );
  // A new version is asked, not this one updated: the toast says which (issue 38).
  return values.createNewVersion
    ? reply({
        ok: true,
        intent: "modify",
        versionId: values.versionId,
        toast: successToast(VERSION_TEXTS.newVersionAsked, VERSION_TEXTS.newVersionAskedHint),
      })
    : done("modify", VERSION_TEXTS.updated, values.versionId);
}

/** An earlier text of one of the page's versions, saved as a new version. */
async function restoreEarlier(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, restoreSchema);
  if (submission.status !== "success") return refused("restore-earlier", submission);
  const version = await restoreEarlierText(ctx.user, page.id, submission.value.historyId);
  return done("restore-earlier", VERSION_TEXTS.restored, version.id);
}

/** Asks for a new version: its outline first when the site approves outlines, else the article (the background process writes it). */
async function createNewVersion(ctx: Ctx) {
  const page = await pageOf(ctx);
  const { step } = await queueNewVersion(ctx.user, page.id);
  const toast = step === "outline" ? successToast(VERSION_TEXTS.queued, VERSION_TEXTS.outlineFirst) : successToast(VERSION_TEXTS.queued);
  return reply({ ok: true, intent: "create-new-version", step, toast });
}

const INTENTS = {
  "add-html": addHtml,
  "save-edit": saveEdit,
  delete: remove,
  modify,
  "create-new-version": createNewVersion,
  "restore-earlier": restoreEarlier,
};
type VersionIntent = keyof typeof INTENTS;

/** The failure text of each intent (spec part 2, section 8). */
const FAILURE: Record<VersionIntent, string> = {
  "add-html": VERSION_TEXTS.saveFailed,
  "save-edit": VERSION_TEXTS.saveFailed,
  delete: VERSION_TEXTS.deleteFailed,
  modify: VERSION_TEXTS.updateFailed,
  "create-new-version": VERSION_TEXTS.queueFailed,
  "restore-earlier": VERSION_TEXTS.restoreFailed,
};

/**
 * The intent's failure: a page that is missing or another account's (or not on this site) answers 404 with the
 * permission wording, a missing version (or earlier text) 404 too; an example version of another page 400; a
 * missing create_article (or create_outline) action names itself.
 */
function failed(error: unknown, intent: VersionIntent) {
  const title = FAILURE[intent];
  if (error instanceof NotFoundError) {
    const description =
      error.kind !== "version"
        ? PAGE_NOT_FOUND.message
        : intent === "restore-earlier"
          ? VERSION_TEXTS.earlierTextNotFound
          : VERSION_TEXTS.versionNotFound;
    return reply({ ok: false, intent, toast: errorToast(description, title) }, 404);
  }
  if (error instanceof InvalidExampleError) return reply({ ok: false, intent, toast: errorToast(VERSION_TEXTS.badExample, title) }, 400);
  // The action that is missing names itself: create_article (the spec's words), or create_outline (issue 16).
  const missing = error instanceof MissingActionError && intent === "create-new-version" ? error.actionName : null;
  const toast: Toast = { type: "error", title: missing ? VERSION_TEXTS.actionMissing(missing) : title };
  return reply({ ok: false, intent, toast }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Unknown action.") });
  return runIntent(INTENTS, intent, { request, form, user, params }, { failed, expected: [InvalidExampleError] });
}

export default function PageVersionsScreen({ loaderData }: Route.ComponentProps) {
  const { page, work } = loaderData;
  // An outline or a version being written, or a version modified: the screen is read again until the worker is done.
  usePollWhile(work.createOutline.pending || work.createArticle.pending || work.modifyArticle.pending);
  // A fresh screen (active version, modes) for each page.
  return <PageVersions key={page.id} page={page} versions={loaderData.versions} work={work} outlineWaiting={loaderData.outlineWaiting} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function PageVersions({
  page,
  versions,
  work,
  outlineWaiting,
}: {
  page: LoaderData["page"];
  versions: LoaderData["versions"];
  work: LoaderData["work"];
  outlineWaiting: boolean;
}) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const openAdd = useCallback(() => setAdding(true), []);
  // Restoring an earlier text makes a new version, which becomes the active one.
  const restore = useToastFetcher<typeof action>((answer) => {
    if (answer.ok && answer.intent === "restore-earlier") setChosenId(answer.versionId);
  });

  return (
    <div className="mx-auto max-w-6xl">
      <PageTrail page={page} current="Versions" />
      <PageHeader
        title={`${page.name} - Versions`}
        description={page.url}
        actions={
          <>
            <Button variant="outline" onClick={openAdd} disabled={editing} title={editing ? "Finish or cancel editing first" : undefined}>
              <ClipboardPaste aria-hidden="true" /> Add version from HTML
            </Button>
            <CreateNewVersionButton />
          </>
        }
      />
      {outlineWaiting ? <OutlineWaiting path={outlinePath(page.siteId, page.id)} /> : null}
      {[work.createOutline, work.createArticle, work.modifyArticle].some((w) => w.pending || w.problem) ? (
        <div className="mb-6 grid gap-2">
          <WorkNotice
            status={work.createOutline}
            pendingText={PENDING_TEXTS.createOutline}
            what="outline request"
            pagePath={`/sites/${page.siteId}/pages/${page.id}`}
          />
          <WorkNotice
            status={work.createArticle}
            pendingText={PENDING_TEXTS.createArticle}
            what="article creation request"
            pagePath={`/sites/${page.siteId}/pages/${page.id}`}
          />
          <WorkNotice
            status={work.modifyArticle}
            pendingText={PENDING_TEXTS.modifyArticle}
            what="modification request"
            pagePath={`/sites/${page.siteId}/pages/${page.id}`}
          />
        </div>
      ) : null}
      <Suspense fallback={<VersionsLoading />}>
        <Await resolve={versions} errorElement={<VersionsError />}>
          {(list) => (
            <VersionsWorkspace
              versions={list}
              chosenId={chosenId}
              onChoose={setChosenId}
              onEditingChange={setEditing}
              onAddHtml={openAdd}
              restore={restore}
            />
          )}
        </Await>
      </Suspense>
      <AddHtmlDialog open={adding} onOpenChange={setAdding} onCreated={setChosenId} />
    </div>
  );
}

/** An outline waits for the client's approval: the article is written once it is approved. */
function OutlineWaiting({ path }: { path: string }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
    >
      <p className="flex min-w-0 items-start gap-2">
        <ListTree aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{VERSION_TEXTS.outlineWaiting}</span>
      </p>
      <Button asChild size="sm">
        <Link to={path}>Review the outline</Link>
      </Button>
    </div>
  );
}

/** Asks for a new version: its outline first when the site approves outlines, else the article. */
function CreateNewVersionButton() {
  const fetcher = useToastFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  return (
    <Button onClick={() => fetcher.submit({ intent: "create-new-version" }, { method: "post" })} disabled={busy}>
      {busy ? <Spinner /> : <Sparkles aria-hidden="true" />}
      Create new page version
    </Button>
  );
}

function VersionsLoading() {
  return (
    <div className="grid gap-6">
      <Spinner label={VERSION_TEXTS.loading} className="text-muted-foreground" />
      <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
      <Skeleton className="h-96 rounded-xl" aria-hidden="true" />
    </div>
  );
}

function VersionsError() {
  const revalidator = useRevalidator();
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" role="alert">
      <p className="font-medium">Unable to load page versions.</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </Card>
  );
}
