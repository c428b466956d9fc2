/**
 * Demo articles from the console (issue 14): the pages flagged as demo (the home page's list shows them, with
 * their newest version), finding a page to flag, and setting or clearing the flag, audited. The command line
 * (`npm run demo`) keeps its own way for scripts.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { pages, sites, user } from "../../db/schema";
import type { TeamMember } from "~/services/auth.server";
import { getDb } from "~/services/db.server";
import { writeAudit } from "~/services/team-audit.server";
import { teamSetDemoArticle } from "./demo.server";
import { assertTeam, auditActor, containsText } from "./team-access.server";

export type TeamDemoPage = {
  id: number;
  name: string;
  url: string;
  demo: boolean;
  site: { id: number; name: string };
  ownerEmail: string | null;
  /** The newest version's public id (what the home page links to); null when the page has no version yet. */
  latestPublicId: string | null;
};

/** At most this many pages in a search, and in the list of demo pages (the home page shows 24). */
export const TEAM_DEMO_LIMIT = 50;

// Qualified by hand: drizzle writes columns unqualified inside sql``.
const latestPublicId = sql<string | null>`(
  select "v"."public_id" from "pages_versions" "v" where "v"."page" = "pages"."id"
  order by "v"."created_date" desc, "v"."id" desc limit 1)`;

function selectPages() {
  return {
    id: pages.id,
    name: pages.name,
    url: pages.url,
    demo: pages.hideRevisionsTextsFromPreview,
    site: { id: sites.id, name: sites.name },
    ownerEmail: user.email,
    latestPublicId,
  };
}

/** The pages flagged as demo, most recently changed first. One query. */
export async function teamListDemoPages(member: TeamMember): Promise<TeamDemoPage[]> {
  assertTeam(member);
  const db = await getDb();
  return db
    .select(selectPages())
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(user, eq(user.id, sites.linkedUser))
    .where(eq(pages.hideRevisionsTextsFromPreview, true))
    .orderBy(desc(pages.dateModified), desc(pages.id))
    .limit(TEAM_DEMO_LIMIT);
}

/** Pages to flag: by number, name or address, across every site. One query. */
export async function teamFindPages(member: TeamMember, text: string): Promise<TeamDemoPage[]> {
  assertTeam(member);
  const q = text.trim();
  if (!q) return [];
  const db = await getDb();
  const has = containsText(q);
  const byId = /^\d{1,9}$/.test(q) ? eq(pages.id, Number(q)) : undefined;
  return db
    .select(selectPages())
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(user, eq(user.id, sites.linkedUser))
    .where(and(or(byId, has(pages.name), has(pages.url))))
    .orderBy(desc(pages.dateModified), desc(pages.id))
    .limit(TEAM_DEMO_LIMIT);
}

/** Sets or clears a page's demo flag, audited; null when there is no such page. */
export async function teamSetDemo(
  member: TeamMember,
  pageId: number,
  demo: boolean,
): Promise<{ id: number; name: string; demo: boolean } | null> {
  assertTeam(member);
  const page = await teamSetDemoArticle(pageId, demo);
  if (page)
    await writeAudit({
      actor: auditActor(member),
      action: demo ? "page.demo_set" : "page.demo_cleared",
      record: { type: "page", id: pageId },
      details: { name: page.name },
    });
  return page;
}
