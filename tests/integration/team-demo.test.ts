/** Issue 14, demo articles from the console: the team flags any page (it shows on '/'), clears it, audited. */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages, pagesVersions, sites, teamAuditLog } from "../../db/schema";
import { staticPages } from "~/lib/static-page-cache.server";
import { listDemoArticles } from "~/models/demo.server";
import { NotTeamError } from "~/models/team-access.server";
import { teamFindPages, teamListDemoPages, teamSetDemo } from "~/models/team-demo.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

describe("demo articles from the console", () => {
  it("flags a client's page (the home page lists it), finds pages by number or name, clears the flag, audited", async () => {
    const { db } = await database;
    const account = await insertUser(db);
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    const client = await insertUser(db);
    const name = `Démo ${Date.now()}`;
    const [site] = await db.insert(sites).values({ name: "Vitrine", url: "https://vitrine.example", linkedUser: client.id }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name, url: "https://vitrine.example/demo" }).returning();
    const [version] = await db.insert(pagesVersions).values({ page: page!.id, htmlContent: "<p>Texte</p>" }).returning();

    expect((await teamFindPages(member, String(page!.id))).map((p) => p.id)).toEqual([page!.id]);
    expect((await teamFindPages(member, name.toUpperCase()))[0]).toMatchObject({
      demo: false,
      ownerEmail: client.email,
      latestPublicId: version!.publicId,
    });
    expect(await teamFindPages(member, "   ")).toEqual([]);

    await teamSetDemo(member, page!.id, true);
    expect((await teamListDemoPages(member)).map((p) => p.id)).toContain(page!.id);
    expect((await listDemoArticles()).map((a) => a.pageId)).toContain(page!.id);
    await teamSetDemo(member, page!.id, false);
    expect((await listDemoArticles()).map((a) => a.pageId)).not.toContain(page!.id);
    expect(await teamSetDemo(member, 987_654_321, true)).toBeNull();
  });

  it("drops the server's kept copies of the static pages when a flag changes, so '/' shows it at once", async () => {
    const { db } = await database;
    const account = await insertUser(db);
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    const [site] = await db.insert(sites).values({ name: "Copies", url: "https://copies.example" }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name: "Copie", url: "https://copies.example/a" }).returning();
    const keep = () =>
      staticPages.remember("/", '"v1"', new Headers({ "cache-control": "public, max-age=60" }), Buffer.from("<p>accueil</p>"));

    await keep();
    expect(staticPages.lookup("/")).toBeDefined();
    await teamSetDemo(member, page!.id, true);
    expect(staticPages.lookup("/"), "after the flag is set").toBeUndefined();

    await keep();
    await teamSetDemo(member, page!.id, false);
    expect(staticPages.lookup("/"), "after the flag is cleared").toBeUndefined();

    // Nothing changed, nothing dropped: an unknown page keeps the copies.
    await keep();
    expect(await teamSetDemo(member, 987_654_322, true)).toBeNull();
    expect(staticPages.lookup("/")).toBeDefined();
    staticPages.clear();
  });

  it("audits each change and refuses anyone but the team", async () => {
    const { db } = await database;
    const account = await insertUser(db);
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    const [site] = await db.insert(sites).values({ name: "Audit", url: "https://audit-demo.example" }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name: "Audité", url: "https://audit-demo.example/a" }).returning();
    await teamSetDemo(member, page!.id, true);
    await teamSetDemo(member, page!.id, false);

    const lines = await db
      .select()
      .from(teamAuditLog)
      .where(and(eq(teamAuditLog.recordType, "page"), eq(teamAuditLog.recordId, String(page!.id))))
      .orderBy(teamAuditLog.id);
    expect(lines.map((l) => [l.action, l.actorLabel])).toEqual([
      ["page.demo_set", member.email],
      ["page.demo_cleared", member.email],
    ]);
    await expect(teamSetDemo({ ...member, twoFactorEnabled: false }, page!.id, true)).rejects.toBeInstanceOf(NotTeamError);
    await expect(teamListDemoPages({ ...member, role: "client" } as unknown as TeamMember)).rejects.toBeInstanceOf(NotTeamError);
  });
});
