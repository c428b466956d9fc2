import { X } from "lucide-react";
import { TOAST_DURATION_MS } from "~/lib/constants";
import { TOAST_CLASS, TOAST_CLOSE_CLASS, TOAST_REGION_CLASS, TOAST_TITLE_CLASS, TOAST_TONE } from "~/lib/static-toast-style";
import type { Toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

/**
 * The notification a redirect left behind (flash cookie), on a static page, which has no toast library: the
 * same place, look and markup as the app's toasts (components/ui/sonner.tsx), in the server's HTML. It goes
 * after TOAST_DURATION_MS (a CSS animation, paused while the pointer is on it) or when closed: a dialog's
 * form closes it without a script.
 */
export function StaticToast({ toast }: { toast: Toast }) {
  const type = toast.type ?? "info";
  return (
    <dialog
      open
      aria-label="Notifications"
      style={{ animationDelay: `0s, ${TOAST_DURATION_MS}ms` }}
      className={cn(
        "inset-auto w-auto bg-transparent",
        TOAST_REGION_CLASS,
        "animate-flash not-open:hidden hover:[animation-play-state:paused]",
      )}
    >
      <div data-sonner-toast="" data-type={type} role="status" className={cn(TOAST_CLASS, TOAST_TONE[type])}>
        <div className="grid gap-0.5">
          <div data-title="" className={TOAST_TITLE_CLASS}>
            {toast.title}
          </div>
          {toast.description ? <div data-description="">{toast.description}</div> : null}
        </div>
        <form method="dialog">
          <button type="submit" data-close-button="" aria-label="Close toast" className={TOAST_CLOSE_CLASS}>
            <X className="size-4" aria-hidden="true" />
          </button>
        </form>
      </div>
    </dialog>
  );
}
