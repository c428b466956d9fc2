/**
 * Notifications from an island on a static page, as the app shows them (sonner's place, look and markup,
 * shared with components/static-toast.tsx): one at a time, announced politely, gone after
 * TOAST_DURATION_MS unless the pointer is on it, closed by its button.
 */
import { TOAST_DURATION_MS } from "~/lib/constants";
import { TOAST_CLASS, TOAST_CLOSE_CLASS, TOAST_REGION_CLASS, TOAST_TITLE_CLASS, TOAST_TONE } from "~/lib/static-toast-style";
import type { Toast } from "~/lib/toast";

const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

let region: HTMLElement | undefined;

function toastRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement("section");
  region.setAttribute("aria-label", "Notifications");
  region.setAttribute("aria-live", "polite");
  region.className = TOAST_REGION_CLASS;
  document.body.append(region);
  return region;
}

export function showToast(toast: Toast) {
  const type = toast.type ?? "info";
  const item = document.createElement("div");
  item.setAttribute("data-sonner-toast", "");
  item.dataset.type = type;
  item.className = `${TOAST_CLASS} ${TOAST_TONE[type]}`;
  const text = document.createElement("div");
  text.className = "grid gap-0.5";
  const title = document.createElement("div");
  title.setAttribute("data-title", "");
  title.className = TOAST_TITLE_CLASS;
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement("div");
    description.setAttribute("data-description", "");
    description.textContent = toast.description;
    text.append(description);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("data-close-button", "");
  close.setAttribute("aria-label", "Close toast");
  close.className = TOAST_CLOSE_CLASS;
  close.innerHTML = CLOSE_ICON;
  item.append(text, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    clearTimeout(timer);
    item.remove();
  };
  const schedule = () => (timer = setTimeout(remove, TOAST_DURATION_MS));
  close.addEventListener("click", remove);
  item.addEventListener("pointerenter", () => clearTimeout(timer));
  item.addEventListener("pointerleave", schedule);
  // One visible at a time, as in the app.
  toastRegion().replaceChildren(item);
  schedule();
}
