/**
 * A fake DataForSEO on 127.0.0.1, speaking the documented protocol (status codes, tasks[].result[].items[],
 * costs): checks Basic auth, records the tasks it receives, and answers
 *   - POST /v3/serp/google/organic/live/advanced: organic results with, as Google shows them, People Also Ask
 *     (people_also_ask_element items with their people_also_ask_expanded_element answers; more questions with
 *     people_also_ask_click_depth), a featured snippet, an AI Overview with its references, and related searches
 *     (`features: false` leaves them out). `organicUrl` points the organic results elsewhere (the local page
 *     server, tests/fakes/pages.ts, so that research can read them);
 *   - POST /v3/on_page/content_parsing/live: fetches the page itself and answers its content the way the On-Page
 *     API documents it (page_content: header, footer, main_topic and secondary_topic with primary_content and
 *     secondary_content, split by the rule of DataForSEO's help center), $0.000125 a page;
 * or whatever the test asks for next (a status with headers, a malformed body, a task error, or silence until the
 * client gives up).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseContent } from "./content-parsing";

export type FakeSerpTask = {
  keyword: string;
  location_code: number;
  language_code: string;
  depth: number;
  people_also_ask_click_depth?: number;
};

/** The documented prices the fake reports: a live advanced SERP page, one People Also Ask click, a parsed page. */
export const FAKE_PRICES = { serp: 0.002, peopleAlsoAskClick: 0.00015, contentParsing: 0.000125 };
type Next = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean };

export type FakeDataForSeo = {
  url: string;
  login: string;
  password: string;
  tasks: FakeSerpTask[];
  /** The pages content parsing was asked for, in order. */
  parsed: string[];
  /** The next answers, in order (then normal results again). */
  next: Next[];
  /** Whether searches answer People Also Ask, a featured snippet, an AI Overview and related searches (default true). */
  features: boolean;
  /** Where the organic result at `position` (1-based among organic results) points; null: https://site<n>.example/<keyword>. */
  organicUrl: ((keyword: string, position: number) => string) | null;
  /**
   * Where a URL of the client's site ranks (issue 17): given the keyword and how many times it was searched
   * (1 for the first), the URL and its position among the organic results; null: the site is not in them.
   */
  rank: ((keyword: string, search: number) => { url: string; position: number } | null) | null;
  /** A URL the AI Overview cites besides its sources (issue 42), given the keyword and its search; null: none. */
  overviewCites: ((keyword: string, search: number) => string | null) | null;
  close(): Promise<void>;
};

export async function startFakeDataForSeo(options: { port?: number } = {}): Promise<FakeDataForSeo> {
  const login = "fake-login";
  const password = "fake-password";
  const fake = {
    tasks: [] as FakeSerpTask[],
    parsed: [] as string[],
    next: [] as Next[],
    rank: null as FakeDataForSeo["rank"],
    overviewCites: null as FakeDataForSeo["overviewCites"],
    features: true,
    organicUrl: null as FakeDataForSeo["organicUrl"],
  };
  const searches = new Map<string, number>();
  const expected = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
  const answer = (res: http.ServerResponse, cost: number, path: string[], data: unknown, result: unknown[]) =>
    res.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        version: "0.1.20250101",
        status_code: 20000,
        status_message: "Ok.",
        time: "0.0100 sec.",
        cost,
        tasks_count: 1,
        tasks_error: 0,
        tasks: [
          {
            id: `fake-${Date.now()}`,
            status_code: 20000,
            status_message: "Ok.",
            time: "0.0100 sec.",
            cost,
            result_count: result.length,
            path,
            data,
            result,
          },
        ],
      }),
    );
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const endpoints = ["/v3/serp/google/organic/live/advanced", "/v3/on_page/content_parsing/live"];
      if (req.method !== "POST" || !endpoints.includes(req.url ?? "")) return res.writeHead(404).end();
      if (req.headers.authorization !== expected)
        return res.writeHead(401, { "Content-Type": "application/json" }).end('{"status_code":40100}');
      const next = fake.next.shift();
      if (next?.hang) return; // never answers
      if (next) return res.writeHead(next.status ?? 200, { "Content-Type": "application/json", ...next.headers }).end(next.body ?? "{}");
      if (req.url === "/v3/on_page/content_parsing/live") {
        const [task] = JSON.parse(raw) as { url: string }[];
        fake.parsed.push(task.url);
        void parseContent(task.url).then((result) =>
          answer(
            res,
            FAKE_PRICES.contentParsing,
            ["v3", "on_page", "content_parsing", "live"],
            { api: "on_page", function: "content_parsing", ...task },
            [result],
          ),
        );
        return;
      }
      const [task] = JSON.parse(raw) as FakeSerpTask[];
      fake.tasks.push(task);
      const search = (searches.get(task.keyword) ?? 0) + 1;
      searches.set(task.keyword, search);
      const placed = fake.rank?.(task.keyword, search) ?? null;
      const clicks = task.people_also_ask_click_depth ?? 0;
      let organic = 0;
      const items: object[] = Array.from({ length: Math.max(task.depth, placed?.position ?? 0) + 2 }, (_, i) => {
        if (i === 1)
          return fake.features ? peopleAlsoAsk(task.keyword, i + 1, clicks) : { type: "people_also_ask", rank_absolute: i + 1, items: [] };
        organic += 1;
        return {
          type: "organic",
          rank_group: organic,
          rank_absolute: i + 1,
          domain: `site${i + 1}.example`,
          title: `${task.keyword} result ${i + 1}`,
          url:
            placed && placed.position === i + 1
              ? placed.url
              : (fake.organicUrl?.(task.keyword, organic) ?? `https://site${i + 1}.example/${encodeURIComponent(task.keyword)}`),
          description: `About ${task.keyword} (${i + 1})`,
        };
      });
      // Kept after the organic results, so that their positions stay those the tests of issue 17 expect.
      if (fake.features) items.push(...otherItems(task.keyword, items.length + 1, fake.overviewCites?.(task.keyword, search) ?? null));
      answer(
        res,
        Math.round((FAKE_PRICES.serp + clicks * FAKE_PRICES.peopleAlsoAskClick) * 1e6) / 1e6,
        ["v3", "serp", "google", "organic", "live", "advanced"],
        { api: "serp", function: "live", se: "google", se_type: "organic", ...task, device: "desktop", os: "windows" },
        [{ keyword: task.keyword, type: "organic", se_domain: "google.com", items_count: items.length, items }],
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
    parsed: fake.parsed,
    next: fake.next,
    get features() {
      return fake.features;
    },
    set features(value) {
      fake.features = value;
    },
    get organicUrl() {
      return fake.organicUrl;
    },
    set organicUrl(value) {
      fake.organicUrl = value;
    },
    get rank() {
      return fake.rank;
    },
    set rank(value) {
      fake.rank = value;
    },
    get overviewCites() {
      return fake.overviewCites;
    },
    set overviewCites(value) {
      fake.overviewCites = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A People Also Ask block for the keyword in DataForSEO's shape: two answered questions, and one more per click. */
function peopleAlsoAsk(keyword: string, rank: number, clicks: number) {
  const element = (title: string, answer: string | null, seed: string | null = null) => ({
    type: "people_also_ask_element",
    title,
    seed_question: seed,
    xpath: "/html[1]/body[1]/div[5]",
    expanded_element: answer
      ? [
          {
            type: "people_also_ask_expanded_element",
            featured_title: null,
            url: `https://answers.example/${encodeURIComponent(keyword)}`,
            domain: "answers.example",
            title: `All about ${keyword}`,
            description: answer,
            images: null,
            timestamp: null,
            table: null,
          },
        ]
      : null,
  });
  const first = `What is ${keyword}?`;
  const items = [
    element(first, `${keyword} is what this page explains, step by step.`),
    element(`How much does ${keyword} cost?`, `It depends; most people spend a little on ${keyword}.`),
    ...Array.from({ length: clicks }, (_, i) => element(`Is ${keyword} worth it${i ? ` (${i + 1})` : ""}?`, null, first)),
  ];
  return { type: "people_also_ask", rank_group: 1, rank_absolute: rank, position: "left", xpath: "/html[1]/body[1]/div[5]", items };
}

/** The featured snippet, the AI Overview with its references, and the related searches of the keyword, in DataForSEO's shapes. */
function otherItems(keyword: string, rank: number, cites: string | null) {
  const reference = (n: number) => ({
    type: "ai_overview_reference",
    source: `Source ${n}`,
    domain: `source${n}.example`,
    url: `https://source${n}.example/${encodeURIComponent(keyword)}`,
    title: `${keyword}, explained (${n})`,
    text: `What source ${n} says about ${keyword}.`,
  });
  return [
    {
      type: "featured_snippet",
      rank_group: 1,
      rank_absolute: rank,
      position: "left",
      domain: "snippet.example",
      title: `${keyword}: the short answer`,
      featured_title: `What to know about ${keyword}`,
      description: `In short, ${keyword} is best understood by reading the top pages.`,
      url: `https://snippet.example/${encodeURIComponent(keyword)}`,
      breadcrumb: "https://snippet.example",
    },
    {
      type: "ai_overview",
      rank_group: 1,
      rank_absolute: rank + 1,
      position: "left",
      asynchronous_ai_overview: false,
      markdown: null,
      items: [
        {
          type: "ai_overview_element",
          title: `About ${keyword}`,
          text: `${keyword} is a topic many sources cover; they agree on the basics.`,
          images: null,
          references: [reference(1)],
        },
      ],
      references: [
        ...(cites ? [{ ...reference(0), url: cites, domain: new URL(cites).hostname, source: new URL(cites).hostname }] : []),
        reference(1),
        reference(2),
      ],
    },
    {
      type: "related_searches",
      rank_group: 1,
      rank_absolute: rank + 2,
      position: "left",
      items: [`${keyword} price`, `best ${keyword}`, `${keyword} near me`],
    },
  ];
}
