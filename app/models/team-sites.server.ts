/**
 * The console's sites (issue 14): every site of every account, searchable and paged on the server; a site's
 * page with its requester, owner and invitations; giving an unowned site to an existing client; inviting the
 * requester by e-mail. Every function takes the acting team member and checks the role itself; each change
 * writes its audit line in the same transaction as the change.
 */
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { pagesVersions, siteCheckSchedules, siteInvitations, sites, teamInbox, user } from "../../db/schema";
import { choiceParamOr, pageParam, parseListQuery, textParam } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { BRAND_NAME } from "~/lib/constants";
import { SITE_OWNER_FILTERS, TEAM_SITES_PAGE_SIZE } from "~/lib/schemas/team";
import { queueMailWith } from "~/jobs/outbox.server";
import { DEFAULT_MONTHLY_CAP_USD } from "~/jobs/schedule.server";
import { MAX_CHECKS_CAP_USD } from "~/lib/results-rules";
import type { TeamMember } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { actionMail } from "~/services/mail.server";
import { createInvitation, INVITATION_DAYS } from "~/services/site-invitations.server";
import { MAX_INCLUDED_ROUNDS } from "~/lib/version-rules";
import { writeAudit } from "~/services/team-audit.server";
import { roleOf } from "~/services/team-roles.server";
import { assertTeam, auditActor, containsText } from "./team-access.server";

/** A refusal the team member can act on (the site already has a client, no such client...). */
export class TeamSiteError extends Error {}

export const teamSitesQuery = z.object({
  q: textParam,
  owner: choiceParamOr(SITE_OWNER_FILTERS, "all"),
  page: pageParam,
});
export type TeamSitesQuery = z.infer<typeof teamSitesQuery>;

export function parseTeamSitesQuery(params: URLSearchParams): TeamSitesQuery {
  return parseListQuery(teamSitesQuery, params);
}

/** The newest invitation still open for the site, as "<e-mail>" (null when none). */
// Subqueries are qualified by hand: drizzle writes columns unqualified inside sql``, where "id" would be the subquery's own.
const openInvitationEmail = sql<string | null>`(
  select "i"."email" from "site_invitations" "i"
  where "i"."site_id" = "sites"."id" and "i"."claimed_at" is null and "i"."revoked_at" is null and "i"."expires_at" > now()
  order by "i"."created_at" desc limit 1)`;

const pagesCount = sql<number>`(select count(*) from "pages" where "pages"."site" = "sites"."id")`.mapWith(Number);

export type TeamSiteRow = {
  id: number;
  name: string;
  url: string;
  createdAt: Date;
  owner: { id: string; name: string; email: string } | null;
  requester: string | null;
  pagesCount: number;
  invitedEmail: string | null;
};

/** One page of every site (newest first) and how many match, in one query. */
export async function teamListSites(member: TeamMember, query: TeamSitesQuery): Promise<{ sites: TeamSiteRow[]; total: number }> {
  assertTeam(member);
  const db = await getDb();
  const where: (SQL | undefined)[] = [];
  if (query.owner === "unowned") where.push(isNull(sites.linkedUser));
  if (query.owner === "owned") where.push(isNotNull(sites.linkedUser));
  if (query.q) {
    const has = containsText(query.q);
    where.push(or(has(sites.name), has(sites.url), has(user.email), has(user.name), has(sites.stripeEmail), has(sites.email1)));
  }
  const countQuery = db
    .select({ n: count() })
    .from(sites)
    .leftJoin(user, eq(user.id, sites.linkedUser))
    .where(and(...where));
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      url: sites.url,
      createdAt: sites.createdAt,
      owner: { id: user.id, name: user.name, email: user.email },
      requester: sql<string | null>`coalesce(${sites.email1}, ${sites.stripeEmail})`,
      pagesCount,
      invitedEmail: openInvitationEmail,
      // How many match: a subquery of this statement, evaluated once (the row subqueries above run for the page only).
      total: sql<number>`(${countQuery})`.mapWith(Number),
    })
    .from(sites)
    .leftJoin(user, eq(user.id, sites.linkedUser))
    .where(and(...where))
    .orderBy(desc(sites.id))
    .limit(TEAM_SITES_PAGE_SIZE)
    .offset((query.page - 1) * TEAM_SITES_PAGE_SIZE);
  if (rows[0] || query.page === 1) return { sites: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  const [counted] = await countQuery;
  return { sites: [], total: counted?.n ?? 0 };
}

export type TeamSiteInvitation = {
  id: number;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  createdByEmail: string | null;
  state: "open" | "accepted" | "claimed" | "revoked" | "expired";
};

export type TeamSiteDetail = {
  site: TeamSiteRow & {
    stripeEmail: string | null;
    email1: string | null;
    guidelines: string | null;
    includedRevisionRounds: number;
    /** Whether a request for changes waits for the team to confirm its revision (issue 38). */
    revisionsWaitForTeam: boolean;
    /** Whether publishing a version with broken or unsupported sources is refused, not only confirmed (issue 40). */
    refuseUncheckedSources: boolean;
  };
  invitations: TeamSiteInvitation[];
  /** The inbox line of its first-article request, if it came that way. */
  inboxItemId: number | null;
  /** The first draft that answered that request (issue 38): its page and version, and when it was written. */
  trialDraft: { pageId: number; versionId: number; at: Date } | null;
};

/** One site with its invitations; null when there is no such site. */
export async function teamGetSite(member: TeamMember, siteId: number): Promise<TeamSiteDetail | null> {
  assertTeam(member);
  const db = await getDb();
  const inviter = sql`(select "u"."email" from "user" "u" where "u"."id" = "site_invitations"."created_by")`;
  const [[row], invitations, [item]] = await Promise.all([
    db
      .select({
        id: sites.id,
        name: sites.name,
        url: sites.url,
        createdAt: sites.createdAt,
        owner: { id: user.id, name: user.name, email: user.email },
        requester: sql<string | null>`coalesce(${sites.email1}, ${sites.stripeEmail})`,
        pagesCount,
        invitedEmail: openInvitationEmail,
        stripeEmail: sites.stripeEmail,
        email1: sites.email1,
        guidelines: sites.additionalGuidelines,
        includedRevisionRounds: sites.includedRevisionRounds,
        revisionsWaitForTeam: sites.revisionsWaitForTeam,
        refuseUncheckedSources: sites.refuseUncheckedSources,
      })
      .from(sites)
      .leftJoin(user, eq(user.id, sites.linkedUser))
      .where(eq(sites.id, siteId)),
    db
      .select({
        id: siteInvitations.id,
        email: siteInvitations.email,
        createdAt: siteInvitations.createdAt,
        expiresAt: siteInvitations.expiresAt,
        acceptedAt: siteInvitations.acceptedAt,
        claimedAt: siteInvitations.claimedAt,
        revokedAt: siteInvitations.revokedAt,
        createdByEmail: sql<string | null>`${inviter}`,
      })
      .from(siteInvitations)
      .where(eq(siteInvitations.siteId, siteId))
      .orderBy(desc(siteInvitations.createdAt), desc(siteInvitations.id)),
    db
      .select({ id: teamInbox.id, pageId: pagesVersions.page, versionId: pagesVersions.id, at: pagesVersions.createdDate })
      .from(teamInbox)
      .leftJoin(pagesVersions, eq(pagesVersions.id, teamInbox.deliveredVersion))
      .where(and(eq(teamInbox.siteId, siteId), eq(teamInbox.kind, "first_article")))
      .limit(1),
  ]);
  if (!row) return null;
  const now = Date.now();
  return {
    site: row,
    inboxItemId: item?.id ?? null,
    trialDraft: item?.versionId && item.pageId && item.at ? { pageId: item.pageId, versionId: item.versionId, at: item.at } : null,
    invitations: invitations.map(({ acceptedAt, claimedAt, revokedAt, ...invitation }) => ({
      ...invitation,
      state: claimedAt
        ? "claimed"
        : revokedAt
          ? "revoked"
          : invitation.expiresAt.getTime() <= now
            ? "expired"
            : acceptedAt
              ? "accepted"
              : "open",
    })),
  };
}

/** The site, locked for the change, when nobody has it yet; else a refusal that says why. */
async function lockUnownedSite(tx: Db, siteId: number) {
  const [site] = await tx
    .select({ id: sites.id, name: sites.name, url: sites.url, owner: sites.linkedUser })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for("update");
  if (!site) throw new TeamSiteError("Ce site n'existe plus.");
  if (site.owner) throw new TeamSiteError("Ce site a déjà un client.");
  return site;
}

/**
 * Gives an unowned site to an existing client account (by its e-mail): the site is in their list at once, they
 * get an e-mail saying so, and the site's open invitations are revoked.
 */
export async function teamGiveSite(member: TeamMember, siteId: number, email: string): Promise<{ clientEmail: string }> {
  assertTeam(member);
  const db = await getDb();
  const env = getEnv();
  const given = await db.transaction(async (tx) => {
    const site = await lockUnownedSite(tx, siteId);
    const [client] = await tx
      .select({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    if (!client) throw new TeamSiteError("Aucun compte n'a cette adresse. Invitez plutôt la personne par e-mail.");
    if (roleOf(client) !== "client") throw new TeamSiteError("Ce compte est un compte de l'équipe, pas un client.");
    if (!client.emailVerified)
      throw new TeamSiteError("Ce compte n'a pas encore confirmé son adresse. Invitez plutôt la personne par e-mail.");
    await tx.update(sites).set({ linkedUser: client.id }).where(eq(sites.id, siteId));
    await tx
      .update(siteInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(siteInvitations.siteId, siteId), isNull(siteInvitations.claimedAt), isNull(siteInvitations.revokedAt)));
    const mail = actionMail({
      to: client.email,
      subject: `Votre site ${site.name} est dans votre compte ${BRAND_NAME}`,
      greeting: `Bonjour ${client.name},`,
      lines: [`L'équipe a ajouté le site ${site.url} à votre compte : vous le retrouvez dans la liste de vos sites.`],
      action: "Voir le site",
      url: `${env.PUBLIC_URL}/sites/${siteId}`,
      footer: "Une question ? Répondez simplement à cet e-mail.",
    });
    await queueMailWith(tx, [{ ...mail, replyTo: env.CONTACT_EMAIL }]);
    await writeAudit(
      { actor: auditActor(member), action: "site.given", record: { type: "site", id: siteId }, details: { to: client.email } },
      tx,
    );
    return client.email;
  });
  logger.info({ userId: member.id, siteId }, "site given to a client");
  return { clientEmail: given };
}

/**
 * Invites someone to take an unowned site: an e-mail with a single-use link, valid 7 days, to a sign-up with
 * the address filled in; the site is theirs once the account is confirmed. Revokes the site's earlier invitations.
 */
export async function teamInviteToSite(member: TeamMember, siteId: number, email: string): Promise<{ expiresAt: Date }> {
  assertTeam(member);
  const db = await getDb();
  const env = getEnv();
  const address = email.toLowerCase();
  const expiresAt = await db.transaction(async (tx) => {
    const site = await lockUnownedSite(tx, siteId);
    const invitation = await createInvitation(tx, { siteId, email: address, createdBy: member.id });
    const mail = actionMail({
      to: address,
      subject: `Votre site ${site.name} vous attend sur ${BRAND_NAME}`,
      greeting: "Bonjour,",
      lines: [
        `Notre équipe a préparé votre espace pour le site ${site.url}.`,
        "Créez votre compte avec cette adresse e-mail : le site y sera dès votre adresse confirmée. Si vous avez déjà un compte avec cette adresse, ouvrez le lien une fois connecté.",
        `Ce lien est valable ${INVITATION_DAYS} jours et ne sert qu'une fois.`,
      ],
      action: "Créer mon compte",
      url: `${env.PUBLIC_URL}/auth/invitation?token=${encodeURIComponent(invitation.token)}`,
      footer: "Si vous n'avez rien demandé, ignorez cet e-mail.",
    });
    await queueMailWith(tx, [{ ...mail, replyTo: env.CONTACT_EMAIL }]);
    await writeAudit(
      {
        actor: auditActor(member),
        action: "site.invited",
        record: { type: "site", id: siteId },
        details: { to: address, expires: invitation.expiresAt.toISOString().slice(0, 10) },
      },
      tx,
    );
    return invitation.expiresAt;
  });
  logger.info({ userId: member.id, siteId }, "site invitation sent");
  return { expiresAt };
}

/**
 * TEAM ONLY: sets how many revision rounds the site's offer includes (two by default). More rounds stay allowed;
 * the screens tell the team when a version goes past them. Audited.
 */
export async function teamSetIncludedRevisionRounds(member: TeamMember, siteId: number, rounds: number): Promise<void> {
  assertTeam(member);
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > MAX_INCLUDED_ROUNDS) {
    throw new TeamSiteError(`Indiquez un nombre de révisions entre 0 et ${MAX_INCLUDED_ROUNDS}.`);
  }
  await setSiteSetting(member, siteId, "includedRevisionRounds", rounds, "site.rounds_set");
}

/** One of the site's settings the team owns, changed under a lock with its audit line (nothing when it is unchanged). */
async function setSiteSetting<K extends "includedRevisionRounds" | "revisionsWaitForTeam" | "refuseUncheckedSources">(
  member: TeamMember,
  siteId: number,
  key: K,
  value: (typeof sites.$inferSelect)[K],
  action: "site.rounds_set" | "site.revisions_wait_set" | "site.sources_refusal_set",
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ value: sites[key] }).from(sites).where(eq(sites.id, siteId)).for("update");
    if (!before) throw new TeamSiteError("Ce site n'existe plus.");
    if (before.value === value) return;
    await tx
      .update(sites)
      .set({ [key]: value })
      .where(eq(sites.id, siteId));
    await writeAudit(
      { actor: auditActor(member), action, record: { type: "site", id: siteId }, details: { from: before.value, to: value } },
      tx,
    );
  });
}

/**
 * TEAM ONLY: whether the site's requests for changes wait for the team to read and confirm their revision's
 * instructions (the default), or queue the revision at once (issue 38). Audited.
 */
export async function teamSetRevisionsWaitForTeam(member: TeamMember, siteId: number, wait: boolean): Promise<void> {
  assertTeam(member);
  await setSiteSetting(member, siteId, "revisionsWaitForTeam", wait, "site.revisions_wait_set");
}

/**
 * TEAM ONLY: whether publishing one of the site's versions with a broken or unsupported source is refused outright
 * (true) or asks its publisher to confirm (false, the default) (issue 40). Audited.
 */
export async function teamSetRefuseUncheckedSources(member: TeamMember, siteId: number, refuse: boolean): Promise<void> {
  assertTeam(member);
  await setSiteSetting(member, siteId, "refuseUncheckedSources", refuse, "site.sources_refusal_set");
}

/**
 * TEAM ONLY: sets the monthly spending cap of the site's automatic checks (issue 17), in US dollars. Reaching it
 * stops the scheduled checks for the month and tells the team. Audited.
 */
export async function teamSetChecksCap(member: TeamMember, siteId: number, capUsd: number): Promise<void> {
  assertTeam(member);
  if (!Number.isFinite(capUsd) || capUsd < 0 || capUsd > MAX_CHECKS_CAP_USD) {
    throw new TeamSiteError(`Indiquez un plafond entre 0 et ${MAX_CHECKS_CAP_USD} $.`);
  }
  const cap = capUsd.toFixed(2);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for("update");
    if (!site) throw new TeamSiteError("Ce site n'existe plus.");
    const [before] = await tx
      .select({ cap: siteCheckSchedules.monthlyCapUsd })
      .from(siteCheckSchedules)
      .where(eq(siteCheckSchedules.siteId, siteId));
    await tx
      .insert(siteCheckSchedules)
      .values({ siteId, monthlyCapUsd: cap, updatedBy: member.id })
      .onConflictDoUpdate({ target: siteCheckSchedules.siteId, set: { monthlyCapUsd: cap, updatedAt: new Date(), updatedBy: member.id } });
    await writeAudit(
      {
        actor: auditActor(member),
        action: "site.checks_cap_set",
        record: { type: "site", id: siteId },
        details: { from: before ? Number(before.cap) : DEFAULT_MONTHLY_CAP_USD, to: Number(cap) },
      },
      tx,
    );
  });
}
