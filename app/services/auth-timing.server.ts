/**
 * Replies that must not tell whether an address has an account take the same time either way: better-auth
 * does a little more database work for a known address (a token, a queued e-mail) than for an unknown one,
 * a few milliseconds that many requests could still measure. These endpoints answer no sooner than a fixed
 * time after they started, well above that work.
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";

/** The least time, in ms, each endpoint takes to answer. */
export const STEADY_REPLY_MS: Record<string, number> = {
  "/request-password-reset": 250,
};

const started = new WeakMap<object, number>();

export function steadyReplies() {
  const matcher = (ctx: { path?: string }) => Boolean(ctx.path && ctx.path in STEADY_REPLY_MS);
  return {
    id: "steady-replies",
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            started.set(ctx.context, performance.now());
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const start = started.get(ctx.context);
            if (start === undefined) return;
            started.delete(ctx.context);
            const wait = STEADY_REPLY_MS[ctx.path] - (performance.now() - start);
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
