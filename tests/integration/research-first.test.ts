/**
 * Research first (issue 39): an outline or article request of a page whose keywords have no fresh research queues
 * the searches that are missing and runs after them, which the page's Requests say ("Waiting for the research of
 * « … »"); fresh research, a search already queued, a page without keywords or no search provider hold nothing
 * back; several keywords are searched one after the other.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actions, keywords, pages, pagesActions, pagesKeywords, siteCheckSchedules, sites } from "../../db/schema";
import { queueActions } from "~/jobs/queue.server";
import { queueArticleWork } from "~/models/outline.server";
import { listPageActions } from "~/models/page-action.server";
import { resetEnvForTests } from "~/services/env.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { emptyModel, insertResearch } from "../setup/research";

const database = useTestDatabase();
let owner: TestUser;
let siteId: number;

const DAY = 86_400_000;

/** A page of the site with these keywords (in this order); answers its id and the keywords' ids. */
async function pageWith(...words: string[]) {
  const { db } = database;
  const [page] = await db
    .insert(pages)
    .values({ site: siteId, name: `Page ${Math.random()}`, url: `/p-${Math.random()}` })
    .returning({ id: pages.id });
  const ids: number[] = [];
  for (const word of words) {
    const [keyword] = await db
      .insert(keywords)
      .values({ keyword: `${word} ${Math.random().toString(36).slice(2, 7)}` })
      .returning();
    await db.insert(pagesKeywords).values({ linkedPage: page.id, linkedKeyword: keyword.id });
    ids.push(keyword.id);
  }
  return { pageId: page.id, keywordIds: ids };
}

/** The page's requests, oldest first, with their kind, keyword and what they run after. */
const requestsOf = (pageId: number) =>
  database.db
    .select({
      id: pagesActions.id,
      name: actions.name,
      info2: pagesActions.info2,
      runsAfter: pagesActions.runsAfter,
      state: pagesActions.state,
    })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(eq(pagesActions.linkedPage, pageId))
    .orderBy(pagesActions.id);

beforeAll(async () => {
  vi.stubEnv("DATAFORSEO_LOGIN", "login");
  vi.stubEnv("DATAFORSEO_PASSWORD", "password");
  resetEnvForTests();
  owner = await insertUser(database.db);
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({ name: "Vélos", url: "https://velos.example", linkedUser: owner.id })
    .returning({ id: sites.id });
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});
beforeEach(async () => {
  await database.db.delete(siteCheckSchedules).where(eq(siteCheckSchedules.siteId, siteId));
});

describe("an outline or article request waits for its research", () => {
  it("searches a keyword that was never researched first, and says so in the page's Requests", async () => {
    const { pageId, keywordIds } = await pageWith("vélo électrique");
    const { step, queued } = await queueArticleWork(owner, siteId, [pageId]);
    const [search, writing] = await requestsOf(pageId);
    expect(search).toMatchObject({ name: "serps", info2: String(keywordIds[0]), runsAfter: null, state: "queued" });
    expect(writing).toMatchObject({
      id: queued[0].id,
      name: step === "outline" ? "create_outline" : "create_article",
      runsAfter: search.id,
    });
    const listed = await listPageActions(owner, pageId);
    const [keyword] = await database.db.select().from(keywords).where(eq(keywords.id, keywordIds[0]));
    expect(listed.find((r) => r.id === writing.id)?.waitingFor).toBe(keyword.keyword);
    expect(listed.find((r) => r.id === search.id)?.waitingFor).toBeNull();
    // Once the search has ended, the request waits for nothing.
    await database.db.update(pagesActions).set({ state: "done" }).where(eq(pagesActions.id, search.id));
    expect((await listPageActions(owner, pageId)).find((r) => r.id === writing.id)?.waitingFor).toBeNull();
  });

  it("holds nothing back when the research is fresh for the site's check period", async () => {
    const { pageId, keywordIds } = await pageWith("vélo cargo");
    await insertResearch(database.db, {
      siteId,
      keywordId: keywordIds[0],
      builtAt: new Date(Date.now() - 3 * DAY),
      model: emptyModel("vélo cargo"),
    });
    await queueActions(owner, "create_article", [{ pageId }]);
    expect(await requestsOf(pageId)).toMatchObject([{ name: "create_article", runsAfter: null }]);
  });

  it("searches again research older than the period: a week for weekly checks, a month for monthly ones", async () => {
    const weekly = await pageWith("batterie vélo");
    await insertResearch(database.db, {
      siteId,
      keywordId: weekly.keywordIds[0],
      builtAt: new Date(Date.now() - 10 * DAY),
      model: emptyModel("batterie"),
    });
    await queueActions(owner, "create_outline", [{ pageId: weekly.pageId }]);
    expect((await requestsOf(weekly.pageId)).map((r) => r.name)).toEqual(["serps", "create_outline"]);

    await database.db.insert(siteCheckSchedules).values({ siteId, frequency: "monthly" });
    const monthly = await pageWith("antivol vélo");
    await insertResearch(database.db, {
      siteId,
      keywordId: monthly.keywordIds[0],
      builtAt: new Date(Date.now() - 10 * DAY),
      model: emptyModel("antivol"),
    });
    await queueActions(owner, "create_outline", [{ pageId: monthly.pageId }]);
    expect((await requestsOf(monthly.pageId)).map((r) => r.name)).toEqual(["create_outline"]);
  });

  it("research of another site does not count", async () => {
    const [other] = await database.db
      .insert(sites)
      .values({ name: "Autre", url: "https://autre.example", linkedUser: owner.id })
      .returning();
    const { pageId, keywordIds } = await pageWith("casque vélo");
    await insertResearch(database.db, { siteId: other.id, keywordId: keywordIds[0], model: emptyModel("casque") });
    await queueActions(owner, "create_article", [{ pageId }]);
    expect((await requestsOf(pageId)).map((r) => r.name)).toEqual(["serps", "create_article"]);
  });

  it("waits for a search already queued instead of asking twice", async () => {
    const { pageId, keywordIds } = await pageWith("pneu vélo");
    const [pending] = await queueActions(owner, "serps", [{ pageId, info2: String(keywordIds[0]) }]);
    await queueActions(owner, "create_article", [{ pageId }]);
    const requests = await requestsOf(pageId);
    expect(requests.map((r) => r.name)).toEqual(["serps", "create_article"]);
    expect(requests[1].runsAfter).toBe(pending.id);
  });

  it("searches several keywords one after the other, the writing after the last", async () => {
    const { pageId, keywordIds } = await pageWith("vélo pliant", "vélo pliant léger");
    await queueActions(owner, "create_article", [{ pageId }]);
    const [first, second, writing] = await requestsOf(pageId);
    expect([first.info2, second.info2]).toEqual(keywordIds.map(String));
    expect(second.runsAfter).toBe(first.id);
    expect(writing).toMatchObject({ name: "create_article", runsAfter: second.id });
  });

  it("holds nothing back for a page without keywords, a keyword not in use, or without a search provider", async () => {
    const bare = await pageWith();
    await queueActions(owner, "create_article", [{ pageId: bare.pageId }]);
    expect(await requestsOf(bare.pageId)).toMatchObject([{ name: "create_article", runsAfter: null }]);

    const unused = await pageWith("selle vélo");
    await database.db.update(pagesKeywords).set({ toSearch: false }).where(eq(pagesKeywords.linkedPage, unused.pageId));
    await queueActions(owner, "create_article", [{ pageId: unused.pageId }]);
    expect(await requestsOf(unused.pageId)).toMatchObject([{ name: "create_article", runsAfter: null }]);

    vi.stubEnv("DATAFORSEO_LOGIN", "");
    vi.stubEnv("DATAFORSEO_PASSWORD", "");
    resetEnvForTests();
    try {
      const unsearchable = await pageWith("béquille vélo");
      await queueActions(owner, "create_article", [{ pageId: unsearchable.pageId }]);
      expect(await requestsOf(unsearchable.pageId)).toMatchObject([{ name: "create_article", runsAfter: null }]);
    } finally {
      vi.stubEnv("DATAFORSEO_LOGIN", "login");
      vi.stubEnv("DATAFORSEO_PASSWORD", "password");
      resetEnvForTests();
    }
  });

  it("keeps what a request already waits for (a trial's outline after its own search)", async () => {
    const { pageId, keywordIds } = await pageWith("vélo enfant");
    const [search] = await queueActions(owner, "serps", [{ pageId, info2: String(keywordIds[0]) }]);
    await queueActions(owner, "create_outline", [{ pageId, runsAfter: search.id }]);
    const requests = await requestsOf(pageId);
    expect(requests.map((r) => r.name)).toEqual(["serps", "create_outline"]);
    expect(requests[1].runsAfter).toBe(search.id);
    expect(
      await database.db
        .select()
        .from(pagesActions)
        .where(and(eq(pagesActions.linkedPage, pageId))),
    ).toHaveLength(2);
  });
});
