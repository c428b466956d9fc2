import { Transform } from "node:stream";

/**
 * The module preloads React Router puts in <head> ask for every chunk at high priority, in competition
 * with the stylesheet that the first paint waits for (and search engines' page-speed models count them as
 * render-blocking). Marked `fetchpriority="low"`, they still start at once but yield to the stylesheet:
 * the text paints first, the page turns interactive right after. Only the head is rewritten; the rest of
 * the stream passes through untouched.
 */
export function lowPriorityModulePreloads() {
  let head = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head += chunk.toString("utf8");
      const end = head.indexOf("</head>");
      if (end === -1 && head.length < 256 * 1024) return callback();
      done = true;
      const cut = end === -1 ? head.length : end;
      const rewritten =
        head.slice(0, cut).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + head.slice(cut);
      head = "";
      callback(null, rewritten);
    },
    flush(callback) {
      callback(null, done ? undefined : head);
    },
  });
}

/**
 * React writes a document in many small chunks, and React Router's Node adapter flushes the response after
 * each one (documents and `.data` alike), which makes the compression middleware end a compressed block per
 * chunk: Brotli flushing every 2 KB cost more CPU than rendering the page (issue 13's load test). Chunks that
 * arrive in the same turn of the event loop are joined and passed on together, so a shell is compressed in
 * one go, while what streams in later (a Suspense boundary's content, a deferred value) still leaves as soon
 * as it is ready.
 */
export function coalescedChunks(): TransformStream<Uint8Array, Uint8Array> {
  let pending: Uint8Array[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  const joined = () => {
    const chunks = pending;
    pending = [];
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  };
  return new TransformStream({
    transform(chunk, controller) {
      pending.push(chunk);
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        if (pending.length) controller.enqueue(joined());
      });
    },
    flush(controller) {
      if (scheduled) clearImmediate(scheduled);
      if (pending.length) controller.enqueue(joined());
    },
  });
}
