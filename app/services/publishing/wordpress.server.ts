/**
 * The WordPress REST API as its handbook documents it (issue 15): the API's root found at /wp-json/, or at
 * /?rest_route=/ when the site has no pretty permalinks; application passwords over HTTP Basic auth;
 * /wp/v2/posts, /wp/v2/pages and /wp/v2/media. Every answer is read for what it says (WordPress errors are
 * JSON with a `code`), and every failure becomes a WordPressError naming the problem in words the product can
 * show, and whether another attempt could pass. No well-kept Node client fits (decision 027): this is the
 * platform's fetch with the provider calls' timeout and error kinds.
 */
import { getEnv } from "~/services/env.server";
import { retryAfter, withTimeout } from "~/services/providers/http.server";
import { BlockedHostError, fetchOutbound } from "./outbound.server";

export type WordPressCredentials = {
  /** The site's address, as the client gave it (https://example.com, or a WordPress in a sub-folder). */
  siteUrl: string;
  username: string;
  /** An application password (Users > Profile > Application Passwords), spaces allowed as WordPress shows it. */
  applicationPassword: string;
};

/** What went wrong, for the words the product shows (lib/publishing.ts) and for the retry decision. */
export type WordPressProblem =
  | "invalid_url"
  | "blocked_host"
  | "unreachable"
  | "timeout"
  | "rest_not_found"
  | "rest_disabled"
  | "not_json"
  | "needs_https"
  | "application_passwords_off"
  | "credentials"
  | "cannot_publish"
  | "cannot_upload"
  | "post_missing"
  | "server_error"
  | "refused"
  /** No connection is stored for the site (any more): there is no site to call. */
  | "not_connected";

/** Problems another attempt may not meet (the site or the network); the others need someone to act. */
const PASSING: ReadonlySet<WordPressProblem> = new Set(["unreachable", "timeout", "server_error"]);

export class WordPressError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly problem: WordPressProblem,
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "WordPressError";
    this.retryable = PASSING.has(problem);
  }
}

/** Where the site's REST API answers: its root, and how routes are written under it. */
export type RestApi = { siteUrl: string; root: string; style: "pretty" | "plain" };

type Answer = { status: number; headers: Headers; data: unknown };

/** A task's lease (its abort signal), and a time-out shorter than the providers' for a person waiting on a screen. */
export type CallOptions = { signal?: AbortSignal; timeoutMs?: number };

/** The site's address without a trailing slash; refuses anything but http(s) with a host. */
export function normalizeSiteUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new WordPressError("invalid_url", "The site address is not a valid URL.");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.username || url.password)
    throw new WordPressError("invalid_url", "The site address must start with https:// (or http://) and name a host.");
  url.hash = "";
  url.search = "";
  return url.href.replace(/\/+$/, "");
}

/** The URL of `route` (e.g. "/wp/v2/posts") under the API, with its query. */
export function routeUrl(api: RestApi, route: string, query: Record<string, string | number | undefined> = {}): string {
  const url = api.style === "pretty" ? new URL(route.replace(/^\//, ""), api.root) : new URL(api.root);
  if (api.style === "plain") url.searchParams.set("rest_route", route);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.href;
}

function basicAuth(credentials: WordPressCredentials): string {
  // WordPress shows application passwords in groups of four with spaces; it accepts them with or without.
  const secret = `${credentials.username}:${credentials.applicationPassword}`;
  return `Basic ${Buffer.from(secret, "utf8").toString("base64")}`;
}

/** The codes of plugins that turn the REST API off for visitors (Disable REST API and the like). */
const DISABLED_CODES: ReadonlySet<string> = new Set(["rest_disabled", "rest_cannot_access", "rest_api_disabled"]);

const isJson = (headers: Headers) => /\bjson\b/i.test(headers.get("content-type") ?? "");

/** WordPress's error code and message from an error answer, when it sent one. */
function errorOf(data: unknown): { code: string; message: string } {
  const record = (data ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof record.code === "string" ? record.code : "", message: typeof record.message === "string" ? record.message : "" };
}

/** One request; network failures, time-outs and answers that are not JSON become WordPressErrors. */
async function send(url: string, init: RequestInit & { timeoutMs?: number; signal?: AbortSignal }): Promise<Answer> {
  const timeoutMs = init.timeoutMs ?? getEnv().PROVIDER_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetchOutbound(url, { ...init, signal: withTimeout(timeoutMs, init.signal) });
  } catch (err) {
    if (err instanceof BlockedHostError) throw new WordPressError("blocked_host", err.message);
    if (init.signal?.aborted) throw init.signal.reason instanceof Error ? init.signal.reason : new Error(String(init.signal.reason));
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    if (timedOut) throw new WordPressError("timeout", `The site did not answer within ${Math.round(timeoutMs / 1000)} s.`);
    throw new WordPressError("unreachable", "The site could not be reached (its address, its DNS or its server).");
  }
  const text = await response.text().catch(() => "");
  if (!isJson(response.headers)) {
    if (response.status === 429 || response.status >= 500)
      throw new WordPressError(
        "server_error",
        `The site answered ${response.status}.`,
        response.status,
        retryAfter(response.headers.get("retry-after")),
      );
    throw new WordPressError(
      "not_json",
      "The site answered with a web page instead of the REST API's data: a security plugin or a firewall may be blocking the API.",
      response.status,
    );
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new WordPressError(
      "not_json",
      "The site's answer is not valid JSON: a plugin may be printing text into the API's answers.",
      response.status,
    );
  }
  return { status: response.status, headers: response.headers, data };
}

/** The problem an error answer of an authenticated call names. */
function refusal(answer: Answer, what: string): WordPressError {
  const { code, message } = errorOf(answer.data);
  const said = message ? ` WordPress said: "${message}"` : "";
  if (answer.status === 429 || answer.status >= 500)
    return new WordPressError(
      "server_error",
      `The site answered ${answer.status} while ${what}.${said}`,
      answer.status,
      retryAfter(answer.headers.get("retry-after")),
    );
  if (code === "rest_no_route") return new WordPressError("rest_not_found", `The site's REST API has no route for ${what}.`, answer.status);
  if (DISABLED_CODES.has(code))
    return new WordPressError("rest_disabled", `The site's REST API is turned off (a plugin or a setting).${said}`, answer.status);
  if (answer.status === 401 || ["incorrect_password", "invalid_username", "invalid_email", "rest_not_logged_in"].includes(code))
    return new WordPressError("credentials", `WordPress refused the user name or the application password.${said}`, answer.status);
  if (code === "rest_post_invalid_id" || (answer.status === 404 && /invalid_id|not_found/.test(code)))
    return new WordPressError("post_missing", "The post is no longer on the site (it was deleted there).", answer.status);
  if (code === "rest_cannot_upload" || code === "rest_upload_user_quota_exceeded")
    return new WordPressError("cannot_upload", `The WordPress user may not upload images.${said}`, answer.status);
  if (answer.status === 403)
    return new WordPressError("cannot_publish", `The WordPress user may not do this: ${what}.${said}`, answer.status);
  return new WordPressError("refused", `WordPress refused ${what} (${answer.status}${code ? `, ${code}` : ""}).${said}`, answer.status);
}

type Index = { namespaces?: unknown; authentication?: Record<string, unknown> };

/**
 * Finds the site's REST API: /wp-json/ first, then /?rest_route=/ (plain permalinks). Answers the API and its
 * index (the namespaces, and the authentication methods the site offers), or says why there is none. With
 * `credentials`, asks as that user: plugins that close the API to visitors leave it open to users.
 */
export async function discover(
  siteUrl: string,
  options: CallOptions & { credentials?: WordPressCredentials } = {},
): Promise<{ api: RestApi; index: Index }> {
  const { credentials, signal, timeoutMs } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (credentials) headers.Authorization = basicAuth(credentials);
  const base = normalizeSiteUrl(siteUrl);
  const candidates: RestApi[] = [
    { siteUrl: base, root: `${base}/wp-json/`, style: "pretty" },
    { siteUrl: base, root: `${base}/`, style: "plain" },
  ];
  let problem: WordPressError | undefined;
  for (const api of candidates) {
    let answer: Answer;
    try {
      answer = await send(routeUrl(api, "/"), { headers, signal, timeoutMs });
    } catch (err) {
      // An unreachable site or a time-out is the same at the other address: say it at once.
      if (!(err instanceof WordPressError) || err.problem === "unreachable" || err.problem === "timeout") throw err;
      // A web page where the API should be: a 404 or the home page means there is no API at this address; a
      // refusal (403, 401...) is something standing in front of it, a security plugin or a firewall.
      const noApiHere = err.problem === "not_json" && (err.status === 404 || err.status === 200);
      if (!noApiHere) problem ??= err;
      continue;
    }
    const index = answer.data as Index | null;
    if (answer.status === 200 && index && Array.isArray(index.namespaces)) {
      if (!index.namespaces.includes("wp/v2"))
        throw new WordPressError("rest_not_found", "The site's REST API does not offer WordPress's own routes (wp/v2).");
      return { api, index };
    }
    const { code, message } = errorOf(answer.data);
    if (answer.status === 401 && !DISABLED_CODES.has(code)) throw refusal(answer, "reading the API");
    if (DISABLED_CODES.has(code) || answer.status === 403)
      throw new WordPressError(
        "rest_disabled",
        `The site's REST API is turned off (a plugin or a setting).${message ? ` WordPress said: "${message}"` : ""}`,
        answer.status,
      );
    if (answer.status >= 500 || answer.status === 429) problem ??= refusal(answer, "reading the API");
  }
  if (problem) throw problem;
  throw new WordPressError("rest_not_found", "No WordPress REST API was found at this address (neither /wp-json/ nor ?rest_route=/).");
}

/** Whether the site offers application passwords (WordPress lists them in its index when they can be used). */
export function offersApplicationPasswords(index: Index): boolean {
  return Boolean(index.authentication && "application-passwords" in index.authentication);
}

/** An authenticated client of one site. */
export class WordPressClient {
  constructor(
    readonly api: RestApi,
    private readonly credentials: WordPressCredentials,
    private readonly options: CallOptions = {},
  ) {}

  /** Finds the API and checks nothing else: `checkConnection` says whether the credentials can publish. */
  static async connect(credentials: WordPressCredentials, options: CallOptions = {}): Promise<WordPressClient> {
    const { api } = await discover(credentials.siteUrl, { ...options, credentials });
    return new WordPressClient(api, credentials, options);
  }

  /** An authenticated call; an error answer becomes the WordPressError it names (`what`: for the message). */
  async call<T>(
    method: "GET" | "POST" | "DELETE",
    route: string,
    what: string,
    options: {
      query?: Record<string, string | number | undefined>;
      json?: unknown;
      body?: Uint8Array<ArrayBuffer>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ data: T; headers: Headers; status: number }> {
    const headers: Record<string, string> = { Accept: "application/json", Authorization: basicAuth(this.credentials), ...options.headers };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.body) body = options.body;
    const answer = await send(routeUrl(this.api, route, options.query), { method, headers, body, ...this.options });
    if (answer.status < 200 || answer.status >= 300) throw refusal(answer, what);
    return { data: answer.data as T, headers: answer.headers, status: answer.status };
  }
}

/** What 'Test connection' found on a site whose credentials work. */
export type ConnectionReport = {
  style: RestApi["style"];
  /** The WordPress user's display name. */
  userName: string;
  canPublishPosts: boolean;
  canPublishPages: boolean;
  canUploadFiles: boolean;
};

type Me = { name?: string; capabilities?: Record<string, boolean> };

/**
 * 'Test connection': the REST API, the application passwords, the credentials, and the right to publish the
 * site's kind of content (`contentType`) and to upload images. Throws the first problem as a WordPressError.
 */
export async function checkConnection(
  credentials: WordPressCredentials,
  options: CallOptions & { contentType: "post" | "page"; needsImages: boolean },
): Promise<ConnectionReport> {
  const { contentType, needsImages, ...call } = options;
  const { api, index } = await discover(credentials.siteUrl, { ...call, credentials });
  if (!offersApplicationPasswords(index)) {
    if (api.siteUrl.startsWith("http:"))
      throw new WordPressError("needs_https", "The site is not on HTTPS, and WordPress offers application passwords only over HTTPS.");
    throw new WordPressError(
      "application_passwords_off",
      "The site does not offer application passwords (a plugin or a setting turned them off).",
    );
  }
  const client = new WordPressClient(api, credentials, call);
  const { data: me } = await client.call<Me>("GET", "/wp/v2/users/me", "reading the user", { query: { context: "edit" } });
  const can = me.capabilities ?? {};
  const report: ConnectionReport = {
    style: api.style,
    userName: me.name ?? credentials.username,
    canPublishPosts: Boolean(can.publish_posts),
    canPublishPages: Boolean(can.publish_pages),
    canUploadFiles: Boolean(can.upload_files),
  };
  if (contentType === "post" ? !report.canPublishPosts : !report.canPublishPages)
    throw new WordPressError(
      "cannot_publish",
      `The WordPress user "${report.userName}" may not publish ${contentType === "post" ? "posts" : "pages"} (give them the Editor or Author role).`,
    );
  if (needsImages && !report.canUploadFiles)
    throw new WordPressError(
      "cannot_upload",
      `The WordPress user "${report.userName}" may not upload images, which the featured image needs.`,
    );
  return report;
}
