import { Transform } from "node:stream";

/** The `rel` a held module preload carries until the first paint (see moduleScripts). */
const HELD_PRELOAD = "x-after-first-paint";

/**
 * What the inline module script of a page that hydrates after its first paint begins with: wait until the
 * browser reports the first contentful paint as shown (the paint timing entry; where a browser has none, two
 * animation frames: the second comes after the first frame was shown), then let the held preloads go, a few
 * per task: starting a module preload costs the main thread 0.5 to 2 ms on a slow phone, and forty of them in
 * one task would block input for longer than the 50 ms a long task is allowed. (The imports that follow wait
 * for none of them: a module asked for twice is fetched once.)
 */
const AFTER_FIRST_PAINT = `await new Promise((painted) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(painted));
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); painted(); }
  }).observe({ type: "paint", buffered: true });
});
const held = [...document.querySelectorAll('link[rel="${HELD_PRELOAD}"]')];
(async () => {
  for (let i = 0; i < held.length; i += 4) {
    for (const link of held.slice(i, i + 4)) link.rel = "modulepreload";
    await new Promise((next) => setTimeout(next));
  }
})();
`;

/**
 * React Router's inline module script (the `<Scripts>` element): its static imports, which the browser fetches
 * as soon as it parses the script, as `import * as name from "url";` (a route module) or `import "url";`.
 */
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"\n]+");$/gm;

/**
 * The same script with its imports made dynamic and started only after the first paint (in the order they
 * were written, fetched together, evaluated as static imports would be before the rest of the script runs).
 */
export function importsAfterFirstPaint(script: string): string {
  const imports: { name?: string; url: string }[] = [];
  const rest = script.replace(STATIC_IMPORT, (_line, name: string | undefined, url: string) => {
    imports.push({ name, url });
    return "";
  });
  const names = imports.map(({ name }, i) => name ?? `_import${i}`);
  const loaded = imports.length
    ? `const [${names.join(", ")}] = await Promise.all([${imports.map(({ url }) => `import(${url})`).join(", ")}]);\n`
    : "";
  return AFTER_FIRST_PAINT + loaded + rest;
}

/** The opening tag of React Router's inline module script, as React writes it (nonce first when there is one). */
const MODULE_SCRIPT = /<script(?: nonce="[^"]*")? type="module" async="">/;

/**
 * The module scripts React Router writes into a document, rewritten on their way out. Only the head and that
 * one inline script are read; the rest of the stream passes through untouched (an article may quote the tags).
 *
 * - By default (`"low-priority"`), the module preloads it puts in <head>, which ask for every chunk at high
 *   priority in competition with the stylesheet that the first paint waits for (and which search engines'
 *   page-speed models count as render-blocking), are marked `fetchpriority="low"`: they still start at once but
 *   yield to the stylesheet, the text paints first and the page turns interactive right after.
 * - A page that hydrates after its first paint (`"after-first-paint"`, lib/static-page.ts) requests no module
 *   before it paints: its preloads are held (an unknown `rel`) and its inline module script's imports are made
 *   dynamic behind a wait for the first frame (importsAfterFirstPaint), which then lets the preloads go. The
 *   page's first paint costs what a static page's does; it turns interactive a frame later.
 */
export function moduleScripts(mode: "low-priority" | "after-first-paint" = "low-priority") {
  // Chunks may split a character: the bytes of a character not yet whole wait for the next chunk (`carry`).
  // Once the rewriting is done, chunks pass on as they came, without being decoded.
  let carry: Buffer = Buffer.alloc(0);
  let pending = "";
  let phase: "head" | "body" | "done" = "head";
  const rewriteHead = (head: string) =>
    mode === "low-priority"
      ? head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
      : head.replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD}"`);
  /** Takes what can go out of `pending`, rewritten, and keeps what must wait for more of the stream. */
  const advance = (ending: boolean): string => {
    let out = "";
    if (phase === "head") {
      const end = pending.indexOf("</head>");
      if (end === -1 && !ending && pending.length < 256 * 1024) return out;
      const cut = end === -1 ? pending.length : end;
      out += rewriteHead(pending.slice(0, cut));
      pending = pending.slice(cut);
      phase = mode === "after-first-paint" && end !== -1 ? "body" : "done";
    }
    if (phase === "body") {
      const open = MODULE_SCRIPT.exec(pending);
      const close = open ? pending.indexOf("</script>", open.index + open[0].length) : -1;
      if (open && close !== -1) {
        const start = open.index + open[0].length;
        out += pending.slice(0, start) + importsAfterFirstPaint(pending.slice(start, close));
        pending = pending.slice(close);
        phase = "done";
      } else if (ending) {
        phase = "done";
      } else {
        // Not there yet: all but the script (its end to come) or a tag not yet closed (maybe its start) goes out now.
        const lastTag = pending.lastIndexOf("<");
        const keep = open ? open.index : lastTag !== -1 && !pending.includes(">", lastTag) ? lastTag : pending.length;
        out += pending.slice(0, keep);
        pending = pending.slice(keep);
        return out;
      }
    }
    out += pending;
    pending = "";
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      carry = Buffer.alloc(0);
      if (phase === "done" && !pending) return callback(null, bytes);
      const whole = wholeCharacters(bytes);
      carry = bytes.subarray(whole);
      pending += bytes.toString("utf8", 0, whole);
      const out = advance(false);
      callback(null, out || undefined);
    },
    flush(callback) {
      pending += carry.toString("utf8");
      const out = advance(true);
      callback(null, out || undefined);
    },
  });
}

/** How many of `bytes` make whole UTF-8 characters: all but a last character whose bytes are not all there yet. */
function wholeCharacters(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
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
