import { Clock } from "lucide-react";
import { RetryButton, useRetryFetcher } from "~/components/page-requests";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import type { WorkStatus } from "~/lib/pending-work";

/**
 * A short line said while background work for the screen is queued or running (the screen reads its
 * data again meanwhile, see lib/use-poll.ts): the results appear without a reload.
 */
function PendingWork({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <p
      role="status"
      data-testid="pending-work"
      className={cn("flex items-start gap-2 rounded-md border border-primary/20 bg-primary/5 px-3 py-2 text-sm text-foreground", className)}
    >
      <Spinner className="mt-0.5 text-primary" />
      <span>{children}</span>
    </p>
  );
}

/**
 * Where the screen's background work stands: in progress (PendingWork), or the newest request is delayed (it
 * failed, with Retry, or waits for a provider): the client is told the team is on it, never the reason, which
 * is the team's. Nothing when all is well.
 */
export function WorkNotice({
  status,
  pendingText,
  what,
  pagePath,
  className,
}: {
  status: WorkStatus;
  pendingText: string;
  /** The request, as the sentence names it: "cover image request". */
  what: string;
  /** The page detail's path (where Retry posts). */
  pagePath: string;
  className?: string;
}) {
  const retry = useRetryFetcher();
  if (status.pending) return <PendingWork className={className}>{pendingText}</PendingWork>;
  const { problem } = status;
  if (!problem) return null;
  return (
    <div
      role="status"
      data-testid="delayed-work"
      className={cn("flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/50 px-3 py-2 text-sm", className)}
    >
      <p className="flex min-w-0 items-start gap-2">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>The last {what} is delayed: the team is on it. You can leave this page; the result will appear here.</span>
      </p>
      {problem.state === "failed" ? <RetryButton fetcher={retry} requestId={problem.requestId} action={pagePath} /> : null}
    </div>
  );
}
