import { CircleAlert, Clock } from "lucide-react";
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
 * Where the screen's background work stands: in progress (PendingWork), or the newest request failed (its
 * reason, its attempts, and Retry) or waits for a provider (the settings to give). Nothing when all is well.
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
  if (problem.state === "waiting") {
    return (
      <p role="status" className={cn("flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm", className)}>
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>{problem.message}.</span>
      </p>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm",
        className,
      )}
    >
      <p className="flex min-w-0 items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          The last {what} failed{problem.attempts > 1 ? ` after ${problem.attempts} attempts` : ""}: {problem.message}
        </span>
      </p>
      <RetryButton fetcher={retry} requestId={problem.requestId} action={pagePath} />
    </div>
  );
}
