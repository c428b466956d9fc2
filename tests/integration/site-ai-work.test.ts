/**
 * What a site's and a page's AI work cost (teamSiteAiWork, teamPageAiWork): summed over the requests of all
 * the site's pages, nothing from other sites, zero when nothing was reported. Team only: no client screen
 * shows costs, and a client's list of requests carries none.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { queueActions } from "~/jobs/queue.server";
import { listPageActions, teamPageAiWork } from "~/models/page-action.server";
import { SiteNotFoundError, teamSiteAiWork } from "~/models/site.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;

async function insertSite(owner: TestUser, pageCount: number) {
  const [site] = await database.db
    .insert(sites)
    .values({ name: "S", url: "https://s.example", linkedUser: owner.id })
    .returning({ id: sites.id });
  const rows = pageCount
    ? await database.db
        .insert(pages)
        .values(Array.from({ length: pageCount }, (_, i) => ({ site: site.id, name: `P${i}`, url: `https://s.example/${i}` })))
        .returning({ id: pages.id })
    : [];
  return { siteId: site.id, pageIds: rows.map((r) => r.id) };
}

async function report(actionId: number, values: { tokensIn?: number | null; tokensOut?: number | null; costUsd?: string | null }) {
  await database.db
    .update(pagesActions)
    .set({ state: "done", ...values })
    .where(eq(pagesActions.id, actionId));
}

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice" });
  bob = await insertUser(database.db, { name: "Bob" });
});

describe("teamSiteAiWork", () => {
  it("sums money and tokens over every request of the site's pages, and nothing of other sites", async () => {
    const { siteId, pageIds } = await insertSite(alice, 2);
    const other = await insertSite(alice, 1);
    const [a, b, c] = await queueActions(alice, "create_article", [{ pageId: pageIds[0] }, { pageId: pageIds[1] }, { pageId: pageIds[1] }]);
    await report(a.id, { tokensIn: 1000, tokensOut: 3000, costUsd: "0.012345" });
    await report(b.id, { costUsd: "0.5" }); // an image: money only
    await report(c.id, { tokensIn: null, tokensOut: null, costUsd: null }); // nothing reported
    const [elsewhere] = await queueActions(alice, "create_article", [{ pageId: other.pageIds[0] }]);
    await report(elsewhere.id, { tokensIn: 99, tokensOut: 1, costUsd: "9" });

    const work = await teamSiteAiWork(siteId);
    expect(work.reported).toBe(2);
    expect(work.costUsd).toBeCloseTo(0.512345, 6);
    expect(work.tokens).toBe(4000);
    expect(await teamSiteAiWork(other.siteId)).toEqual({ reported: 1, costUsd: 9, tokens: 100 });
  });

  it("says no tokens when only money was reported, and nothing for a site without AI work or pages", async () => {
    const { siteId, pageIds } = await insertSite(alice, 1);
    const [a] = await queueActions(alice, "create_cover_image", [{ pageId: pageIds[0] }]);
    await report(a.id, { costUsd: "0.04" });
    expect(await teamSiteAiWork(siteId)).toEqual({ reported: 1, costUsd: 0.04, tokens: null });

    const queuedOnly = await insertSite(alice, 1);
    await queueActions(alice, "create_article", [{ pageId: queuedOnly.pageIds[0] }]);
    expect(await teamSiteAiWork(queuedOnly.siteId)).toEqual({ reported: 0, costUsd: 0, tokens: null });
    const empty = await insertSite(alice, 0);
    expect(await teamSiteAiWork(empty.siteId)).toEqual({ reported: 0, costUsd: 0, tokens: null });
  });

  it("answers SiteNotFoundError for a missing site", async () => {
    await expect(teamSiteAiWork(2_000_000_000)).rejects.toBeInstanceOf(SiteNotFoundError);
  });
});

describe("teamPageAiWork", () => {
  it("sums every request of the page, also those beyond the listed 50, and only for the owner", async () => {
    const { pageIds } = await insertSite(alice, 2);
    const queued = await queueActions(
      alice,
      "serps",
      Array.from({ length: 55 }, () => ({ pageId: pageIds[0], info2: "1" })),
    );
    for (const action of queued) await report(action.id, { costUsd: "0.002" });
    const [elsewhere] = await queueActions(alice, "serps", [{ pageId: pageIds[1], info2: "1" }]);
    await report(elsewhere.id, { costUsd: "1" });
    expect(await listPageActions(alice, pageIds[0])).toHaveLength(50);
    const work = await teamPageAiWork(pageIds[0]);
    expect(work.reported).toBe(55);
    expect(work.costUsd).toBeCloseTo(0.11, 6);
    expect(work.tokens).toBeNull();
    expect(await teamPageAiWork(pageIds[1])).toEqual({ reported: 1, costUsd: 1, tokens: null });
    // The client's list says where each request stands, in the client's words, without any cost.
    const [listed] = await listPageActions(alice, pageIds[0]);
    expect(listed).toEqual({
      id: expect.any(Number),
      action: "serps",
      status: "ready",
      canRetry: false,
      canCancel: false,
      createdDate: expect.any(Date),
      finishedAt: null,
      versionId: null,
      waitingFor: null,
    });
    await expect(listPageActions(bob, pageIds[0])).rejects.toBeInstanceOf(NotFoundError);
  });
});
