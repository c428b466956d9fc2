/**
 * Limits on the endpoints that check a password, as a better-auth plugin, so that they apply the same
 * way to the app's forms (which reach better-auth through callAuth) and to direct calls of /api/auth.
 * Counters live in the rate_limit table (services/rate-limit.server.ts): shared by every server process
 * and kept across restarts.
 *
 * - /change-password: a wrong current password counts against the account; past the limit even the
 *   right one waits. Every other session always ends (ASVS 7.4.3), whatever the caller asked.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { formatWait } from "~/lib/auth-messages";
import { logger } from "./logger.server";
import { clearRateLimit, consumeRateLimit, peekRateLimit } from "./rate-limit.server";

/** Failed password checks allowed per window before the door waits (OWASP: per account). */
export const PASSWORD_FAILURE_LIMIT = { windowSeconds: 15 * 60, max: 10 } as const;

export const TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS";

/** The 429 answer, in French with the wait, the same whoever asked. */
export function tooManyAttempts(retryAfterSeconds: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: `Trop de tentatives. Réessayez dans ${formatWait(retryAfterSeconds)}.`, code: TOO_MANY_ATTEMPTS },
    { "X-Retry-After": String(retryAfterSeconds) },
  );
}

const changePasswordKey = (userId: string) => `change-password:${userId}`;

export function authLimits() {
  const { windowSeconds, max } = PASSWORD_FAILURE_LIMIT;
  return {
    id: "auth-limits",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // the endpoint refuses it
            const limit = await peekRateLimit(changePasswordKey(session.user.id), windowSeconds, max);
            if (!limit.allowed) {
              logger.warn({ userId: session.user.id }, "password change rate limited");
              throw tooManyAttempts(limit.retryAfterSeconds);
            }
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (isAPIError(returned)) {
              if (returned.body?.code !== "INVALID_PASSWORD") return;
              const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
              if (!session) return;
              await consumeRateLimit(changePasswordKey(session.user.id), windowSeconds, max);
              logger.warn({ userId: session.user.id }, "password change refused: wrong current password");
              return;
            }
            const userId = (returned as { user?: { id?: string } } | undefined)?.user?.id;
            if (userId) await clearRateLimit(changePasswordKey(userId));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
