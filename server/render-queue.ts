/**
 * A line for the pages this server renders (decision 032): at most `limit` GET or HEAD requests reach React Router at
 * once, the others wait their turn, first come first served.
 *
 * Rendering is CPU work on one thread, and the embedded database answers one query at a time. Let every request in
 * at once and a burst of 30 is rendered side by side: each waits for the others' queries and renders, so all 30
 * finish late, and their half-built answers live long enough to be promoted out of the young heap, which makes the
 * garbage collector's work grow with the burst. In line, the first answers leave early and the process does less work
 * per answer (`npm run bench:load`, 100 people pausing 1 s: p95 757 ms unlimited, 174 ms with 8; docs/performance.md).
 *
 * Only GET and HEAD take a place: a form's POST may be a slow upload, which must not hold a place while its body
 * arrives. A place is given back when the answer is sent or the connection closes, and after `slotTimeoutMs` at the
 * latest (a client that reads its answer very slowly keeps its answer, not its place). A request whose client left
 * while it waited is not rendered. Past `maxWaiting` waiting requests, the next ones get a 503 at once, with
 * Retry-After, rather than growing the line without end.
 */
import type { NextFunction, Request, Response } from "express";
import pLimit from "p-limit";

export type RenderQueueOptions = {
  /** Requests rendered at the same time (0: no line). */
  limit: number;
  /** Requests that may wait; the next ones get a 503. */
  maxWaiting: number;
  /** The longest a request keeps its place. */
  slotTimeoutMs: number;
};

/** What a visitor reads when the line is full (the service speaks French first, as its pages). */
export const BUSY_MESSAGE = "Le service est très sollicité : réessayez dans quelques secondes.";

export function renderQueue({ limit, maxWaiting, slotTimeoutMs }: RenderQueueOptions) {
  if (limit <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
  const inLine = pLimit(limit);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (inLine.pendingCount >= maxWaiting) {
      res.status(503).set("Retry-After", "1").type("text/plain; charset=utf-8").send(BUSY_MESSAGE);
      return;
    }
    void inLine(
      () =>
        new Promise<void>((release) => {
          if (req.socket.destroyed || res.writableEnded) return release();
          const timer = setTimeout(release, slotTimeoutMs);
          const done = () => {
            clearTimeout(timer);
            release();
          };
          res.once("finish", done);
          res.once("close", done);
          next();
        }),
    );
  };
}
