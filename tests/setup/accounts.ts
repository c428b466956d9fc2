/**
 * Confirmed accounts made through better-auth's router as a person would (sign up, follow the e-mail's
 * link), and calls of route actions and loaders with a browser's cookies.
 */
import { expect } from "vitest";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { getSessionUser } from "~/services/auth.server";
import { browser, type Browser } from "./auth-client";
import { TEST_PUBLIC_URL } from "./constants";
import { uniqueEmail } from "./factories";
import { linkTo, waitForMail } from "./outbox";
import { routeArgs } from "./route-args";

export const PASSWORD = "correct horse battery";

/** Signs up and confirms the address by following the e-mail's link. */
export async function confirmedAccount(email = uniqueEmail(), password = PASSWORD) {
  const b = browser();
  expect((await b.call("/sign-up/email", { body: { email, password, name: "Camille Dupont" } })).status).toBe(200);
  const mail = await waitForMail(email);
  const token = linkTo(mail, "/auth/confirm").searchParams.get("token")!;
  expect((await b.call("/verify-email", { method: "GET", query: { token } })).status).toBe(200);
  return { email, password };
}

/** A browser signed in to the account (its session cookie in its jar). */
export async function signedInBrowser(email: string, password = PASSWORD, ip?: string): Promise<Browser> {
  const b = browser(ip);
  const result = await b.call("/sign-in/email", { body: { email, password } });
  expect(result.status, `sign-in of ${email}`).toBe(200);
  return b;
}

/** Whether the browser's cookies still make a valid session (and whose). */
export async function whoIs(b: Browser) {
  return getSessionUser(new Request(`${TEST_PUBLIC_URL}/dashboard`, { headers: { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } }));
}

/** A form post from the browser to a route of the app. */
export function formPost(b: Browser, path: string, fields: Record<string, string>) {
  const headers = new Headers({
    origin: TEST_PUBLIC_URL,
    [CLIENT_IP_HEADER]: b.ip,
    "user-agent": "vitest",
    "content-type": "application/x-www-form-urlencoded",
  });
  if (b.cookie) headers.set("cookie", b.cookie);
  return new Request(`${TEST_PUBLIC_URL}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer of its own route
export type RouteAnswer = { status: number; body: any; headers: Headers };

/** Runs a route action or loader (with the URL's `params`); `data()` answers and Responses (redirects) alike. */
export async function runRoute(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<RouteAnswer> {
  let result: unknown;
  try {
    result = await fn(routeArgs(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const answer = result as { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null; type?: string };
  if (answer && typeof answer === "object" && "init" in answer) {
    return { status: answer.init?.status ?? 200, body: answer.data, headers: new Headers(answer.init?.headers ?? undefined) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** The status a loader called directly answered with: 200, or that of the Response or `data()` it threw (a 404). */
export async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    return (error as { init?: { status?: number } }).init?.status ?? 500;
  }
}
