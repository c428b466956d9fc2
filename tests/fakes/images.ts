/**
 * A fake image API speaking OpenAI's images protocol on 127.0.0.1: POST /images/generations (JSON) and
 * POST /images/edits (multipart, with the example image). Checks the bearer key, records each request, and
 * answers PNGs of the asked size as b64_json with usage, or whatever the test asks for next (a status with
 * headers, a malformed body, an image given by URL, or silence until the client gives up).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export type FakeImageRequest = {
  path: "/images/generations" | "/images/edits";
  model: string;
  prompt: string;
  n: number;
  size: string;
  /** The example image's bytes (edits only). */
  image?: Buffer;
};
type Next = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean; byUrl?: boolean };

export type FakeImages = {
  url: string;
  apiKey: string;
  requests: FakeImageRequest[];
  next: Next[];
  close(): Promise<void>;
};

/** A picture with some structure (so that sharp's attention crop has something to look at). */
async function picture(width: number, height: number, seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},55%,78%)"/>
    <circle cx="${width * 0.6}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.28}" fill="hsl(${(hue + 180) % 360},60%,45%)"/>
    <rect x="0" y="${height * 0.8}" width="100%" height="${height * 0.2}" fill="hsl(${hue},40%,35%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeImages(options: { port?: number } = {}): Promise<FakeImages> {
  const apiKey = "sk-images-fake";
  const fake = { requests: [] as FakeImageRequest[], next: [] as Next[], served: new Map<string, Buffer>() };
  let origin = "";
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "").replace(/\?.*$/, "").replace(/^\/v1/, "");
    const raw = await readBody(req);
    if (req.method === "GET" && fake.served.has(path))
      return res.writeHead(200, { "Content-Type": "image/png" }).end(fake.served.get(path));
    if (req.method !== "POST" || (path !== "/images/generations" && path !== "/images/edits")) return res.writeHead(404).end();
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return res
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error" } }));
    }
    let request: FakeImageRequest;
    if (path === "/images/edits") {
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: new Uint8Array(raw),
      }).formData();
      const image = (form.get("image") ?? form.get("image[]")) as File | null;
      request = {
        path,
        model: String(form.get("model")),
        prompt: String(form.get("prompt")),
        n: Number(form.get("n") ?? 1),
        size: String(form.get("size") ?? "1024x1024"),
        image: image ? Buffer.from(await image.arrayBuffer()) : undefined,
      };
    } else {
      const body = JSON.parse(raw.toString("utf8")) as { model: string; prompt: string; n?: number; size?: string };
      request = { path, model: body.model, prompt: body.prompt, n: body.n ?? 1, size: body.size ?? "1024x1024" };
    }
    fake.requests.push(request);
    const next = fake.next.shift();
    if (next?.hang) return; // never answers
    if (next && !next.byUrl) {
      return res.writeHead(next.status ?? 200, { "Content-Type": "application/json", ...next.headers }).end(next.body ?? "{}");
    }
    const [width, height] = request.size.split("x").map(Number);
    const data = [];
    for (let i = 0; i < request.n; i++) {
      const png = await picture(width || 1024, height || 1024, fake.requests.length * 10 + i);
      if (next?.byUrl) {
        const name = `/files/${fake.requests.length}-${i}.png`;
        fake.served.set(name, png);
        data.push({ url: `${origin}${name}` });
      } else data.push({ b64_json: png.toString("base64") });
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data,
        usage: { input_tokens: 50, output_tokens: 4160 * request.n, total_tokens: 50 + 4160 * request.n },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v1`,
    apiKey,
    requests: fake.requests,
    next: fake.next,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
