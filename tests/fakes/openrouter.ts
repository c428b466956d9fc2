/**
 * A fake OpenRouter (OpenAI chat completions, POST /chat/completions) on 127.0.0.1: checks the bearer key,
 * records what each model was asked, and answers per model what the test scripted (a text, or a status),
 * with usage and cost as OpenRouter reports them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Scripted = { status?: number; headers?: Record<string, string>; content?: string; hang?: boolean };

export type FakeOpenRouter = {
  baseUrl: string;
  apiKey: string;
  /** Requests seen: the model and the user's message. */
  asked: { model: string; question: string; system: string }[];
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
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      const question = body.messages.at(-1)?.content ?? "";
      fake.asked.push({ model: body.model, question, system: body.messages.find((m) => m.role === "system")?.content ?? "" });
      const next = fake.script.get(body.model)?.shift();
      if (next?.hang) return; // never answers (the client's timeout, or a crash, ends it)
      if (next?.status && next.status !== 200) {
        return res
          .writeHead(next.status, { "Content-Type": "application/json", ...next.headers })
          .end(JSON.stringify({ error: { message: `scripted ${next.status}`, code: next.status } }));
      }
      const content = next?.content ?? fake.answer(body.model, question);
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          id: `gen-${fake.asked.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 40, completion_tokens: 60, total_tokens: 100, cost: 0.0015 },
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
