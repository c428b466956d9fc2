/**
 * Issue 37, item 3: better-auth's admin API bypassed the console's rules and its audit. An admin's browser could
 * POST /api/auth/admin/impersonate-user to take over a team member's session (the console allows clients only),
 * and set-user-password or set-role there left no line in the audit log. The admin plugin's endpoints are now the
 * console's alone, reached from the server through its models: over HTTP, /api/auth/admin/... is an unknown
 * address, whoever asks; the console's own ways (its models) still work and are audited.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { session, teamAuditLog, user } from "../../db/schema";
import { teamImpersonate, teamSetRole } from "~/models/team-users.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import type { Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";
import { authApiCall, teamMemberWithSecondFactor } from "../setup/team";

const database = useTestDatabase();

let admin: Awaited<ReturnType<typeof teamMemberWithSecondFactor>>;
let colleague: Awaited<ReturnType<typeof teamMemberWithSecondFactor>>;

beforeAll(async () => {
  await database;
  admin = await teamMemberWithSecondFactor("admin", "Ada Admin");
  colleague = await teamMemberWithSecondFactor("team", "Tom Team");
});

const consoleRequest = (b: Browser) =>
  new Request(`${TEST_PUBLIC_URL}/team/accounts`, {
    method: "POST",
    headers: { origin: TEST_PUBLIC_URL, cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip },
  });

async function auditOf(userId: string) {
  const lines = await database.db
    .select({ action: teamAuditLog.action })
    .from(teamAuditLog)
    .where(and(eq(teamAuditLog.recordType, "user"), eq(teamAuditLog.recordId, userId)));
  return lines.map((line) => line.action);
}

describe("/api/auth/admin/... over HTTP", () => {
  it("is an unknown address, even to an admin signed in with the second factor: no impersonation of the team, no password, no role", async () => {
    const { user: client } = await signedInUser("Claire Cliente");
    const sessionsBefore = await database.db.select({ id: session.id }).from(session);
    for (const [endpoint, body] of [
      ["/admin/impersonate-user", { userId: colleague.member.id }],
      ["/admin/impersonate-user", { userId: client.id }],
      ["/admin/set-user-password", { userId: colleague.member.id, newPassword: "taken over by the admin" }],
      ["/admin/set-role", { userId: client.id, role: "admin" }],
      ["/admin/ban-user", { userId: client.id }],
      ["/admin/create-user", { email: "new.admin@example.com", password: "a password of eight", name: "X", role: "admin" }],
      ["/admin/revoke-user-sessions", { userId: colleague.member.id }],
    ] as const) {
      const answer = await authApiCall(admin.browser, endpoint, body);
      expect(answer.status, endpoint).toBe(404);
    }
    expect((await authApiCall(admin.browser, "/admin/list-users", undefined, "GET")).status).toBe(404);
    // Nothing happened: no session opened, no role or ban set.
    expect(await database.db.select({ id: session.id }).from(session)).toHaveLength(sessionsBefore.length);
    const [after] = await database.db.select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, client.id));
    expect(after).toEqual({ role: "client", banned: false });
    expect(await database.db.select().from(user).where(eq(user.email, "new.admin@example.com"))).toEqual([]);
  });

  it("leaves the console's own ways, which keep its rules and write the audit log", async () => {
    const { user: client } = await signedInUser("Iris Impersonnée");
    await expect(teamImpersonate(admin.member, consoleRequest(admin.browser), colleague.member.id)).rejects.toThrow(
      "Seuls les comptes clients peuvent être ouverts ainsi.",
    );
    await teamImpersonate(admin.member, consoleRequest(admin.browser), client.id);
    await teamSetRole(admin.member, consoleRequest(admin.browser), client.id, "team");
    expect(await auditOf(client.id)).toEqual(["user.impersonated", "role.set"]);
    expect(await auditOf(colleague.member.id)).toEqual([]);
  });
});
