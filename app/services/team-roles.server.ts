/**
 * Who is who (issue 14), with better-auth's admin plugin: everyone who signs up is a `client`; `team` members
 * do the work behind the service; an `admin` is a team member who also manages team accounts. An account whose
 * role is empty (made before roles existed) is a client.
 *
 * The plugin's own endpoints follow these permissions: the team may list and read accounts; only admins change
 * roles, ban, impersonate (never another admin) and manage sessions.
 */
import { adminAc, defaultAc } from "better-auth/plugins/admin/access";

export const ROLES = ["client", "team", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The role of everyone who signs up. */
export const DEFAULT_ROLE: Role = "client";

/** The role an account has (an empty or unknown role is a client's). */
export function roleOf(user: { role?: string | null }): Role {
  return user.role === "team" || user.role === "admin" ? user.role : "client";
}

export type TeamRole = Exclude<Role, "client">;

/** A team member: `team` or `admin`. */
export const isTeamRole = (role: Role): role is TeamRole => role !== "client";

export const roles = {
  client: defaultAc.newRole({ user: [], session: [] }),
  team: defaultAc.newRole({ user: ["list", "get"], session: [] }),
  admin: adminAc,
};
