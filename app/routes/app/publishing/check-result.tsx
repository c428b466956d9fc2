import { CheckCircle2, CircleAlert } from "lucide-react";
import { formatDateTime } from "~/lib/format";
import type { PublishingCheck } from "~/lib/publishing";

/** The last test's result, in the WordPress card or the webhook card: what works, or the problem in plain words. */
export function CheckResult({ check, webhook = false }: { check: PublishingCheck; webhook?: boolean }) {
  const ok = !check.problem;
  return (
    <div
      role="status"
      data-testid="connection-check"
      className={`flex gap-3 rounded-md border p-3 text-sm ${ok ? "border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100" : "border-destructive/40 bg-destructive/5 text-destructive"}`}
    >
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <div className="grid gap-1">
        <p className="font-medium">
          {!ok
            ? check.message
            : webhook
              ? `The webhook answered ${check.userName}: ready to publish.`
              : `Connected as ${check.userName}: ready to publish.`}
        </p>
        <p className="text-xs opacity-80">Tested {formatDateTime(check.at)}</p>
      </div>
    </div>
  );
}
