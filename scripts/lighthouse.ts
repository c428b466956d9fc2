/**
 * `npm run lighthouse`: every public route, side by side with a static copy of its own HTML (issue 13).
 *
 * Builds the app when needed, seeds a demo article in a temporary DATA_DIR, starts the app in production
 * mode, and starts a static server beside it that answers each page's path with the HTML the app served,
 * its scripts and module preloads removed, compressed once with brotli (as a static host would), and every
 * other path (stylesheet, images, files) from build/client or else from the app. Lighthouse 12 (default
 * mobile mode: simulated slow 4G, 4× CPU slowdown) runs on both, alternately, with Debian's Chromium.
 *
 * Prints, per page, the app's figures beside the static copy's, and exits with 1 when a page misses its
 * targets (docs/performance.md):
 * - performance within 2 points of the copy's (5 for /auth), accessibility and best practices 100, SEO 100
 *   on the pages that are indexed;
 * - LCP within 1.15× the copy's (1.3× for /auth); TBT under 10 ms and CLS 0 (not for /auth);
 * - compressed JavaScript at most 30 KB on the landing pages and /first-article, none on the static pages.
 *
 *   npm run lighthouse                       every public route, the median of 3 runs each
 *   npm run lighthouse -- / /home-3          some pages
 *   LIGHTHOUSE_RUNS=1 npm run lighthouse     one run per page (quicker, noisier)
 *   LIGHTHOUSE_SAVE=dir npm run lighthouse   also writes each run's report and trace into dir
 *   LIGHTHOUSE_COPY_HEADERS=cross-origin-opener-policy,origin-agent-cluster npm run lighthouse
 *                                            the copies also carry these headers of the app's answer
 *                                            (docs/decisions/034-public-pages-keep-coop.md)
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort, makeDataDir, startServer } from "../tests/e2e/support/server";
import { buildIfStale } from "./build-if-stale.mjs";

type Kind = "landing" | "form" | "static" | "auth";
type Page = { path: string; kind: Kind };

const LANDINGS = [
  "/",
  "/home-1",
  "/home-2",
  "/home-3",
  "/home-4",
  "/home-5",
  "/home-4-pricing-openai",
  "/home-4-pricing-antropic",
  "/home-4-pricing-google",
];
const DEMO = "/view/:demo";
const ALL: Page[] = [
  ...LANDINGS.map((p) => ({ path: p, kind: "landing" as const })),
  { path: "/first-article", kind: "form" },
  { path: "/first-article-success", kind: "static" },
  { path: "/maintenance", kind: "static" },
  { path: DEMO, kind: "static" },
  { path: "/no-such-page", kind: "static" },
  { path: "/auth", kind: "auth" },
];

const JS_BUDGET_KB: Record<Kind, number> = { landing: 30, form: 30, static: 0, auth: Infinity };
const PERF_MARGIN: Record<Kind, number> = { landing: 2, form: 2, static: 2, auth: 5 };
const LCP_RATIO: Record<Kind, number> = { landing: 1.15, form: 1.15, static: 1.15, auth: 1.3 };

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const named = process.argv.slice(2).filter((a) => a.startsWith("/"));
const pages = named.length ? named.map((p) => ALL.find((page) => page.path === p) ?? { path: p, kind: "landing" as const }) : ALL;

type Figures = {
  perf: number;
  a11y: number;
  best: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  lcpElement: string;
  failing: string[];
};

const saveDir = process.env.LIGHTHOUSE_SAVE;
let saved = 0;

async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  // The not-found page answers 404 on purpose: Lighthouse measures it anyway.
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error" },
    { extends: "lighthouse:default", settings: { ignoreStatusCode: true } },
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (saveDir) {
    const { port: served, pathname } = new URL(url);
    const name = `${String(++saved).padStart(3, "0")}-${served}${pathname.replace(/\W+/g, "_")}`;
    fs.mkdirSync(saveDir, { recursive: true });
    fs.writeFileSync(path.join(saveDir, `${name}.report.json`), JSON.stringify(lhr));
    fs.writeFileSync(path.join(saveDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) {
    // A run can fail on a busy machine (a protocol timeout): one more try before giving up.
    if (attempt < 2) return audit(url, port, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})`);
  // Lighthouse 13 names the LCP element in its LCP breakdown insight: a list whose node item is the element.
  const lcpParts = (lhr.audits["lcp-breakdown-insight"]?.details as { items?: { type?: string; selector?: string }[] } | undefined)?.items;
  return {
    perf: score("performance"),
    a11y: score("accessibility"),
    best: score("best-practices"),
    seo: score("seo"),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    jsKb: jsBytes / 1024,
    lcpElement: lcpParts?.find((item) => item.type === "node")?.selector ?? "",
    failing: [...new Set(failing)],
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function medianFigures(all: Figures[]): Figures {
  const pick = (f: (x: Figures) => number) => median(all.map(f));
  return {
    perf: pick((x) => x.perf),
    a11y: pick((x) => x.a11y),
    best: pick((x) => x.best),
    seo: pick((x) => x.seo),
    lcpMs: pick((x) => x.lcpMs),
    tbtMs: pick((x) => x.tbtMs),
    cls: pick((x) => x.cls),
    jsKb: pick((x) => x.jsKb),
    lcpElement: all[0].lcpElement,
    failing: [...new Set(all.flatMap((x) => x.failing))],
  };
}

/** A page's static copy: its HTML without scripts (brotli), and the headers of the app's answer it carries too. */
type Copy = { body: Buffer; headers: Record<string, string> };
const copiedHeaders = (process.env.LIGHTHOUSE_COPY_HEADERS ?? "").split(",").filter(Boolean);

/** The page's HTML without what makes it an app: scripts and module preloads. */
function staticCopy(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/**
 * The static host: each copy at its page's path (HTML, brotli), the built files from build/client (text
 * types brotli-compressed), anything else (uploaded images) fetched from the app.
 */
function startStaticHost(port: number, appUrl: string, copies: Map<string, Copy>) {
  const root = path.resolve("build/client");
  const compressed = new Map<string, Buffer>();
  const brotli = (buffer: Buffer) => zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://static");
    const copy = copies.get(url.pathname);
    if (copy) {
      res.writeHead(200, {
        ...copy.headers,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Encoding": "br",
        "Cache-Control": "no-cache",
      });
      res.end(copy.body);
      return;
    }
    const file = path.join(root, decodeURIComponent(url.pathname));
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const type = TYPES[path.extname(file)] ?? "application/octet-stream";
      const text = /^(text|image\/svg)/.test(type);
      const raw = fs.readFileSync(file);
      const body: Buffer = text ? (compressed.get(file) ?? compressed.set(file, brotli(raw)).get(file)!) : raw;
      res.writeHead(200, {
        "Content-Type": type,
        "Cache-Control": "public, max-age=31536000, immutable",
        ...(text ? { "Content-Encoding": "br" } : {}),
      });
      res.end(body);
      return;
    }
    const upstream = await fetch(`${appUrl}${url.pathname}${url.search}`);
    res.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream" });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  return new Promise<http.Server>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** A demo article (a page of 1,500 words marked as demo), made in DATA_DIR before the server opens it. */
async function seedDemoArticle(dataDir: string): Promise<string> {
  process.env.DATA_DIR = dataDir;
  const { getDb, closeDatabase } = await import("../app/services/db.server");
  const schema = await import("../db/schema");
  const { teamSetDemoArticle } = await import("../app/models/demo.server");
  const db = await getDb();
  const id = crypto.randomUUID();
  await db.insert(schema.user).values({ id, email: `lighthouse-${id.slice(0, 8)}@example.test`, name: "Lighthouse", emailVerified: true });
  const [site] = await db
    .insert(schema.sites)
    .values({ name: "Demo site", url: "https://demo.example", linkedUser: id })
    .returning({ id: schema.sites.id });
  const [page] = await db
    .insert(schema.pages)
    .values({ site: site.id, name: "How to choose a running shoe", url: "https://demo.example/running-shoes", creator: id })
    .returning({ id: schema.pages.id });
  const paragraph =
    "Choosing a running shoe starts with how you run, where you run and how often. A shoe that suits a trail runner rarely suits someone who runs on a track, and the cushioning that feels soft in the shop can feel heavy after ten kilometres.";
  const sections = ["Know your stride", "Cushioning and drop", "Fit and sizing", "Road, trail or track", "When to replace them"]
    .map((title) => `<h2>${title}</h2>${Array.from({ length: 6 }, () => `<p>${paragraph}</p>`).join("")}`)
    .join("");
  const [version] = await db
    .insert(schema.pagesVersions)
    .values({ page: page.id, htmlContent: `<h1>How to choose a running shoe</h1><p>${paragraph}</p>${sections}`, creator: id })
    .returning({ publicId: schema.pagesVersions.publicId });
  await teamSetDemoArticle(page.id, true);
  await closeDatabase();
  return `/view/${version.publicId}`;
}

const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join(" ");
const WIDTHS = [26, 11, 9, 9, 9, 17, 7, 13, 7, 9];

async function main() {
  buildIfStale();
  const dataDir = makeDataDir("lighthouse");
  const demoPath = await seedDemoArticle(dataDir);
  const server = await startServer({ port: await freePort(), dataDir });
  const copies = new Map<string, Copy>();
  const staticPort = await freePort();
  const host = await startStaticHost(staticPort, server.url, copies);
  const staticUrl = `http://127.0.0.1:${staticPort}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  let ok = true;
  try {
    console.log(
      `Lighthouse mobile, median of ${runs} run${runs > 1 ? "s" : ""}; the app at ${server.url}, its static copies at ${staticUrl}` +
        (copiedHeaders.length ? ` (with the app's ${copiedHeaders.join(", ")})` : "") +
        "\n",
    );
    console.log(row(["page", "perf (copy)", "a11y", "best", "seo", "LCP ms (copy)", "ratio", "TBT ms (copy)", "CLS", "JS KB"], WIDTHS));
    for (const page of pages) {
      const pagePath = page.path === DEMO ? demoPath : page.path;
      const answer = await fetch(`${server.url}${pagePath}`);
      const html = await answer.text();
      const headers = Object.fromEntries(
        copiedHeaders.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name)!]] : [])),
      );
      copies.set(pagePath, { body: zlib.brotliCompressSync(Buffer.from(staticCopy(html))), headers });
      const indexed = !/<meta name="robots" content="[^"]*noindex/.test(html);
      const app: Figures[] = [];
      const copy: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        app.push(await audit(`${server.url}${pagePath}`, chrome.port));
        copy.push(await audit(`${staticUrl}${pagePath}`, chrome.port));
      }
      const a = medianFigures(app);
      const c = medianFigures(copy);
      const ratio = a.lcpMs / c.lcpMs;
      console.log(
        row(
          [
            page.path,
            `${a.perf} (${c.perf})`,
            a.a11y,
            a.best,
            indexed ? a.seo : "-",
            `${a.lcpMs.toFixed(0)} (${c.lcpMs.toFixed(0)})`,
            `×${ratio.toFixed(2)}`,
            `${a.tbtMs.toFixed(0)} (${c.tbtMs.toFixed(0)})`,
            a.cls.toFixed(3),
            a.jsKb.toFixed(1),
          ],
          WIDTHS,
        ),
      );
      const misses = [
        a.perf < c.perf - PERF_MARGIN[page.kind] && `performance ${a.perf} < ${c.perf} - ${PERF_MARGIN[page.kind]}`,
        a.a11y < 100 && "accessibility under 100",
        a.best < 100 && "best practices under 100",
        indexed && a.seo < 100 && "SEO under 100",
        ratio > LCP_RATIO[page.kind] && `LCP ×${ratio.toFixed(2)} > ×${LCP_RATIO[page.kind]}`,
        page.kind !== "auth" && a.tbtMs >= 10 && `TBT ${a.tbtMs.toFixed(0)} ms`,
        page.kind !== "auth" && a.cls > 0 && `CLS ${a.cls.toFixed(3)}`,
        a.jsKb > JS_BUDGET_KB[page.kind] + 0.05 && `JS ${a.jsKb.toFixed(1)} KB > ${JS_BUDGET_KB[page.kind]} KB`,
      ].filter(Boolean);
      if (misses.length) {
        ok = false;
        console.log(`  under target: ${misses.join("; ")}`);
        console.log(`  LCP element: ${a.lcpElement || "(unknown)"}; audits losing points: ${a.failing.join(", ") || "(none)"}`);
      }
    }
  } finally {
    await chrome.kill();
    host.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(ok ? "\nEvery page meets its targets." : "\nSome pages miss their targets.");
  process.exit(ok ? 0 : 1);
}

await main();
