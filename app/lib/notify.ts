import type { Toast } from "./toast";

/**
 * Shows a toast from a loader, an action or a redirect's flash cookie. The toast library is loaded on
 * first use (and by the Toaster after hydration), so that pages which never notify never download it;
 * a toast created before the Toaster subscribes is replayed when it does.
 */
export function notify(toast: Toast) {
  void import("sonner").then(({ toast: sonner }) => {
    const options = { description: toast.description, id: toast.id };
    if (toast.type === "error") sonner.error(toast.title, options);
    else if (toast.type === "info") sonner.info(toast.title, options);
    else sonner.success(toast.title, options);
  });
}

/** Closes the toasts on screen (a refusal that a later success has made stale). */
export function dismissToasts() {
  void import("sonner").then(({ toast }) => toast.dismiss());
}
