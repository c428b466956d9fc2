/** A notification shown by sonner: one visible at a time, 5000 ms (see components/ui/sonner.tsx). */
export type Toast = {
  /** Distinguishes two identical toasts in a row, so that both are shown. */
  id?: string;
  type?: "success" | "error" | "info";
  title: string;
  description?: string;
};

/** An error toast: 'Error' over the message, unless another title is given. */
export const errorToast = (description: string, title = "Error") => ({ type: "error", title, description }) satisfies Toast;

/** A success toast. */
export const successToast = (title: string, description?: string): Toast => ({
  type: "success",
  title,
  ...(description === undefined ? {} : { description }),
});
