/**
 * /sites/:siteId/pages/:pageId/keywords-for-page (spec part 2, sections 2, 4, 5, 7, 8 and 9): the
 * page's keywords with their SERP counts, the 'Use in search' toggle, queuing a SERP search, the
 * 'Add Keyword' dialog and the SERP results dialog, with the keyword's research (issue 39: the questions people
 * ask, the AI Overview, the top pages read). Every change posts to this route with an `intent`
 * (add | toggle | queue-serp | serps | research), handled by one function each; the screen shows the answer as a
 * toast (or inline, for the add dialog). Contract relied on by tests: POST intent=add, keyword=<text> to
 * this route (or its .data URL) adds a keyword.
 */
import { Plus, RefreshCw } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { usePollWhile } from "~/lib/use-poll";
import type { Route } from "./+types/keywords";
import { PageTrail } from "~/components/page-trail";
import { PageHeader } from "~/components/page-header";
import { RouteErrorBoundary } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { KEYWORD_TEXTS } from "~/lib/keyword-rules";
import { RESEARCH_TEXTS } from "~/lib/research-texts";
import { NotFoundError, PAGE_NOT_FOUND, parseId } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { parseSubmission } from "~/lib/schemas/submission";
import type { Toast } from "~/lib/toast";
import { ownedPage, requireActor, requireOwnedPage } from "~/models/access.server";
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
import { keywordResearch } from "~/models/research.server";
import { WorkNotice } from "~/components/pending-work";
import { PENDING_TEXTS } from "~/lib/pending-work";
import type { SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { intentOf, invalidForm, logRefused, reply, runIntent } from "~/services/route-action.server";
import { AddKeywordDialog } from "./keywords/add-keyword-dialog";
import { addKeywordSchema } from "./keywords/keyword-form";
import { KeywordsTable, type ScreenKeyword } from "./keywords/keywords-table";
import { SerpDialog } from "./keywords/serp-dialog";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.page.name} - Keywords – ${BRAND_NAME}` : `${PAGE_NOT_FOUND.title} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const page = await requireOwnedPage(user, params, request);
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

/** Queuing a search and reading results or research change nothing the list shows (the list refreshes 2 s after queuing). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "serps" || intent === "queue-serp" || intent === "research") return false;
  return defaultShouldRevalidate;
}

/** An error toast whose title is the spec's message (and a description only when given). */
const errorTitle = (title: string, description?: string): Toast =>
  description === undefined ? { type: "error", title } : { type: "error", title, description };

type Ctx = { request: Request; form: FormData; user: SessionUser; params: Route.ActionArgs["params"] };

/** The page of the URL, owned by the user and on that site (NotFoundError otherwise): every intent starts here. */
const pageOf = ({ user, params }: Ctx) => ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));

async function add(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, addKeywordSchema);
  if (submission.status !== "success") {
    // Said inline in the dialog, under the field, without a toast.
    const { toast: _toast, ...refused } = invalidForm(submission);
    return reply({ ok: false, intent: "add", ...refused });
  }
  const added = await addKeyword(ctx.user, page.site.id, page.id, submission.value.keyword);
  return reply({
    ok: true,
    intent: "add",
    linkId: added.linkId,
    alreadyLinked: added.alreadyLinked,
    toast: added.alreadyLinked
      ? { type: "info" as const, title: KEYWORD_TEXTS.alreadyLinked }
      : { type: "success" as const, title: KEYWORD_TEXTS.added },
  });
}

async function toggle(ctx: Ctx) {
  const page = await pageOf(ctx);
  const linkId = formId(ctx.form, "linkId");
  const value = ctx.form.get("value");
  if (linkId === null || (value !== "true" && value !== "false"))
    return reply({ ok: false, intent: "toggle", toast: errorTitle(KEYWORD_TEXTS.toggleUnable, KEYWORD_TEXTS.chooseAgain) });
  await setToSearch(ctx.user, linkId, value === "true", page.id);
  return reply({ ok: true, intent: "toggle" });
}

async function queueSerp(ctx: Ctx) {
  const page = await pageOf(ctx);
  const keywordId = formId(ctx.form, "keywordId");
  if (keywordId === null)
    return reply({ ok: false, intent: "queue-serp", toast: errorTitle(KEYWORD_TEXTS.createActionFailed, KEYWORD_TEXTS.chooseAgain) });
  await queueSerpSearch(ctx.user, page.site.id, page.id, keywordId);
  return reply({ ok: true, intent: "queue-serp", toast: { type: "success", title: KEYWORD_TEXTS.queued } });
}

async function serps(ctx: Ctx) {
  const page = await pageOf(ctx);
  const keywordId = formId(ctx.form, "keywordId");
  if (keywordId === null)
    return reply({ ok: false, intent: "serps", toast: errorTitle(KEYWORD_TEXTS.keywordNotFound, KEYWORD_TEXTS.chooseAgain) });
  return reply({ ok: true, intent: "serps", serps: await listSerps(ctx.user, page.site.id, page.id, keywordId) });
}

/** The keyword's research (its newest check's features, top pages and model), for the SERP dialog's other tabs. */
async function research(ctx: Ctx) {
  const page = await pageOf(ctx);
  const keywordId = formId(ctx.form, "keywordId");
  if (keywordId === null) return reply({ ok: false, intent: "research", error: KEYWORD_TEXTS.keywordNotFound });
  return reply({ ok: true, intent: "research", research: await keywordResearch(ctx.user, { pageId: page, keywordId }) });
}

const INTENTS = { add, toggle, "queue-serp": queueSerp, serps, research };
type KeywordIntent = keyof typeof INTENTS;

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

/** The spec's failure texts, by intent: a missing or foreign page answers 404, and so does a keyword not linked to it. */
function failed(error: unknown, intent: KeywordIntent) {
  const pageMissing = error instanceof NotFoundError;
  const keywordMissing = error instanceof KeywordNotFoundError;
  switch (intent) {
    case "add": {
      if (pageMissing) return reply({ ok: false, intent, error: PAGE_NOT_FOUND.message }, 404);
      if (error instanceof BlankKeywordError) return reply({ ok: false, intent, error: KEYWORD_TEXTS.required });
      const message = error instanceof AddKeywordError ? ADD_ERRORS[error.stage] : KEYWORD_TEXTS.addUnexpected;
      return reply({ ok: false, intent, error: message }, 500);
    }
    case "toggle":
      if (pageMissing) return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.toggleUnable, PAGE_NOT_FOUND.message) }, 404);
      if (keywordMissing) return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.toggleUnable) }, 404);
      return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.toggleFailed) }, 500);
    case "queue-serp":
      if (pageMissing) return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.unexpected, PAGE_NOT_FOUND.message) }, 404);
      if (keywordMissing)
        return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.unexpected, KEYWORD_TEXTS.keywordNotFound) }, 404);
      if (error instanceof MissingActionError)
        return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.createActionFailed) }, 500);
      if (error instanceof SerpQueueError) return reply({ ok: false, intent, toast: errorTitle(QUEUE_ERRORS[error.stage]) }, 500);
      return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.unexpected) }, 500);
    case "serps":
      if (pageMissing) return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.unexpected, PAGE_NOT_FOUND.message) }, 404);
      if (keywordMissing) return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.keywordNotFound) }, 404);
      return reply({ ok: false, intent, toast: errorTitle(KEYWORD_TEXTS.unexpected) }, 500);
    case "research":
      // Said in the dialog's research tabs, with a button to try again (the results tab stays as it is).
      if (pageMissing) return reply({ ok: false, intent, error: PAGE_NOT_FOUND.message }, 404);
      if (keywordMissing) return reply({ ok: false, intent, error: KEYWORD_TEXTS.keywordNotFound }, 404);
      return reply({ ok: false, intent, error: RESEARCH_TEXTS.fr.loadFailed }, 500);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorTitle(KEYWORD_TEXTS.unexpected) });
  return runIntent(
    INTENTS,
    intent,
    { request, form, user, params },
    {
      failed: (error, failedIntent) => {
        // A keyword that is not linked to this page (or a link of another page) is a refused access too.
        if (error instanceof KeywordNotFoundError) logRefused(request, { userId: user.id, kind: "keyword", intent: failedIntent });
        return failed(error, failedIntent);
      },
      // The person's own doing: a blank keyword; a keyword not linked to the page (logged above as refused).
      expected: [BlankKeywordError, KeywordNotFoundError],
    },
  );
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
