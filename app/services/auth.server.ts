/**
 * Authentication: better-auth with e-mail and password, e-mail confirmation, password reset and
 * sessions in the database. Form actions reach it through `callAuth`, which goes through better-auth's
 * own router so that its rate limits and origin checks apply exactly as for a browser call.
 */
import { betterAuth } from "better-auth";
import { admin, twoFactor } from "better-auth/plugins";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import * as schema from "../../db/schema";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { authLimits } from "./auth-limits.server";
import { steadyReplies } from "./auth-timing.server";
import { invitationSignUp } from "./auth-invitation.server";
import { secondFactorSessions } from "./auth-second-factor.server";
import { teamTwoFactorGate } from "./auth-team-gate.server";
import { actionMail, queueMail } from "./mail.server";
import { claimAcceptedInvitations } from "./site-invitations.server";
// The accounts' e-mails are queued (stored, then sent in the background): a reply that waited for the mail
// server would be slower for a known address than for an unknown one. See app/jobs/outbox.server.ts (reached through the mail service's queueMail).
import { BRAND_NAME, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/constants";

import { CLIENT_IP_HEADER } from "./client-ip";
import { cookieValue, TWO_FACTOR_COOKIE, verifiedToken } from "./session-cookie";
import { redirectWithToast } from "./toast.server";
import { DEFAULT_ROLE, isTeamRole, roleOf, roles, type Role, type TeamRole } from "./team-roles.server";

function loopbackTwins(origin: string): string[] {
  const url = new URL(origin);
  if (url.hostname !== "localhost" && url.hostname !== "127.0.0.1") return [origin];
  const port = url.port ? `:${url.port}` : "";
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`];
}

function createAuth(db: Awaited<ReturnType<typeof getDb>>) {
  const env = getEnv();
  const secure = env.PUBLIC_URL.startsWith("https://");
  // LinkedIn is offered (to link to an existing account, from /profile) only when both are configured.
  const linkedin =
    env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET
      ? // Linking only: nobody signs up or in through LinkedIn.
        { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET, disableSignUp: true, disableImplicitSignUp: true }
      : undefined;
  return betterAuth({
    appName: BRAND_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: loopbackTwins(env.PUBLIC_URL),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    socialProviders: linkedin ? { linkedin } : {},
    plugins: [
      authLimits(),
      steadyReplies(),
      // Roles, banning and impersonation (issue 14); the roles are team-roles.server.ts's. Its endpoints are the
      // console's, called from the server only, with a session opened with the second factor (auth-team-gate.server.ts).
      teamTwoFactorGate(),
      admin({ defaultRole: DEFAULT_ROLE, adminRoles: ["admin"], roles, impersonationSessionDuration: 60 * 60 }),
      // TOTP with backup codes, required of team and admin accounts (requireTeamMember).
      twoFactor({ issuer: BRAND_NAME }),
      // Which sessions passed the second factor, and the sessions a change of the factor ends (issue 37).
      secondFactorSessions(),
      // The sign-up of a site invitation's link, which proves the address (issue 38): no URL, the invitation screen's.
      invitationSignUp(),
    ],
    // A signed-in user links their LinkedIn account, whose e-mail is often not the one they use here.
    account: { accountLinking: { enabled: true, allowDifferentEmails: true } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // A sign-up with an address that has an account answers a made-up user, which must read as a new account's
      // does: the admin plugin gives a new account its role when it is written, so the made-up one gets it here
      // (issue 37: it answered `"role": null`, where a new address answers "client").
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({ ...coreFields, ...additionalFields, role: DEFAULT_ROLE, id }),
      resetPasswordTokenExpiresIn: 60 * 60,
      // better-auth's own scrypt (N=16384, r=16), unless the tests chose a cheaper hash (setPasswordHasherForTests).
      ...(testPasswordHasher ? { password: testPasswordHasher } : {}),
      sendResetPassword: async ({ user, token }) => {
        const url = `${env.PUBLIC_URL}/auth/update-password?token=${encodeURIComponent(token)}`;
        await queueMail(
          actionMail({
            to: user.email,
            subject: `Réinitialisez votre mot de passe ${BRAND_NAME}`,
            greeting: `Bonjour ${user.name},`,
            lines: ["Vous avez demandé à réinitialiser le mot de passe de votre compte.", "Ce lien est valable une heure."],
            action: "Choisir un nouveau mot de passe",
            url,
            footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
          }),
        );
      },
      onExistingUserSignUp: async ({ user }) => {
        await queueMail(
          actionMail({
            to: user.email,
            subject: `Votre compte ${BRAND_NAME}`,
            greeting: `Bonjour ${user.name},`,
            lines: [
              "Quelqu'un a essayé de créer un compte avec votre adresse e-mail, qui a déjà un compte chez nous.",
              "Si c'était vous, connectez-vous, ou réinitialisez votre mot de passe si vous l'avez oublié.",
            ],
            action: "Se connecter",
            url: `${env.PUBLIC_URL}/auth`,
            footer: "Si ce n'était pas vous, vous pouvez ignorer cet e-mail.",
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      // A site the team invited this address to became the account's once the address was confirmed (issue 14); since
      // issue 38 the invitation's sign-up confirms the address itself, and this serves the invitations accepted before.
      // A failure here must not undo the confirmation: it is logged, and the invitation link still works signed in.
      afterEmailVerification: async (user) => {
        try {
          await claimAcceptedInvitations(user);
        } catch (error) {
          logger.error({ err: error, userId: user.id }, "invited sites not claimed after confirmation");
        }
      },
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${env.PUBLIC_URL}/auth/confirm?token=${encodeURIComponent(token)}`;
        await queueMail(
          actionMail({
            to: user.email,
            subject: `Confirmez votre adresse e-mail pour ${BRAND_NAME}`,
            greeting: `Bonjour ${user.name},`,
            lines: [
              "Bienvenue ! Il reste une étape : confirmez votre adresse e-mail pour activer votre compte.",
              "Ce lien est valable 24 heures.",
            ],
            action: "Confirmer mon adresse e-mail",
            url,
            footer: "Si vous n'avez pas créé de compte, ignorez cet e-mail.",
          }),
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60 * 10, max: 10 },
        "/request-password-reset": { window: 60 * 10, max: 5 },
        "/reset-password": { window: 60 * 10, max: 10 },
        "/change-password": { window: 60, max: 10 },
        "/send-verification-email": { window: 60 * 10, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: "seo",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session is read with its user in one query (db/schema.ts's relations), on every signed-in request.
      database: { joins: true },
    },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        fn.call(logger, { args: args.length ? String(args[0]) : undefined }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let authPromise: Promise<Auth> | undefined;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};
let testPasswordHasher: PasswordHasher | undefined;

/**
 * Tests only (NODE_ENV=test): the password hash of the auth instances made from now on; undefined gives back
 * better-auth's. A stored password costs scrypt about 0.1 s of CPU to make or check, and the integration
 * tests make and check several hundred (the lockout stories alone, some 150): as Django advises for its test
 * settings, they use a cheap hash instead (tests/setup/password.ts), and one test checks the real one.
 */
export function setPasswordHasherForTests(hasher: PasswordHasher | undefined) {
  if (process.env.NODE_ENV !== "test") throw new Error("setPasswordHasherForTests is for tests only (NODE_ENV=test).");
  testPasswordHasher = hasher;
  authPromise = undefined;
}

export function getAuth(): Promise<Auth> {
  if (!authPromise) {
    authPromise = getDb().then(createAuth);
    authPromise.catch(() => {
      authPromise = undefined;
    });
  }
  return authPromise;
}

export function resetAuthForTests() {
  authPromise = undefined;
}

export type AuthCallResult<T = Record<string, unknown>> = {
  ok: boolean;
  status: number;
  data: T | null;
  /** better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD), when it failed. */
  code?: string;
  retryAfterSeconds?: number;
  headers: Headers;
};

const FORWARDED_HEADERS = [
  "cookie",
  "origin",
  "referer",
  "user-agent",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
  CLIENT_IP_HEADER,
];

/** What better-auth reads of the browser's request: its cookies, origin, client address and the like. */
function forwardedHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * Signs up from a site invitation's link (auth-invitation.server.ts, a server-only endpoint of better-auth): the
 * account made with its address confirmed, the site given and the session's cookies in `headers`; or better-auth's
 * code of the refusal (`INVITATION_USED`, `INVITED_ADDRESS_HAS_AN_ACCOUNT`, ...).
 */
export async function signUpFromInvitation(
  request: Request,
  body: { token: string; name: string; password: string },
): Promise<AuthCallResult<{ userId: string; site: { id: number; name: string } }>> {
  const auth = await getAuth();
  try {
    const answer = await auth.api.signUpFromInvitation({ body, headers: forwardedHeaders(request), returnHeaders: true });
    const headers = new Headers();
    for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return { ok: true, status: 200, data: answer.response, headers };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    return { ok: false, status: error.statusCode, data: null, code: typeof code === "string" ? code : undefined, headers: new Headers() };
  }
}

/** Calls a better-auth endpoint on behalf of the browser request; returns its answer and cookies. */
export async function callAuth<T = Record<string, unknown>>(
  request: Request,
  endpoint: string,
  options: { method?: "GET" | "POST"; body?: unknown; query?: Record<string, string> } = {},
): Promise<AuthCallResult<T>> {
  const auth = await getAuth();
  const url = new URL(`/api/auth${endpoint}`, getEnv().PUBLIC_URL);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = forwardedHeaders(request);
  const method = options.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(url, { method, headers, body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined }),
  );
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const retry = response.headers.get("x-retry-after");
  const result: AuthCallResult<T> = {
    ok: response.ok,
    status: response.status,
    data: data as T,
    headers: new Headers(),
    retryAfterSeconds: retry ? Number(retry) : undefined,
  };
  if (!response.ok && data && typeof data === "object" && "code" in data) result.code = String((data as { code: unknown }).code);
  for (const cookie of response.headers.getSetCookie()) result.headers.append("Set-Cookie", cookie);
  return result;
}

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
};

/** What a request's session says: who, with which role, whether two-factor sign-in is on, and whether this session passed it. */
type SessionRead = {
  user: SessionUser;
  role: Role;
  twoFactorEnabled: boolean;
  /** Whether the sign-in that opened this session passed the second factor (auth-second-factor.server.ts). */
  secondFactor: boolean;
  /** The admin who opened this session as the user (better-auth's impersonation), else null. */
  impersonatedBy: string | null;
};

/**
 * Session reads in flight, by the request's Cookie header. A document runs the root's, the signed-in layout's
 * and the screen's loaders side by side, each with a Request of its own, and each asks who is signed in: they
 * share one read (one signature check, one query) instead of three. A read is shared only while it is in
 * flight, so a sign-out or a revoked session is seen by the very next request, as before.
 */
const readsInFlight = new Map<string, Promise<SessionRead | null>>();

/** What the per-request read needs of better-auth's set-up: its session cookie's name, its secret and its session's ages. */
type SessionReadSetUp = { cookieName: string; secret: string; expiresInMs: number; updateAgeMs: number; query: SessionQuery };

function sessionQuery(db: Awaited<ReturnType<typeof getDb>>) {
  return db
    .select({
      expiresAt: schema.session.expiresAt,
      impersonatedBy: schema.session.impersonatedBy,
      secondFactorAt: schema.session.secondFactorAt,
      id: schema.user.id,
      email: schema.user.email,
      name: schema.user.name,
      image: schema.user.image,
      role: schema.user.role,
      twoFactorEnabled: schema.user.twoFactorEnabled,
    })
    .from(schema.session)
    .innerJoin(schema.user, eq(schema.user.id, schema.session.userId))
    .where(eq(schema.session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_read");
}
type SessionQuery = ReturnType<typeof sessionQuery>;

const setUps = new WeakMap<Auth, Promise<SessionReadSetUp>>();

/** The one statement of a session read (an object, so that a test can count the reads). */
export const sessionRows = {
  read: (setUp: SessionReadSetUp, token: string) => setUp.query.execute({ token }),
};

function sessionReadSetUp(auth: Auth): Promise<SessionReadSetUp> {
  let setUp = setUps.get(auth);
  if (!setUp) {
    setUp = Promise.all([auth.$context, getDb()]).then(([context, db]) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
      query: sessionQuery(db),
    }));
    setUps.set(auth, setUp);
    setUp.catch(() => setUps.delete(auth));
  }
  return setUp;
}

/**
 * Who a request's session cookie names, read on every request (decision 031): the cookie's signature checked
 * here and the session read with its user in one prepared statement, instead of better-auth's endpoint
 * (about 3 ms of CPU against 1 on PGlite, measured by scripts/bench-session.ts). Whatever better-auth would
 * write goes to better-auth itself: an expired session (which it deletes) and a session due for its daily
 * extension (which it extends). Without a valid signature nobody is signed in, as with better-auth.
 */
async function readSession(headers: Headers): Promise<SessionRead | null> {
  const auth = await getAuth();
  const setUp = await sessionReadSetUp(auth);
  const signed = cookieValue(headers.get("cookie") ?? "", setUp.cookieName);
  const token = signed ? verifiedToken(signed, setUp.secret) : null;
  if (!token) return null;
  const [row] = await sessionRows.read(setUp, token);
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  const dueForExtension = expiresAt - setUp.expiresInMs + setUp.updateAgeMs <= now;
  if (expiresAt > now && !dueForExtension) {
    return {
      user: { id: row.id, email: row.email, name: row.name, image: row.image ?? null },
      role: roleOf(row),
      twoFactorEnabled: row.twoFactorEnabled === true,
      secondFactor: row.secondFactorAt !== null,
      impersonatedBy: row.impersonatedBy ?? null,
    };
  }
  return readSessionThroughBetterAuth(auth, headers);
}

async function readSessionThroughBetterAuth(auth: Auth, headers: Headers): Promise<SessionRead | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, image } = session.user;
  return {
    user: { id, email, name, image: image ?? null },
    role: roleOf(session.user),
    twoFactorEnabled: session.user.twoFactorEnabled === true,
    secondFactor: Boolean((session.session as { secondFactorAt?: Date | null }).secondFactorAt),
    impersonatedBy: (session.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
  };
}

function sessionOf(request: Request): Promise<SessionRead | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return Promise.resolve(null);
  let read = readsInFlight.get(cookie);
  if (!read) {
    read = readSession(request.headers).finally(() => readsInFlight.delete(cookie));
    readsInFlight.set(cookie, read);
  }
  return read;
}

/** How the signed-in person's account is protected (/settings): two-factor sign-in on or off, and whether they are of the team (who must keep it). */
export async function accountSecurity(request: Request): Promise<{ twoFactorEnabled: boolean; team: boolean } | null> {
  const session = await sessionOf(request);
  return session ? { twoFactorEnabled: session.twoFactorEnabled, team: isTeamRole(session.role) } : null;
}

/** The signed-in user of a request, or null. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await sessionOf(request))?.user ?? null;
}

/**
 * Whether a Cookie header is the session of someone of the team (a team role, with or without two-factor sign-in
 * set up yet): for the server's own checks outside React Router (the console's addresses, server/index.ts).
 */
export async function isTeamCookie(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false;
  const session = await sessionOf(new Request("http://localhost/", { headers: { cookie } }));
  return session !== null && isTeamRole(session.role);
}

/** A member of the service's team, signed in with two-factor: the acting person of every console function. */
export type TeamMember = SessionUser & { role: TeamRole; twoFactorEnabled: boolean };

/** A team member's session that may open the console: two-factor sign-in on, and this session opened with it. */
const consoleSession = (session: SessionRead) => isTeamRole(session.role) && session.twoFactorEnabled && session.secondFactor;

/**
 * Who is signed in (null: nobody), in one read of the session: the user, and `member` when they are a team
 * member whose session was opened with the second factor (else null).
 */
export async function getSignedIn(
  request: Request,
): Promise<{ user: SessionUser; member: TeamMember | null; impersonatedBy: string | null } | null> {
  const session = await sessionOf(request);
  if (!session) return null;
  const member = consoleSession(session) ? { ...session.user, role: session.role as TeamRole, twoFactorEnabled: true } : null;
  return { user: session.user, member, impersonatedBy: session.impersonatedBy };
}

/**
 * The signed-in team member of a /team request. Anyone else (a visitor, a client) gets the same 404 as any
 * unknown address: the console gives no hint that it exists. A team member without two-factor sign-in yet is
 * sent to its set-up screen (`twoFactorSetUp: false` is for that screen alone). A session of an account whose
 * two-factor sign-in is on, but which was opened without it (before it was turned on), is ended: the person signs
 * in again, with the app's code.
 */
export async function requireTeamMember(request: Request, { twoFactorSetUp = true } = {}): Promise<TeamMember> {
  const session = await sessionOf(request);
  if (!session || !isTeamRole(session.role)) {
    logger.info(
      { path: new URL(request.url).pathname, userId: session?.user.id, ip: request.headers.get(CLIENT_IP_HEADER) },
      "refused: not the team",
    );
    throw data(null, { status: 404 });
  }
  if (session.twoFactorEnabled && !session.secondFactor) throw await signInAgainWithSecondFactor(request, session.user.id);
  if (twoFactorSetUp && !session.twoFactorEnabled) throw redirect("/team/two-factor");
  return { ...session.user, role: session.role, twoFactorEnabled: session.twoFactorEnabled };
}

/** Ends a session that did not pass the second factor and sends its person to sign in again, with a word why. */
async function signInAgainWithSecondFactor(request: Request, userId: string): Promise<Response> {
  logger.warn({ userId, ip: request.headers.get(CLIENT_IP_HEADER) }, "refused: a team session opened without the second factor");
  const signedOut = await callAuth(request, "/sign-out");
  return redirectWithToast(
    "/auth",
    {
      type: "info",
      title: "Reconnectez-vous",
      description: "La console de l'équipe demande une connexion avec le code de votre application d'authentification.",
    },
    { headers: signedOut.headers },
  );
}

/**
 * Where a successful sign-in answer leads: the second step when the account has two-factor sign-in on (no
 * session yet, only better-auth's short-lived two_factor cookie), the console for the team, the site list for
 * a client.
 */
export function signInDestination(result: AuthCallResult<unknown>): "/auth/two-factor" | "/team" | "/dashboard" {
  const answer = result.data as { twoFactorRedirect?: boolean; user?: { role?: string | null } } | null;
  if (answer?.twoFactorRedirect) return "/auth/two-factor";
  return isTeamRole(roleOf(answer?.user ?? {})) ? "/team" : "/dashboard";
}

/** Whether the request carries a pending second sign-in step (better-auth checks its signature when the code comes). */
export function hasTwoFactorChallenge(request: Request): boolean {
  return TWO_FACTOR_COOKIE.test(request.headers.get("cookie") ?? "");
}

/** Returns the signed-in user, or throws a redirect to /auth. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    logger.info({ path: new URL(request.url).pathname, ip: request.headers.get(CLIENT_IP_HEADER) }, "refused: not signed in");
    throw redirect("/auth");
  }
  return user;
}

/** Throws a redirect to /dashboard when someone is signed in (the auth screen is for visitors). */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getSessionUser(request)) throw redirect("/dashboard");
}

export function clientIp(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** The account a password-reset token belongs to, while the token is valid; null otherwise. */
export async function findPasswordResetUser(token: string): Promise<{ id: string; email: string } | null> {
  if (!token) return null;
  const context = await (await getAuth()).$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const found = await context.internalAdapter.findUserById(verification.value);
  return found ? { id: found.id, email: found.email } : null;
}
