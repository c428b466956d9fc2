/**
 * Issue 14, accounts in the console: every account listed (one query, with its sites counted); an admin sets
 * roles, bans and sees the product as a client through better-auth's admin plugin, each audited; a team member
 * who is not an admin does none of it; the impersonation ends with the admin's own session back.
 */
import "~/jobs/outbox.server";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { session, sites, teamAuditLog, user } from "../../db/schema";
import { NotTeamError } from "~/models/team-access.server";
import {
  NotAdminError,
  parseTeamAccountsQuery,
  stopImpersonation,
  TeamAccountError,
  teamGetAccount,
  teamImpersonate,
  teamListAccounts,
  teamSetBanned,
  teamSetRole,
} from "~/models/team-users.server";
import { getSignedIn, type TeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import type { Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";
import { teamMemberWithSecondFactor } from "../setup/team";

const database = useTestDatabase();

let admin: TeamMember;
let adminBrowser: Browser;
let teamMember: TeamMember;
let teamBrowser: Browser;

async function makeTeam(role: "admin" | "team", name: string): Promise<[TeamMember, Browser]> {
  const { member, browser } = await teamMemberWithSecondFactor(role, name);
  return [member, browser];
}

beforeAll(async () => {
  await database;
  [admin, adminBrowser] = await makeTeam("admin", "Ada Admin");
  [teamMember, teamBrowser] = await makeTeam("team", "Tom Team");
});

/** A console request from a browser (its session cookie). */
function requestOf(b: Browser, cookie = b.cookie) {
  return new Request(`${TEST_PUBLIC_URL}/team/accounts`, {
    method: "POST",
    headers: { origin: TEST_PUBLIC_URL, cookie, [CLIENT_IP_HEADER]: b.ip, "user-agent": "vitest" },
  });
}

async function userRow(id: string) {
  const [row] = await database.db.select().from(user).where(eq(user.id, id));
  return row!;
}

async function audit(userId: string) {
  const lines = await database.db
    .select()
    .from(teamAuditLog)
    .where(and(eq(teamAuditLog.recordType, "user"), eq(teamAuditLog.recordId, userId)))
    .orderBy(teamAuditLog.id);
  return lines.map((l) => [l.action, l.actorLabel]);
}

/** The session cookie of an answer's Set-Cookie headers, as a Cookie header. */
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

describe("the console's accounts", () => {
  it("lists every account with its sites counted, by role and search, paged on the server", async () => {
    const { user: client } = await signedInUser("Zélie Listée");
    await database.db.insert(sites).values([
      { name: "A", url: "https://a.example", linkedUser: client.id },
      { name: "B", url: "https://b.example", linkedUser: client.id },
    ]);
    const found = await teamListAccounts(teamMember, parseTeamAccountsQuery(new URLSearchParams({ q: client.email })));
    expect(found.accounts).toEqual([expect.objectContaining({ id: client.id, role: "client", sitesCount: 2, banned: false })]);
    const admins = await teamListAccounts(teamMember, parseTeamAccountsQuery(new URLSearchParams({ role: "admin" })));
    expect(admins.accounts.map((a) => a.id)).toContain(admin.id);
    expect(admins.accounts.every((a) => a.role === "admin")).toBe(true);
    const clients = await teamListAccounts(teamMember, parseTeamAccountsQuery(new URLSearchParams({ role: "client", q: "Listée" })));
    expect(clients.total).toBe(1);
    // Whatever the case, accented letters included (PostgreSQL in a C locale would not fold them with ILIKE).
    expect((await teamListAccounts(teamMember, parseTeamAccountsQuery(new URLSearchParams({ q: "ZÉLIE LISTÉE" })))).total).toBe(1);
    // A '%' is a character.
    expect((await teamListAccounts(teamMember, parseTeamAccountsQuery(new URLSearchParams({ q: "%" })))).total).toBe(0);
    expect((await teamGetAccount(teamMember, client.id))!.sites.map((s) => s.name).sort()).toEqual(["A", "B"]);
    expect(await teamGetAccount(teamMember, "no-such-account")).toBeNull();
    await expect(
      teamListAccounts({ ...teamMember, twoFactorEnabled: false }, parseTeamAccountsQuery(new URLSearchParams())),
    ).rejects.toBeInstanceOf(NotTeamError);
  });
});

describe("an admin manages accounts through better-auth's admin plugin", () => {
  it("sets a role, never their own, and a team member who is not an admin cannot", async () => {
    const { user: client } = await signedInUser("Rose Promue");
    await teamSetRole(admin, requestOf(adminBrowser), client.id, "team");
    expect((await userRow(client.id)).role).toBe("team");
    await expect(teamSetRole(admin, requestOf(adminBrowser), admin.id, "client")).rejects.toBeInstanceOf(TeamAccountError);
    await expect(teamSetRole(teamMember, requestOf(teamBrowser), client.id, "admin")).rejects.toBeInstanceOf(NotAdminError);
    expect((await userRow(client.id)).role).toBe("team");
    expect(await audit(client.id)).toEqual([["role.set", admin.email]]);
  });

  it("bans an account (its sessions end) and lifts the ban", async () => {
    const { user: client } = await signedInUser("Bruno Banni");
    await teamSetBanned(admin, requestOf(adminBrowser), client.id, true, "Paiements frauduleux");
    expect(await userRow(client.id)).toMatchObject({ banned: true, banReason: "Paiements frauduleux" });
    expect(await database.db.select().from(session).where(eq(session.userId, client.id))).toEqual([]);
    await teamSetBanned(admin, requestOf(adminBrowser), client.id, false);
    expect((await userRow(client.id)).banned).toBe(false);
    await expect(teamSetBanned(teamMember, requestOf(teamBrowser), client.id, true)).rejects.toBeInstanceOf(NotAdminError);
    expect(await audit(client.id)).toEqual([
      ["user.banned", admin.email],
      ["user.unbanned", admin.email],
    ]);
  });

  it("sees the product as a client, never as the team, and comes back to their own session", async () => {
    const { user: client } = await signedInUser("Iris Impersonnée");
    await expect(teamImpersonate(admin, requestOf(adminBrowser), teamMember.id)).rejects.toBeInstanceOf(TeamAccountError);
    await expect(teamImpersonate(teamMember, requestOf(teamBrowser), client.id)).rejects.toBeInstanceOf(NotAdminError);

    const headers = await teamImpersonate(admin, requestOf(adminBrowser), client.id);
    const asClient = requestOf(adminBrowser, cookieOf(headers));
    const seen = await getSignedIn(asClient);
    expect(seen).toMatchObject({ user: { id: client.id }, member: null, impersonatedBy: admin.id });

    const stopped = await stopImpersonation(asClient);
    expect(stopped!.userId).toBe(client.id);
    const back = await getSignedIn(requestOf(adminBrowser, cookieOf(stopped!.headers)));
    expect(back).toMatchObject({ user: { id: admin.id }, impersonatedBy: null });
    expect(await audit(client.id)).toEqual([
      ["user.impersonated", admin.email],
      ["user.impersonation_stopped", admin.email],
    ]);
    // Not an impersonation: nothing to stop.
    expect(await stopImpersonation(requestOf(adminBrowser))).toBeNull();
  });
});
