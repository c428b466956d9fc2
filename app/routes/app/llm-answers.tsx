/**
 * /sites/:siteId/pages/:pageId/llm-answers-for-page (spec part 2, sections 2, 4, 7, 8 and 9): what
 * language models answered about the page's topic (LLM name, Answer cut to 150 words with Show more /
 * Show less; under each answer, whether it mentions the site and the URLs it cites, the site's own
 * marked), and 'Search LLM Answers', which queues (or re-queues) the page's llm_answers request and
 * reads the list again 2 seconds later. Contract: POST intent=search to this route (or its .data
 * URL) queues the search and answers with its toast.
 */
import { usePollWhile } from "~/lib/use-poll";
import { Bot, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/llm-answers";
import { PageTrail } from "~/components/page-trail";
import { LlmAnswersTable } from "./llm-answers/answers-table";
import type { ScreenLlmAnswer } from "./llm-answers/types";
import { PageHeader } from "~/components/page-header";
import { RouteErrorBoundary } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { LLM_REFRESH_DELAY_MS, LLM_TEXTS } from "~/lib/llm-rules";
import { NotFoundError, PAGE_NOT_FOUND, parseId, throwNotFound } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import type { Toast } from "~/lib/toast";
import { requireActor, requireOwnedPage } from "~/models/access.server";
import { llmAnswersOfPage, queueLlmAnswers } from "~/models/llm-answer.server";
import { MissingActionError, pageWork } from "~/models/page-action.server";
import { WorkNotice } from "~/components/pending-work";
import { PENDING_TEXTS } from "~/lib/pending-work";
import type { SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.page.name} - LLM Answers – ${BRAND_NAME}` : `${PAGE_NOT_FOUND.title} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const page = await requireOwnedPage(user, params, request);
  let answers: ScreenLlmAnswer[] | null = null;
  // The site the answers are read for: its own URLs are marked among the cited ones.
  let siteUrl = page.site.url;
  try {
    const list = await llmAnswersOfPage(user, page.site.id, page.id);
    answers = list.answers.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    siteUrl = list.site.url;
  } catch (error) {
    if (error instanceof NotFoundError) throwNotFound(PAGE_NOT_FOUND);
    logger.error({ err: error, pageId: page.id }, "LLM answers could not be loaded");
  }
  return {
    page: { id: page.id, name: page.name, url: page.url, siteId: page.site.id, siteName: page.site.name, siteUrl },
    answers,
    loadedAt: Date.now(),
    work: (await pageWork(page.id, ["llm_answers"])).llm_answers,
  };
}

type Ctx = { request: Request; user: SessionUser; params: Route.ActionArgs["params"] };

/** Queues (or re-queues) the page's LLM answers search. */
async function search({ user, params }: Ctx) {
  await queueLlmAnswers(user, parseId(params.siteId, "site"), parseId(params.pageId, "page"));
  return reply({ ok: true, toast: { type: "success", title: LLM_TEXTS.queued } });
}

const INTENTS = { search };

const errorTitle = (title: string, description?: string): Toast =>
  description === undefined ? { type: "error", title } : { type: "error", title, description };

/** A missing or foreign page answers 404; a missing catalogue entry and anything else, 500. */
function failed(error: unknown) {
  if (error instanceof NotFoundError) return reply({ ok: false, toast: errorTitle(LLM_TEXTS.queueFailed, PAGE_NOT_FOUND.message) }, 404);
  if (error instanceof MissingActionError) return reply({ ok: false, toast: errorTitle(LLM_TEXTS.actionMissing) }, 500);
  return reply({ ok: false, toast: errorTitle(LLM_TEXTS.queueFailed) }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorTitle("Error", "Unknown action.") });
  return runIntent(INTENTS, intent, { request, user, params }, { failed });
}

export default function LlmAnswersScreen({ loaderData }: Route.ComponentProps) {
  const { page, answers, loadedAt, work } = loaderData;
  // An LLM answers search queued or running: the answers appear here as soon as the worker has stored them.
  usePollWhile(work.pending);

  // The load error is also said as a toast, once per load.
  useEffect(() => {
    if (answers === null) notify({ type: "error", title: LLM_TEXTS.loadFailed, id: `llm-load-${loadedAt}` });
  }, [answers, loadedAt]);

  return (
    <div className="mx-auto max-w-5xl">
      <PageTrail page={page} current="LLM Answers" />
      <PageHeader title={`${page.name} - LLM Answers`} description={page.url} actions={<SearchButton key={page.id} />} />
      <WorkNotice
        className="mb-6"
        status={work}
        pendingText={PENDING_TEXTS.llmAnswers}
        what="LLM answers search"
        pagePath={`/sites/${page.siteId}/pages/${page.id}`}
      />
      {answers === null ? <LoadError /> : <LlmAnswersTable answers={answers} siteUrl={page.siteUrl} />}
    </div>
  );
}

/**
 * 'Search LLM Answers': posts intent=search, says the answer as a toast, and reads the list again
 * 2 seconds after a queued search. It reads 'Searching...' (disabled) until that refresh is done.
 */
function SearchButton() {
  const { revalidate } = useRevalidator();
  const [refreshing, setRefreshing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Each answer once: its toast, then (a queued search) the list read again after a while.
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (!answer.ok) return;
    setRefreshing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void Promise.resolve(revalidate()).finally(() => setRefreshing(false));
    }, LLM_REFRESH_DELAY_MS);
  });

  const busy = fetcher.state !== "idle" || refreshing;
  return (
    <Button onClick={() => fetcher.submit({ intent: "search" }, { method: "post" })} disabled={busy}>
      {busy ? <Spinner /> : <Bot aria-hidden="true" />}
      {busy ? LLM_TEXTS.searching : LLM_TEXTS.search}
    </Button>
  );
}

function LoadError() {
  const revalidator = useRevalidator();
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" role="alert">
      <p className="font-medium">{LLM_TEXTS.loadFailed}</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </Card>
  );
}
