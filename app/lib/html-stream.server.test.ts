import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./html-stream.server";

async function through(chunks: string[]) {
  const out: string[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk.toString());
  return out.join("");
}

describe("lowPriorityModulePreloads", () => {
  it("marks the head's module preloads low priority, even when a tag is split across chunks", async () => {
    const html = await through(['<html><head><link rel="modul', 'epreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></he', "ad><body>x</body></html>"]);
    expect(html).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>x</body></html>',
    );
  });

  it("leaves the body untouched (an article may quote the tag)", async () => {
    const html = await through(["<head></head><body>", '<pre>&lt;link rel="modulepreload"&gt;</pre><link rel="modulepreload" href="/c.js"/>', "</body>"]);
    expect(html).toBe('<head></head><body><pre>&lt;link rel="modulepreload"&gt;</pre><link rel="modulepreload" href="/c.js"/></body>');
  });

  it("passes a document without a head through whole", async () => {
    expect(await through(["<p>no head</p>"])).toBe("<p>no head</p>");
  });
});
