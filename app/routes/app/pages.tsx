/**
 * /sites/:siteId/pages (spec part 2, sections 2, 4, 5, 7, 8 and 9): the page list of a site, the page
 * dialog, deletion, and the batch actions. Search, status filter, sorting and paging happen on the server
 * (listPagesPaged) and live in the URL (?q=&status=&sort=&dir=&page=&size=, lib/page-list-query.ts), so
 * back and reload keep the view and the document carries only the rows shown (issue 13, decision 021);
 * the selection is ids kept by the screen, across pages, searches and filters. Every change posts to this route with an `intent` (create | update | delete |
 * create-articles | copy-urls), handled by one function each; the screen shows the answer's toast.
 * Contract relied on by other tests: POST intent=create, name, url, status (a status id) and
 * optionally hideCoverImageFromPreview=on to this route (or its .data URL) creates a page; the answer
 * carries its `pageId`. No client marks a page as demo (hide_revisions_texts_from_preview): the team does.
 */
import type { RowSelectionState } from "@tanstack/react-table";
import { ArrowLeft, Plus, Search } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  Link,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
  useRevalidator,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/pages";
import { PagesTable, type PageItem } from "./pages/pages-table";
import { RouteErrorBoundary } from "~/components/route-error";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { formId, formIds } from "~/lib/form-id";
import { NotFoundError, PAGE_NOT_FOUND, parseId } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { useDelayed } from "~/lib/use-delayed";
import { pageListSearch, parsePageListQuery, SEARCH_MAX_LENGTH, type PageListQuery, type PageSize } from "~/lib/page-list-query";
import {
  copyUrlLines,
  DEFAULT_STATUSES,
  isFiltered,
  isStatusFilter,
  nextSort,
  PAGE_MESSAGES,
  PAGE_SIZE_OPTIONS,
  STATUS_FILTERS,
  type SortColumn,
} from "~/lib/page-rules";
import { pageFormSchema } from "~/lib/schemas/page";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { getActor, requireActor, requireOwnedSite } from "~/models/access.server";
import { MissingActionError } from "~/models/page-action.server";
import {
  BatchRuleError,
  createPage,
  deletePage,
  latestVersionsFor,
  listPagesPaged,
  listStatuses,
  type PageListPage,
  queueArticleCreation,
  updatePage,
} from "~/models/page.server";
import type { SessionUser } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { intentOf, invalidForm, logRefused, reply, runIntent } from "~/services/route-action.server";
import { BatchActions } from "./pages/batch-actions";
import { DeletePageDialog } from "./pages/delete-page-dialog";
import { PageDialog, type StatusOption } from "./pages/page-dialog";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Pages for ${loaderData.site.name} – ${BRAND_NAME}` : `Pages – ${BRAND_NAME}` },
];

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const site = await requireOwnedSite(user, params.siteId, request);
  const query = parsePageListQuery(url.searchParams);
  // One page of the list, read directly: it takes milliseconds, so nothing is streamed (decision 021). A
  // failure shows the spec's banner with 'Try again' instead of the rows.
  const list = listPagesPaged(user, site.id, query).catch((error: unknown): PageListPage | null => {
    logger.error({ err: error, siteId: site.id }, "page list failed");
    return null;
  });
  // The statuses table falls back to the spec's three defaults (and says so) when it cannot be read.
  type Statuses = { rows: StatusOption[]; failed: boolean };
  const statuses = listStatuses().then(
    (rows): Statuses => (rows.length ? { rows, failed: false } : { rows: [...DEFAULT_STATUSES], failed: true }),
    (error): Statuses => {
      logger.error({ err: error }, "statuses could not be loaded");
      return { rows: [...DEFAULT_STATUSES], failed: true };
    },
  );
  return { site, query, list: await list, statuses: await statuses };
}

/** Routine actions (copying URLs, queueing articles) change nothing the list shows. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "copy-urls" || intent === "create-articles") return false;
  return defaultShouldRevalidate;
}

type Ctx = { request: Request; form: FormData; user: SessionUser; siteId: string | undefined };

/** The spec's answer to an edit or a delete without its page (its id missing, or anything but an id). */
const withoutPage = (intent: "update" | "delete") =>
  reply({ ok: false, intent, error: PAGE_MESSAGES.missingUserOrPage, toast: errorToast(PAGE_MESSAGES.missingUserOrPage) });

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
  const pageId = formId(form, "pageId");
  if (pageId === null) return withoutPage("update");
  const submission = parseSubmission(form, pageFormSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "update", ...invalidForm(submission, { fallback: PAGE_MESSAGES.createFailed }) });
  await updatePage(user, site, pageId, submission.value);
  return reply({ ok: true, intent: "update", toast: successToast(PAGE_MESSAGES.updated) });
}

async function remove({ form, user, siteId }: Ctx) {
  const pageId = formId(form, "pageId");
  if (pageId === null) return withoutPage("delete");
  const deleted = await deletePage(user, parseId(siteId, "site"), pageId);
  return reply({
    ok: true,
    intent: "delete",
    pageId: deleted.id,
    toast: successToast(PAGE_MESSAGES.deleted, `"${deleted.name}" has been deleted.`),
  });
}

async function createArticles({ form, user, siteId }: Ctx) {
  const queued = await queueArticleCreation(user, parseId(siteId, "site"), formIds(form.getAll("pageId")));
  return reply({
    ok: true,
    intent: "create-articles",
    count: queued.length,
    toast: successToast("Success", PAGE_MESSAGES.batchCreated(queued.length)),
  });
}

async function copyUrls({ form, user, siteId }: Ctx) {
  const versions = await latestVersionsFor(user, parseId(siteId, "site"), formIds(form.getAll("pageId")));
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
  const user = await getActor(request);
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

/** A search is sent once typing pauses this long. */
const SEARCH_DELAY_MS = 250;
/** A quick change of view does not flash 'Loading pages...'. */
const LOADING_DELAY_MS = 300;

export default function PagesScreen({ loaderData }: Route.ComponentProps) {
  const { site, statuses, query, list } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [dialog, setDialog] = useState<{ open: boolean; page: PageItem | null }>({ open: false, page: null });
  const [toDelete, setToDelete] = useState<PageItem | null>(null);

  useEffect(() => {
    if (statuses.failed) notify(errorToast(PAGE_MESSAGES.statusesFailed));
  }, [statuses.failed]);

  // The view shown is the loader's; a change starts from the view being loaded, if any, so that two quick
  // clicks (Next, Next) add up.
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname ? navigation.location : null;
  const shown: PageListQuery = { ...query, page: list?.page ?? query.page };
  const base = pending ? parsePageListQuery(new URLSearchParams(pending.search)) : shown;

  // The search box: what is typed goes to the URL once typing pauses (replacing the history entry). A
  // navigation of the screen's own carries the box's text already (and the person may have typed on since);
  // any other (back, forward, a link) brings its search into the box. Only what the person typed and the URL
  // does not carry yet is sent: while back or forward loads another view, the box still shows the text of the
  // view being left, which must not be sent over the view being loaded.
  const [search, setSearch] = useState({ text: query.search, typed: false });
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    const own = (location.state as { pageList?: boolean } | null)?.pageList === true;
    if (navigationType === "POP" || !own) setSearch({ text: query.search, typed: false });
  }
  const searchText = search.text;
  const typedSearch = searchText.trim() === "" ? "" : searchText;

  // Handlers read the newest view through a ref, so that they stay stable (the table's columns are built
  // once per site; rebuilt, their sort buttons would lose the focus).
  const latest = useRef({ base, typedSearch });
  useEffect(() => {
    latest.current = { base, typedSearch };
  });
  /** Shows another view; a new search or filter starts on the first page. */
  const go = useCallback(
    (change: Partial<PageListQuery>, { replace = false } = {}) => {
      const { base: from, typedSearch: search } = latest.current;
      const next = { ...from, search, ...change };
      if (next.search !== from.search || next.status !== from.status) next.page = 1;
      navigate({ search: pageListSearch(next) }, { replace, preventScrollReset: true, state: { pageList: true } });
    },
    [navigate],
  );
  useEffect(() => {
    if (!search.typed || typedSearch === base.search) return;
    const timer = setTimeout(() => {
      go({ search: typedSearch }, { replace: true });
      // Sent: the box now says what the URL says, until the person types again.
      setSearch((current) => (current.text === search.text ? { ...current, typed: false } : current));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, typedSearch, base.search, go]);

  const changeFilter = (value: string) => {
    if (isStatusFilter(value)) go({ status: value });
  };
  const onSort = useCallback((column: SortColumn) => go({ sort: nextSort(latest.current.base.sort, column) }), [go]);
  // Two quick clicks on Next go two pages on (the list answers the last page for a page past its end).
  const onPageStep = (step: 1 | -1) => go({ page: Math.max(1, latest.current.base.page + step) });
  const onPageSizeChange = (size: number) => {
    if ((PAGE_SIZE_OPTIONS as readonly number[]).includes(size)) go({ pageSize: size as PageSize, page: 1 });
  };
  const onEdit = useCallback((page: PageItem) => setDialog({ open: true, page }), []);
  const onDelete = useCallback((page: PageItem) => setToDelete(page), []);
  const onDeleted = (pageId: number) =>
    setRowSelection((selection) => Object.fromEntries(Object.entries(selection).filter(([id]) => id !== String(pageId))));
  const filtered = isFiltered(query.search, query.status);
  const loading = useDelayed(pending !== null, LOADING_DELAY_MS);

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
            value={searchText}
            onChange={(event) => setSearch({ text: event.currentTarget.value, typed: true })}
            placeholder="Search pages..."
            aria-label="Search pages"
            maxLength={SEARCH_MAX_LENGTH}
            className="pl-9"
          />
        </div>
        <Select value={base.status} onValueChange={changeFilter}>
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

      {list ? (
        <PagesTable
          siteId={site.id}
          pages={list.rows}
          filtered={filtered}
          sort={query.sort}
          onSort={onSort}
          page={list.page}
          pageCount={list.pageCount}
          pageSizeChosen={base.pageSize}
          onPageStep={onPageStep}
          onPageSizeChange={onPageSizeChange}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
          onEdit={onEdit}
          onDelete={onDelete}
          busy={pending !== null}
          loading={loading}
          batchActions={(selection) => (
            <BatchActions
              siteId={site.id}
              selectedIds={selection.ids}
              hiddenCount={selection.hiddenCount}
              hiddenBy={selection.hiddenBy}
              onClear={selection.clear}
            />
          )}
        />
      ) : (
        <PagesError />
      )}

      <PageDialog
        open={dialog.open}
        page={dialog.page}
        siteId={site.id}
        siteUrl={site.url}
        statuses={statuses.rows}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <DeletePageDialog page={toDelete} siteId={site.id} onClose={() => setToDelete(null)} onDeleted={onDeleted} />
    </div>
  );
}

function PagesError() {
  const revalidator = useRevalidator();
  useEffect(() => notify(errorToast(PAGE_MESSAGES.loadFailed)), []);
  return (
    <Alert variant="destructive">
      <AlertTitle>{PAGE_MESSAGES.loadFailed}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
          Try again
        </Button>
        {revalidator.state !== "idle" ? <Spinner label={PAGE_MESSAGES.loading} /> : null}
      </AlertDescription>
    </Alert>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
