import { lazy, type ComponentType } from "react";

/** The waits before each new try of a failed load (a server restarting, a network blip). */
export const LAZY_RETRY_DELAYS_MS = [1_000, 3_000, 9_000] as const;

/**
 * Loads `load` as the module of a part the page can live without (the toasts' container, the header's menu
 * code), the way a deploy or a network blip cannot turn into the error page: a failed load is tried again
 * after each of `delays`, and if it still fails, the part renders `Unavailable` (by default nothing: the page stays
 * usable; a reload brings it back).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React's own lazy() takes
type AnyComponent = ComponentType<any>;

export async function loadOptional<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
  delays: readonly number[] = LAZY_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  Unavailable: AnyComponent = () => null,
): Promise<{ default: C }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= delays.length) {
        console.warn("A part of the page could not be loaded; reload the page to get it back.", error);
        return { default: Unavailable as C };
      }
      await wait(delays[attempt]!);
    }
  }
}

/** React's `lazy` over `loadOptional`; `Unavailable` is what shows if the part could not be loaded. */
export function lazyOptional<C extends AnyComponent>(load: () => Promise<{ default: C }>, Unavailable?: AnyComponent) {
  return lazy(() => loadOptional(load, LAZY_RETRY_DELAYS_MS, undefined, Unavailable));
}
