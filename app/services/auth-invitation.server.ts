/**
 * Signing up from a site invitation's link (issue 38), as a better-auth plugin with one endpoint. The link's token
 * reached its holder at the invited address, so it proves the address as a magic link does: the account is made with
 * its address confirmed, signed in at once and given the site, with no confirmation e-mail.
 *
 * The account is better-auth's in every part: its password hashing (and the tests' cheaper one), its internal
 * adapter with the database hooks (the admin plugin's role), an account nobody confirmed handed to the address's
 * proven owner as better-auth's own magic link does (`revokeUnprovenAccountAccess`: its password, links and sessions
 * go), and the session with its signed cookie (`setSessionCookie`: the app's cookie name, attributes and secret). The
 * endpoint has no URL (better-auth's `serverOnly`): the invitation screen's action alone calls it, through `auth.api`
 * (auth.server.ts, `signUpFromInvitation`).
 *
 * The invitation is taken first, in one statement (`reserveInvitation`): of two uses of a link, one alone goes on.
 * It is given back when no account could be made, and the site is given in one transaction with its audit line.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { revokeUnprovenAccountAccess } from "better-auth/db";
import { z } from "zod";
import { logger } from "./logger.server";
import { completeInvitation, releaseInvitation, reserveInvitation, type InvitationProblem } from "./site-invitations.server";

/** The code of a refused invitation (`INVITATION_USED`, ...): the screen says why in its words. */
export const invitationProblemCode = (problem: InvitationProblem) => `INVITATION_${problem.toUpperCase()}`;
export const invitationProblemOf = (code: string | undefined): InvitationProblem | null => {
  const problem = code?.startsWith("INVITATION_") ? code.slice("INVITATION_".length).toLowerCase() : null;
  return problem === "unknown" || problem === "expired" || problem === "used" || problem === "revoked" || problem === "taken"
    ? problem
    : null;
};
/** The invited address has a confirmed account: its owner signs in and adds the site from the link. */
export const INVITED_ADDRESS_HAS_AN_ACCOUNT = "INVITED_ADDRESS_HAS_AN_ACCOUNT";

const refused = (problem: InvitationProblem) =>
  new APIError(problem === "taken" ? "CONFLICT" : "BAD_REQUEST", {
    code: invitationProblemCode(problem),
    message: `The invitation cannot be used (${problem}).`,
  });

const signUpBody = z.object({
  token: z.string().max(200),
  name: z.string().min(1).max(200),
  password: z.string(),
});

type EndpointContext = Parameters<typeof revokeUnprovenAccountAccess>[0];

/**
 * The account of the invited address, with `password` as its credential: made with the address confirmed, or, for an
 * account nobody confirmed, that one handed over with its old ways in removed. A confirmed account is refused.
 */
async function accountOfAddress(ctx: EndpointContext, email: string, name: string, password: string) {
  const { internalAdapter } = ctx.context;
  const found = await internalAdapter.findUserByEmail(email);
  if (found?.user.emailVerified)
    throw new APIError("CONFLICT", { code: INVITED_ADDRESS_HAS_AN_ACCOUNT, message: "The invited address has an account." });
  // Hashed before anything is written, as better-auth's sign-up does.
  const hash = await ctx.context.password.hash(password);
  let user;
  if (found) {
    const handedOver = await revokeUnprovenAccountAccess(ctx, found.user.id);
    if (!handedOver) throw new APIError("UNPROCESSABLE_ENTITY", { code: "FAILED_TO_CREATE_USER", message: "The account went away." });
    user = (await internalAdapter.updateUser(handedOver.id, { name })) ?? handedOver;
  } else {
    user = await internalAdapter.createUser({ email, name, emailVerified: true }, { method: "email-password" });
    if (!user) throw new APIError("UNPROCESSABLE_ENTITY", { code: "FAILED_TO_CREATE_USER", message: "The account was not made." });
  }
  await internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  return user;
}

export function invitationSignUp() {
  return {
    id: "invitation-sign-up",
    endpoints: {
      signUpFromInvitation: createAuthEndpoint.serverOnly({ method: "POST", body: signUpBody }, async (ctx) => {
        const { token, name, password } = ctx.body;
        const { config } = ctx.context.password;
        if (password.length < config.minPasswordLength)
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_SHORT", message: "Password too short" });
        if (password.length > config.maxPasswordLength)
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_LONG", message: "Password too long" });

        const taken = await reserveInvitation(token);
        if (!taken.ok) throw refused(taken.problem);
        const { invitation } = taken;
        let user;
        try {
          user = await accountOfAddress(ctx, invitation.email, name, password);
        } catch (error) {
          await releaseInvitation(invitation);
          throw error;
        }
        const site = await completeInvitation(invitation, user);
        // The site found a client in the meantime: the account stays (its address is proven), without the site.
        if (!site) throw refused("taken");
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) throw new APIError("BAD_REQUEST", { code: "FAILED_TO_CREATE_SESSION", message: "No session" });
        await setSessionCookie(ctx, { session, user });
        logger.info({ userId: user.id, invitationId: invitation.id, siteId: site.id }, "invitation accepted: account made and signed in");
        return ctx.json({ userId: user.id, site });
      }),
    },
  } satisfies BetterAuthPlugin;
}
