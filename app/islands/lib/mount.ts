/**
 * An island's start: runs `enhance` once on each element of the page marked `data-island="<name>"`, then
 * marks it `data-island-ready` (what the end-to-end tests wait for before they act, as they wait for
 * hydration on the other pages). It runs in a task of its own: an inline island runs as soon as the document
 * is parsed, and its work would otherwise lengthen the task that parses the page and lays it out first.
 */
export function mount(name: string, enhance: (root: HTMLElement) => void) {
  setTimeout(() => {
    for (const root of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-island-ready])`)) {
      enhance(root);
      root.setAttribute("data-island-ready", "");
    }
  }, 0);
}

/** The element of `root` matching `selector`, which the server rendered (a missing one is a bug of the page). */
export function part<T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`island: no ${selector}`);
  return found;
}

/** Scrolls to an element, smoothly unless the visitor prefers reduced motion, and moves the keyboard focus to it. */
export function scrollToAndFocus(target: HTMLElement, focus = true) {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  if (!focus) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
