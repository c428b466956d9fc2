/**
 * /sites/:siteId/pages (spec part 2, sections 2, 4, 5, 7, 8 and 9): the page list of a site (TanStack
 * Table: search, status filter, sorting, pagination, selection), the page dialog, deletion, and the
 * batch actions. Every change posts to this route with an `intent` (create | update | delete |
 * create-articles | copy-urls), handled by one function each; the screen shows the answer's toast.
 * Contract relied on by other tests: POST intent=create, name, url, status (a status id) and
 * optionally hideCoverImageFromPreview=on to this route (or its .data URL) creates a page; the answer
 * carries its `pageId`. No client marks a page as demo (hide_revisions_texts_from_preview): the team does.
 */
import type { PaginationState, RowSelectionState, SortingState } from "@tanstack/react-table";
import { ArrowLeft, Plus, Search } from "lucide-react";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Await, Link, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/pages";
import { PagesTable, type PageItem } from "~/components/pages/pages-table";
import { RouteErrorBoundary } from "~/components/route-error";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { NotFoundError, PAGE_NOT_FOUND, parseId } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import {
  copyUrlLines,
  DEFAULT_SORT,
  DEFAULT_STATUSES,
  isFiltered,
  isStatusFilter,
  matchesSearch,
  matchesStatus,
  nextSort,
  PAGE_MESSAGES,
  PAGE_SIZE_DEFAULT,
  parsePageIds,
  STATUS_FILTERS,
  type SortColumn,
  type StatusFilter,
} from "~/lib/page-rules";
import { pageFormSchema } from "~/lib/schemas/page";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { requireOwnedSite } from "~/models/access.server";
import { MissingActionError } from "~/models/page-action.server";
import {
  BatchRuleError,
  createPage,
  deletePage,
  latestVersionsFor,
  listPages,
  listStatuses,
  queueArticleCreation,
  updatePage,
} from "~/models/page.server";
import { getSessionUser, requireUser, type SessionUser } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { intentOf, invalidForm, logRefused, reply, runIntent } from "~/services/route-action.server";
import { BatchActions } from "./pages/batch-actions";
import { DeletePageDialog } from "./pages/delete-page-dialog";
import { PageDialog, type StatusOption } from "./pages/page-dialog";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Pages for ${loaderData.site.name} – ${BRAND_NAME}` : `Pages – ${BRAND_NAME}` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const site = await requireOwnedSite(user, params.siteId, request);
  // Streamed: the page shows 'Loading pages...' until the list arrives.
  const pages: Promise<PageItem[]> = listPages(user, site.id).catch((error: unknown) => {
    logger.error({ err: error, siteId: site.id }, "page list failed");
    throw new Error(PAGE_MESSAGES.loadFailed);
  });
  // The statuses table falls back to the spec's three defaults (and says so) when it cannot be read.
  type Statuses = { rows: StatusOption[]; failed: boolean };
  const statuses = await listStatuses().then(
    (rows): Statuses => (rows.length ? { rows, failed: false } : { rows: [...DEFAULT_STATUSES], failed: true }),
    (error): Statuses => {
      logger.error({ err: error }, "statuses could not be loaded");
      return { rows: [...DEFAULT_STATUSES], failed: true };
    },
  );
  return { site, statuses, pages };
}

/** Routine actions (copying URLs, queueing articles) change nothing the list shows. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "copy-urls" || intent === "create-articles") return false;
  return defaultShouldRevalidate;
}

type Ctx = { request: Request; form: FormData; user: SessionUser; siteId: string | undefined };

const pageIdOf = (form: FormData) => parseId(String(form.get("pageId") ?? ""), "page");

async function create({ form, user, siteId }: Ctx) {
  const site = parseId(siteId, "site");
  const submission = parseSubmission(form, pageFormSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "create", ...invalidForm(submission, { fallback: PAGE_MESSAGES.createFailed }) });
  const created = await createPage(user, site, submission.value);
  return reply({ ok: true, intent: "create", pageId: created.id, toast: successToast(PAGE_MESSAGES.created) });
}

async function update({ form, user, siteId }: Ctx) {
  const site = parseId(siteId, "site");
  if (!form.get("pageId")) {
    return reply({
      ok: false,
      intent: "update",
      error: PAGE_MESSAGES.missingUserOrPage,
      toast: errorToast(PAGE_MESSAGES.missingUserOrPage),
    });
  }
  const submission = parseSubmission(form, pageFormSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "update", ...invalidForm(submission, { fallback: PAGE_MESSAGES.createFailed }) });
  await updatePage(user, site, pageIdOf(form), submission.value);
  return reply({ ok: true, intent: "update", toast: successToast(PAGE_MESSAGES.updated) });
}

async function remove({ form, user, siteId }: Ctx) {
  const deleted = await deletePage(user, parseId(siteId, "site"), pageIdOf(form));
  return reply({
    ok: true,
    intent: "delete",
    toast: successToast(PAGE_MESSAGES.deleted, `"${deleted.name}" has been deleted.`),
  });
}

async function createArticles({ form, user, siteId }: Ctx) {
  const queued = await queueArticleCreation(user, parseId(siteId, "site"), parsePageIds(form.getAll("pageId")));
  return reply({
    ok: true,
    intent: "create-articles",
    count: queued.length,
    toast: successToast("Success", PAGE_MESSAGES.batchCreated(queued.length)),
  });
}

async function copyUrls({ form, user, siteId }: Ctx) {
  const versions = await latestVersionsFor(user, parseId(siteId, "site"), parsePageIds(form.getAll("pageId")));
  if (versions.length === 0) {
    return reply({ ok: false, intent: "copy-urls", error: PAGE_MESSAGES.noVersions, toast: errorToast(PAGE_MESSAGES.noVersions) }, 200);
  }
  return reply({ ok: true, intent: "copy-urls", text: copyUrlLines(versions, getEnv().PUBLIC_URL), count: versions.length });
}

const INTENTS = { create, update, delete: remove, "create-articles": createArticles, "copy-urls": copyUrls };
type PageIntent = keyof typeof INTENTS;

/** Messages for a request without a session, by intent (spec part 2, sections 5 and 8). */
const NOT_SIGNED_IN: Record<PageIntent, string> = {
  create: PAGE_MESSAGES.notSignedInCreate,
  update: PAGE_MESSAGES.missingUserOrPage,
  delete: PAGE_MESSAGES.missingUserOrPage,
  "create-articles": PAGE_MESSAGES.notAuthenticated,
  "copy-urls": PAGE_MESSAGES.notAuthenticated,
};

/** The spec's failure texts, by intent; a missing or foreign site or page answers 404. */
function failed(error: unknown, intent: PageIntent) {
  const missing = error instanceof NotFoundError;
  const status = missing ? 404 : 500;
  switch (intent) {
    case "create":
      return reply({ ok: false, intent, error: PAGE_MESSAGES.createFailedInline, toast: errorToast(PAGE_MESSAGES.createFailed) }, status);
    case "update":
      return reply({ ok: false, intent, error: PAGE_MESSAGES.updateFailed, toast: errorToast(PAGE_MESSAGES.updateFailed) }, status);
    case "delete":
      return reply({ ok: false, intent, error: PAGE_MESSAGES.deleteFailed, toast: errorToast(PAGE_MESSAGES.deleteFailed) }, status);
    case "create-articles": {
      const known = error instanceof BatchRuleError || error instanceof MissingActionError;
      const description = known ? (error as Error).message : missing ? PAGE_NOT_FOUND.message : PAGE_MESSAGES.batchFailed;
      const code = error instanceof BatchRuleError ? 400 : status;
      return reply({ ok: false, intent, error: description, toast: errorToast(description, PAGE_MESSAGES.batchFailed) }, code);
    }
    case "copy-urls": {
      const description = missing ? PAGE_NOT_FOUND.message : PAGE_MESSAGES.copyFailed;
      return reply({ ok: false, intent, error: description, toast: errorToast(description) }, status);
    }
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, error: "Unknown action", toast: errorToast("Unknown action") });
  if (!user) {
    logRefused(request, { intent });
    const title = intent === "create-articles" ? PAGE_MESSAGES.batchFailed : "Error";
    return reply({ ok: false, intent, error: NOT_SIGNED_IN[intent], toast: errorToast(NOT_SIGNED_IN[intent], title) }, 401);
  }
  return runIntent(INTENTS, intent, { request, form, user, siteId: params.siteId }, { failed, expected: [BatchRuleError] });
}

export default function PagesScreen({ loaderData }: Route.ComponentProps) {
  const { site, statuses } = loaderData;
  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [sorting, setSorting] = useState<SortingState>([DEFAULT_SORT]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE_DEFAULT });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [dialog, setDialog] = useState<{ open: boolean; page: PageItem | null }>({ open: false, page: null });
  const [toDelete, setToDelete] = useState<PageItem | null>(null);

  useEffect(() => {
    if (statuses.failed) notify(errorToast(PAGE_MESSAGES.statusesFailed));
  }, [statuses.failed]);

  // A new search or filter starts on the first page. The selection stays: pages it hides stay
  // selected, and the batch bar counts them.
  const changeSearch = (value: string) => {
    setSearch(value);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  const changeFilter = (value: string) => {
    if (!isStatusFilter(value)) return;
    setStatusFilter(value);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  const onSort = useCallback((column: SortColumn) => {
    setSorting((current) => {
      const sort = current[0];
      return [nextSort(sort ? { id: sort.id as SortColumn, desc: sort.desc } : null, column)];
    });
  }, []);
  const onEdit = useCallback((page: PageItem) => setDialog({ open: true, page }), []);
  const onDelete = useCallback((page: PageItem) => setToDelete(page), []);
  const filtered = isFiltered(search, statusFilter);

  return (
    <div className="mx-auto grid max-w-6xl min-w-0 gap-5">
      <div className="grid gap-2">
        <Link
          to={`/sites/${site.id}`}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to {site.name}
        </Link>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">Pages for {site.name}</h1>
          <p className="mt-1 truncate text-sm text-muted-foreground">{site.url}</p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-56" role="search">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => changeSearch(event.currentTarget.value)}
            placeholder="Search pages..."
            aria-label="Search pages"
            className="pl-9"
          />
        </div>
        <Select value={statusFilter} onValueChange={changeFilter}>
          <SelectTrigger className="w-40" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((f) => (
              <SelectItem key={f.value} value={f.value}>
                {f.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button onClick={() => setDialog({ open: true, page: null })} className="ml-auto">
          <Plus aria-hidden="true" /> New page
        </Button>
      </div>

      <Suspense fallback={<PagesLoading />}>
        <Await resolve={loaderData.pages} errorElement={<PagesError />}>
          {(pages) => (
            <FilteredTable
              siteId={site.id}
              pages={pages}
              search={search}
              statusFilter={statusFilter}
              filtered={filtered}
              sorting={sorting}
              onSort={onSort}
              pagination={pagination}
              onPaginationChange={setPagination}
              rowSelection={rowSelection}
              onRowSelectionChange={setRowSelection}
              onEdit={onEdit}
              onDelete={onDelete}
              batchActions={(selection) => (
                <BatchActions siteId={site.id} selectedIds={selection.ids} hiddenCount={selection.hiddenCount} onClear={selection.clear} />
              )}
            />
          )}
        </Await>
      </Suspense>

      <PageDialog
        open={dialog.open}
        page={dialog.page}
        siteId={site.id}
        siteUrl={site.url}
        statuses={statuses.rows}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <DeletePageDialog page={toDelete} siteId={site.id} onClose={() => setToDelete(null)} />
    </div>
  );
}

function FilteredTable({
  pages,
  search,
  statusFilter,
  rowSelection,
  onRowSelectionChange,
  ...props
}: Omit<React.ComponentProps<typeof PagesTable>, "pages" | "hiddenSelectedIds"> & {
  pages: PageItem[];
  search: string;
  statusFilter: StatusFilter;
}) {
  const shown = useMemo(
    () => pages.filter((page) => matchesSearch(page, search) && matchesStatus(page, statusFilter)),
    [pages, search, statusFilter],
  );
  // A page deleted since it was selected is no longer selected.
  const existing = useMemo(() => {
    const ids = new Set(pages.map((page) => String(page.id)));
    return Object.fromEntries(Object.entries(rowSelection).filter(([id, on]) => on && ids.has(id)));
  }, [pages, rowSelection]);
  // Selected pages that the search or the status filter hides: still selected, counted by the batch bar.
  const hiddenSelectedIds = useMemo(() => {
    const shownIds = new Set(shown.map((page) => page.id));
    return pages.filter((page) => existing[String(page.id)] && !shownIds.has(page.id)).map((page) => page.id);
  }, [pages, shown, existing]);
  return (
    <PagesTable
      pages={shown}
      hiddenSelectedIds={hiddenSelectedIds}
      rowSelection={existing}
      onRowSelectionChange={onRowSelectionChange}
      {...props}
    />
  );
}

function PagesLoading() {
  return (
    <div className="grid gap-3">
      <Spinner label={PAGE_MESSAGES.loading} className="text-muted-foreground" />
      <div className="grid gap-2 rounded-xl border bg-card p-4" aria-hidden="true">
        <Skeleton className="h-8 w-full" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

function PagesError() {
  const revalidator = useRevalidator();
  useEffect(() => notify(errorToast(PAGE_MESSAGES.loadFailed)), []);
  return (
    <Alert variant="destructive">
      <AlertTitle>{PAGE_MESSAGES.loadFailed}</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
