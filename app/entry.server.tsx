import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { isCrawler } from "~/lib/crawler.server";
import { lowPriorityModulePreloads } from "~/lib/html-stream.server";
import { NonceProvider } from "~/lib/nonce";
import { settleQueuedMail } from "~/jobs/outbox.server";
import { closeDatabase, getDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { startWorker } from "~/jobs/run.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and no-JS readers get the whole document at once; browsers get the shell streamed.
    const whole = isCrawler(request) || routerContext.isSpaMode;
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
          const body = lowPriorityModulePreloads();
          const stream = createReadableStreamFromReadable(body);
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
/** The app's auth instance, for server/index.ts's test-only sign-in route (docs/decisions/014-test-only-sign-in.md). */
export { getAuth } from "~/services/auth.server";
