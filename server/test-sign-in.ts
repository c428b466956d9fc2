/**
 * TEST-ONLY. A route that creates a confirmed account and a session in one request, so that the
 * end-to-end stories that are not about signing up skip the sign-up form, the e-mail and the sign-in
 * form (tests/e2e/support/users.ts). See docs/decisions/014-test-only-sign-in.md.
 *
 * It exists only in a server started with E2E_SIGN_IN_TOKEN set, which only the test runner does
 * (tests/e2e/support/server.ts, a new random value per run), and it answers only requests that carry
 * that value in the `x-e2e-sign-in-token` header: anything else gets the same 404 as an unknown path.
 * This module is not part of the app's build: server/index.ts imports it only when the variable is set.
 *
 * Everything goes through better-auth: the user and the credential account are written by its internal
 * adapter (its password hashing, its database hooks), the session and the signed session cookie by its
 * own test utilities (`testUtils` of better-auth/plugins), run over the app's auth context, so the cookie
 * has the app's name, attributes and secret.
 */
import crypto from "node:crypto";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import type { Auth } from "../app/services/auth.server";

export const TEST_SIGN_IN_ENV = "E2E_SIGN_IN_TOKEN";
export const TEST_SIGN_IN_PATH = "/__e2e/sign-in";
export const TEST_SIGN_IN_HEADER = "x-e2e-sign-in-token";
/** Shortest accepted token: a per-run random value, never a word someone could guess. */
export const TEST_SIGN_IN_TOKEN_MIN_LENGTH = 32;
/** TEST-ONLY too (issue 17): moves the server's clock forward and claims the checks that are then due. */
export const TEST_CLOCK_PATH = "/__e2e/clock";

/** What the clock route reaches in the app (from the server build's entry module, so that it is the app's own state). */
export type TestClockHooks = {
  setClockForTests: (to: Date) => void;
  scheduleDueChecks: (workerId: string) => Promise<unknown[]>;
};

const bodySchema = z.object({
  email: z.email(),
  password: z.string().min(8).max(128),
  name: z.string().min(1).max(200),
  /** A team account (issue 14) instead of a client's: the console's stories that are not about making one. */
  role: z.enum(["admin", "team"]).optional(),
});

function sameToken(given: string | undefined, expected: string) {
  if (!given) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Adds the route to `app` (before the app's catch-all handler). `token` is the value of E2E_SIGN_IN_TOKEN;
 * `getAuth` the app's own better-auth instance (from the server build's entry module, so that the route
 * and the app share one database and one auth context).
 */
export function mountTestSignIn(app: Express, token: string, getAuth: () => Promise<Auth>, clock?: TestClockHooks) {
  if (token.length < TEST_SIGN_IN_TOKEN_MIN_LENGTH) {
    throw new Error(`${TEST_SIGN_IN_ENV} must be at least ${TEST_SIGN_IN_TOKEN_MIN_LENGTH} characters.`);
  }
  // Loaded once, only here: the test helpers never reach a server started without the variable.
  const helpers = (async () => {
    const { testUtils } = await import("better-auth/plugins");
    const context = await (await getAuth()).$context;
    // The app's context, typed with its own options; the plugin takes better-auth's general context type.
    type PluginContext = Parameters<ReturnType<typeof testUtils>["init"]>[0];
    return { context, test: testUtils().init(context as unknown as PluginContext).context.test };
  })();
  helpers.catch(() => undefined);

  // The test workers give each of their accounts the same password: hash it once (better-auth's scrypt costs
  // about 0.1 s of CPU), so accounts of one worker share a salt, which only this route's accounts do.
  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (hash: (password: string) => Promise<string>, password: string) => {
    let hashed = hashes.get(password);
    if (!hashed) {
      if (hashes.size >= 32) hashes.clear();
      hashed = hash(password);
      hashed.catch(() => hashes.delete(password));
      hashes.set(password, hashed);
    }
    return hashed;
  };

  const guard = (req: Request, _res: Response, next: NextFunction) => {
    // Without the run's token the route is not there: the request goes on to the app, which answers 404.
    if (!sameToken(req.get(TEST_SIGN_IN_HEADER), token)) return next("route");
    next();
  };

  app.post(TEST_SIGN_IN_PATH, guard, express.json({ limit: "4kb" }), async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const { email, password, name, role } = parsed.data;
    try {
      const { context, test } = await helpers;
      if (await context.internalAdapter.findUserByEmail(email.toLowerCase())) {
        res.status(409).json({ error: `An account with ${email} exists already.` });
        return;
      }
      // As better-auth's own sign-up does it (routes/sign-up), with the address already confirmed.
      const hash = await hashOnce(context.password.hash, password);
      const user = await test.saveUser(test.createUser({ email: email.toLowerCase(), name, emailVerified: true }));
      await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
      // The role as `npm run team:add` gives it (better-auth's admin plugin's field); two-factor sign-in is then
      // turned on by the test through better-auth's own endpoints, as the console's set-up screen does.
      if (role) await context.internalAdapter.updateUser(user.id, { role });
      const { cookies } = await test.login({ userId: user.id });
      res.status(200).json({ userId: user.id, email: user.email, cookies });
    } catch (error) {
      res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });

  // Simulated weeks (issue 17): the stories move the clock to a date, and the checks due then are claimed at once
  // (the worker would do it on its own within SCHEDULE_EVERY_MS).
  const clockBody = z.object({ to: z.iso.datetime() });
  app.post(TEST_CLOCK_PATH, guard, express.json({ limit: "1kb" }), async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const parsed = clockBody.safeParse(req.body);
    if (!parsed.success || !clock) {
      res.status(400).json({ error: parsed.success ? "No clock in this build" : z.prettifyError(parsed.error) });
      return;
    }
    clock.setClockForTests(new Date(parsed.data.to));
    try {
      res.status(200).json({ claims: await clock.scheduleDueChecks("e2e-clock") });
    } catch (error) {
      res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}
