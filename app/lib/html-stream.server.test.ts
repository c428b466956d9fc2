import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalescedChunks, importsAfterFirstPaint, moduleScripts } from "./html-stream.server";

async function through(chunks: (string | Buffer)[], mode?: Parameters<typeof moduleScripts>[0]) {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(moduleScripts(mode));
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

describe("moduleScripts, by default", () => {
  it("marks the head's module preloads low priority, even when a tag is split across chunks", async () => {
    const html = await through([
      '<html><head><link rel="modul',
      'epreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></he',
      "ad><body>x</body></html>",
    ]);
    expect(html).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>x</body></html>',
    );
  });

  it("leaves the body untouched (an article may quote the tag)", async () => {
    const html = await through([
      "<head></head><body>",
      '<pre>&lt;link rel="modulepreload"&gt;</pre><link rel="modulepreload" href="/c.js"/>',
      "</body>",
    ]);
    expect(html).toBe('<head></head><body><pre>&lt;link rel="modulepreload"&gt;</pre><link rel="modulepreload" href="/c.js"/></body>');
  });

  it("passes a document without a head through whole", async () => {
    expect(await through(["<p>no head</p>"])).toBe("<p>no head</p>");
  });
});

/** React Router's inline module script, as its <Scripts> writes it (7.x, lazy route discovery on). */
const ROUTER_SCRIPT = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/auth-B.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/auth/auth":route1};

import("/assets/entry.client-C.js");`;

describe("moduleScripts, after the first paint", () => {
  const head = '<html><head><title>Connexion – SEO × IA</title><link rel="modulepreload" href="/a.js" nonce="n"/></head>';
  const body = `<body><h1>Connexion</h1><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${ROUTER_SCRIPT}</script><p>après</p></body></html>`;

  it("holds the preloads and makes the module script's imports dynamic, behind a wait for the first frame", async () => {
    const html = await through([head + body], "after-first-paint");
    expect(html).toContain('<link rel="x-after-first-paint" href="/a.js" nonce="n"/>');
    expect(html).not.toContain('modulepreload" href');
    const script = html.slice(html.indexOf('type="module" async="">') + 'type="module" async="">'.length, html.lastIndexOf("</script>"));
    expect(script).toBe(importsAfterFirstPaint(ROUTER_SCRIPT));
    // Nothing is imported statically any more: the browser fetches nothing when it parses the script.
    expect(script).not.toMatch(/^import /m);
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/auth-B.js")]);');
    expect(script.indexOf("first-contentful-paint")).toBeLessThan(script.indexOf("Promise.all"));
    expect(script).toContain('import("/assets/entry.client-C.js");');
    expect(html.endsWith("</script><p>après</p></body></html>")).toBe(true);
  });

  it("gives the same bytes whatever the chunks, a character or a tag split across two", async () => {
    const whole = Buffer.from(head + body);
    const expected = await through([whole], "after-first-paint");
    for (let cut = 1; cut < whole.length; cut++) {
      expect(await through([whole.subarray(0, cut), whole.subarray(cut)], "after-first-paint")).toBe(expected);
    }
  });

  it("evaluates the imports in the script's own order and gives a bare import a name of its own", () => {
    const script = importsAfterFirstPaint('import "/m.js";\nimport * as route0 from "/r.js";\nuse(route0);');
    expect(script).toContain('const [_import0, route0] = await Promise.all([import("/m.js"), import("/r.js")]);\n');
    expect(script.endsWith("\n\nuse(route0);")).toBe(true);
  });

  it("passes a document without the module script through, its preloads held", async () => {
    expect(await through(['<head><link rel="modulepreload" href="/a.js"/></head><body>x</body>'], "after-first-paint")).toBe(
      '<head><link rel="x-after-first-paint" href="/a.js"/></head><body>x</body>',
    );
  });
});

describe("coalescedChunks", () => {
  it("joins the chunks written in one turn of the event loop, and keeps a later one apart", async () => {
    const encoder = new TextEncoder();
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of ["<html>", "<head></head>", "<body>shell"]) controller.enqueue(encoder.encode(part));
        // Content that streams in later (a Suspense boundary's data) leaves on its own, without waiting for the end.
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.enqueue(encoder.encode("<p>late</p>"));
        controller.enqueue(encoder.encode("</body></html>"));
        controller.close();
      },
    });
    const out: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of source.pipeThrough(coalescedChunks())) out.push(decoder.decode(chunk));
    expect(out).toEqual(["<html><head></head><body>shell", "<p>late</p></body></html>"]);
  });

  it("passes an empty stream through empty", async () => {
    const out: Uint8Array[] = [];
    for await (const chunk of new ReadableStream<Uint8Array>({ start: (c) => c.close() }).pipeThrough(coalescedChunks())) out.push(chunk);
    expect(out).toEqual([]);
  });
});
