/**
 * `npm run bench:public` (issue 13): requests per second of a public page served by the app, side by side with
 * the same bytes served as a static file, in one run on the same machine.
 *
 * Builds the app when needed and starts it as `npm start` does (production, a fresh DATA_DIR). For each page it
 * reads the page's HTML from the app, writes it with its brotli copy into a folder, and serves that folder from a
 * second process with sirv (a static server that sends the .br as it is; the app served its own files with it until
 * decision 035, and the figures of docs/performance.md were taken against it).
 * autocannon then loads one and then the other with the same connections, duration and headers (a browser's
 * Accept-Encoding, no cookie) and the script prints both figures and their ratio.
 *
 * Exits with 1 when a page reaches less than half the static file's requests per second (issue 13's target).
 *
 *   npm run bench:public                         '/', 10 connections, 10 s each
 *   npm run bench:public -- / /home-4            some pages
 *   CONNECTIONS=50 DURATION_S=20 npm run bench:public
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { freePort, makeDataDir, startServer } from "../tests/e2e/support/server";
import { buildIfStale } from "./build-if-stale.mjs";

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};
const CONNECTIONS = number("CONNECTIONS", 10);
const DURATION_S = number("DURATION_S", 10);
const WARMUP_S = number("WARMUP_S", 2);
const TARGET_RATIO = 0.5;
const HEADERS = {
  "accept-encoding": "gzip, deflate, br, zstd",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

const pages = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (!pages.length) pages.push("/");

/** A second process serving `dir` with sirv, precompressed files sent as they are. */
async function startStaticServer(dir: string, port: number): Promise<ChildProcess> {
  const program = `
    const http = require("node:http");
    const sirv = require("sirv");
    const serve = sirv(${JSON.stringify(dir)}, { brotli: true, gzip: true, etag: true, extensions: ["html"] });
    http.createServer((req, res) => serve(req, res, () => { res.statusCode = 404; res.end(); }))
      .listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", program], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`the static server exited with ${code}`)));
  });
  return child;
}

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; bytes: number };

async function load(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HEADERS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

async function main() {
  buildIfStale();
  const dataDir = makeDataDir("bench-public");
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-static-"));
  const app = await startServer({ port: await freePort(), dataDir, testSignIn: false });
  const staticPort = await freePort();
  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), Node ${process.version}; autocannon, ` +
      `${CONNECTIONS} connections, ${DURATION_S} s per server after ${WARMUP_S} s of warm-up\n`,
  );
  let ok = true;
  let host: ChildProcess | undefined;
  try {
    const names = new Map<string, string>();
    for (const [i, page] of pages.entries()) {
      const response = await fetch(`${app.url}${page}`, { headers: { "user-agent": HEADERS["user-agent"] } });
      const html = Buffer.from(await response.arrayBuffer());
      const name = `page-${i}`;
      fs.writeFileSync(path.join(filesDir, `${name}.html`), html);
      fs.writeFileSync(
        path.join(filesDir, `${name}.html.br`),
        zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      names.set(page, name);
    }
    host = await startStaticServer(filesDir, staticPort);
    console.log(`${"page".padEnd(24)} ${"static file".padStart(22)} ${"app".padStart(22)}  ratio`);
    for (const page of pages) {
      const staticUrl = `http://127.0.0.1:${staticPort}/${names.get(page)}`;
      const appUrl = `${app.url}${page}`;
      await load(staticUrl, WARMUP_S);
      const file = await load(staticUrl, DURATION_S);
      await load(appUrl, WARMUP_S);
      const served = await load(appUrl, DURATION_S);
      const ratio = served.rps / file.rps;
      const cell = (f: Figures) => `${f.rps.toFixed(0).padStart(6)} req/s p50 ${String(f.p50).padStart(3)} ms`;
      console.log(`${page.padEnd(24)} ${cell(file).padStart(22)} ${cell(served).padStart(22)}  ${ratio.toFixed(2)}`);
      const problems = [
        ratio < TARGET_RATIO && `under ${TARGET_RATIO} of the static file's requests per second`,
        (served.errors || served.non2xx) && `${served.errors} errors and ${served.non2xx} answers other than 2xx from the app`,
        (file.errors || file.non2xx) && `${file.errors} errors and ${file.non2xx} answers other than 2xx from the static file`,
      ].filter(Boolean);
      if (problems.length) {
        ok = false;
        console.log(`  ${problems.join("; ")}`);
      }
    }
  } finally {
    host?.kill();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
  console.log(ok ? "\nEvery page meets its target." : "\nSome pages miss their target.");
  process.exit(ok ? 0 : 1);
}

await main();
