import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import islands from "virtual:islands";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { isCrawler } from "~/lib/crawler.server";
import { coalescedChunks, moduleScripts } from "~/lib/html-stream.server";
import { hydratesAfterFirstPaint, isStaticHandle } from "~/lib/static-page";
import { etagMatches, staticPages } from "~/lib/static-page-cache.server";
import { NonceProvider } from "~/lib/nonce";
import { cspNonceContext, pageGenerationContext } from "~/lib/request-context";
import { settleQueuedMail } from "~/jobs/outbox.server";
import { closeDatabase, getDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { SESSION_COOKIE } from "~/services/session-cookie";
import { startWorker } from "~/jobs/run.server";

export const streamTimeout = 5_000;

/** How long a shared cache may keep a static page for visitors, and serve it stale while it asks again. */
const STATIC_PAGE_CACHE = "public, max-age=60, stale-while-revalidate=600";

/** Whether a matched route's handle says so (app/lib/static-page.ts). */
function anyHandle(context: EntryContext, test: (handle: unknown) => boolean): boolean {
  return context.staticHandlerContext.matches.some((match) => test(context.routeModules[match.route.id]?.handle));
}

/**
 * A static page is sent whole (no streamed segments, so no inline script and no nonce in it): the same bytes
 * for every visitor. One that is the same for everyone (no session, no flash message, a 200) gets an ETag and
 * a short shared cache lifetime, and a revalidation that matches is answered 304 without a body. One rendered
 * for a request without any cookie is also kept a few seconds for the next such requests (server/index.ts
 * answers them from app/lib/static-page-cache.server.ts).
 */
async function staticAnswer(
  request: Request,
  status: number,
  headers: Headers,
  html: Buffer,
  pageGeneration: number | undefined,
): Promise<Response> {
  headers.set("Content-Type", "text/html; charset=utf-8");
  const shared = status === 200 && !headers.has("Set-Cookie") && !SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
  if (!shared) return new Response(new Uint8Array(html), { status, headers });
  const etag = `"${crypto.createHash("sha256").update(html).digest("base64url").slice(0, 32)}"`;
  headers.set("ETag", etag);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", STATIC_PAGE_CACHE);
  // Only the production server answers from the kept pages (server/index.ts); Vite's pages change as they are edited.
  if (!request.headers.has("cookie") && getEnv().NODE_ENV !== "development") {
    const url = new URL(request.url);
    void staticPages.remember(url.pathname + url.search, etag, headers, html, pageGeneration);
  }
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(html), { status, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const staticPage = anyHandle(routerContext, isStaticHandle);
    // Crawlers, no-JS readers and static pages get the whole document at once; browsers get the shell streamed.
    const whole = staticPage || isCrawler(request) || routerContext.isSpaMode;
    const readyOption = whole ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React outlines a large Suspense boundary (fallback first, content swapped in by a script) even when
        // its data is ready; a crawler must read the content in place, so it gets no such split.
        ...(whole ? { progressiveChunkSize: Number.MAX_SAFE_INTEGER } : {}),
        [readyOption]() {
          shellRendered = true;
          if (staticPage) {
            const chunks: Buffer[] = [];
            const body = new PassThrough();
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () =>
              resolve(staticAnswer(request, responseStatusCode, responseHeaders, Buffer.concat(chunks), loadContext.get(pageGenerationContext))),
            );
            body.on("error", reject);
            pipe(body);
            return;
          }
          const body = moduleScripts(anyHandle(routerContext, hydratesAfterFirstPaint) ? "after-first-paint" : "low-priority");
          // One flush per turn of the event loop instead of one per chunk (coalescedChunks says why).
          const stream = createReadableStreamFromReadable(body).pipeThrough(coalescedChunks());
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** A `.data` answer (a click inside the app) leaves in as few compressed blocks as a document does. */
export function handleDataRequest(response: Response): Response {
  if (!response.body) return response;
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(coalescedChunks()), { status, statusText, headers });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled error");
};

let worker: ReturnType<typeof startWorker> | undefined;

/** Called by server/index.ts before it listens: opens, migrates and seeds the database, then starts the worker (WORKER=in-process). */
export async function prepare() {
  await getDb();
  if (getEnv().WORKER === "in-process") worker = startWorker();
}

/** Called by server/index.ts on shutdown: the worker finishes the action in hand, queued e-mails being sent are sent, then the database closes. */
export async function shutdown() {
  await worker?.stop();
  // E-mails being sent in the background finish first (a send cut short would be sent again by a worker later).
  await settleQueuedMail();
  await closeDatabase();
}

export { getEnv } from "~/services/env.server";
/** The CSP sources of the islands' inline scripts (`'sha256-…' …`), for server/index.ts's script-src (decision 023). */
export const islandScriptSources: string = Object.values(islands)
  .flatMap((island) => ("hash" in island ? [`'sha256-${island.hash}'`] : []))
  .join(" ");
/** The static pages kept for visitors, answered by server/index.ts before any rendering. */
export { staticPages } from "~/lib/static-page-cache.server";
/** The context of a request, made with the app's own contexts (the server's entry is bundled apart). */
export { requestContext } from "~/lib/request-context";
/** The app's auth instance, for server/index.ts's test-only sign-in route (docs/decisions/014-test-only-sign-in.md). */
export { getAuth, isTeamCookie } from "~/services/auth.server";
// For the test-only clock route (server/test-sign-in.ts): the app's own clock and schedule (issue 17).
export { setClockForTests } from "~/services/clock.server";
export { scheduleDueChecks } from "~/jobs/schedule.server";
