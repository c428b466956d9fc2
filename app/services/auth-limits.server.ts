/**
 * Limits on the endpoints that check a password, as a better-auth plugin, so that they apply the same
 * way to the app's forms (which reach better-auth through callAuth) and to direct calls of /api/auth.
 * Counters live in the app_rate_limit table (services/rate-limit.server.ts): shared by every server process
 * and kept across restarts. See docs/decisions/007-sign-in-lockout.md.
 *
 * - /sign-in/email, after OWASP's "device cookies": a browser that signed in to an account before
 *   carries a signed device cookie naming it; its failures count against that cookie only, so a
 *   stranger's failures never lock it out. Any other attempt counts against the account (the e-mail,
 *   whether or not an account has it: the answers do not tell) and against the client address; past
 *   the limit, unknown browsers wait. A success resets the account's count and renews the cookie.
 *   Attempts are counted before the password is checked (atomically, so that parallel guesses cannot
 *   slip past the limit) and given back when they were not failures.
 * - /change-password: a wrong current password counts against the account; past the limit even the
 *   right one waits. Every other session always ends (ASVS 7.4.3), whatever the caller asked.
 */
import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { formatWait } from "~/lib/auth-messages";
import { CLIENT_IP_HEADER } from "./client-ip";
import { logger } from "./logger.server";
import { clearRateLimit, consumeRateLimit, peekRateLimit, releaseRateLimitHit } from "./rate-limit.server";

type Rule = { readonly windowSeconds: number; readonly max: number };

/** Failed sign-ins of an account from browsers it does not know, before those browsers wait. */
export const ACCOUNT_FAILURE_LIMIT: Rule = { windowSeconds: 15 * 60, max: 10 };
/** Failed sign-ins of one known browser (device cookie), before it waits. */
export const DEVICE_FAILURE_LIMIT: Rule = { windowSeconds: 15 * 60, max: 10 };
/** Failed sign-ins from one client address without a device cookie, whatever the accounts. */
export const ADDRESS_FAILURE_LIMIT: Rule = { windowSeconds: 15 * 60, max: 30 };
/** Wrong current passwords given to /change-password for one account. */
export const PASSWORD_CHANGE_FAILURE_LIMIT: Rule = { windowSeconds: 15 * 60, max: 10 };

/** How long a device cookie is kept by the browser. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const DEVICE_COOKIE = "device";

export const TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS";

/** The 429 answer, in French with the wait, the same whoever asked and whichever account. */
export function tooManyAttempts(retryAfterSeconds: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: `Trop de tentatives. Réessayez dans ${formatWait(retryAfterSeconds)}.`, code: TOO_MANY_ATTEMPTS },
    { "X-Retry-After": String(retryAfterSeconds) },
  );
}

/** The account as counters and device cookies name it: a digest of the e-mail, never the address itself. */
const accountTag = (email: string) => crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);

const keys = {
  account: (tag: string) => `sign-in:account:${tag}`,
  device: (nonce: string) => `sign-in:device:${nonce}`,
  address: (ip: string) => `sign-in:address:${ip}`,
  changePassword: (userId: string) => `change-password:${userId}`,
};

/** What the before hook counted, for the after hook to settle. */
type Attempt = { kind: "device"; key: string } | { kind: "untrusted"; account: string; address: string };
const attempts = new WeakMap<object, Attempt>();

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The nonce of the request's device cookie when it is genuine (signed with the auth secret) and names this account. */
async function deviceNonce(ctx: HookContext, tag: string): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!value) return null;
  const [named, nonce] = value.split(":");
  return named === tag && nonce ? nonce : null;
}

async function issueDeviceCookie(ctx: HookContext, tag: string) {
  const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_COOKIE_MAX_AGE });
  const nonce = crypto.randomBytes(16).toString("base64url");
  await ctx.setSignedCookie(cookie.name, `${tag}:${nonce}`, ctx.context.secret, cookie.attributes);
}

async function count(key: string, rule: Rule) {
  return consumeRateLimit(key, rule.windowSeconds, rule.max);
}

const signInBefore = createAuthMiddleware(async (ctx) => {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string" || !email.trim()) return; // the endpoint refuses it
  const tag = accountTag(email);
  const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";

  const nonce = await deviceNonce(ctx, tag);
  if (nonce) {
    const key = keys.device(nonce);
    const limit = await count(key, DEVICE_FAILURE_LIMIT);
    if (!limit.allowed) {
      logger.warn({ ip, kind: "device" }, "sign-in locked out");
      throw tooManyAttempts(limit.retryAfterSeconds);
    }
    attempts.set(ctx.context, { kind: "device", key });
    return;
  }

  const account = keys.account(tag);
  const address = keys.address(ip);
  const byAccount = await count(account, ACCOUNT_FAILURE_LIMIT);
  if (!byAccount.allowed) {
    logger.warn({ ip, kind: "account" }, "sign-in locked out");
    throw tooManyAttempts(byAccount.retryAfterSeconds);
  }
  const byAddress = await count(address, ADDRESS_FAILURE_LIMIT);
  if (!byAddress.allowed) {
    await releaseRateLimitHit(account);
    logger.warn({ ip, kind: "address" }, "sign-in locked out");
    throw tooManyAttempts(byAddress.retryAfterSeconds);
  }
  attempts.set(ctx.context, { kind: "untrusted", account, address });
});

const signInAfter = createAuthMiddleware(async (ctx) => {
  const attempt = attempts.get(ctx.context);
  if (!attempt) return;
  attempts.delete(ctx.context);
  const returned = ctx.context.returned;
  const failed = isAPIError(returned) && returned.body?.code === "INVALID_EMAIL_OR_PASSWORD";
  if (failed) return; // counted already
  const succeeded = !isAPIError(returned) && Boolean(ctx.context.newSession);
  const email = (ctx.body as { email?: string }).email ?? "";
  const tag = accountTag(email);
  if (succeeded) {
    // The right password: the account's failures are forgotten, and this browser is known from now on.
    await clearRateLimit(keys.account(tag));
    if (attempt.kind === "device") await clearRateLimit(attempt.key);
    else await releaseRateLimitHit(attempt.address);
    await issueDeviceCookie(ctx, tag);
    return;
  }
  // Neither a wrong password nor a session (e.g. the address is not confirmed yet): not a failure.
  if (attempt.kind === "device") await releaseRateLimitHit(attempt.key);
  else {
    await releaseRateLimitHit(attempt.account);
    await releaseRateLimitHit(attempt.address);
  }
});

const changePasswordBefore = createAuthMiddleware(async (ctx) => {
  const session = await getSessionFromCtx(ctx);
  if (!session) return; // the endpoint refuses it
  const { windowSeconds, max } = PASSWORD_CHANGE_FAILURE_LIMIT;
  const limit = await peekRateLimit(keys.changePassword(session.user.id), windowSeconds, max);
  if (!limit.allowed) {
    logger.warn({ userId: session.user.id }, "password change rate limited");
    throw tooManyAttempts(limit.retryAfterSeconds);
  }
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  return { context: { body: { ...body, revokeOtherSessions: true } } };
});

const changePasswordAfter = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (isAPIError(returned)) {
    if (returned.body?.code !== "INVALID_PASSWORD") return;
    const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
    if (!session) return;
    const { windowSeconds, max } = PASSWORD_CHANGE_FAILURE_LIMIT;
    await consumeRateLimit(keys.changePassword(session.user.id), windowSeconds, max);
    logger.warn({ userId: session.user.id }, "password change refused: wrong current password");
    return;
  }
  const userId = (returned as { user?: { id?: string } } | undefined)?.user?.id;
  if (userId) await clearRateLimit(keys.changePassword(userId));
});

export function authLimits() {
  return {
    id: "auth-limits",
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === "/sign-in/email", handler: signInBefore },
        { matcher: (ctx) => ctx.path === "/change-password", handler: changePasswordBefore },
      ],
      after: [
        { matcher: (ctx) => ctx.path === "/sign-in/email", handler: signInAfter },
        { matcher: (ctx) => ctx.path === "/change-password", handler: changePasswordAfter },
      ],
    },
  } satisfies BetterAuthPlugin;
}
