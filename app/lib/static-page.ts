import { useMatches, type ClientLoaderFunctionArgs } from "react-router";
import { INDEXED_PUBLIC_PATHS } from "~/lib/public-pages";

/**
 * Static pages (docs/decisions/019-static-public-pages.md): public pages that need no client-side routing
 * are rendered by React on the server and sent without the framework's scripts. Their few interactive parts
 * are islands (app/islands/), small scripts of their own.
 *
 * A route says so with `export const handle = { ...STATIC_PAGE }` and `export const clientLoader =
 * loadAsDocument` (a hydrated page that links to it then loads it as a document, never renders it itself).
 */
export const STATIC_PAGE = { hydrate: false } as const;

/**
 * The paths of the static routes (a unit test holds this list equal to the routes whose handle says so). The
 * root reads no data on the way to them (root.tsx, shouldRevalidate): the document load that follows does,
 * and a flash message read on the way would be gone before it.
 */
export const STATIC_PATHS: readonly string[] = [
  // The indexed public pages (the landing pages and the first-article form), and the pages without interaction.
  ...INDEXED_PUBLIC_PATHS,
  "/home-4-pricing-google-2-why-ai",
  "/first-article-success",
  "/maintenance",
];
/**
 * Static routes with a parameter: the public article view, a version shared for review (issue 16), and the
 * monthly report's unsubscribe link (issue 17).
 */
const STATIC_PATH_PATTERNS = [/^\/view\/[^/]+$/, /^\/r\/[^/]+$/, /^\/reports\/unsubscribe\/[^/]+\/[^/]+$/];

export function isStaticPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return STATIC_PATHS.includes(path) || STATIC_PATH_PATTERNS.some((pattern) => pattern.test(path));
}

/** Whether the page being rendered is a static page (any matched route says `hydrate: false`). */
export function useStaticPage(): boolean {
  return useMatches().some((match) => isStaticHandle(match.handle));
}

/** Whether a route's handle makes its page static (read by the root and by the server's entry). */
export function isStaticHandle(handle: unknown): boolean {
  return (handle as { hydrate?: boolean } | undefined)?.hydrate === false;
}

/**
 * A hydrated page whose first paint should cost what a static page's does (/auth, issue 13): its document
 * requests no JavaScript before it has painted, then hydrates (app/lib/html-stream.server.ts, moduleScripts).
 * A route says so with `export const handle = { ...HYDRATE_AFTER_FIRST_PAINT }`.
 */
export const HYDRATE_AFTER_FIRST_PAINT = { hydrate: "after-first-paint" } as const;

/** Whether a route's handle asks for hydration after the first paint (read by the server's entry). */
export function hydratesAfterFirstPaint(handle: unknown): boolean {
  return (handle as { hydrate?: unknown } | undefined)?.hydrate === HYDRATE_AFTER_FIRST_PAINT.hydrate;
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

/**
 * Whether a navigation only changes a query parameter that a screen reads in the browser alone (/auth's `tab`):
 * no loader needs to run again for it, so the screen changes at once instead of after a request.
 */
export function onlyClientParamChanged(currentUrl: URL, nextUrl: URL, formMethod: string | undefined): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return false;
  const client = CLIENT_PARAMS[nextUrl.pathname];
  if (!client) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of client) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl);
}

/** The query parameters each screen reads in the browser alone. */
const CLIENT_PARAMS: Record<string, readonly string[]> = { "/auth": ["tab"] };
