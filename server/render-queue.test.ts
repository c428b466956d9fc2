import type { AddressInfo } from "node:net";
import http from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { BUSY_MESSAGE, renderQueue, type RenderQueueOptions } from "./render-queue";

/** A server whose answers wait until the test lets them go: `/slow/<name>` answers when `finish(name)` is called. */
async function serverWith(options: RenderQueueOptions) {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const app = express();
  app.use(renderQueue(options));
  app.all("/slow/:name", (req, res) => {
    started.push(req.params.name);
    pending.set(req.params.name, () => res.send(`done ${req.params.name}`));
  });
  app.all("/fast", (_req, res) => res.send("fast"));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const finish = (name: string) => {
    pending.get(name)!();
    pending.delete(name);
  };
  const close = () => {
    for (const [name] of pending) finish(name);
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { base, started, finish, close };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};
/** A request whose answer the test does not read (the server may be closed under it). */
const background = (url: string) => void fetch(url).catch(() => undefined);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("renderQueue", () => {
  it("renders at most `limit` GET requests at once, the next in the order they came", async () => {
    const s = await serverWith({ limit: 2, maxWaiting: 10, slotTimeoutMs: 60_000 });
    close = s.close;
    const answers = ["a", "b", "c", "d"].map((name) => fetch(`${s.base}/slow/${name}`).then((r) => r.text()));
    await until(() => s.started.length === 2);
    await settle();
    expect(s.started).toEqual(["a", "b"]);
    s.finish("b");
    await until(() => s.started.length === 3);
    expect(s.started[2]).toBe("c");
    s.finish("a");
    await until(() => s.started.length === 4);
    s.finish("c");
    s.finish("d");
    expect(await Promise.all(answers)).toEqual(["done a", "done b", "done c", "done d"]);
  });

  it("lets a form's POST through without a place (a slow upload must not hold one)", async () => {
    const s = await serverWith({ limit: 1, maxWaiting: 10, slotTimeoutMs: 60_000 });
    close = s.close;
    background(`${s.base}/slow/a`);
    await until(() => s.started.length === 1);
    expect(await (await fetch(`${s.base}/fast`, { method: "POST" })).text()).toBe("fast");
  });

  it("answers 503 with Retry-After and a sentence in French once the line is full", async () => {
    const s = await serverWith({ limit: 1, maxWaiting: 1, slotTimeoutMs: 60_000 });
    close = s.close;
    background(`${s.base}/slow/a`);
    await until(() => s.started.length === 1);
    background(`${s.base}/slow/b`);
    await settle();
    const busy = await fetch(`${s.base}/fast`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(await busy.text()).toBe(BUSY_MESSAGE);
  });

  it("does not render a request whose client left while it waited", async () => {
    const s = await serverWith({ limit: 1, maxWaiting: 10, slotTimeoutMs: 60_000 });
    close = s.close;
    background(`${s.base}/slow/a`);
    await until(() => s.started.length === 1);
    const gone = new AbortController();
    void fetch(`${s.base}/slow/b`, { signal: gone.signal }).catch(() => undefined);
    await settle();
    gone.abort();
    await settle();
    const third = fetch(`${s.base}/slow/c`).then((r) => r.text());
    await settle();
    s.finish("a");
    await until(() => s.started.length === 2);
    expect(s.started).toEqual(["a", "c"]);
    s.finish("c");
    expect(await third).toBe("done c");
  });

  it("gives a place back after slotTimeoutMs even if the answer is still being sent", async () => {
    const s = await serverWith({ limit: 1, maxWaiting: 10, slotTimeoutMs: 100 });
    close = s.close;
    background(`${s.base}/slow/a`);
    await until(() => s.started.length === 1);
    background(`${s.base}/slow/b`);
    await until(() => s.started.length === 2);
    expect(s.started).toEqual(["a", "b"]);
  });

  it("is no line at all with a limit of 0", async () => {
    const s = await serverWith({ limit: 0, maxWaiting: 0, slotTimeoutMs: 60_000 });
    close = s.close;
    for (const name of ["a", "b", "c"]) background(`${s.base}/slow/${name}`);
    await until(() => s.started.length === 3);
  });
});
