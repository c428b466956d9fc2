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
      const rewritten = head.slice(0, cut).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + head.slice(cut);
      head = "";
      callback(null, rewritten);
    },
    flush(callback) {
      callback(null, done ? undefined : head);
    },
  });
}
