/**
 * The console's accounts (issue 14): every account (clients and team), searchable and paged on the server, and
 * one account with its sites. Roles, bans and impersonation go through better-auth's admin plugin (its
 * endpoints, called with the acting admin's session, check its permissions too); each is written to the audit
 * log. Every function checks the acting member's role itself.
 */
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { sites, user } from "../../db/schema";
import { choiceParamOr, pageParam, parseListQuery, textParam } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { ACCOUNT_ROLE_FILTERS, TEAM_ACCOUNTS_PAGE_SIZE, type AccountRoleFilter } from "~/lib/schemas/team";
import { endSessionsOf } from "~/services/auth-second-factor.server";
import { callAuth, getSignedIn, type AuthCallResult, type TeamMember } from "~/services/auth.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { writeAudit } from "~/services/team-audit.server";
import { roleOf, type Role } from "~/services/team-roles.server";
import { teamRevokeReviewLinksOfOwner } from "./review-link.server";
import { assertTeam, auditActor, containsText } from "./team-access.server";

/** Refused: what the admin can do about it is in the message. */
export class TeamAccountError extends Error {}

/** Only an admin manages accounts (roles, bans, impersonation). */
export class NotAdminError extends TeamAccountError {
  constructor() {
    super("Seul un administrateur peut faire cela.");
  }
}

function assertAdmin(member: TeamMember) {
  assertTeam(member);
  if (member.role !== "admin") throw new NotAdminError();
}

export const teamAccountsQuery = z.object({
  q: textParam,
  role: choiceParamOr(ACCOUNT_ROLE_FILTERS, "all"),
  page: pageParam,
});
export type TeamAccountsQuery = z.infer<typeof teamAccountsQuery>;

export function parseTeamAccountsQuery(params: URLSearchParams): TeamAccountsQuery {
  return parseListQuery(teamAccountsQuery, params);
}

const accountColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt,
  // Qualified by hand: drizzle writes columns unqualified inside sql``, where "id" would mean the subquery's own.
  sitesCount: sql<number>`(select count(*) from "sites" where "sites"."linked_user" = "user"."id")`.mapWith(Number),
};

export type TeamAccountRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  banned: boolean;
  banReason: string | null;
  twoFactorEnabled: boolean;
  createdAt: Date;
  sitesCount: number;
};

type RawAccount = Omit<TeamAccountRow, "role" | "banned" | "twoFactorEnabled"> & {
  role: string | null;
  banned: boolean | null;
  twoFactorEnabled: boolean | null;
};

const toAccount = (row: RawAccount): TeamAccountRow => ({
  ...row,
  role: roleOf(row),
  banned: row.banned === true,
  twoFactorEnabled: row.twoFactorEnabled === true,
});

function roleCondition(role: AccountRoleFilter): SQL | undefined {
  if (role === "all") return undefined;
  if (role === "client") return sql`coalesce(${user.role}, 'client') not in ('team', 'admin')`;
  return eq(user.role, role);
}

/** One page of every account (newest first) and how many match, in one query. */
export async function teamListAccounts(
  member: TeamMember,
  query: TeamAccountsQuery,
): Promise<{ accounts: TeamAccountRow[]; total: number }> {
  assertTeam(member);
  const db = await getDb();
  const where = and(
    roleCondition(query.role),
    query.q ? or(containsText(query.q)(user.email), containsText(query.q)(user.name)) : undefined,
  );
  const countQuery = db.select({ n: count() }).from(user).where(where);
  const rows = await db
    // How many match: a subquery of the same statement, evaluated once (the sites counts run for the page only).
    .select({ ...accountColumns, total: sql<number>`(${countQuery})`.mapWith(Number) })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(TEAM_ACCOUNTS_PAGE_SIZE)
    .offset((query.page - 1) * TEAM_ACCOUNTS_PAGE_SIZE);
  if (rows[0] || query.page === 1) return { accounts: rows.map(({ total: _total, ...row }) => toAccount(row)), total: rows[0]?.total ?? 0 };
  const [counted] = await countQuery;
  return { accounts: [], total: counted?.n ?? 0 };
}

/** One account and its sites; null when there is no such account. */
export async function teamGetAccount(
  member: TeamMember,
  userId: string,
): Promise<{ account: TeamAccountRow; sites: { id: number; name: string; url: string }[] } | null> {
  assertTeam(member);
  const db = await getDb();
  const [[row], owned] = await Promise.all([
    db.select(accountColumns).from(user).where(eq(user.id, userId)),
    db.select({ id: sites.id, name: sites.name, url: sites.url }).from(sites).where(eq(sites.linkedUser, userId)).orderBy(desc(sites.id)),
  ]);
  return row ? { account: toAccount(row), sites: owned } : null;
}

async function targetOf(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role, banned: user.banned })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new TeamAccountError("Ce compte n'existe plus.");
  return { ...row, role: roleOf(row) };
}

function refusedBy(result: AuthCallResult<unknown>, what: string): never {
  logger.warn({ code: result.code, status: result.status }, `admin plugin refused: ${what}`);
  throw new TeamAccountError(`L'action a été refusée (${result.code ?? result.status}). Rien n'a été modifié.`);
}

/** Gives an account a role (better-auth's set-role). An admin does not change their own. */
export async function teamSetRole(member: TeamMember, request: Request, userId: string, role: Role): Promise<void> {
  assertAdmin(member);
  if (userId === member.id) throw new TeamAccountError("Vous ne pouvez pas changer votre propre rôle.");
  const target = await targetOf(userId);
  if (target.role === role) return;
  const result = await callAuth(request, "/admin/set-role", { body: { userId, role } });
  if (!result.ok) refusedBy(result, "set-role");
  // A new role is a new way in: the sessions opened under the old one end (ASVS 7.4.3, issue 37), and the person
  // signs in again (with the second factor, for the console).
  const sessionsEnded = await endSessionsOf(userId);
  await writeAudit({
    actor: auditActor(member),
    action: "role.set",
    record: { type: "user", id: userId },
    details: { email: target.email, role, previousRole: target.role, sessionsEnded },
  });
}

/** Bans an account (its sessions and its sites' review links end; it cannot sign in), with a reason; or lifts the ban. */
export async function teamSetBanned(member: TeamMember, request: Request, userId: string, banned: boolean, reason?: string): Promise<void> {
  assertAdmin(member);
  if (userId === member.id) throw new TeamAccountError("Vous ne pouvez pas bannir votre propre compte.");
  const target = await targetOf(userId);
  if (target.banned === banned) return;
  const result = banned
    ? await callAuth(request, "/admin/ban-user", { body: { userId, banReason: reason || undefined } })
    : await callAuth(request, "/admin/unban-user", { body: { userId } });
  if (!result.ok) refusedBy(result, banned ? "ban-user" : "unban-user");
  // A ban also ends the colleagues' way in: the review links of the account's sites (issue 37). Lifting it brings none back.
  const reviewLinksRevoked = banned ? await teamRevokeReviewLinksOfOwner(member, userId) : 0;
  await writeAudit({
    actor: auditActor(member),
    action: banned ? "user.banned" : "user.unbanned",
    record: { type: "user", id: userId },
    details: banned ? { email: target.email, reason: reason || null, reviewLinksRevoked } : { email: target.email },
  });
}

/**
 * Opens a session as a client (better-auth's impersonate-user), for an admin to see exactly what the client
 * sees; the answer's headers carry the new session's cookie. Never a team or admin account.
 */
export async function teamImpersonate(member: TeamMember, request: Request, userId: string): Promise<Headers> {
  assertAdmin(member);
  const target = await targetOf(userId);
  if (target.role !== "client") throw new TeamAccountError("Seuls les comptes clients peuvent être ouverts ainsi.");
  if (target.banned) throw new TeamAccountError("Ce compte est banni.");
  const result = await callAuth(request, "/admin/impersonate-user", { body: { userId } });
  if (!result.ok) refusedBy(result, "impersonate-user");
  await writeAudit({
    actor: auditActor(member),
    action: "user.impersonated",
    record: { type: "user", id: userId },
    details: { email: target.email },
  });
  logger.info({ userId: member.id, targetId: userId }, "impersonation started");
  return result.headers;
}

/**
 * Ends an impersonation (better-auth's stop-impersonating): the admin's own session comes back. Written to the
 * audit log as the admin's. Null when the request's session is not an impersonation.
 */
export async function stopImpersonation(request: Request): Promise<{ userId: string; headers: Headers } | null> {
  const signedIn = await getSignedIn(request);
  if (!signedIn?.impersonatedBy) return null;
  const result = await callAuth(request, "/admin/stop-impersonating");
  if (!result.ok) refusedBy(result, "stop-impersonating");
  const db = await getDb();
  const [admin] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, signedIn.impersonatedBy));
  if (admin)
    await writeAudit({
      actor: admin,
      action: "user.impersonation_stopped",
      record: { type: "user", id: signedIn.user.id },
      details: { email: signedIn.user.email },
    });
  logger.info({ userId: signedIn.impersonatedBy, targetId: signedIn.user.id }, "impersonation stopped");
  return { userId: signedIn.user.id, headers: result.headers };
}
