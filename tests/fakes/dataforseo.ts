/**
 * A fake DataForSEO SERP API (POST /v3/serp/google/organic/live/advanced) on 127.0.0.1: checks Basic auth,
 * records the tasks it receives, and answers organic results, or whatever the test asks for next
 * (a status with headers, a malformed body, a task error, or silence until the client gives up).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSerpTask = { keyword: string; location_code: number; language_code: string; depth: number };
type Next = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean };

export type FakeDataForSeo = {
  url: string;
  login: string;
  password: string;
  tasks: FakeSerpTask[];
  /** The next answers, in order (then normal results again). */
  next: Next[];
  /**
   * Where a URL of the client's site ranks (issue 17): given the keyword and how many times it was searched
   * (1 for the first), the URL and its position among the organic results; null: the site is not in them.
   */
  rank: ((keyword: string, search: number) => { url: string; position: number } | null) | null;
  close(): Promise<void>;
};

export async function startFakeDataForSeo(options: { port?: number } = {}): Promise<FakeDataForSeo> {
  const login = "fake-login";
  const password = "fake-password";
  const fake = {
    tasks: [] as FakeSerpTask[],
    next: [] as Next[],
    rank: null as FakeDataForSeo["rank"],
  };
  const searches = new Map<string, number>();
  const expected = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v3/serp/google/organic/live/advanced") return res.writeHead(404).end();
      if (req.headers.authorization !== expected)
        return res.writeHead(401, { "Content-Type": "application/json" }).end('{"status_code":40100}');
      const next = fake.next.shift();
      if (next?.hang) return; // never answers
      if (next) return res.writeHead(next.status ?? 200, { "Content-Type": "application/json", ...next.headers }).end(next.body ?? "{}");
      const [task] = JSON.parse(raw) as FakeSerpTask[];
      fake.tasks.push(task);
      const search = (searches.get(task.keyword) ?? 0) + 1;
      searches.set(task.keyword, search);
      const placed = fake.rank?.(task.keyword, search) ?? null;
      const items = Array.from({ length: Math.max(task.depth, placed?.position ?? 0) + 2 }, (_, i) =>
        i === 1
          ? { type: "people_also_ask", rank_absolute: i + 1 }
          : {
              type: "organic",
              rank_absolute: i + 1,
              title: `${task.keyword} result ${i + 1}`,
              url: placed && placed.position === i + 1 ? placed.url : `https://site${i + 1}.example/${encodeURIComponent(task.keyword)}`,
              description: `About ${task.keyword} (${i + 1})`,
            },
      );
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(
          JSON.stringify({
            status_code: 20000,
            tasks: [{ status_code: 20000, status_message: "Ok.", cost: 0.002, result: [{ keyword: task.keyword, items }] }],
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    login,
    password,
    tasks: fake.tasks,
    next: fake.next,
    get rank() {
      return fake.rank;
    },
    set rank(value) {
      fake.rank = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
