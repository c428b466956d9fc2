/**
 * /sites/:siteId/pages/:pageId/page-versions (spec part 2, sections 2, 4, 5, 7 and 8): the versions of
 * a page's article, the HTML viewer (rendered, code, edit, compare), the Modify Versions form, and the
 * requests for a new version. Every intent answers a VersionActionResult that the screen shows as a
 * toast. Contract relied on by other tests: POST intent=add-html, format=html, content=<html> to this
 * route (or its .data URL) creates a version.
 */
import { ClipboardPaste, RefreshCw, Sparkles } from "lucide-react";
import { Suspense, useCallback, useState } from "react";
import { Await, data, useRevalidator } from "react-router";
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
import { AddHtmlDialog } from "~/components/versions/add-html-dialog";
import type { ScreenVersion } from "~/components/versions/types";
import { useVersionFetcher } from "~/components/versions/use-version-fetcher";
import {
  addHtmlSchema,
  deleteSchema,
  restoreSchema,
  modifySchema,
  saveEditSchema,
  VERSION_INTENTS,
  VERSION_TEXTS,
  type VersionActionResult,
  type VersionIntent,
} from "~/components/versions/version-forms";
import { VersionsWorkspace } from "~/components/versions/versions-workspace";
import { BRAND_NAME } from "~/lib/constants";
import { PENDING_TEXTS } from "~/lib/pending-work";
import { PAGE_NOT_FOUND, throwNotFound } from "~/lib/not-found";
import { parseForm } from "~/lib/schemas/form";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { usePollWhile } from "~/lib/use-poll";
import { versionLabel, versionLabels } from "~/lib/version-rules";
import { NotFoundError, findOwnedPage } from "~/models/access.server";
import { MissingActionError, pageWork } from "~/models/page-action.server";
import {
  createVersion,
  restoreEarlierText,
  deleteVersion,
  InvalidExampleError,
  listVersions,
  queueNewVersion,
  recordModification,
  type ListedVersion,
} from "~/models/version.server";
import { requireUser, type SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.page.name} - Versions – ${BRAND_NAME}` : `${PAGE_NOT_FOUND.title} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

const findPage = (user: SessionUser, params: Route.LoaderArgs["params"]) => findOwnedPage(user, params, "page versions");

/** What the screen receives of a version: the source as text, and the sanitized HTML it may render. */
function toScreenVersion(row: ListedVersion, label: string): ScreenVersion {
  return {
    id: row.id,
    createdDate: row.createdDate ? row.createdDate.toISOString() : null,
    label,
    htmlContent: row.htmlContent,
    safeHtml: sanitizeArticleHtml(row.htmlContent),
    commentsToModify: row.commentsToModify,
    needToDoWebSearchForModification: row.needToDoWebSearchForModification,
    highlightModifiedContent: row.highlightModifiedContent,
    unhighlightModifiedContent: row.unhighlightModifiedContent,
    pagesVersionsToTakeAsExample: row.pagesVersionsToTakeAsExample,
    historyCount: row.historyCount,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await findPage(user, params);
  if (!page) throwNotFound(PAGE_NOT_FOUND);
  // Streamed: the screen shows 'Loading page versions...' until the list arrives.
  const versions = listVersions(user, page.site.id, page.id).then((rows) => {
    const labels = versionLabels(rows);
    return rows.map((row) => toScreenVersion(row, labels.get(row.id) ?? versionLabel(row.createdDate)));
  });
  // Work that changes this list: a new version being written, or a version being modified.
  const work = await pageWork(page.id, ["create_article", "modify_articles_with_instructions"]);
  return {
    page: { id: page.id, name: page.name, url: page.url, siteId: page.site.id, siteName: page.site.name },
    versions,
    work: { createArticle: work.create_article, modifyArticle: work.modify_articles_with_instructions },
  };
}

/** The failure text of each intent (spec part 2, section 8). */
const FAILURE: Record<VersionIntent, string> = {
  "add-html": VERSION_TEXTS.saveFailed,
  "save-edit": VERSION_TEXTS.saveFailed,
  delete: VERSION_TEXTS.deleteFailed,
  modify: VERSION_TEXTS.updateFailed,
  "create-new-version": VERSION_TEXTS.queueFailed,
  "restore-earlier": VERSION_TEXTS.restoreFailed,
};

const reply = (result: Omit<VersionActionResult, "stamp">, status = result.ok ? 200 : 400) =>
  data<VersionActionResult>({ ...result, stamp: Date.now() }, { status });

const success = (intent: VersionIntent, title: string, versionId?: number) =>
  reply({ ok: true, intent, versionId, toast: { type: "success", title } });

const failure = (
  intent: VersionIntent | null,
  title: string,
  status: number,
  description?: string,
  errors?: VersionActionResult["errors"],
) => reply({ ok: false, intent, errors, toast: { type: "error", title, description } }, status);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const rawIntent = form.get("intent");
  const intent = VERSION_INTENTS.find((i) => i === rawIntent) ?? null;
  if (!intent) return failure(null, "Error", 400, "Unknown action.");

  const page = await findPage(user, params);
  if (!page) return failure(intent, FAILURE[intent], 404, PAGE_NOT_FOUND.message);

  try {
    switch (intent) {
      case "add-html": {
        const parsed = parseForm(addHtmlSchema, form);
        if (!parsed.ok) return failure(intent, FAILURE[intent], 400, Object.values(parsed.errors)[0], parsed.errors);
        const { content, format } = parsed.data;
        const html = format === "markdown" ? await marked.parse(content, { gfm: true }) : content;
        const version = await createVersion(user, page.id, html);
        return success(intent, VERSION_TEXTS.saved, version.id);
      }
      case "save-edit": {
        const parsed = parseForm(saveEditSchema, form);
        if (!parsed.ok) return failure(intent, FAILURE[intent], 400, Object.values(parsed.errors)[0], parsed.errors);
        // The edited version must be one of this page's; its HTML is saved as a NEW version.
        const version = await createVersion(user, page.id, parsed.data.html, { basedOn: parsed.data.versionId });
        return success(intent, VERSION_TEXTS.saved, version.id);
      }
      case "delete": {
        const parsed = parseForm(deleteSchema, form);
        if (!parsed.ok) return failure(intent, FAILURE[intent], 400, Object.values(parsed.errors)[0], parsed.errors);
        const deleted = await deleteVersion(user, parsed.data.versionId, page.id);
        return success(intent, VERSION_TEXTS.deleted, deleted.id);
      }
      case "modify": {
        const parsed = parseForm(modifySchema, form);
        if (!parsed.ok) {
          if (parsed.errors.versionId) return failure(intent, "Error", 400, VERSION_TEXTS.selectVersion, parsed.errors);
          return failure(intent, FAILURE[intent], 400, Object.values(parsed.errors)[0], parsed.errors);
        }
        const values = parsed.data;
        await recordModification(
          user,
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
        return success(intent, VERSION_TEXTS.updated, values.versionId);
      }
      case "restore-earlier": {
        const parsed = parseForm(restoreSchema, form);
        if (!parsed.ok) return failure(intent, FAILURE[intent], 400, Object.values(parsed.errors)[0], parsed.errors);
        const version = await restoreEarlierText(user, page.id, parsed.data.historyId);
        return success(intent, VERSION_TEXTS.restored, version.id);
      }
      case "create-new-version": {
        await queueNewVersion(user, page.id);
        return success(intent, VERSION_TEXTS.queued);
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError) {
      logger.info({ userId: user.id, pageId: page.id, intent }, "refused: change of a missing or foreign version");
      return failure(
        intent,
        FAILURE[intent],
        404,
        intent === "restore-earlier" ? VERSION_TEXTS.earlierTextNotFound : VERSION_TEXTS.versionNotFound,
      );
    }
    if (error instanceof InvalidExampleError) {
      return failure(intent, FAILURE[intent], 400, VERSION_TEXTS.badExample, { exampleVersionId: VERSION_TEXTS.badExample });
    }
    if (error instanceof MissingActionError) {
      logger.error({ action: error.actionName }, "action catalogue entry missing");
      return failure(intent, intent === "create-new-version" ? VERSION_TEXTS.createActionMissing : FAILURE[intent], 500);
    }
    logger.error({ err: error, pageId: page.id, intent }, "page versions change failed");
    return failure(intent, FAILURE[intent], 500);
  }
}

export default function PageVersionsScreen({ loaderData }: Route.ComponentProps) {
  const { page, work } = loaderData;
  // A version being written or modified: the list is read again until the worker is done with it.
  usePollWhile(work.createArticle.pending || work.modifyArticle.pending);
  // A fresh screen (active version, modes) for each page.
  return <PageVersions key={page.id} page={page} versions={loaderData.versions} work={work} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function PageVersions({
  page,
  versions,
  work,
}: {
  page: LoaderData["page"];
  versions: Promise<ScreenVersion[]>;
  work: LoaderData["work"];
}) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const openAdd = useCallback(() => setAdding(true), []);
  // Restoring an earlier text makes a new version, which becomes the active one.
  const restore = useVersionFetcher((result) => {
    if (result.ok && result.versionId) setChosenId(result.versionId);
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
      {[work.createArticle, work.modifyArticle].some((w) => w.pending || w.problem) ? (
        <div className="mb-6 grid gap-2">
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

/** Queues a create_article action: the background process writes a new version. */
function CreateNewVersionButton() {
  const fetcher = useVersionFetcher();
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
