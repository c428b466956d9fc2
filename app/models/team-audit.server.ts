/** The console's audit log screen (issue 14): the team's actions, newest first, filtered and paged on the server. */
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { teamAuditLog } from "../../db/schema";
import { choiceParam, pageParam, parseListQuery, textParam } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { getDb } from "~/services/db.server";
import type { TeamMember } from "~/services/auth.server";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from "~/lib/team-audit";
import { assertTeam, containsText } from "./team-access.server";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/** The screen's filters, from its URL (anything unreadable is dropped, never an error). */
export const auditQuery = z.object({
  action: choiceParam(AUDIT_ACTIONS),
  actor: textParam,
  from: day,
  to: day,
  page: pageParam,
});
export type AuditQuery = z.infer<typeof auditQuery>;

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  return parseListQuery(auditQuery, params);
}

export type AuditLine = {
  id: number;
  at: Date;
  actorLabel: string;
  action: string;
  recordType: string | null;
  recordId: string | null;
  details: Record<string, unknown> | null;
};

/** One page of the log and how many lines match, in one query. */
export async function teamListAudit(member: TeamMember, query: AuditQuery): Promise<{ lines: AuditLine[]; total: number }> {
  assertTeam(member);
  const db = await getDb();
  const where: SQL[] = [];
  if (query.action) where.push(eq(teamAuditLog.action, query.action));
  if (query.actor) where.push(containsText(query.actor)(teamAuditLog.actorLabel));
  if (query.from) where.push(gte(teamAuditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(teamAuditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  const countQuery = db
    .select({ n: count() })
    .from(teamAuditLog)
    .where(where.length ? and(...where) : undefined);
  const rows = await db
    .select({
      id: teamAuditLog.id,
      at: teamAuditLog.at,
      actorLabel: teamAuditLog.actorLabel,
      action: teamAuditLog.action,
      recordType: teamAuditLog.recordType,
      recordId: teamAuditLog.recordId,
      details: teamAuditLog.details,
      // How many match: a subquery of the same statement, evaluated once.
      total: sql<number>`(${countQuery})`.mapWith(Number),
    })
    .from(teamAuditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(teamAuditLog.at), desc(teamAuditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  if (rows[0] || query.page === 1) return { lines: rows.map(({ total: _total, ...line }) => line), total: rows[0]?.total ?? 0 };
  // A page past the end: how many lines there are all the same, so that the screen leads back.
  const [counted] = await countQuery;
  return { lines: [], total: counted?.n ?? 0 };
}
