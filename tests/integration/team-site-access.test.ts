/**
 * Issue 14: the team works on a client's site with the client's own screens, as itself (asTeam), not by
 * signing in as the client. Only asTeam's actors reach other accounts' sites; the clients' checks are unchanged;
 * the header learns whose site it is; the team does not delete a client's site, and its own review actions do
 * not land in the inbox as the client's decisions.
 */
import "~/jobs/outbox.server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, pagesVersions, sites, teamInbox } from "../../db/schema";
import { parsePageListQuery } from "~/lib/page-list-query";
import { asTeam, isTeamActor, NotFoundError, ownedPage, ownedSite, ownedVersion } from "~/models/access.server";
import { listPagesPaged, queueArticleCreation } from "~/models/page.server";
import { approve } from "~/models/review.server";
import { deleteSite, getSiteOverview, renameSite, SiteNotFoundError, teamViewOfSite } from "~/models/site.server";
import { NotTeamError } from "~/models/team-access.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let member: TeamMember;
let claire: TestUser;
let other: TestUser;
let siteId: number;
let unownedSiteId: number;
let pageIds: number[];
let versionId: number;

beforeAll(async () => {
  const { db } = await database;
  const account = await insertUser(db, { name: "Noé Équipe" });
  member = { ...account, image: null, role: "team", twoFactorEnabled: true };
  claire = await insertUser(db, { name: "Claire Client" });
  other = await insertUser(db, { name: "Autre Client" });
  const [site, unowned] = await db
    .insert(sites)
    .values([
      { name: "Boulangerie", url: "https://boulangerie.example", linkedUser: claire.id },
      { name: "Sans client", url: "https://sans-client.example" },
    ])
    .returning({ id: sites.id });
  siteId = site!.id;
  unownedSiteId = unowned!.id;
  const rows = await db
    .insert(pages)
    .values([
      { site: siteId, name: "Pain au levain", url: "https://boulangerie.example/levain" },
      { site: siteId, name: "Croissants", url: "https://boulangerie.example/croissants" },
    ])
    .returning({ id: pages.id });
  pageIds = rows.map((r) => r.id);
  const [version] = await db.insert(pagesVersions).values({ page: pageIds[0]!, htmlContent: "<p>Levain</p>" }).returning();
  versionId = version!.id;
});

describe("asTeam", () => {
  it("is made only for a team member signed in with two factors", () => {
    expect(() => asTeam({ ...member, role: "client" } as unknown as TeamMember)).toThrow(NotTeamError);
    expect(() => asTeam({ ...member, twoFactorEnabled: false })).toThrow(NotTeamError);
    expect(isTeamActor(asTeam(member))).toBe(true);
    // The same fields made by hand are a client's: the member's own id reaches nothing of Claire's.
    expect(isTeamActor({ id: member.id })).toBe(false);
  });

  it("reaches a client's site, pages and versions through the client's model functions", async () => {
    const team = asTeam(member);
    expect(await ownedSite(team, siteId)).toMatchObject({ name: "Boulangerie" });
    expect(await getSiteOverview(team, siteId)).toMatchObject({ pagesCount: 2 });
    expect((await ownedPage(team, pageIds[0]!, siteId)).site.id).toBe(siteId);
    expect((await ownedVersion(team, versionId)).page.id).toBe(pageIds[0]);
    const list = await listPagesPaged(team, siteId, parsePageListQuery(new URLSearchParams()));
    expect(list.total).toBe(2);
    await renameSite(team, siteId, "Boulangerie Claire");
    const queued = await queueArticleCreation(team, siteId, pageIds);
    const [action] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, queued[0]!.id));
    // The work is the team member's doing, on Claire's page.
    expect(action).toMatchObject({ creator: member.id, linkedPage: pageIds[0] });
  });

  it("leaves every other actor to their own sites", async () => {
    for (const someone of [{ id: member.id }, other]) {
      await expect(ownedSite(someone, siteId)).rejects.toBeInstanceOf(NotFoundError);
      await expect(ownedPage(someone, pageIds[0]!)).rejects.toBeInstanceOf(NotFoundError);
      await expect(ownedVersion(someone, versionId)).rejects.toBeInstanceOf(NotFoundError);
      await expect(listPagesPaged(someone, siteId, parsePageListQuery(new URLSearchParams()))).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(await ownedSite(claire, siteId)).toMatchObject({ id: siteId });
  });

  it("does not delete a client's site", async () => {
    await expect(deleteSite(asTeam(member), siteId)).rejects.toBeInstanceOf(SiteNotFoundError);
    const [still] = await database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(still).toBeDefined();
  });

  it("approving on the client's screen is the team's doing, not a client decision for the inbox", async () => {
    await approve(asTeam(member), versionId);
    const [version] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.id, versionId));
    expect(version!.approved).toBe(true);
    expect(await database.db.select().from(teamInbox).where(eq(teamInbox.versionId, versionId))).toEqual([]);
  });
});

describe("the header's line while the team works on a site", () => {
  it("says whose site it is, to the team only", async () => {
    expect(await teamViewOfSite(asTeam(member), siteId)).toEqual({
      title: "Site de Claire Client",
      detail: `${claire.email} ; vous y travaillez en tant qu'équipe, pas en son nom.`,
    });
    expect(await teamViewOfSite(asTeam(member), unownedSiteId)).toMatchObject({ title: "Site sans client" });
    expect(await teamViewOfSite(claire, siteId)).toBeNull();
    expect(await teamViewOfSite({ id: member.id }, siteId)).toBeNull();
    expect(await teamViewOfSite(asTeam(member), 987_654_321)).toBeNull();
  });
});
