/**
 * For the islands' unit tests (jsdom): a form island's parts, the server's answers to its fetch, and the
 * tasks it waits for (it mounts in a task of its own, and answers come back in a few more).
 */
import { vi } from "vitest";

/** Lets the pending tasks run (an island's mount, a fetch's answer). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A stand-in for `fetch` that answers `body` (JSON unless a string) with `status`. */
export function answer(status: number, body: unknown, type = "application/json") {
  return vi.fn(
    async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": type } }),
  );
}

/** The form island `name` of the page, its fields by name, and a submit that waits for the answer to be shown. */
export function formIsland(name: string) {
  const form = () => document.querySelector<HTMLFormElement>(`[data-island="${name}"]`)!;
  return {
    form,
    field: (fieldName: string) => form().querySelector<HTMLInputElement>(`[name="${fieldName}"]`)!,
    async submit() {
      form().dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
      await settle();
      await settle();
    },
  };
}

/** The notification shown, if any. */
export const toast = () => document.querySelector<HTMLElement>("[data-sonner-toast]");
