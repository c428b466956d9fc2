import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

/**
 * A short line said while background work for the screen is queued or running (the screen reads its
 * data again meanwhile, see lib/use-poll.ts): the results appear without a reload.
 */
export function PendingWork({ children, className }: { children: React.ReactNode; className?: string }) {
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
