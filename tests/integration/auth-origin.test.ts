/**
 * Origin and CSRF checks of better-auth. better-auth turns them off by itself when NODE_ENV is
 * "test" or TEST is set (its `isTest()` default for `advanced.disableOriginCheck`; vitest sets
 * TEST=true), so this file loads the auth module with NODE_ENV=production and TEST=false, as the
 * server runs, to check what a browser would meet.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../../db/schema";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, uniqueIp } from "../setup/factories";

const database = useTestDatabase();

type AuthModule = typeof import("~/services/auth.server");
let auth: AuthModule;
const previous = { NODE_ENV: process.env.NODE_ENV, LOG_LEVEL: process.env.LOG_LEVEL, TEST: process.env.TEST };

beforeAll(async () => {
  process.env.NODE_ENV = "production";
  process.env.TEST = "false";
  process.env.LOG_LEVEL = "silent";
  const { resetEnvForTests } = await import("~/services/env.server");
  resetEnvForTests();
  auth = await import("~/services/auth.server");
  const context = await (await auth.getAuth()).$context;
  // Fail loudly rather than pass vacuously if better-auth was already loaded in test mode.
  expect(context.skipOriginCheck).toBe(false);
});

afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function request(headers: Record<string, string>) {
  return new Request(`${TEST_PUBLIC_URL}/auth`, { method: "POST", headers: { [CLIENT_IP_HEADER]: uniqueIp(), ...headers } });
}

/** A verified account and the session cookie of a sign-in (made directly in the database). */
async function signedIn() {
  const email = uniqueEmail();
  const password = "correct horse battery";
  const context = await (await auth.getAuth()).$context;
  const created = await insertUser(database.db, { email, name: "Origin Test" });
  await database.db.insert(account).values({
    id: crypto.randomUUID(),
    accountId: created.id,
    providerId: "credential",
    userId: created.id,
    password: await context.password.hash(password),
  });
  const result = await auth.callAuth(request({ origin: TEST_PUBLIC_URL }), "/sign-in/email", { body: { email, password } });
  expect(result.status).toBe(200);
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { email, password, cookie };
}

describe("origin checks (as in production)", () => {
  it("accepts a same-origin request carrying cookies, from localhost and its 127.0.0.1 twin", async () => {
    const { cookie } = await signedIn();
    const local = await auth.callAuth(request({ origin: TEST_PUBLIC_URL, cookie }), "/sign-out");
    expect(local.status).toBe(200);
    const twin = await signedIn();
    const viaIp = await auth.callAuth(
      request({ origin: TEST_PUBLIC_URL.replace("localhost", "127.0.0.1"), cookie: twin.cookie }),
      "/sign-out",
    );
    expect(viaIp.status).toBe(200);
  });

  it("refuses a request carrying cookies from another origin (INVALID_ORIGIN)", async () => {
    const { email, password, cookie } = await signedIn();
    const result = await auth.callAuth(request({ origin: "https://evil.example", cookie }), "/sign-in/email", {
      body: { email, password },
    });
    expect(result.status).toBe(403);
    expect(result.code).toBe("INVALID_ORIGIN");
  });

  it("refuses a request carrying cookies without any origin (MISSING_OR_NULL_ORIGIN)", async () => {
    const { cookie } = await signedIn();
    const result = await auth.callAuth(request({ cookie }), "/sign-out");
    expect(result.status).toBe(403);
    expect(result.code).toBe("MISSING_OR_NULL_ORIGIN");
  });

  it("refuses a cross-site form navigation to sign in (login CSRF)", async () => {
    const { email, password } = await signedIn();
    const result = await auth.callAuth(
      request({
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      }),
      "/sign-in/email",
      { body: { email, password } },
    );
    expect(result.status).toBe(403);
  });

  it("puts the database in use (the clone is the app's database)", async () => {
    const [row] = await database.query<{ n: number }>("select count(*)::int as n from \"user\" where name = 'Origin Test'");
    expect(row.n).toBeGreaterThanOrEqual(1);
  });
});
