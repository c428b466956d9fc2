/** models/page-action: batches, re-triggering a page's single request, and the list the page detail shows. */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { claimNextAction, queueActions } from "~/jobs/queue.server";
import { cancelAction, listPageActions, pageWork, retriggerAction, retryFailedAction } from "~/models/page-action.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let alice: TestUser;
let bob: TestUser;
let pageA: number;
let pageB: number;

beforeAll(async () => {
  const { db } = database;
  alice = await insertUser(db);
  bob = await insertUser(db);
  const [{ id: site }] = await db
    .insert(sites)
    .values({ name: "S", url: "https://s.example", linkedUser: alice.id })
    .returning({ id: sites.id });
  [{ id: pageA }, { id: pageB }] = await db
    .insert(pages)
    .values([
      { site, name: "A", url: "https://s.example/a" },
      { site, name: "B", url: "https://s.example/b" },
    ])
    .returning({ id: pages.id });
});

describe("queued requests", () => {
  it("queue a batch with the first item null and the others true, in the 'queued' state", async () => {
    const rows = await queueActions(alice, "create_article", [{ pageId: pageA }, { pageId: pageB }]);
    const stored = await database.db.select().from(pagesActions).where(eq(pagesActions.id, rows[1].id));
    expect(stored[0]).toMatchObject({ queued: true, state: "queued", attempts: 0, creator: alice.id });
    const [first] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, rows[0].id));
    expect(first.queued).toBeNull();
  });

  it("re-trigger a page's request instead of adding a second one", async () => {
    const first = await retriggerAction(alice, "serps", pageA, "11");
    expect(first.created).toBe(true);
    const [before] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, first.id));
    await database.db
      .update(pagesActions)
      .set({ state: "failed", attempts: 3, lastError: "provider down" })
      .where(eq(pagesActions.id, first.id));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await retriggerAction(alice, "serps", pageA, "12");
    expect(again).toEqual({ id: first.id, created: false });
    const [after] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, first.id));
    expect(after).toMatchObject({ info2: "12", state: "queued", attempts: 0, lastError: null });
    expect(after.createdDate.getTime()).toBeGreaterThan(before.createdDate.getTime());
  });

  it("list a page's requests newest first, with the action's name, for the owner only", async () => {
    const list = await listPageActions(alice, pageA);
    expect(list.map((r) => r.action)).toEqual(expect.arrayContaining(["serps", "create_article"]));
    expect(list[0].createdDate.getTime()).toBeGreaterThanOrEqual(list[list.length - 1].createdDate.getTime());
    await expect(listPageActions(bob, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(retriggerAction(bob, "serps", pageA)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("retrying a failed request", () => {
  it("puts a failed request of the owner's page back in the queue as new; nobody else can", async () => {
    const [request] = await queueActions(alice, "create_article", [{ pageId: pageA }]);
    await database.db
      .update(pagesActions)
      .set({ state: "failed", attempts: 5, lastError: "The model answered 500", finishedAt: new Date() })
      .where(eq(pagesActions.id, request.id));

    await expect(retryFailedAction(bob, pageA, request.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await retryFailedAction(alice, pageB, request.id)).toBe(false);
    expect(await retryFailedAction(alice, pageA, request.id)).toBe(true);
    const [row] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, request.id));
    expect(row).toMatchObject({ state: "queued", attempts: 0, lastError: null, finishedAt: null, nextAttemptAt: null });
    // Only a failed request can be retried.
    expect(await retryFailedAction(alice, pageA, request.id)).toBe(false);
  });
});

describe("cancelAction", () => {
  it("cancels a queued or waiting request of the owner's page, never a running one, and Retry queues it again", async () => {
    // Earlier tests' requests are out of the way.
    await database.db
      .update(pagesActions)
      .set({ state: "done" })
      .where(inArray(pagesActions.state, ["queued", "waiting"]));
    const [queued, waiting, running] = await queueActions(alice, "create_article", [
      { pageId: pageA },
      { pageId: pageA },
      { pageId: pageA },
    ]);
    await database.db.update(pagesActions).set({ state: "waiting" }).where(eq(pagesActions.id, waiting.id));
    await database.db.update(pagesActions).set({ state: "running" }).where(eq(pagesActions.id, running.id));

    await expect(cancelAction(bob, pageA, queued.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await cancelAction(alice, pageB, queued.id)).toBe(false);
    expect(await cancelAction(alice, pageA, queued.id)).toBe(true);
    expect(await cancelAction(alice, pageA, waiting.id)).toBe(true);
    expect(await cancelAction(alice, pageA, running.id)).toBe(false);
    expect(await cancelAction(alice, pageA, queued.id)).toBe(false);
    const states = await database.db.select({ id: pagesActions.id, state: pagesActions.state }).from(pagesActions).orderBy(pagesActions.id);
    expect(states.filter((r) => [queued.id, waiting.id, running.id].includes(r.id)).map((r) => r.state)).toEqual([
      "cancelled",
      "cancelled",
      "running",
    ]);
    // A cancelled request is not work to do, nor a problem to report.
    expect(await claimNextAction("w", ["create_article"], 60)).toBeNull();
    expect((await pageWork(pageA, ["create_article"])).create_article.problem).toBeNull();

    expect(await retryFailedAction(alice, pageA, queued.id)).toBe(true);
    const [row] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, queued.id));
    expect(row).toMatchObject({ state: "queued", attempts: 0, finishedAt: null });
  });
});
