/**
 * better-auth's admin plugin checks the role of whoever calls its endpoints (/api/auth/admin/...), not how they
 * signed in. The console asks team accounts for two-factor sign-in (issue 14), and so does its API: an admin or
 * team endpoint called from a session without two-factor sign-in on is refused, whatever the role. Stopping an
 * impersonation stays open (that session is the client's, the admin's own session comes back).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

const OPEN = new Set(["/admin/stop-impersonating"]);

export function teamTwoFactorGate() {
  return {
    id: "team-two-factor-gate",
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => Boolean(ctx.path?.startsWith("/admin/") && !OPEN.has(ctx.path)),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if ((session?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled !== true)
              throw new APIError("FORBIDDEN", { message: "Two-factor sign-in is required.", code: "TWO_FACTOR_REQUIRED" });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
