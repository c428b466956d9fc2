/**
 * models/page-action pageWork: queued and running count as pending,
 * waiting, done and failed do not; the newest request's failure or wait is told, with what to retry.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, pagesVersions, sites } from "../../db/schema";
import { queueActions } from "~/jobs/queue.server";
import { pageWork } from "~/models/page-action.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();
let pageA: number;
let pageB: number;
let versionA: number;

const setState = (id: number, state: string) => database.db.update(pagesActions).set({ state }).where(eq(pagesActions.id, id));

beforeAll(async () => {
  const alice = await insertUser(database.db);
  const [{ id: site }] = await database.db
    .insert(sites)
    .values({ name: "S", url: "https://s.example", linkedUser: alice.id })
    .returning({ id: sites.id });
  [{ id: pageA }, { id: pageB }] = await database.db
    .insert(pages)
    .values([
      { site, name: "A", url: "https://s.example/a" },
      { site, name: "B", url: "https://s.example/b" },
    ])
    .returning({ id: pages.id });
  [{ id: versionA }] = await database.db
    .insert(pagesVersions)
    .values({ page: pageA, htmlContent: "<h1>A</h1>" })
    .returning({ id: pagesVersions.id });
});

describe("pending requests of a page", () => {
  it("count queued and running requests as pending, for that page only, and not those waiting for a provider", async () => {
    const names = ["create_article", "modify_articles_with_instructions", "create_cover_image"] as const;
    const pendingOf = async (page: number) => {
      const work = await pageWork(page, names);
      return names.filter((name) => work[name].pending);
    };
    expect(await pendingOf(pageA)).toEqual([]);

    const [article] = await queueActions(null, "create_article", [{ pageId: pageA }]);
    const [modify] = await queueActions(null, "modify_articles_with_instructions", [{ pageId: pageA, versionId: versionA }]);
    const [image] = await queueActions(null, "create_cover_image", [{ pageId: pageA }]);
    await queueActions(null, "serps", [{ pageId: pageA, info2: "1" }]);
    await setState(modify.id, "running");
    await setState(image.id, "waiting");

    expect(await pendingOf(pageA)).toEqual(["create_article", "modify_articles_with_instructions"]);
    expect(await pendingOf(pageB)).toEqual([]);
    expect((await pageWork(pageA, ["serps"])).serps.pending).toBe(true);
    expect(await pageWork(pageA, [])).toEqual({});

    await setState(article.id, "done");
    await setState(modify.id, "failed");
    expect(await pendingOf(pageA)).toEqual([]);
  });

  it("tells the newest request's failure or wait, and nothing once a newer request is pending or done", async () => {
    const [{ id: site }] = await database.db.select({ id: pages.site }).from(pages).where(eq(pages.id, pageB));
    const [{ id: page }] = await database.db
      .insert(pages)
      .values({ site, name: "C", url: "https://s.example/c" })
      .returning({ id: pages.id });
    expect(await pageWork(page, ["create_cover_image", "serps"])).toEqual({
      create_cover_image: { pending: false, problem: null },
      serps: { pending: false, problem: null },
    });

    const [first] = await queueActions(null, "create_cover_image", [{ pageId: page }]);
    await database.db
      .update(pagesActions)
      .set({ state: "failed", attempts: 5, lastError: "The image API answered 500 for gpt-image-1" })
      .where(eq(pagesActions.id, first.id));
    const [search] = await queueActions(null, "serps", [{ pageId: page, info2: "1" }]);
    await database.db
      .update(pagesActions)
      .set({ state: "waiting", lastError: "Waiting for a provider: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD and restart the server" })
      .where(eq(pagesActions.id, search.id));
    // The client is told which request is delayed, never why (the provider's answer, the settings): the team's.
    expect(await pageWork(page, ["create_cover_image", "serps"])).toEqual({
      create_cover_image: { pending: false, problem: { requestId: first.id, state: "failed" } },
      serps: { pending: false, problem: { requestId: search.id, state: "waiting" } },
    });

    // A newer request: pending while it runs, and the old failure is no longer news once it is done.
    const [second] = await queueActions(null, "create_cover_image", [{ pageId: page }]);
    expect((await pageWork(page, ["create_cover_image"])).create_cover_image).toEqual({ pending: true, problem: null });
    await setState(second.id, "done");
    expect((await pageWork(page, ["create_cover_image"])).create_cover_image).toEqual({ pending: false, problem: null });
  });
});
