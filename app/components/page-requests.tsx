import { RotateCcw, X } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { REQUEST_STATUS_LABELS, type RequestStatus } from "~/lib/request-status";
import { useToastFetcher, type ToastResult } from "~/lib/use-toast-fetcher";

/** A request as its client sees it (models/page-action.server PageActionRow). */
export type PageRequest = {
  id: number;
  action: string;
  status: RequestStatus;
  canRetry: boolean;
  canCancel: boolean;
  createdDate: Date | string;
  finishedAt: Date | string | null;
  /** The keyword whose research it waits for (issue 39), if any. */
  waitingFor?: string | null;
};

const ACTION_LABELS: Record<string, string> = {
  serps: "Search results (SERP)",
  llm_answers: "LLM answers",
  create_outline: "Article outline",
  create_article: "Article creation",
  modify_articles_with_instructions: "Article modification",
  create_cover_image: "Cover image",
  publish_article: "Publishing to WordPress",
  contact_form: "Contact form",
  send_email: "E-mail",
};

const STATUS_VARIANTS: Record<RequestStatus, "default" | "secondary" | "destructive" | "outline"> = {
  requested: "outline",
  "in-progress": "secondary",
  ready: "default",
  delayed: "secondary",
  "not-published": "destructive",
  cancelled: "outline",
};

/** The work requested for a page and where it stands, so that nothing queued goes unseen. */
export function PageRequests({ requests }: { requests: PageRequest[] }) {
  const retry = useRetryFetcher();
  const [toCancel, setToCancel] = useState<PageRequest | null>(null);
  const cancel = useToastFetcher<ToastResult>(() => setToCancel(null));
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>
          <h2>Requests</h2>
        </CardTitle>
        <CardDescription>
          Work asked for this page (articles, searches, images). Each request stays in the queue until the background process has done it;
          nothing is lost while it waits.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No requests for this page yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Requests">
            {requests.map((request) => {
              return (
                <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium">{ACTION_LABELS[request.action] ?? request.action}</p>
                    <p className="text-muted-foreground">
                      Requested {formatDateTime(request.createdDate)}
                      {request.finishedAt ? ` · finished ${formatDateTime(request.finishedAt)}` : ""}
                    </p>
                    {request.waitingFor ? (
                      <p className="text-muted-foreground" data-testid="waiting-for-research">
                        Waiting for the research of « {request.waitingFor} »
                      </p>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={STATUS_VARIANTS[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</Badge>
                    {request.canRetry ? <RetryButton fetcher={retry} requestId={request.id} /> : null}
                    {request.canCancel ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        aria-label={`Cancel: ${ACTION_LABELS[request.action] ?? request.action}`}
                        onClick={() => setToCancel(request)}
                      >
                        <X aria-hidden="true" /> Cancel
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={toCancel !== null}
        title="Cancel this request?"
        description={
          toCancel ? `This request (${ACTION_LABELS[toCancel.action] ?? toCancel.action}) will not run. Retry queues it again.` : ""
        }
        busy={cancel.state !== "idle"}
        onCancel={() => setToCancel(null)}
        onConfirm={() => toCancel && cancel.submit({ intent: "cancel-request", requestId: String(toCancel.id) }, { method: "post" })}
        labels={{ cancel: "Keep it", confirm: "Cancel request", busy: "Cancelling..." }}
      />
    </Card>
  );
}

/**
 * The fetcher of the Retry buttons. It must live in a component that stays mounted: the button itself goes
 * away as soon as the request is queued again, and the answer's toast is shown after that.
 */
export function useRetryFetcher() {
  return useToastFetcher<ToastResult>();
}

/** Puts a failed request back in the queue through the page detail's action (`action`: its path, from another screen). */
export function RetryButton({
  fetcher,
  requestId,
  action,
}: {
  fetcher: ReturnType<typeof useRetryFetcher>;
  requestId: number;
  action?: string;
}) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("requestId") === String(requestId);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="retry-request" />
      <input type="hidden" name="requestId" value={requestId} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        <RotateCcw aria-hidden="true" />
        {busy ? "Retrying..." : "Retry"}
      </Button>
    </fetcher.Form>
  );
}
