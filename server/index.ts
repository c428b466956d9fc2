/**
 * The server: Express hosting the React Router request handler, with security headers, compression,
 * static files and request-size limits. Authentication (/api/auth) and every other route live in the
 * React Router app, so that the database, auth and storage modules exist once per process.
 */
import zlib from "node:zlib";
import crypto from "node:crypto";
import path from "node:path";
import cluster from "node:cluster";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { getEnvOrExit } from "../app/services/env.server";
import { CLIENT_IP_HEADER } from "../app/services/client-ip";
import { SESSION_COOKIE } from "../app/services/session-cookie";
import { logger } from "../app/services/logger.server";
import { etagMatches, type StaticPageCache } from "../app/lib/static-page-cache.server";
import { chooseEncoding } from "./content-encoding";
import { renderQueue } from "./render-queue";
import { buildFileCacheControl, staticFiles } from "./static-files";

type Entry = {
  prepare: () => Promise<void>;
  shutdown: () => Promise<void>;
  /** The app's better-auth instance (for the test-only sign-in route below). */
  getAuth: () => Promise<import("../app/services/auth.server").Auth>;
  /** The results' clock and schedule (for the test-only clock route below). */
  setClockForTests: (to: Date) => void;
  scheduleDueChecks: (workerId: string) => Promise<unknown[]>;
  /** Static pages kept a few seconds for visitors (app/lib/static-page-cache.server.ts). */
  staticPages: StaticPageCache;
  /** The hashes that allow the islands' inline scripts (docs/decisions/023-inline-islands.md). */
  islandScriptSources: string;
  /** Whether a Cookie header is the session of someone of the team (for the console's addresses below). */
  isTeamCookie: (cookie: string | undefined) => Promise<boolean>;
  /** A request's context for the app (its nonce, the static pages' generation), with the app's own contexts. */
  requestContext: typeof import("../app/lib/request-context").requestContext;
};

const NO_STORE = "private, no-store";
/** Screens and resource routes behind sign-in, with their `.data` (single fetch) twins. */
const SIGNED_IN_PATHS =
  /^\/(?:dashboard|sites|profile|settings|tone-articles|review|auth\/update-password|api\/versions|api\/tone-groups|api\/auth)(?:[/.]|$)/;
/** Shared resources whose answers are the same for everyone, which keep their own caching even for someone signed in. */
const SHARED_PATHS = /^\/(?:api\/files\/|api\/countries(?:[/.]|$)|api\/health$|robots\.txt$|sitemap\.xml$|favicon\.|placeholder\.svg$)/;

/** Sets Cache-Control: private, no-store on personal answers, whatever the route set, when the headers leave. */
function privateAnswers(req: Request, res: Response, next: NextFunction) {
  const personal = SIGNED_IN_PATHS.test(req.path) || (SESSION_COOKIE.test(req.headers.cookie ?? "") && !SHARED_PATHS.test(req.path));
  if (personal) keptByNobody(res);
  next();
}

/** React Router's lazy route discovery: a page asks this path for the routes of the paths it may go to. */
const MANIFEST_PATH = "/__manifest";
/** The console's paths (issue 14), with their `.data` twins. */
const CONSOLE_PATH = /^\/?team(?:[/.]|$)/;

/** Whether React Router would take a path for one of the console's: it decodes it, and matches without case. */
function isConsolePath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not a valid encoding: React Router matches it as it is.
  }
  return CONSOLE_PATH.test(decoded.replace(/\/{2,}/g, "/").toLowerCase());
}
/** A path that only the not-found route matches: what the console's addresses are for anyone else. */
const UNKNOWN_PATH = "/__unknown";

/**
 * The console exists only for the team (issue 14: it gives no hint that it exists, and nothing of it is in a client's
 * page or JavaScript). Its loaders refuse anyone else with a 404, but React Router still rendered that 404 inside the
 * console's routes (their modules in the page, a title of their own), and its route discovery
 * (`/__manifest?paths=...`) named the console's route modules to anyone who asked. For anyone not of the team, a
 * console address is therefore answered as an unknown address is (the same static not-found page, its `.data` the
 * same 404), and the console's paths are dropped from a route-discovery question, whose answer no cache keeps (a
 * browser must not keep it for when its person is of the team).
 */
function consoleForTheTeamOnly(isTeam: (cookie: string | undefined) => Promise<boolean>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const consoleAddress = isConsolePath(req.path);
    const asked = req.path === MANIFEST_PATH && typeof req.query.paths === "string" ? req.query.paths.split(",") : [];
    if (!consoleAddress && !asked.some(isConsolePath)) return next();
    // A form's body is already flowing (the size check above counts it): held while the session is read, so that
    // none of it is lost before React Router reads it (its reader resumes the stream).
    req.pause();
    try {
      if (await isTeam(req.headers.cookie)) return next();
    } catch (error) {
      return next(error);
    }
    const url = new URL(req.originalUrl, "http://localhost");
    if (consoleAddress) {
      url.pathname = req.path.toLowerCase().endsWith(".data") ? `${UNKNOWN_PATH}.data` : UNKNOWN_PATH;
    } else {
      url.searchParams.set("paths", asked.filter((p) => !isConsolePath(p)).join(","));
      keptByNobody(res);
    }
    req.url = req.originalUrl = `${url.pathname}${url.search}`;
    next();
  };
}

/** Sets Cache-Control: private, no-store on this answer, whatever the route sets, when the headers leave. */
function keptByNobody(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    this.setHeader("Cache-Control", NO_STORE);
    const headers = args.find((a, i) => i > 0 && a && typeof a === "object" && !Array.isArray(a)) as Record<string, unknown> | undefined;
    if (headers) for (const name of Object.keys(headers)) if (name.toLowerCase() === "cache-control") headers[name] = NO_STORE;
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * Answers a visitor's request for a static page from the pages kept by the app (decision 022): a GET or HEAD
 * without any cookie, for a URL rendered for such a request a few seconds ago. Same headers as the page had
 * (the security headers are set above, per request), the body compressed once, a 304 when the ETag matches.
 * Anything else goes on to be rendered.
 */
function keptStaticPages(pages: () => StaticPageCache | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie !== undefined) return next();
    const page = pages()?.lookup(req.originalUrl);
    if (!page) return next();
    for (const [name, value] of page.headers) res.setHeader(name, value);
    // Added to the page's own Vary (a demo article's view varies on Cookie), as the compression middleware does.
    res.vary("Accept-Encoding");
    // A stored answer says how old it is (RFC 9111, 5.1), as any shared cache's does.
    res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))));
    if (etagMatches(req.headers["if-none-match"], page.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = chooseEncoding(req, ["br", "gzip", "identity"]);
    const body = page.bodies[encoding];
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  };
}

const MAX_BODY_BYTES = 12 * 1024 * 1024;
/** How long a shutdown waits for the answers being sent before it cuts them. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = getEnvOrExit();
  const development = env.NODE_ENV === "development";
  // TEST-ONLY routes (docs/decisions/014-test-only-sign-in.md): their module is loaded only when a variable asks
  // for them, and a production server refuses the account-making one without its loud opt-in (issue 37).
  let testRoutes: import("./test-sign-in").TestRoutes | null = null;
  if (process.env.E2E_SIGN_IN_TOKEN || process.env.DEMO_CLOCK_TOKEN) {
    const routes = (await import("./test-sign-in")).testRoutesOf(process.env);
    if ("refused" in routes) {
      logger.fatal(routes.refused);
      console.error(routes.refused);
      process.exit(1);
    }
    testRoutes = routes;
  }
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // The client address better-auth and our rate limits see: the socket's, or a trusted proxy's header.
  // Whatever a client sent under this name is replaced.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  // Built assets (fingerprinted JS and CSS) carry only the headers that matter for them: a page loads
  // dozens, and a full set of page headers on each would cost every visitor kilobytes for nothing.
  app.use("/assets", (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    next();
  });
  // The build's files, answered from memory (server/static-files.ts, decision 035).
  const buildFiles = development ? null : staticFiles("build/client", buildFileCacheControl);
  // /assets here, before the work the other answers need (a nonce, the pages' headers, the kept pages,
  // compression): a page loads dozens.
  if (buildFiles) app.use("/assets", buildFiles);

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let entry: Entry | undefined;

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  const s3Origin = env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : env.S3_ENDPOINT ? new URL(env.S3_ENDPOINT).origin : null;
  const pageHeaders = helmet({
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": [
              "'self'",
              (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
              // The islands of the static pages, inline, each allowed by its hash (none until the build is loaded).
              () => entry?.islandScriptSources ?? "",
            ],
            "style-src": ["'self'", "'unsafe-inline'"],
            // Articles may show images from anywhere on https, and embed the videos the sanitizer keeps.
            "img-src": ["'self'", "data:", "blob:", "https:", ...(s3Origin ? [s3Origin] : [])],
            "frame-src": ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
            ...(env.PUBLIC_URL.startsWith("https://") ? { "upgrade-insecure-requests": [] } : {}),
          },
        },
    crossOriginEmbedderPolicy: false,
    hsts: env.PUBLIC_URL.startsWith("https://"),
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.use((req, res, next) => (!development && req.path.startsWith("/assets/") ? next() : pageHeaders(req, res, next)));
  // Before compression: the kept pages carry their compressed bodies.
  if (!development) app.use(keptStaticPages(() => entry?.staticPages));
  // Brotli at quality 5: nearly the size of quality 11 (the default) at a fraction of the CPU, for each page.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));

  // Refuse oversized bodies before anyone buffers them (logo uploads are at most 5 MB).
  app.use((req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).type("text/plain").send("Request too large.");
      return;
    }
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_BODY_BYTES) req.destroy(new Error("Request too large"));
    });
    next();
  });

  if (development) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    entry = (await build()).entry.module as unknown as Entry;
  } else {
    const buildPath = path.resolve("build/server/index.js");
    build = (await import(buildPath)) as ServerBuild;
    entry = build.entry.module as unknown as Entry;
    // The build's other files, with the pages' headers.
    if (buildFiles) app.use(buildFiles);
  }

  try {
    await entry.prepare();
  } catch (error) {
    logger.fatal({ err: error }, "could not open the database");
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Answers for someone signed in (and every answer of the signed-in screens) are personal: no browser or
  // shared cache may keep them. Static files are served above, untouched.
  app.use(privateAnswers);
  app.use(consoleForTheTeamOnly(entry.isTeamCookie));

  // --- TEST-ONLY routes (docs/decisions/014-test-only-sign-in.md) ------------------------------------
  // Only the test runner sets E2E_SIGN_IN_TOKEN (a random value per run), and DEMO_CLOCK_TOKEN mounts the clock
  // alone for a demo; without them the routes and their module do not exist in this process.
  if (testRoutes) {
    const { mountTestRoutes } = await import("./test-sign-in");
    mountTestRoutes(app, testRoutes, entry.getAuth, {
      setClockForTests: entry.setClockForTests,
      scheduleDueChecks: entry.scheduleDueChecks,
    });
    if (testRoutes.signIn) logger.warn("E2E_SIGN_IN_TOKEN is set: the test-only sign-in route is enabled");
    else logger.warn("DEMO_CLOCK_TOKEN is set: the demo clock route is enabled");
  }
  // --- end of TEST-ONLY routes ------------------------------------------------------------------------

  // The pages rendered at the same time, the others in line (decision 032); static files and kept pages are above.
  app.use(renderQueue({ limit: env.MAX_CONCURRENT_RENDERS, maxWaiting: 2_000, slotTimeoutMs: 10_000 }));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext: (_req, res) =>
        entry.requestContext({ cspNonce: res.locals.cspNonce as string, pageGeneration: entry.staticPages.generation }),
    }),
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(
      { url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`, publicUrl: env.PUBLIC_URL },
      "server listening",
    );
    // One line for people and for scripts waiting on the server.
    if (!process.env.QUIET_START) console.log(`Ready on http://localhost:${port}`);
  });
  // An idle keep-alive connection stays open 65 s (Node's default is 5 s), longer than the idle timeout of the
  // proxies and load balancers put in front (60 s for most): the server must never close a connection that
  // a client or proxy is about to reuse, which it sees as ECONNRESET (Playwright's request API did).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") console.error(`Port ${env.PORT} is already in use. Set PORT to another port.`);
    else console.error(error);
    void entry.shutdown().finally(() => process.exit(1));
  });

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    // Answers being sent finish (a restart must not cut a page or a manifest in half); idle keep-alive
    // connections close at once; whatever still runs after the grace period is cut.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    void drained
      .finally(() => clearTimeout(cut))
      .then(() => entry.shutdown())
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", () => close("SIGINT"));
  process.on("SIGTERM", () => close("SIGTERM"));
}

/**
 * WEB_CONCURRENCY above 1 (PostgreSQL only): this process forks that many servers sharing the port (Node's
 * cluster module) and replaces one that dies; a stop signal is passed on, and it exits once they all have.
 * The configuration is read here first, so that a generated AUTH_SECRET is written once, before the forks.
 */
function runPrimary(processes: number) {
  let stopping = false;
  const deaths: number[] = [];
  logger.info({ processes }, "starting server processes");
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      const running = Object.values(cluster.workers ?? {}).filter((other) => other && other !== worker && !other.isDead());
      if (running.length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > processes * 3) {
      logger.fatal({ code, signal }, "server processes keep dying; stopping");
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a server process died; starting another");
    setTimeout(() => cluster.fork(), 1_000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

const processes = getEnvOrExit().WEB_CONCURRENCY;
if (processes > 1 && cluster.isPrimary) runPrimary(processes);
else void main();
