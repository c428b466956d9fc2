/**
 * A client's webhook receiver on 127.0.0.1 (issue 15): records each delivery (its headers and JSON body) and
 * answers what the test scripted (200 by default).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Delivery = { headers: http.IncomingHttpHeaders; raw: string; body: Record<string, unknown> };

export type FakeWebhook = {
  url: string;
  deliveries: Delivery[];
  /** The next answers' statuses (then 200). */
  script: number[];
  close(): Promise<void>;
};

export async function startFakeWebhook(): Promise<FakeWebhook> {
  const deliveries: Delivery[] = [];
  const script: number[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/hooks/articles") return res.writeHead(404).end();
      deliveries.push({ headers: req.headers, raw, body: JSON.parse(raw) as Record<string, unknown> });
      const status = script.shift() ?? 200;
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/articles`,
    deliveries,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
