import type { Toast } from "~/lib/toast";

/**
 * The look of a static page's notifications, shared by the server's (components/static-toast.tsx) and the
 * islands' (app/islands/lib/toast.ts): the place, colours and markup of the app's toasts (sonner).
 */
export const TOAST_REGION_CLASS = "fixed right-4 bottom-4 left-4 z-50 m-0 grid list-none gap-2 p-0 sm:left-auto sm:w-[356px]";
export const TOAST_CLASS = "relative flex gap-1 rounded-md border bg-popover p-4 pr-10 text-sm shadow-lg";
export const TOAST_TONE: Record<NonNullable<Toast["type"]>, string> = {
  success: "border-success/30 text-success",
  error: "border-destructive/30 text-destructive",
  info: "border-primary/30 text-primary",
};
export const TOAST_TITLE_CLASS = "font-medium";
export const TOAST_CLOSE_CLASS =
  "absolute top-2 right-2 grid size-6 place-items-center rounded-sm text-foreground/60 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";
