/**
 * TEST-ONLY. A route that creates a confirmed account and a session in one request, so that the
 * end-to-end stories that are not about signing up skip the sign-up form, the e-mail and the sign-in
 * form (tests/e2e/support/users.ts). See docs/decisions/014-test-only-sign-in.md.
 *
 * It exists only in a server started with E2E_SIGN_IN_TOKEN set, which only the test runner does
 * (tests/e2e/support/server.ts, a new random value per run), and it answers only requests that carry
 * that value in the `x-e2e-sign-in-token` header: anything else gets the same 404 as an unknown path.
 * It creates accounts, admins included: a production server (NODE_ENV=production) refuses to start with the
 * variable unless UNSAFE_E2E_SIGN_IN_IN_PRODUCTION=true says so too, which the test runner alone sets for the
 * built app it drives (issue 37). The demo of the results' clock needs no account: DEMO_CLOCK_TOKEN mounts the
 * clock route alone (`npm run clock`), in any server.
 * This module is not part of the app's build: server/index.ts imports it only when one of the variables is set.
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
/** The loud opt-in that lets a production server take TEST_SIGN_IN_ENV (the test runner's built app). */
export const TEST_SIGN_IN_IN_PRODUCTION_ENV = "UNSAFE_E2E_SIGN_IN_IN_PRODUCTION";
/** The clock route alone, for a demo of the results over weeks (`npm run clock`): it makes no account. */
export const DEMO_CLOCK_ENV = "DEMO_CLOCK_TOKEN";
export const DEMO_CLOCK_HEADER = "x-demo-clock-token";
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

/** The test-only routes a server's environment asks for: the sign-in (with its token) and the clock (with the tokens it takes). */
export type TestRoutes = { signIn: string | null; clock: { header: string; token: string }[] };

/**
 * Which test-only routes a server starts with, or why it must not start: a token too short to be a random
 * value, or the account-making route in production without its loud opt-in.
 */
export function testRoutesOf(env: NodeJS.ProcessEnv): TestRoutes | { refused: string } {
  const signIn = env[TEST_SIGN_IN_ENV] || null;
  const demoClock = env[DEMO_CLOCK_ENV] || null;
  for (const [name, value] of [
    [TEST_SIGN_IN_ENV, signIn],
    [DEMO_CLOCK_ENV, demoClock],
  ] as const)
    if (value !== null && value.length < TEST_SIGN_IN_TOKEN_MIN_LENGTH)
      return { refused: `${name} must be at least ${TEST_SIGN_IN_TOKEN_MIN_LENGTH} characters.` };
  if (signIn && env.NODE_ENV === "production" && env[TEST_SIGN_IN_IN_PRODUCTION_ENV] !== "true")
    return {
      refused:
        `${TEST_SIGN_IN_ENV} is set: it turns on a test-only route that creates accounts, admins included, and a production ` +
        `server (NODE_ENV=production) refuses it. Unset it; for the results demo's clock, use ${DEMO_CLOCK_ENV} instead. ` +
        `(Only the end-to-end tests' own server sets ${TEST_SIGN_IN_IN_PRODUCTION_ENV}=true.)`,
    };
  const clock = [
    ...(signIn ? [{ header: TEST_SIGN_IN_HEADER, token: signIn }] : []),
    ...(demoClock ? [{ header: DEMO_CLOCK_HEADER, token: demoClock }] : []),
  ];
  return { signIn, clock };
}

function sameToken(given: string | undefined, expected: string) {
  if (!given) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Adds the routes `routes` names to `app` (before the app's catch-all handler): the sign-in when it has its token,
 * the clock when it has one. `getAuth` is the app's own better-auth instance (from the server build's entry module,
 * so that the route and the app share one database and one auth context).
 */
export function mountTestRoutes(app: Express, routes: TestRoutes, getAuth: () => Promise<Auth>, clock?: TestClockHooks) {
  if (routes.signIn) mountTestSignIn(app, routes.signIn, getAuth);
  if (routes.clock.length) mountClock(app, routes.clock, clock);
}

/** Without one of the tokens the route is not there: the request goes on to the app, which answers 404. */
const guardOf = (tokens: { header: string; token: string }[]) => (req: Request, _res: Response, next: NextFunction) => {
  if (!tokens.some(({ header, token }) => sameToken(req.get(header), token))) return next("route");
  next();
};

function mountTestSignIn(app: Express, token: string, getAuth: () => Promise<Auth>) {
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

  const guard = guardOf([{ header: TEST_SIGN_IN_HEADER, token }]);

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
}

/**
 * Simulated weeks (issue 17): the stories move the clock to a date, and the checks due then are claimed at once
 * (the worker would do it on its own within SCHEDULE_EVERY_MS). The results demo does the same (`npm run clock`).
 */
function mountClock(app: Express, tokens: { header: string; token: string }[], clock?: TestClockHooks) {
  const clockBody = z.object({ to: z.iso.datetime() });
  app.post(TEST_CLOCK_PATH, guardOf(tokens), express.json({ limit: "1kb" }), async (req: Request, res: Response) => {
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
