/**
 * Invitations to take a site (issue 14). The team invites the person who asked for a site (models/team-sites);
 * the e-mailed link (/auth/invitation?token=...) leads to a sign-up with the address filled in
 * (routes/auth/invitation.tsx); the site becomes the account's once its address is confirmed (better-auth's
 * afterEmailVerification calls `claimAcceptedInvitations`), or at once for someone already signed in with that
 * address. Single use, valid 7 days, the token stored as its SHA-256 only; a newer invitation for the same
 * site revokes the older ones.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
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
  acceptedBy: string | null;
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
      acceptedBy: siteInvitations.acceptedBy,
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
  return { ok: true, invitation: { id: row.id, email: row.email, expiresAt: row.expiresAt, acceptedBy: row.acceptedBy, site } };
}

/** Records the account that signed up (or in) through the link; the site is theirs once the address is confirmed. */
export async function acceptInvitation(invitationId: number, userId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(siteInvitations)
    .set({ acceptedBy: userId, acceptedAt: new Date() })
    .where(and(eq(siteInvitations.id, invitationId), isNull(siteInvitations.claimedAt), isNull(siteInvitations.revokedAt)));
}

/**
 * Gives `account` the sites of the invitations it accepted, when its address is the invitation's and is
 * confirmed: each site only if nobody has it yet, each invitation used once. Returns the sites given.
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
      const [site] = await tx
        .update(sites)
        .set({ linkedUser: account.id })
        .where(and(eq(sites.id, invitation.siteId), isNull(sites.linkedUser)))
        .returning({ id: sites.id, name: sites.name });
      if (!site) continue;
      await tx.update(siteInvitations).set({ claimedAt: new Date() }).where(eq(siteInvitations.id, invitation.id));
      await writeAudit(
        { actor: account, action: "invitation.claimed", record: { type: "site", id: site.id }, details: { invitation: invitation.id } },
        tx,
      );
      sitesGiven.push(site);
    }
    return sitesGiven;
  });
  if (given.length) logger.info({ userId: account.id, sites: given.map((s) => s.id) }, "invited sites claimed");
  return given;
}

/** The account that has `email`, if any: whether the invitation screen offers a sign-up or a sign-in. */
export async function accountWithEmail(email: string): Promise<{ id: string; emailVerified: boolean } | null> {
  const db = await getDb();
  const [row] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email.toLowerCase()));
  return row ?? null;
}
