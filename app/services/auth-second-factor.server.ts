/**
 * Sessions and the second factor (issue 37, ASVS 7.4.3), as a better-auth plugin:
 * - each session says whether the sign-in that opened it passed the second factor (`secondFactorAt`): a code of
 *   the authenticator app or a backup code, at sign-in or when two-factor sign-in is turned on. The team's console
 *   reaches only such sessions (auth.server.ts, requireTeamMember), whatever the account's flag says: a session
 *   opened with the password alone before the flag was on stays a password-only session;
 * - turning two-factor sign-in on or off ends the account's other sessions (the one that did it goes on, renewed
 *   by better-auth). Promoting an account and changing its role end all of them (endSessionsOf, called by the
 *   console and the command line); a password reset does already (revokeSessionsOnPasswordReset).
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import { session } from "../../db/schema";
import { getDb } from "./db.server";
import { logger } from "./logger.server";

/** The endpoints that check a second factor: a session they open has passed it. */
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]);

/** Ends every session of an account but `keepToken`'s; answers how many ended. */
export async function endSessionsOf(userId: string, keepToken?: string): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(session)
    .where(keepToken ? and(eq(session.userId, userId), ne(session.token, keepToken)) : eq(session.userId, userId))
    .returning({ id: session.id });
  if (ended.length) logger.info({ userId, ended: ended.length, kept: Boolean(keepToken) }, "sessions ended");
  return ended.length;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The requests that are turning two-factor sign-in on (a code checked in a signed-in session whose account has it off). */
const turningOn = new WeakMap<object, string>();

const beforeVerify = createAuthMiddleware(async (ctx: HookContext) => {
  const current = await getSessionFromCtx(ctx).catch(() => null);
  const user = current?.user as { id: string; twoFactorEnabled?: boolean | null } | undefined;
  if (user && user.twoFactorEnabled !== true) turningOn.set(ctx.context, user.id);
});

/** After a change of the factor: every other session of the account ends; the one better-auth opened for it goes on. */
const endOthers = (userIdOf: (ctx: HookContext) => string | undefined) =>
  createAuthMiddleware(async (ctx: HookContext) => {
    const userId = userIdOf(ctx);
    turningOn.delete(ctx.context);
    if (!userId || isAPIError(ctx.context.returned)) return;
    const kept = ctx.context.newSession?.session.token;
    // better-auth opens a new session for the change; without one, nothing would be left to keep.
    if (!kept) return;
    await endSessionsOf(userId, kept);
  });

export function secondFactorSessions() {
  return {
    id: "second-factor-sessions",
    schema: {
      session: { fields: { secondFactorAt: { type: "date", required: false, input: false, fieldName: "secondFactorAt" } } },
    },
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              before: async (data, context) => {
                if (!context?.path || !SECOND_FACTOR_PATHS.has(context.path)) return;
                return { data: { ...data, secondFactorAt: new Date() } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [{ matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ""), handler: beforeVerify }],
      after: [
        { matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ""), handler: endOthers((ctx) => turningOn.get(ctx.context)) },
        { matcher: (ctx) => ctx.path === "/two-factor/disable", handler: endOthers((ctx) => ctx.context.newSession?.user.id) },
      ],
    },
  } satisfies BetterAuthPlugin;
}
