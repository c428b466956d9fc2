/**
 * The console's models (issue 14) take the acting team member and check the role themselves, as client models
 * check ownership: a function reached with anyone else refuses, whatever its route did. Their names say that
 * they reach every client's data (`team...`).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isTeamRole } from "~/services/team-roles.server";
import type { TeamMember } from "~/services/auth.server";

/** Refused console access: the route answers it as any missing address (404). */
export class NotTeamError extends Error {
  constructor() {
    super("not a team member signed in with two factors");
  }
}

/** Throws unless `member` is a team member signed in with two-factor sign-in on. */
export function assertTeam(member: TeamMember): void {
  if (!isTeamRole(member.role) || !member.twoFactorEnabled) throw new NotTeamError();
}

/** Who acted, as the audit log records a team member. */
export const auditActor = (member: TeamMember) => ({ id: member.id, email: member.email });

/**
 * "Contains `text`", whatever the case, for the console's searches: both sides lowercased by ICU (the page_case
 * collation of migration 0010), so that "ÉLODIE" finds "élodie" on PGlite and on a PostgreSQL of any locale (ILIKE
 * folds ASCII only in a C locale). The text is a string, never a pattern: its '%' and '_' are characters.
 */
export function containsText(text: string): (column: AnyColumn) => SQL {
  const needle = sql`lower(${text}::text collate page_case)`;
  return (column) => sql`strpos(lower(${column} collate page_case), ${needle}) > 0`;
}
