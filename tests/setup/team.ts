/**
 * Team members for integration tests (issue 14, issue 37): two-factor sign-in turned on through better-auth's
 * router as the set-up screen does it (the password, then a code of the app), and, for the tests of the console's
 * routes that are not about signing in, a team member whose session was opened with the second factor without
 * going through the authenticator.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { session, user } from "../../db/schema";
import { action as authApi } from "~/routes/api/auth";
import type { TeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { getDb } from "~/services/db.server";
import type { TeamRole } from "~/services/team-roles.server";
import { totpCode } from "../e2e/support/totp";
import { PASSWORD } from "./accounts";
import type { Browser } from "./auth-client";
import { TEST_PUBLIC_URL } from "./constants";
import { signedInUser } from "./sessions";
import { routeArgs } from "./route-args";

/** A call of better-auth's router as a browser's fetch makes it (POST /api/auth/<endpoint>, JSON, its cookies), keeping the answer's cookies. */
export async function authApiCall(b: Browser, endpoint: string, body: unknown, method: "GET" | "POST" = "POST") {
  const headers = new Headers({ origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: b.ip, "content-type": "application/json" });
  if (b.cookie) headers.set("cookie", b.cookie);
  const request = new Request(`${TEST_PUBLIC_URL}/api/auth${endpoint}`, {
    method,
    headers,
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
  const response = (await authApi(routeArgs(request))) as Response;
  b.keep(response.headers);
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Turns two-factor sign-in on in this browser's session, as the set-up screen does; answers the app's key. */
export async function turnOnTwoFactor(b: Browser, password = PASSWORD): Promise<string> {
  const enabled = await authApiCall(b, "/two-factor/enable", { password });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const key = new URL(String(enabled.body!.totpURI)).searchParams.get("secret")!;
  const verified = await authApiCall(b, "/two-factor/verify-totp", { code: totpCode(key) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return key;
}

/** Signs in with the password, then the app's code (a sign-in of an account whose two-factor sign-in is on). */
export async function signInWithCode(b: Browser, email: string, key: string, password = PASSWORD) {
  const first = await authApiCall(b, "/sign-in/email", { email, password });
  expect(first.body).toMatchObject({ twoFactorRedirect: true });
  const second = await authApiCall(b, "/two-factor/verify-totp", { code: totpCode(key) });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
}

/**
 * A confirmed account with `role` and two-factor sign-in on, and a browser holding a session opened with the
 * second factor, as a sign-in with the app's code opens it (set in the database: these tests are not about it).
 */
export async function teamMemberWithSecondFactor(role: TeamRole, name: string): Promise<{ member: TeamMember; browser: Browser }> {
  const { user: account, browser } = await signedInUser(name);
  const db = await getDb();
  await db.update(user).set({ role, twoFactorEnabled: true }).where(eq(user.id, account.id));
  await db.update(session).set({ secondFactorAt: new Date() }).where(eq(session.userId, account.id));
  return { member: { ...account, image: null, role, twoFactorEnabled: true }, browser };
}
