/**
 * Calls better-auth the way the app's form actions do (callAuth, through better-auth's own router,
 * so its origin checks and rate limits apply), with a browser-like request: same-origin `origin`
 * header, the client address header the Express server sets, and the cookies of earlier answers.
 */
// The accounts' e-mails are queued through the jobs layer's outbox, which registers itself with the mail
// service when it is loaded (as the server's entry and the worker process load it).
import "~/jobs/outbox.server";
import { callAuth, type AuthCallResult } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { TEST_PUBLIC_URL } from "./constants";
import { uniqueIp } from "./factories";

export type Browser = {
  ip: string;
  /** Cookies kept from earlier answers, as a Cookie header value. */
  cookie: string;
  request(path?: string): Request;
  /** Keeps the cookies of an answer's Set-Cookie headers, as a browser would. */
  keep(headers: Headers): void;
  call<T = Record<string, unknown>>(
    endpoint: string,
    options?: { method?: "GET" | "POST"; body?: unknown; query?: Record<string, string> },
  ): Promise<AuthCallResult<T>>;
};

/** A browser with its own client address (so that rate limits of other tests never interfere). */
export function browser(ip = uniqueIp()): Browser {
  const jar = new Map<string, string>();
  const self: Browser = {
    ip,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    request(path = "/auth") {
      const headers = new Headers({ origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: ip, "user-agent": "vitest" });
      if (jar.size) headers.set("cookie", self.cookie);
      return new Request(`${TEST_PUBLIC_URL}${path}`, { method: "POST", headers });
    },
    keep(headers) {
      for (const setCookie of headers.getSetCookie()) {
        const [pair, ...attributes] = setCookie.split(";");
        const eq = pair.indexOf("=");
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
        if (expired) jar.delete(name);
        else jar.set(name, value);
      }
    },
    async call(endpoint, options) {
      const result = await callAuth(self.request(), endpoint, options);
      self.keep(result.headers);
      return result as never;
    },
  };
  return self;
}

/** The Set-Cookie line of a cookie by name (e.g. "seo.session_token"), or undefined. */
export function setCookieNamed(result: AuthCallResult<unknown>, name: string): string | undefined {
  return result.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** The same browser (its cookies) on another network: another client address, so that per-address limits stay apart. */
export function elsewhere(b: Browser): Browser {
  const moved = browser();
  if (b.cookie) moved.keep(new Headers(b.cookie.split("; ").map((pair) => ["set-cookie", pair] as [string, string])));
  return moved;
}
