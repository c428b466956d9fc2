/** A notification shown by sonner: one visible at a time, 5000 ms (see components/ui/sonner.tsx). */
export type Toast = {
  /** Distinguishes two identical toasts in a row, so that both are shown. */
  id?: string;
  type?: "success" | "error" | "info";
  title: string;
  description?: string;
};
