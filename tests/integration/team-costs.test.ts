/** Issue 14, costs: the ledger's money over a period, per day, site, model and kind, and the cost per finished article. */
import { describe, expect, it } from "vitest";
import { pages, pagesActions, providerUsage, sites } from "../../db/schema";
import { actionId } from "~/jobs/queue.server";
import { NotTeamError } from "~/models/team-access.server";
import { parseCostPeriod, teamCosts } from "~/models/team-costs.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

describe("the console's costs", () => {
  it("adds up every call of the period per day, site, model and kind, with the cost per finished article", async () => {
    const { db } = await database;
    const account = await insertUser(db);
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    const [a, b] = await db
      .insert(sites)
      .values([
        { name: "Atelier", url: "https://atelier.example", linkedUser: account.id },
        { name: "Boutique", url: "https://boutique.example", linkedUser: account.id },
      ])
      .returning();
    const [page] = await db.insert(pages).values({ site: a!.id, name: "P", url: "https://atelier.example/p" }).returning();
    const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
    await db.delete(providerUsage);
    await db.insert(providerUsage).values([
      {
        kind: "create_article",
        siteId: a!.id,
        provider: "openrouter",
        model: "m/writer",
        costUsd: "0.0200",
        tokensIn: 100,
        tokensOut: 200,
        createdAt: at("2031-03-01"),
      },
      { kind: "create_article", siteId: a!.id, provider: "openrouter", model: "m/writer", costUsd: "0.0168", createdAt: at("2031-03-01") },
      { kind: "serps", siteId: b!.id, provider: "dataforseo", model: null, costUsd: "0.0020", createdAt: at("2031-03-03") },
      { kind: "serps", siteId: b!.id, provider: "dataforseo", costUsd: "5", createdAt: at("2031-04-15") }, // outside the period
    ]);
    await db.insert(pagesActions).values({
      linkedPage: page!.id,
      linkedAction: await actionId("create_article"),
      state: "done",
      finishedAt: at("2031-03-02"),
    });
    const costs = await teamCosts(member, parseCostPeriod(new URLSearchParams({ from: "2031-03-01", to: "2031-03-03" })));
    expect(costs.totalUsd).toBeCloseTo(0.0388, 6);
    expect(costs.calls).toBe(3);
    expect(costs.byDay).toEqual([
      { day: "2031-03-01", costUsd: 0.0368 },
      { day: "2031-03-02", costUsd: 0 },
      { day: "2031-03-03", costUsd: 0.002 },
    ]);
    expect(costs.bySite.map((l) => [l.label, l.costUsd, l.calls])).toEqual([
      ["Atelier", 0.0368, 2],
      ["Boutique", 0.002, 1],
    ]);
    expect(costs.byModel.map((l) => [l.label, l.calls])).toEqual([
      ["m/writer", 2],
      ["dataforseo", 1],
    ]);
    expect(costs.byKind.map((l) => l.key)).toEqual(["create_article", "serps"]);
    expect(costs.bySite[0]!.tokens).toBe(300);
    expect(costs.articlesFinished).toBe(1);
    expect(costs.costPerArticle).toBeCloseTo(0.0388, 6);
    await expect(teamCosts({ ...member, twoFactorEnabled: false }, costs.period)).rejects.toBeInstanceOf(NotTeamError);
  });

  it("reads its period from the URL: the last 30 days by default, at most a year, from never after to", () => {
    const now = new Date("2031-06-30T10:00:00Z");
    expect(parseCostPeriod(new URLSearchParams(), now)).toEqual({ from: "2031-06-01", to: "2031-06-30" });
    expect(parseCostPeriod(new URLSearchParams({ from: "2031-07-05", to: "2031-07-01" }), now)).toEqual({
      from: "2031-07-01",
      to: "2031-07-01",
    });
    expect(parseCostPeriod(new URLSearchParams({ from: "2020-01-01", to: "2031-06-30" }), now).from).toBe("2030-06-30");
    expect(parseCostPeriod(new URLSearchParams({ from: "hier", to: "demain" }), now)).toEqual({ from: "2031-06-01", to: "2031-06-30" });
  });
});
