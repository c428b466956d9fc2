import { useMatches, type ClientLoaderFunctionArgs } from "react-router";

/**
 * Static pages (docs/decisions/019-static-public-pages.md): public pages that need no client-side routing
 * are rendered by React on the server and sent without the framework's scripts. Their few interactive parts
 * are islands (app/islands/), small scripts of their own.
 *
 * A route says so with `export const handle = { ...STATIC_PAGE }` and `export const clientLoader =
 * loadAsDocument` (a hydrated page that links to it then loads it as a document, never renders it itself).
 */
export const STATIC_PAGE = { hydrate: false } as const;

/** Whether the page being rendered is a static page (any matched route says `hydrate: false`). */
export function useStaticPage(): boolean {
  return useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/**
 * A static route's clientLoader: a navigation from a hydrated page (a link, a redirect after a form) loads
 * the static page as a document, so that it comes with its islands. The promise never settles: the browser
 * is already leaving.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
