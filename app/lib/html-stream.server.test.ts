import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalescedChunks, lowPriorityModulePreloads } from "./html-stream.server";

async function through(chunks: string[]) {
  const out: string[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk.toString());
  return out.join("");
}

describe("lowPriorityModulePreloads", () => {
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
