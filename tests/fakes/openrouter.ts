/**
 * A fake OpenRouter (OpenAI chat completions, POST /chat/completions) on 127.0.0.1: checks the bearer key,
 * records what each model was asked, and answers per model what the test scripted (a text, or a status),
 * with usage and cost as OpenRouter reports them. A request with the web plugin (issue 42) is answered as OpenRouter
 * answers one: the URLs the answer cites come back as url_citation annotations (`citations` scripts them), and
 * its cost includes the plugin's fee for its results.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Scripted = {
  status?: number;
  headers?: Record<string, string>;
  content?: string;
  hang?: boolean;
  /** With the web plugin: the cited URLs as annotations (default: the answer's URLs); [] sends none. */
  citations?: string[];
};

export type FakeOpenRouter = {
  baseUrl: string;
  apiKey: string;
  /** Requests seen: the model and the user's message. */
  asked: { model: string; question: string; system: string; web: boolean }[];
  /** Per model, the next answers (then the default answer). */
  script: Map<string, Scripted[]>;
  /** The default answer of a model. */
  answer: (model: string, question: string) => string;
  close(): Promise<void>;
};

export async function startFakeOpenRouter(options: { port?: number } = {}): Promise<FakeOpenRouter> {
  const apiKey = "sk-or-fake";
  const fake: Pick<FakeOpenRouter, "asked" | "script" | "answer"> = {
    asked: [],
    script: new Map(),
    answer: (model) => `An answer from ${model}. See https://example.org/guide and [this](https://docs.example.com/page).`,
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return res
          .writeHead(401, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: { message: "No auth credentials found", code: 401 } }));
      }
      const body = JSON.parse(raw) as {
        model: string;
        messages: { role: string; content: string }[];
        plugins?: { id: string; max_results?: number }[];
      };
      const question = body.messages.at(-1)?.content ?? "";
      const web = body.plugins?.find((p) => p.id === "web");
      fake.asked.push({ model: body.model, question, system: body.messages.find((m) => m.role === "system")?.content ?? "", web: Boolean(web) });
      const next = fake.script.get(body.model)?.shift();
      if (next?.hang) return; // never answers (the client's timeout, or a crash, ends it)
      if (next?.status && next.status !== 200) {
        return res
          .writeHead(next.status, { "Content-Type": "application/json", ...next.headers })
          .end(JSON.stringify({ error: { message: `scripted ${next.status}`, code: next.status } }));
      }
      const content = next?.content ?? fake.answer(body.model, question);
      const cited = web ? (next?.citations ?? [...new Set(content.match(/https?:\/\/[^\s)\]]+[^\s)\].,;:!?]/g) ?? [])]) : [];
      const annotations = cited.map((url) => ({
        type: "url_citation",
        url_citation: { url, title: `Page at ${url}`, content: "", start_index: Math.max(0, content.indexOf(url)), end_index: content.length },
      }));
      // OpenRouter's web plugin: $4 per 1,000 results, max_results 5 by default.
      const fee = web ? ((web.max_results ?? 5) * 4) / 1000 : 0;
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          id: `gen-${fake.asked.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, message: { role: "assistant", content, ...(annotations.length ? { annotations } : {}) }, finish_reason: "stop" },
          ],
          usage: { prompt_tokens: 40, completion_tokens: 60, total_tokens: 100, cost: Number((0.0015 + fee).toFixed(6)) },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeOpenRouter;
}
