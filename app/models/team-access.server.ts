/**
 * The console's models (issue 14) take the acting team member and check the role themselves, as client models
 * check ownership: a function reached with anyone else refuses, whatever its route did. Their names say that
 * they reach every client's data (`team...`).
 */
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

/** A `%text%` pattern for ILIKE in which the text's own wildcards are characters, not patterns. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
