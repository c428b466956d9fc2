/**
 * Invitations to take a site (issue 14). The team invites the person who asked for a site (models/team-sites);
 * the e-mailed link (/auth/invitation?token=...) leads to a sign-up with the address filled in
 * (routes/auth/invitation.tsx). The link proves the address (issue 38): the sign-up makes the account with its
 * address confirmed, signs it in and gives it the site at once (auth-invitation.server.ts, which takes the
 * invitation with `reserveInvitation` and gives the site with `completeInvitation`). Someone already signed in
 * with that address adds the site in one click. Single use, valid 7 days, the token stored as its SHA-256 only; a
 * newer invitation for the same site revokes the older ones.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { siteInvitations, sites, user } from "../../db/schema";
import { getDb, type Db } from "./db.server";
import { logger } from "./logger.server";
import { hashSecretToken, newSecretToken } from "./secret-tokens.server";
import { writeAudit } from "./team-audit.server";

export const INVITATION_DAYS = 7;

/** A new invitation for `siteId` to `email`, revoking the site's pending ones; returns the link's token (never stored). */
export async function createInvitation(
  tx: Db,
  input: { siteId: number; email: string; createdBy: string },
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await tx
    .update(siteInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(siteInvitations.siteId, input.siteId), isNull(siteInvitations.claimedAt), isNull(siteInvitations.revokedAt)));
  const [row] = await tx
    .insert(siteInvitations)
    .values({
      siteId: input.siteId,
      email: input.email.toLowerCase(),
      tokenHash: hashSecretToken(token),
      expiresAt,
      createdBy: input.createdBy,
    })
    .returning({ id: siteInvitations.id });
  return { id: row!.id, token, expiresAt };
}

/** Why a link no longer leads anywhere, in the words the invitation screen uses. */
export type InvitationProblem = "unknown" | "expired" | "used" | "revoked" | "taken";

export type OpenInvitation = {
  id: number;
  email: string;
  expiresAt: Date;
  site: { id: number; name: string; url: string };
};

/** The invitation of a link's token, if it can still be used; else why not. */
export async function findInvitation(
  token: string,
): Promise<{ ok: true; invitation: OpenInvitation } | { ok: false; problem: InvitationProblem }> {
  if (!token || token.length > 200) return { ok: false, problem: "unknown" };
  const db = await getDb();
  const [row] = await db
    .select({
      id: siteInvitations.id,
      email: siteInvitations.email,
      expiresAt: siteInvitations.expiresAt,
      claimedAt: siteInvitations.claimedAt,
      revokedAt: siteInvitations.revokedAt,
      site: { id: sites.id, name: sites.name, url: sites.url, owner: sites.linkedUser },
    })
    .from(siteInvitations)
    .innerJoin(sites, eq(sites.id, siteInvitations.siteId))
    .where(eq(siteInvitations.tokenHash, hashSecretToken(token)));
  if (!row) return { ok: false, problem: "unknown" };
  if (row.claimedAt) return { ok: false, problem: "used" };
  if (row.revokedAt) return { ok: false, problem: "revoked" };
  if (row.site.owner) return { ok: false, problem: "taken" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, problem: "expired" };
  const { owner: _owner, ...site } = row.site;
  return { ok: true, invitation: { id: row.id, email: row.email, expiresAt: row.expiresAt, site } };
}

/** Records the account signed in with the invited address that takes the site through the link (`claimAcceptedInvitations` gives it). */
export async function acceptInvitation(invitationId: number, userId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(siteInvitations)
    .set({ acceptedBy: userId, acceptedAt: new Date() })
    .where(and(eq(siteInvitations.id, invitationId), isNull(siteInvitations.claimedAt), isNull(siteInvitations.revokedAt)));
}

/**
 * Gives `account` the sites of the invitations it accepted, when its address is the invitation's and is
 * confirmed: each site only if nobody has it yet, each invitation used once. Returns the sites given. The
 * one-click claim of someone signed in uses it; so does better-auth's afterEmailVerification, for the invitations
 * accepted before issue 38 by accounts whose address was still to confirm.
 */
export async function claimAcceptedInvitations(
  account: { id: string; email: string },
  onlyInvitation?: number,
): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  const given = await db.transaction(async (tx) => {
    const open = await tx
      .select({ id: siteInvitations.id, siteId: siteInvitations.siteId })
      .from(siteInvitations)
      .where(
        and(
          eq(siteInvitations.acceptedBy, account.id),
          eq(siteInvitations.email, account.email.toLowerCase()),
          isNull(siteInvitations.claimedAt),
          isNull(siteInvitations.revokedAt),
          // Accepted while valid: confirming the address may take up to the confirmation link's 24 hours.
          gt(siteInvitations.expiresAt, siteInvitations.acceptedAt),
          onlyInvitation === undefined ? undefined : eq(siteInvitations.id, onlyInvitation),
        ),
      )
      .for("update");
    const sitesGiven: { id: number; name: string }[] = [];
    for (const invitation of open) {
      const site = await giveInvitedSite(tx, invitation, account);
      if (!site) continue;
      await tx.update(siteInvitations).set({ claimedAt: new Date() }).where(eq(siteInvitations.id, invitation.id));
      sitesGiven.push(site);
    }
    return sitesGiven;
  });
  if (given.length) logger.info({ userId: account.id, sites: given.map((s) => s.id) }, "invited sites claimed");
  return given;
}

/** The site of `invitation` becomes `account`'s, if nobody has it, with the audit line (in `tx`); null when someone has it. */
async function giveInvitedSite(tx: Db, invitation: { id: number; siteId: number }, account: { id: string; email: string }) {
  const [site] = await tx
    .update(sites)
    .set({ linkedUser: account.id })
    .where(and(eq(sites.id, invitation.siteId), isNull(sites.linkedUser)))
    .returning({ id: sites.id, name: sites.name });
  if (!site) return null;
  await writeAudit(
    { actor: account, action: "invitation.claimed", record: { type: "site", id: site.id }, details: { invitation: invitation.id } },
    tx,
  );
  return site;
}

/** An invitation taken for a sign-up: the address its link proves, and its site. */
export type ReservedInvitation = { id: number; email: string; siteId: number };

/**
 * Takes the invitation of a link's token for one sign-up, atomically: one statement marks it used only while it is
 * open (not used, revoked or expired, its site without a client), so that of two uses of the same link, even at
 * the same moment, one alone goes on. The sign-up then gives the site (`completeInvitation`), or gives the
 * invitation back when the account could not be made (`releaseInvitation`).
 */
export async function reserveInvitation(
  token: string,
): Promise<{ ok: true; invitation: ReservedInvitation } | { ok: false; problem: InvitationProblem }> {
  if (!token || token.length > 200) return { ok: false, problem: "unknown" };
  const db = await getDb();
  const [row] = await db
    .update(siteInvitations)
    // Who accepted it before (an account whose address was still to confirm, before issue 38) is this sign-up's to say.
    .set({ claimedAt: sql`now()`, acceptedBy: null, acceptedAt: null })
    .where(
      and(
        eq(siteInvitations.tokenHash, hashSecretToken(token)),
        isNull(siteInvitations.claimedAt),
        isNull(siteInvitations.revokedAt),
        gt(siteInvitations.expiresAt, sql`now()`),
        sql`exists (select 1 from ${sites} where ${sites.id} = ${siteInvitations.siteId} and ${sites.linkedUser} is null)`,
      ),
    )
    .returning({ id: siteInvitations.id, email: siteInvitations.email, siteId: siteInvitations.siteId });
  if (row) return { ok: true, invitation: row };
  const found = await findInvitation(token);
  // Open again when read a moment later: another use held it and gave it back; this one was refused all the same.
  return { ok: false, problem: found.ok ? "used" : found.problem };
}

/** Gives back an invitation taken by a sign-up that made no account: its link works again. */
export async function releaseInvitation(invitation: ReservedInvitation): Promise<void> {
  const db = await getDb();
  await db
    .update(siteInvitations)
    .set({ claimedAt: null })
    .where(and(eq(siteInvitations.id, invitation.id), isNull(siteInvitations.acceptedAt)));
}

/**
 * The site of a taken invitation becomes `account`'s (the account its sign-up made), with the audit line, in one
 * transaction. Null when the site found a client meanwhile: the invitation is then given back, and the link says
 * the site is taken.
 */
export async function completeInvitation(
  invitation: ReservedInvitation,
  account: { id: string; email: string },
): Promise<{ id: number; name: string } | null> {
  const db = await getDb();
  const site = await db.transaction(async (tx) => {
    const given = await giveInvitedSite(tx, invitation, account);
    if (!given) return null;
    await tx
      .update(siteInvitations)
      .set({ acceptedBy: account.id, acceptedAt: sql`now()` })
      .where(eq(siteInvitations.id, invitation.id));
    return given;
  });
  if (!site) await releaseInvitation(invitation);
  else logger.info({ userId: account.id, sites: [site.id] }, "invited sites claimed");
  return site;
}

/** The account that has `email`, if any: whether the invitation screen offers a sign-up or a sign-in. */
export async function accountWithEmail(email: string): Promise<{ id: string; emailVerified: boolean } | null> {
  const db = await getDb();
  const [row] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email.toLowerCase()));
  return row ?? null;
}
