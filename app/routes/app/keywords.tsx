/**
 * /sites/:siteId/pages/:pageId/keywords-for-page (spec part 2, sections 2, 4, 5, 7, 8 and 9): the
 * page's keywords with their SERP counts, the 'Use in search' toggle, queuing a SERP search, the
 * 'Add Keyword' dialog and the SERP results dialog. Every intent answers a KeywordActionResult that
 * the screen shows as a toast (or inline, for the add dialog). Contract relied on by tests: POST
 * intent=add, keyword=<text> to this route (or its .data URL) adds a keyword.
 */
import { Plus, RefreshCw } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, data, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { usePollWhile } from "~/lib/use-poll";
import type { Route } from "./+types/keywords";
import { PageTrail } from "~/components/page-trail";
import { AddKeywordDialog } from "~/components/keywords/add-keyword-dialog";
import { KeywordsTable } from "~/components/keywords/keywords-table";
import { SerpDialog } from "~/components/keywords/serp-dialog";
import { KEYWORD_INTENTS, type KeywordActionResult, type KeywordIntent, type ScreenKeyword } from "~/components/keywords/types";
import { PageHeader } from "~/components/page-header";
import { RouteErrorBoundary } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { KEYWORD_TEXTS } from "~/lib/keyword-rules";
import { PAGE_NOT_FOUND, throwNotFound } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import type { Toast } from "~/lib/toast";
import { NotFoundError, findOwnedPage } from "~/models/access.server";
import {
  AddKeywordError,
  addKeyword,
  BlankKeywordError,
  KeywordNotFoundError,
  listPageKeywords,
  listSerps,
  queueSerpSearch,
  SerpQueueError,
  serpsActionAvailable,
  setToSearch,
} from "~/models/keyword.server";
import { MissingActionError, pageWork } from "~/models/page-action.server";
import { WorkNotice } from "~/components/pending-work";
import { PENDING_TEXTS } from "~/lib/pending-work";
import { requireUser, type SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.page.name} - Keywords – ${BRAND_NAME}` : `${PAGE_NOT_FOUND.title} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

const findPage = (user: SessionUser, params: Route.LoaderArgs["params"]) => findOwnedPage(user, params, "keywords");

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await findPage(user, params);
  if (!page) throwNotFound(PAGE_NOT_FOUND);
  // Streamed: the screen shows a loading state until the list arrives.
  const keywords: Promise<ScreenKeyword[]> = listPageKeywords(user, page.site.id, page.id);
  const [canSearch, work] = await Promise.all([serpsActionAvailable(), pageWork(page.id, ["serps"])]);
  // A missing serps action is only logged (spec part 2, section 8): the SERP search button is not offered.
  if (!canSearch) logger.error({ action: "serps" }, "action catalogue entry missing");
  return {
    page: { id: page.id, name: page.name, url: page.url, siteId: page.site.id, siteName: page.site.name },
    keywords,
    serpsActionAvailable: canSearch,
    serpWork: work.serps,
  };
}

/** Queuing a search and reading results change nothing the list shows (the list refreshes 2 s after queuing). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "serps" || intent === "queue-serp") return false;
  return defaultShouldRevalidate;
}

const reply = (result: Omit<KeywordActionResult, "stamp">, status = result.ok ? 200 : 400) =>
  data<KeywordActionResult>({ ...result, stamp: Date.now() }, { status });

const errorToast = (title: string): Toast => ({ type: "error", title });

/** A positive integer field, or null. */
function idField(form: FormData, name: string): number | null {
  const id = Number(form.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const ADD_ERRORS: Record<AddKeywordError["stage"], string> = {
  search: KEYWORD_TEXTS.searchFailed,
  create: KEYWORD_TEXTS.createFailed,
  link: KEYWORD_TEXTS.linkFailed,
};

const QUEUE_ERRORS: Record<SerpQueueError["stage"], string> = {
  check: KEYWORD_TEXTS.checkActionFailed,
  update: KEYWORD_TEXTS.updateActionFailed,
  create: KEYWORD_TEXTS.createActionFailed,
};

/** The failure text of each intent when the page itself is missing or foreign. */
function notFound(intent: KeywordIntent): Omit<KeywordActionResult, "stamp"> {
  switch (intent) {
    case "add":
      return { ok: false, intent, error: PAGE_NOT_FOUND.message };
    case "toggle":
      return { ok: false, intent, toast: { type: "error", title: KEYWORD_TEXTS.toggleUnable, description: PAGE_NOT_FOUND.message } };
    default:
      return { ok: false, intent, toast: { type: "error", title: KEYWORD_TEXTS.unexpected, description: PAGE_NOT_FOUND.message } };
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const rawIntent = form.get("intent");
  const intent = KEYWORD_INTENTS.find((i) => i === rawIntent) ?? null;
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast(KEYWORD_TEXTS.unexpected) });

  const page = await findPage(user, params);
  if (!page) return reply(notFound(intent), 404);
  const siteId = page.site.id;

  switch (intent) {
    case "add": {
      const text = form.get("keyword");
      try {
        const result = await addKeyword(user, siteId, page.id, typeof text === "string" ? text : "");
        return reply({
          ok: true,
          intent,
          linkId: result.linkId,
          alreadyLinked: result.alreadyLinked,
          toast: result.alreadyLinked
            ? { type: "info", title: KEYWORD_TEXTS.alreadyLinked }
            : { type: "success", title: KEYWORD_TEXTS.added },
        });
      } catch (error) {
        if (error instanceof BlankKeywordError) return reply({ ok: false, intent, error: KEYWORD_TEXTS.required });
        if (error instanceof NotFoundError) return reply(notFound(intent), 404);
        if (error instanceof AddKeywordError) {
          logger.error({ err: error.cause ?? error, pageId: page.id, stage: error.stage }, "adding a keyword failed");
          return reply({ ok: false, intent, error: ADD_ERRORS[error.stage] }, 500);
        }
        logger.error({ err: error, pageId: page.id }, "adding a keyword failed");
        return reply({ ok: false, intent, error: KEYWORD_TEXTS.addUnexpected }, 500);
      }
    }
    case "toggle": {
      const linkId = idField(form, "linkId");
      const value = form.get("value");
      if (!linkId || (value !== "true" && value !== "false"))
        return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.toggleUnable) });
      try {
        await setToSearch(user, linkId, value === "true", page.id);
        return reply({ ok: true, intent });
      } catch (error) {
        if (error instanceof KeywordNotFoundError || error instanceof NotFoundError) {
          logger.info({ userId: user.id, pageId: page.id, linkId }, "refused: search setting of a missing or foreign keyword");
          return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.toggleUnable) }, 404);
        }
        logger.error({ err: error, pageId: page.id, linkId }, "updating the search setting failed");
        return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.toggleFailed) }, 500);
      }
    }
    case "queue-serp": {
      const keywordId = idField(form, "keywordId");
      if (!keywordId) return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.unexpected) });
      try {
        await queueSerpSearch(user, siteId, page.id, keywordId);
        return reply({ ok: true, intent, toast: { type: "success", title: KEYWORD_TEXTS.queued } });
      } catch (error) {
        if (error instanceof KeywordNotFoundError || error instanceof NotFoundError) {
          logger.info({ userId: user.id, pageId: page.id, keywordId }, "refused: SERP search of a missing or foreign keyword");
          return reply(
            { ok: false, intent, toast: { type: "error", title: KEYWORD_TEXTS.unexpected, description: KEYWORD_TEXTS.keywordNotFound } },
            404,
          );
        }
        if (error instanceof MissingActionError) {
          logger.error({ action: error.actionName }, "action catalogue entry missing");
          return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.createActionFailed) }, 500);
        }
        if (error instanceof SerpQueueError) {
          logger.error({ err: error.cause ?? error, pageId: page.id, stage: error.stage }, "queuing a SERP search failed");
          return reply({ ok: false, intent, toast: errorToast(QUEUE_ERRORS[error.stage]) }, 500);
        }
        logger.error({ err: error, pageId: page.id }, "queuing a SERP search failed");
        return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.unexpected) }, 500);
      }
    }
    case "serps": {
      const keywordId = idField(form, "keywordId");
      if (!keywordId) return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.keywordNotFound) });
      try {
        const serps = await listSerps(user, siteId, page.id, keywordId);
        return reply({ ok: true, intent, serps });
      } catch (error) {
        if (error instanceof KeywordNotFoundError || error instanceof NotFoundError) {
          return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.keywordNotFound) }, 404);
        }
        logger.error({ err: error, pageId: page.id, keywordId }, "loading SERP results failed");
        return reply({ ok: false, intent, toast: errorToast(KEYWORD_TEXTS.unexpected) }, 500);
      }
    }
  }
}

export default function KeywordsScreen({ loaderData }: Route.ComponentProps) {
  const { page, keywords, serpsActionAvailable: canSearch, serpWork } = loaderData;
  // A SERP search queued or running: its results appear here as soon as the worker has stored them.
  usePollWhile(serpWork.pending);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<ScreenKeyword | null>(null);

  return (
    <div className="mx-auto max-w-5xl">
      <PageTrail page={page} current="Keywords" />
      <PageHeader
        title={`${page.name} - Keywords`}
        description={page.url}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add Keyword
          </Button>
        }
      />
      <WorkNotice
        className="mb-6"
        status={serpWork}
        pendingText={PENDING_TEXTS.serps}
        what="SERP search"
        pagePath={`/sites/${page.siteId}/pages/${page.id}`}
      />
      <Suspense fallback={<KeywordsLoading />}>
        <Await resolve={keywords} errorElement={<KeywordsError />}>
          {(rows) => <KeywordsTable rows={rows} serpsActionAvailable={canSearch} onViewSerps={setViewing} />}
        </Await>
      </Suspense>
      <AddKeywordDialog open={adding} onOpenChange={setAdding} />
      <SerpDialog keyword={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function KeywordsLoading() {
  return (
    <div className="grid gap-4">
      <Spinner label="Loading keywords..." className="text-muted-foreground" />
      <Skeleton className="h-48 rounded-xl" aria-hidden="true" />
    </div>
  );
}

function KeywordsError() {
  const revalidator = useRevalidator();
  useEffect(() => notify({ type: "error", title: KEYWORD_TEXTS.loadFailed, id: "keywords-load-failed" }), []);
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" role="alert">
      <p className="font-medium">{KEYWORD_TEXTS.loadFailed}</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </Card>
  );
}
