/** The console's home (issue 14): what waits for a person, across every client, in one query. */
import { sql } from "drizzle-orm";
import { contactMessages, pagesActions, sites } from "../../db/schema";
import { getDb } from "~/services/db.server";
import type { TeamMember } from "~/services/auth.server";
import { assertTeam } from "./team-access.server";

export type TeamOverview = {
  /** Sites made by the public first-article form that nobody owns yet. */
  unclaimedSites: number;
  /** Of those, the ones past the promised 48 hours. */
  overdueSites: number;
  contactMessagesThisWeek: number;
  actionsQueued: number;
  actionsRunning: number;
  actionsFailed: number;
};

/** Counts for the console's home. */
export async function teamOverview(member: TeamMember): Promise<TeamOverview> {
  assertTeam(member);
  const db = await getDb();
  type Row = { [K in keyof TeamOverview]: number };
  const result = (await db.execute(sql`
    select
      (select count(*)::int from ${sites} where ${sites.linkedUser} is null) as "unclaimedSites",
      (select count(*)::int from ${sites} where ${sites.linkedUser} is null and ${sites.createdAt} < now() - interval '48 hours') as "overdueSites",
      (select count(*)::int from ${contactMessages} where ${contactMessages.createdAt} > now() - interval '7 days') as "contactMessagesThisWeek",
      (select count(*)::int from ${pagesActions} where ${pagesActions.state} in ('queued', 'waiting')) as "actionsQueued",
      (select count(*)::int from ${pagesActions} where ${pagesActions.state} = 'running') as "actionsRunning",
      (select count(*)::int from ${pagesActions} where ${pagesActions.state} = 'failed') as "actionsFailed"
  `)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}
