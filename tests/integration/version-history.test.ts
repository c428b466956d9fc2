/**
 * Earlier texts of a version (pages_versions_history): the count that comes with the versions list,
 * the texts newest first, and ownership (another account, or another page, gets NotFoundError).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesVersions, pagesVersionsHistory, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { queueActions } from "~/jobs/queue.server";
import { listVersionHistory, listVersions, restoreEarlierText } from "~/models/version.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let siteId: number;
let pageId: number;
let otherPageId: number;
let modified: number;
let untouched: number;

beforeAll(async () => {
  const { db } = database;
  alice = await insertUser(db, { name: "Alice" });
  bob = await insertUser(db, { name: "Bob" });
  [{ id: siteId }] = await db
    .insert(sites)
    .values({ name: "S", url: "https://s.example", linkedUser: alice.id })
    .returning({ id: sites.id });
  [{ id: pageId }, { id: otherPageId }] = await db
    .insert(pages)
    .values([
      { site: siteId, name: "A", url: "https://s.example/a" },
      { site: siteId, name: "B", url: "https://s.example/b" },
    ])
    .returning({ id: pages.id });
  [{ id: untouched }, { id: modified }] = await db
    .insert(pagesVersions)
    .values([
      { page: pageId, htmlContent: "<p>untouched</p>", createdDate: new Date("2026-01-01T10:00:00Z") },
      { page: pageId, htmlContent: "<p>third text</p>", createdDate: new Date("2026-01-02T10:00:00Z") },
    ])
    .returning({ id: pagesVersions.id });
  const [first, second] = await queueActions(alice, "modify_articles_with_instructions", [
    { pageId, versionId: modified },
    { pageId, versionId: modified },
  ]);
  await db.insert(pagesVersionsHistory).values([
    { version: modified, htmlContent: "<p>first text</p>", replacedBy: first.id, replacedAt: new Date("2026-01-03T10:00:00Z") },
    { version: modified, htmlContent: "<p>second text</p>", replacedBy: second.id, replacedAt: new Date("2026-01-04T10:00:00Z") },
  ]);
});

describe("listVersions", () => {
  it("gives each version the number of its earlier texts, still newest version first", async () => {
    const listed = await listVersions(alice, siteId, pageId);
    expect(listed.map((v) => [v.id, v.historyCount, v.htmlContent])).toEqual([
      [modified, 2, "<p>third text</p>"],
      [untouched, 0, "<p>untouched</p>"],
    ]);
  });
});

describe("listVersionHistory", () => {
  it("answers the earlier texts newest first, with the request that replaced each", async () => {
    const texts = await listVersionHistory(alice, modified, pageId);
    expect(texts.map((t) => t.htmlContent)).toEqual(["<p>second text</p>", "<p>first text</p>"]);
    expect(texts[0].replacedAt).toEqual(new Date("2026-01-04T10:00:00Z"));
    expect(texts.every((t) => typeof t.replacedBy === "number")).toBe(true);
    expect(await listVersionHistory(alice, untouched)).toEqual([]);
  });

  it("refuses another account, another page and a missing version alike", async () => {
    for (const attempt of [
      () => listVersionHistory(bob, modified),
      () => listVersionHistory(bob, modified, pageId),
      () => listVersionHistory(alice, modified, otherPageId),
      () => listVersionHistory(alice, 2_000_000_000),
    ]) {
      await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    }
  });
});

describe("restoreEarlierText", () => {
  it("saves the earlier text as a new version by the user, leaving the history as it was", async () => {
    const [newest] = await listVersionHistory(alice, modified, pageId);
    const restored = await restoreEarlierText(alice, pageId, newest.id);
    expect(restored).toMatchObject({ page: pageId, htmlContent: "<p>second text</p>", creator: alice.id });
    const listed = await listVersions(alice, siteId, pageId);
    expect(listed[0]).toMatchObject({ id: restored.id, historyCount: 0 });
    expect(await listVersionHistory(alice, modified, pageId)).toHaveLength(2);
  });

  it("refuses another account, another page and a missing text alike, and writes nothing", async () => {
    const [newest] = await listVersionHistory(alice, modified, pageId);
    const before = (await listVersions(alice, siteId, pageId)).length;
    for (const attempt of [
      () => restoreEarlierText(bob, pageId, newest.id),
      () => restoreEarlierText(alice, otherPageId, newest.id),
      () => restoreEarlierText(alice, pageId, 2_000_000_000),
    ]) {
      await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(await listVersions(alice, siteId, pageId)).toHaveLength(before);
  });
});
