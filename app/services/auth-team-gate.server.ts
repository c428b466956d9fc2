/**
 * better-auth's admin plugin checks the role of whoever calls its endpoints (/api/auth/admin/...), not how they
 * signed in nor what the console allows. Its endpoints are therefore not the browser's (issue 37): the /api/auth
 * route answers them as unknown addresses (routes/api/auth.ts), and the console reaches the few it offers from the
 * server, through its models, which check the console's rules (impersonating clients only, never one's own role)
 * and write the audit log. This plugin is the second wall, for any way in that the route would not see:
 * - only the endpoints the console uses are answered, the others refused whoever asks (creating accounts, setting
 *   passwords, removing accounts, listing or revoking sessions: the console offers none of them);
 * - the caller's session must have been opened with the second factor (auth-second-factor.server.ts), as for the
 *   console itself. Stopping an impersonation stays open (that session is the client's; the admin's comes back).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

/** The admin plugin's endpoints the console calls (models/team-users.server.ts). */
export const CONSOLE_ADMIN_PATHS = new Set(["/admin/set-role", "/admin/ban-user", "/admin/unban-user", "/admin/impersonate-user"]);
const OPEN = new Set(["/admin/stop-impersonating"]);

export function teamTwoFactorGate() {
  return {
    id: "team-two-factor-gate",
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => Boolean(ctx.path?.startsWith("/admin/") && !OPEN.has(ctx.path)),
          handler: createAuthMiddleware(async (ctx) => {
            if (!CONSOLE_ADMIN_PATHS.has(ctx.path)) throw new APIError("NOT_FOUND", { message: "Not offered.", code: "NOT_OFFERED" });
            const current = await getSessionFromCtx(ctx);
            if (!(current?.session as { secondFactorAt?: Date | null } | undefined)?.secondFactorAt)
              throw new APIError("FORBIDDEN", { message: "Two-factor sign-in is required.", code: "TWO_FACTOR_REQUIRED" });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
