import { toast as sonner } from "sonner";
import type { Toast } from "./toast";

/** Shows a toast from a loader, an action or a redirect's flash cookie. */
export function notify(toast: Toast) {
  const options = { description: toast.description, id: toast.id };
  if (toast.type === "error") sonner.error(toast.title, options);
  else if (toast.type === "info") sonner.info(toast.title, options);
  else sonner.success(toast.title, options);
}
