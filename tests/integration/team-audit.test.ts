/** Issue 14, the audit log: append-only in the database, written by team actions, read by the team only. */
// The accounts' e-mails are queued through the jobs layer's outbox (as the server and the command line load it).
import "~/jobs/outbox.server";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamAuditLog, user } from "../../db/schema";
import { NotTeamError } from "~/models/team-access.server";
import { parseAuditQuery, teamListAudit } from "~/models/team-audit.server";
import type { TeamMember } from "~/services/auth.server";
import { addTeamAccount } from "~/services/team-accounts.server";
import { writeAudit } from "~/services/team-audit.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail } from "../setup/factories";

const database = useTestDatabase();

const asMember = (u: { id: string; email: string; name: string }, overrides: Partial<TeamMember> = {}): TeamMember => ({
  ...u,
  image: null,
  role: "admin",
  twoFactorEnabled: true,
  ...overrides,
});

describe("the audit log", () => {
  it("refuses to change, delete or empty a line", async () => {
    const { db } = await database;
    const actor = await insertUser(db);
    await writeAudit({ actor, action: "two_factor.enabled", record: { type: "user", id: actor.id } });
    const [line] = await db.select().from(teamAuditLog).where(eq(teamAuditLog.actorId, actor.id));
    await expect(db.update(teamAuditLog).set({ action: "role.set" }).where(eq(teamAuditLog.id, line!.id))).rejects.toThrow();
    await expect(db.delete(teamAuditLog).where(eq(teamAuditLog.id, line!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate team_audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(teamAuditLog).where(eq(teamAuditLog.id, line!.id));
    expect(still).toEqual(line);
  });

  it("keeps the line, with the actor's e-mail, when the actor's account is deleted", async () => {
    const { db } = await database;
    const actor = await insertUser(db);
    await writeAudit({ actor, action: "two_factor.enabled", record: { type: "user", id: actor.id } });
    await db.delete(user).where(eq(user.id, actor.id));
    const [line] = await db.select().from(teamAuditLog).where(eq(teamAuditLog.recordId, actor.id));
    expect(line).toMatchObject({ actorId: null, actorLabel: actor.email, action: "two_factor.enabled" });
  });

  it("records npm run team:add's role changes as the command line's", async () => {
    const email = uniqueEmail();
    const { userId } = await addTeamAccount({ email, role: "team" });
    const { db } = await database;
    const [line] = await db.select().from(teamAuditLog).where(eq(teamAuditLog.recordId, userId));
    expect(line).toMatchObject({ actorId: null, actorLabel: "ligne de commande", action: "role.set", recordType: "user" });
    expect(line!.details).toMatchObject({ email, role: "team", previousRole: "client", created: true });
  });

  it("is listed newest first, filtered by action, actor and day, and paged on the server", async () => {
    const { db } = await database;
    const reader = asMember(await insertUser(db));
    const actor = await insertUser(db, { email: uniqueEmail("auditor") });
    for (let i = 0; i < 55; i++)
      await writeAudit({ actor, action: i % 5 ? "two_factor.enabled" : "role.set", record: { type: "user", id: `u${i}` } });
    const first = await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: actor.email })));
    expect(first.total).toBe(55);
    expect(first.lines).toHaveLength(50);
    expect(first.lines[0]!.recordId).toBe("u54");
    const second = await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: actor.email, page: "2" })));
    expect(second.lines.map((l) => l.recordId)).toEqual(["u4", "u3", "u2", "u1", "u0"]);
    expect(await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: actor.email, page: "7" })))).toEqual({
      lines: [],
      total: 55,
    });
    const roles = await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: actor.email, action: "role.set" })));
    expect(roles.total).toBe(11);
    const today = new Date().toISOString().slice(0, 10);
    expect((await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: actor.email, from: today, to: today })))).total).toBe(
      55,
    );
    expect((await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: actor.email, to: "2020-01-01" })))).total).toBe(0);
    // A wildcard in the search is a character, not a pattern.
    expect((await teamListAudit(reader, parseAuditQuery(new URLSearchParams({ actor: "%" })))).total).toBe(0);
    // Unreadable filters are dropped, not an error.
    expect(parseAuditQuery(new URLSearchParams({ action: "drop table", from: "yesterday", page: "-3" }))).toEqual({ page: 1 });
  });

  it("is read by team members signed in with two factors only", async () => {
    const { db } = await database;
    const someone = await insertUser(db);
    const query = parseAuditQuery(new URLSearchParams());
    await expect(teamListAudit(asMember(someone, { role: "client" as never }), query)).rejects.toBeInstanceOf(NotTeamError);
    await expect(teamListAudit(asMember(someone, { twoFactorEnabled: false }), query)).rejects.toBeInstanceOf(NotTeamError);
  });
});
