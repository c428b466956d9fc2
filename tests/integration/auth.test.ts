/**
 * Authentication through better-auth's router (callAuth), against a real database: sign-up with
 * e-mail confirmation, sign-in, password reset, no account enumeration, rate limits per address.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { account, session, user } from "../../db/schema";
import { BRAND_NAME } from "~/lib/constants";
import {
  accountSecurity,
  findPasswordResetUser,
  getAuth,
  getSessionUser,
  getSignedIn,
  resetAuthForTests,
  sessionRows,
  setPasswordHasherForTests,
} from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { browser, setCookieNamed, type Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { uniqueEmail, uniqueIp } from "../setup/factories";
import { linkTo, mailsTo, waitForMail } from "../setup/outbox";
import { cheapPasswordHasher } from "../setup/password";

const database = useTestDatabase();

const SESSION_COOKIE = "seo.session_token";
const PASSWORD = "correct horse battery";

async function userRow(email: string) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  return row;
}

async function signUp(b: Browser, email: string, password = PASSWORD, name = "Camille Dupont") {
  return b.call("/sign-up/email", { body: { email, password, name } });
}

async function signIn(b: Browser, email: string, password = PASSWORD) {
  return b.call("/sign-in/email", { body: { email, password } });
}

/** Signs up and confirms the address by following the e-mail's link, as a person would. */
async function confirmedAccount(email = uniqueEmail(), password = PASSWORD) {
  const b = browser();
  expect((await signUp(b, email, password)).status).toBe(200);
  const mail = await waitForMail(email);
  const token = linkTo(mail, "/auth/confirm").searchParams.get("token")!;
  const verified = await b.call("/verify-email", { method: "GET", query: { token } });
  expect(verified.status).toBe(200);
  return { email, password };
}

/** A request carrying a browser's cookies, to ask the app who is signed in. */
function requestWithCookies(b: Browser) {
  return new Request(`${TEST_PUBLIC_URL}/dashboard`, { headers: { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } });
}

describe("sign-up and e-mail confirmation", () => {
  it("stores the password as better-auth's scrypt hash (a salt and a key), never as it was typed", async () => {
    // The other tests use a cheap hash (tests/setup/password.ts); this one runs the app's own configuration.
    setPasswordHasherForTests(undefined);
    try {
      const { email } = await confirmedAccount(uniqueEmail("scrypt"));
      const row = await userRow(email);
      const [credential] = await database.db.select().from(account).where(eq(account.userId, row.id));
      expect(credential!.providerId).toBe("credential");
      expect(credential!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(credential!.password).not.toContain(PASSWORD);
      expect((await signIn(browser(), email)).status).toBe(200);
      expect((await signIn(browser(), email, "not the password")).status).toBe(401);
    } finally {
      setPasswordHasherForTests(cheapPasswordHasher);
    }
  });

  it("creates an unverified user and writes a French confirmation e-mail with a /auth/confirm link", async () => {
    const email = uniqueEmail("new");
    const result = await signUp(browser(), email);
    expect(result.status).toBe(200);
    const row = await userRow(email);
    expect(row).toBeDefined();
    expect(row.emailVerified).toBe(false);
    expect(row.name).toBe("Camille Dupont");

    const mail = await waitForMail(email);
    expect(mail.subject).toContain("Confirmez votre adresse e-mail");
    expect(mail.subject).toContain(BRAND_NAME);
    expect(mail.text).toContain("Bonjour Camille Dupont");
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/auth/confirm?token=`);
    expect(mail.html).toContain('lang="fr"');
    expect(linkTo(mail, "/auth/confirm").searchParams.get("token")).toBeTruthy();
  });

  it("stores the e-mail in lower case", async () => {
    const email = uniqueEmail("Mixed.Case");
    expect((await signUp(browser(), email)).status).toBe(200);
    expect(await userRow(email.toLowerCase())).toBeDefined();
  });

  it("refuses sign-in before the address is confirmed (EMAIL_NOT_VERIFIED), without a session", async () => {
    const email = uniqueEmail();
    const b = browser();
    await signUp(b, email);
    const result = await signIn(b, email);
    expect(result.ok).toBe(false);
    expect(result.code).toBe("EMAIL_NOT_VERIFIED");
    expect(setCookieNamed(result, SESSION_COOKIE)).toBeUndefined();
  });

  it("signs in after the link was followed, with an HttpOnly SameSite=Lax session cookie", async () => {
    const { email } = await confirmedAccount();
    expect((await userRow(email)).emailVerified).toBe(true);
    const b = browser();
    const result = await signIn(b, email);
    expect(result.status).toBe(200);
    const cookie = setCookieNamed(result, SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    const current = await getSessionUser(requestWithCookies(b));
    expect(current).toMatchObject({ email });
  });

  it("refuses a confirmation token that was tampered with", async () => {
    const email = uniqueEmail();
    const b = browser();
    await signUp(b, email);
    const token = linkTo(await waitForMail(email), "/auth/confirm").searchParams.get("token")!;
    const result = await b.call("/verify-email", { method: "GET", query: { token: `${token}x` } });
    expect(result.ok).toBe(false);
    expect((await userRow(email)).emailVerified).toBe(false);
  });
});

describe("sign-in", () => {
  it("refuses a wrong password with INVALID_EMAIL_OR_PASSWORD, and an unknown address the same way", async () => {
    const { email } = await confirmedAccount();
    const wrong = await signIn(browser(), email, "not the password");
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(setCookieNamed(wrong, SESSION_COOKIE)).toBeUndefined();
    const unknown = await signIn(browser(), uniqueEmail("nobody"), "not the password");
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.code).toBe(wrong.code);
    expect(unknown.data).toEqual(wrong.data);
  });
});

describe("no account enumeration", () => {
  it("answers a sign-up with an existing address like a new one, and creates nothing", async () => {
    const { email } = await confirmedAccount();
    const before = await database.query<{ n: number }>('select count(*)::int as n from "user"');
    const again = await signUp(browser(), email, "another password", "Intruder");
    const fresh = await signUp(browser(), uniqueEmail("fresh"), "another password", "Intruder");
    expect(again.status).toBe(fresh.status);
    expect(again.ok).toBe(true);
    expect(Object.keys(again.data ?? {}).sort()).toEqual(Object.keys(fresh.data ?? {}).sort());
    const after = await database.query<{ n: number }>('select count(*)::int as n from "user"');
    expect(after[0].n).toBe(before[0].n + 1); // only the fresh one
    expect((await userRow(email)).name).toBe("Camille Dupont");
    // The owner of the address is told, by e-mail, rather than the visitor by the answer.
    const notice = await waitForMail(email, { count: 2 });
    expect(notice.subject).toContain("Votre compte");
  });

  it("answers a password-reset request the same way for an unknown and a known address", async () => {
    const { email } = await confirmedAccount();
    const known = await browser().call("/request-password-reset", { body: { email } });
    const unknown = await browser().call("/request-password-reset", { body: { email: uniqueEmail("ghost") } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.data).toEqual(known.data);
    const mail = await waitForMail(email, { count: 2 });
    expect(mail.subject).toContain("Réinitialisez votre mot de passe");
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/auth/update-password?token=`);
  });
});

describe("who is signed in", () => {
  it("reads the session once for the loaders of one request, and again for the next request", async () => {
    const { email } = await confirmedAccount();
    const b = browser();
    expect((await signIn(b, email)).status).toBe(200);
    const getSession = vi.spyOn(sessionRows, "read");
    try {
      // A document's loaders (root, layout, screen) each get a Request of their own, side by side.
      const users = await Promise.all([0, 1, 2].map(() => getSessionUser(requestWithCookies(b))));
      for (const u of users) expect(u).toMatchObject({ email });
      expect(getSession).toHaveBeenCalledTimes(1);
      // A sign-out is seen by the very next request, even one that still carries the old cookie: nothing is kept
      // once the read is over.
      const signedInCookies = requestWithCookies(b);
      expect((await b.call("/sign-out", { body: {} })).status).toBe(200);
      expect(await getSessionUser(requestWithCookies(b))).toBeNull();
      expect(await getSessionUser(signedInCookies)).toBeNull();
      expect(getSession).toHaveBeenCalledTimes(2);
      // Without a cookie nobody is signed in, without asking.
      expect(await getSessionUser(new Request(`${TEST_PUBLIC_URL}/dashboard`))).toBeNull();
      expect(getSession).toHaveBeenCalledTimes(2);
    } finally {
      getSession.mockRestore();
    }
  });
});

describe("the per-request session read (decision 031)", () => {
  /** A signed-in browser, its user and its session row. */
  async function signedIn() {
    const { email } = await confirmedAccount();
    const b = browser();
    expect((await signIn(b, email)).status).toBe(200);
    const row = await userRow(email);
    const [current] = await database.db.select().from(session).where(eq(session.userId, row.id));
    return { b, email, userId: row.id, session: current! };
  }
  const withCookie = (b: Browser, value: string) =>
    new Request(`${TEST_PUBLIC_URL}/dashboard`, { headers: { cookie: `${SESSION_COOKIE}=${value}`, [CLIENT_IP_HEADER]: b.ip } });

  it("reads what better-auth's getSession reads: the user, the role, two-factor and the impersonation", async () => {
    const { b, email, userId, session: current } = await signedIn();
    await database.db.update(user).set({ role: "team", twoFactorEnabled: true }).where(eq(user.id, userId));
    await database.db.update(session).set({ impersonatedBy: userId }).where(eq(session.id, current.id));
    // The flag alone does not make a console session: this one was opened with the password alone (issue 37).
    expect((await getSignedIn(requestWithCookies(b)))?.member).toBeNull();
    await database.db.update(session).set({ secondFactorAt: new Date() }).where(eq(session.id, current.id));
    const auth = await getAuth();
    const theirs = await auth.api.getSession({ headers: requestWithCookies(b).headers });
    const ours = await getSignedIn(requestWithCookies(b));
    expect(ours).toEqual({
      user: { id: theirs!.user.id, email, name: theirs!.user.name, image: null },
      member: { id: userId, email, name: "Camille Dupont", image: null, role: "team", twoFactorEnabled: true },
      impersonatedBy: userId,
    });
    expect(await accountSecurity(requestWithCookies(b))).toEqual({ twoFactorEnabled: true, team: true });
  });

  it("takes nobody for a cookie whose signature is not the secret's, or for a token without a session", async () => {
    const { b } = await signedIn();
    const pair = b.cookie.split("; ").find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const signed = decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1));
    const [token, signature] = [signed.slice(0, signed.lastIndexOf(".")), signed.slice(signed.lastIndexOf(".") + 1)];
    expect(await getSessionUser(withCookie(b, encodeURIComponent(signed)))).toMatchObject({ id: expect.any(String) });
    // Another token under the same signature, the signature of another secret, no signature, a revoked session.
    expect(await getSessionUser(withCookie(b, encodeURIComponent(`${token}x.${signature}`)))).toBeNull();
    const forged = createHmac("sha256", "not the secret").update(token).digest("base64");
    expect(await getSessionUser(withCookie(b, encodeURIComponent(`${token}.${forged}`)))).toBeNull();
    expect(await getSessionUser(withCookie(b, token))).toBeNull();
    await database.db.delete(session).where(eq(session.token, token));
    expect(await getSessionUser(withCookie(b, encodeURIComponent(signed)))).toBeNull();
  });

  it("leaves an expired session to better-auth, which deletes it, and one due for its daily extension, which it extends", async () => {
    const expired = await signedIn();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, expired.session.id));
    expect(await getSessionUser(requestWithCookies(expired.b))).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.id, expired.session.id))).toHaveLength(0);

    const due = await signedIn();
    // Thirty days from its start, less two days: it was last extended more than a day ago.
    const stale = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await database.db.update(session).set({ expiresAt: stale }).where(eq(session.id, due.session.id));
    expect(await getSessionUser(requestWithCookies(due.b))).toMatchObject({ email: due.email });
    const [extended] = await database.db.select().from(session).where(eq(session.id, due.session.id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(stale.getTime() + 24 * 3600 * 1000);
  });
});

describe("password reset", () => {
  it("sets a new password with the e-mailed token: the old one fails, the new one works, earlier sessions end", async () => {
    const { email } = await confirmedAccount();
    const earlier = browser();
    expect((await signIn(earlier, email)).status).toBe(200);
    expect(await getSessionUser(requestWithCookies(earlier))).toMatchObject({ email });

    const mailsBefore = (await mailsTo(email)).length;
    expect((await browser().call("/request-password-reset", { body: { email } })).status).toBe(200);
    const mail = await waitForMail(email, { count: mailsBefore + 1 });
    const token = linkTo(mail, "/auth/update-password").searchParams.get("token")!;
    expect(token).toBeTruthy();
    const owner = await findPasswordResetUser(token);
    expect(owner).toMatchObject({ email });

    const newPassword = "a brand new passphrase";
    const reset = await browser().call("/reset-password", { body: { newPassword, token } });
    expect(reset.status).toBe(200);

    const old = await signIn(browser(), email, PASSWORD);
    expect(old.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const fresh = await signIn(browser(), email, newPassword);
    expect(fresh.status).toBe(200);
    expect(await getSessionUser(requestWithCookies(earlier))).toBeNull();
    // The token works once.
    expect(await findPasswordResetUser(token)).toBeNull();
    const replay = await browser().call("/reset-password", { body: { newPassword: "yet another passphrase", token } });
    expect(replay.ok).toBe(false);
  });

  it("refuses a password shorter than 8 characters", async () => {
    const result = await signUp(browser(), uniqueEmail(), "short");
    expect(result.ok).toBe(false);
    expect(result.code).toBe("PASSWORD_TOO_SHORT");
  });
});

describe("rate limits", () => {
  it("answers 429 after repeated sign-ins from one address, counted in the rate_limit table", async () => {
    const { email } = await confirmedAccount();
    const ip = uniqueIp();
    const statuses: number[] = [];
    // Real failed attempts first; then malformed ones, which better-auth counts just the same (its
    // limiter runs before the body is read) and which spare the password hashing.
    for (let i = 0; i < 3; i++) statuses.push((await signIn(browser(ip), email, "wrong password")).status);
    for (let i = 0; i < 12 && !statuses.includes(429); i++) statuses.push((await signIn(browser(ip), "not-an-email", "x")).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.indexOf(429)).toBe(10); // the 11th attempt in the minute

    const rows = await database.query<{ key: string; count: number }>("select key, count from rate_limit where key like $1", [`%${ip}%`]);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.key.includes("sign-in") && r.count >= 10)).toBe(true);

    // Even the right password is refused from that address now, with a delay to wait...
    const limited = await signIn(browser(ip), email);
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(60);
    // ...while another address still gets in.
    expect((await signIn(browser(), email)).status).toBe(200);
  });
});

describe("rate limits on sign-up and reset", () => {
  it("limits sign-ups from one address (10 per 10 minutes)", async () => {
    const ip = uniqueIp();
    // Refused sign-ups (password too short) count too, and cost no password hashing.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signUp(browser(ip), uniqueEmail("burst"), "short")).status);
    expect(statuses).toEqual(Array(10).fill(400));
    expect((await signUp(browser(ip), uniqueEmail("burst"))).status).toBe(429);
    expect((await signUp(browser(), uniqueEmail("burst"))).status).toBe(200);
  });

  it("limits password-reset requests from one address (5 per 10 minutes), for known and unknown addresses alike", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7 && !statuses.includes(429); i++) {
      statuses.push((await browser(ip).call("/request-password-reset", { body: { email: uniqueEmail("reset-burst") } })).status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(statuses).toContain(429);
  });
});

describe("cookies behind https", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    resetAuthForTests();
  });

  it("marks the session cookie Secure and __Secure- prefixed when PUBLIC_URL is https", async () => {
    const { email } = await confirmedAccount();
    vi.stubEnv("PUBLIC_URL", "https://seo.example.com");
    resetEnvForTests();
    resetAuthForTests();
    const result = await signIn(browser(), email);
    expect(result.status).toBe(200);
    const cookie = setCookieNamed(result, `__Secure-${SESSION_COOKIE}`);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it("does not mark it Secure on plain http (local use)", async () => {
    const { email } = await confirmedAccount();
    const cookie = setCookieNamed(await signIn(browser(), email), SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
