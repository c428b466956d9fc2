/**
 * Trust issue, item 7: one limit on both sign-in doors (better-auth's /sign-in/email and the /auth form),
 * as OWASP's "device cookies" design says: failures counted per account and per address; a browser that
 * signed in to the account before carries a signed device cookie and is not locked out by a stranger's
 * failures (its own are counted per cookie); unknown browsers are locked once the account's failures pass
 * the threshold; a success resets the account's count. Counters in the database.
 */
import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { resetAuthForTests } from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { browser, elsewhere, type Browser } from "../setup/auth-client";
import { confirmedAccount, formPost, PASSWORD, runRoute, signedInBrowser } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { uniqueEmail } from "../setup/factories";

const database = useTestDatabase();

const DEVICE_COOKIE = "seo.device";
const LIMIT = 10;

const apiSignIn = (b: Browser, email: string, password: string) => b.call("/sign-in/email", { body: { email, password } });

async function formSignIn(b: Browser, email: string, password: string) {
  const answer = await runRoute(authAction as never, formPost(b, "/auth", { intent: "signin", email, password }));
  b.keep(answer.headers);
  return answer;
}

/** `count` wrong passwords for the account, each from a new address and a browser that never signed in. */
async function strangerFailures(email: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await apiSignIn(browser(), email, `wrong ${i}`)).status);
  return statuses;
}

/** A browser that signed in to the account once (and signed out): it carries the device cookie. */
async function knownBrowser(email: string) {
  const b = await signedInBrowser(email);
  expect(b.cookie).toContain(`${DEVICE_COOKIE}=`);
  await b.call("/sign-out");
  return b;
}

describe("the limit per account on better-auth's own endpoint", () => {
  it("answers 429 to unknown browsers once the account had 10 failures, from however many addresses", async () => {
    const { email } = await confirmedAccount();
    const statuses = await strangerFailures(email, 25);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual(Array(25 - LIMIT).fill(429));
    // Even the right password, from an unknown browser, waits.
    const owner = await apiSignIn(browser(), email, PASSWORD);
    expect(owner.status).toBe(429);
    expect(owner.code).toBe("TOO_MANY_ATTEMPTS");
    expect((owner.data as { message: string }).message).toMatch(/^Trop de tentatives\. Réessayez dans 1[45] minutes\.$/);
    expect(owner.retryAfterSeconds).toBeGreaterThan(60);
    expect(owner.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("answers an unknown e-mail exactly as a known one (no enumeration)", async () => {
    const { email } = await confirmedAccount();
    const ghost = uniqueEmail("ghost");
    const known = await strangerFailures(email, LIMIT + 1);
    const unknown = await strangerFailures(ghost, LIMIT + 1);
    expect(unknown).toEqual(known);
    const a = await apiSignIn(browser(), email, "wrong again");
    const b = await apiSignIn(browser(), ghost, "wrong again");
    expect(b.status).toBe(a.status);
    expect(b.data).toEqual(a.data);
  });

  it("keeps its counters in the app_rate_limit table, without the e-mail in clear", async () => {
    const { email } = await confirmedAccount();
    await strangerFailures(email, 3);
    const rows = await database.query<{ key: string; count: number }>("select key, count from app_rate_limit where key like 'sign-in:%'");
    expect(rows.some((r) => r.count === 3)).toBe(true);
    expect(rows.some((r) => r.key.includes(email))).toBe(false);
  });

  it("holds the lockout for its 15 minutes, through better-auth's sweep of its own expired counters", async () => {
    const { email } = await confirmedAccount();
    const passer = browser();
    await passer.call("/get-session");
    expect(await strangerFailures(email, LIMIT)).toEqual(Array(LIMIT).fill(401));
    // Eleven minutes later (past better-auth's longest window, 10 minutes), a request whose own counter
    // has expired makes better-auth delete every counter older than that window.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60 * 1000 });
    try {
      await passer.call("/get-session");
      const owner = await apiSignIn(browser(), email, PASSWORD);
      expect(owner.status).toBe(429);
      expect(owner.retryAfterSeconds).toBeGreaterThan(3 * 60);
      expect(owner.retryAfterSeconds).toBeLessThanOrEqual(4 * 60);
    } finally {
      vi.useRealTimers();
    }
  });

  it("resets the account's count on a success", async () => {
    const { email } = await confirmedAccount();
    expect(await strangerFailures(email, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(401));
    expect((await apiSignIn(browser(), email, PASSWORD)).status).toBe(200);
    expect(await strangerFailures(email, LIMIT)).toEqual(Array(LIMIT).fill(401));
  });

  it("counts failures per address too, whatever the accounts tried", async () => {
    const ip = browser().ip;
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      // better-auth's own limit per address (10 a minute) is forgotten, as if the minutes had passed.
      await database.query("delete from rate_limit where key like $1", [`%${ip}%`]);
      statuses.push((await apiSignIn(browser(ip), uniqueEmail("spray"), "Winter2024!")).status);
    }
    expect(statuses.indexOf(429)).toBe(30);
  });
});

describe("device cookies", () => {
  it("a browser that signed in before gets a signed, httpOnly, SameSite=Lax, long-lived device cookie", async () => {
    const { email } = await confirmedAccount();
    const result = await apiSignIn(browser(), email, PASSWORD);
    const cookie = result.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(Number(cookie!.match(/Max-Age=(\d+)/i)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(cookie).not.toContain(encodeURIComponent(email));
    expect(cookie).not.toContain(email);
  });

  it("the owner's browser is not locked out by a stranger's failures", async () => {
    const { email } = await confirmedAccount();
    const owner = await knownBrowser(email);
    expect((await strangerFailures(email, LIMIT + 5)).slice(LIMIT)).toEqual(Array(5).fill(429));
    expect((await apiSignIn(owner, email, PASSWORD)).status).toBe(200);
    // The same browser on another network too.
    const moved = elsewhere(owner);
    await moved.call("/sign-out");
    expect((await apiSignIn(moved, email, PASSWORD)).status).toBe(200);
  });

  it("the owner's browser gets through the /auth form too while strangers are locked out", async () => {
    const { email } = await confirmedAccount();
    const owner = browser();
    expect((await formSignIn(owner, email, PASSWORD)).status).toBe(302);
    expect(owner.cookie).toContain(`${DEVICE_COOKIE}=`);
    // The scenario of the report: 10 wrong attempts from one address, then the owner from another.
    const attacker = browser();
    for (let i = 0; i < LIMIT; i++) await formSignIn(attacker, email, `wrong ${i}`);
    expect((await formSignIn(browser(), email, PASSWORD)).status).toBe(429);
    expect((await formSignIn(owner, email, PASSWORD)).status).toBe(302);
  });

  it("counts the known browser's own failures per device cookie, not against the account", async () => {
    const { email } = await confirmedAccount();
    const owner = await knownBrowser(email);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await apiSignIn(elsewhere(owner), email, `typo ${i}`)).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses[LIMIT]).toBe(429);
    expect((await apiSignIn(elsewhere(owner), email, PASSWORD)).status).toBe(429);
    // The account itself is not locked for others.
    expect((await apiSignIn(browser(), email, PASSWORD)).status).toBe(200);
  });

  it("does not trust a device cookie of another account, nor a forged one", async () => {
    const { email } = await confirmedAccount();
    const other = await confirmedAccount();
    const theirs = await knownBrowser(other.email);
    await strangerFailures(email, LIMIT);
    expect((await apiSignIn(theirs, email, PASSWORD)).status).toBe(429);

    const forged = browser();
    const value = theirs.cookie.match(new RegExp(`${DEVICE_COOKIE.replace(".", "\\.")}=([^;]+)`))![1];
    const [payload] = decodeURIComponent(value).split(".");
    const tampered = `${payload.replace(/^[^:]+/, crypto.createHash("sha256").update(email).digest("hex").slice(0, 32))}.AAAA`;
    forged.keep(new Headers([["set-cookie", `${DEVICE_COOKIE}=${encodeURIComponent(tampered)}`]]));
    expect((await apiSignIn(forged, email, PASSWORD)).status).toBe(429);
  });
});

describe("one limit on both doors", () => {
  it("after the /auth form answered 429 for an e-mail, the API refuses it too", async () => {
    const { email } = await confirmedAccount();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await formSignIn(browser(), email, `wrong ${i}`)).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(400));
    expect(statuses[LIMIT]).toBe(429);
    expect((await apiSignIn(browser(), email, PASSWORD)).status).toBe(429);
  });

  it("after the API's failures, the form answers 429 with the wait in French", async () => {
    const { email } = await confirmedAccount();
    await strangerFailures(email, LIMIT);
    const answer = await formSignIn(browser(), email, PASSWORD);
    expect(answer.status).toBe(429);
    expect(answer.body.toast.description).toMatch(/^Trop de tentatives\. Réessayez dans 1[45] minutes\.$/);
  });
});

describe("device cookies behind https", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    resetAuthForTests();
  });

  it("are Secure and __Secure- prefixed when PUBLIC_URL is https", async () => {
    const { email } = await confirmedAccount();
    vi.stubEnv("PUBLIC_URL", "https://seo.example.com");
    resetEnvForTests();
    resetAuthForTests();
    const result = await apiSignIn(browser(), email, PASSWORD);
    expect(result.status).toBe(200);
    const cookie = result.headers.getSetCookie().find((c) => c.startsWith(`__Secure-${DEVICE_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });
});
