/** models/keyword: reuse of keywords, single links, exact counts, 'Use in search', SERP re-trigger, ownership. */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { actions, keywords, pages, pagesActions, pagesKeywords, serps, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import {
  addKeyword,
  BlankKeywordError,
  KeywordNotFoundError,
  listPageKeywords,
  listSerps,
  queueSerpSearch,
  serpsActionAvailable,
  setToSearch,
} from "~/models/keyword.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let siteA: number;
let siteB: number;
let pageA: number;
let pageA2: number;
let pageB: number;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  const { db } = await database;
  alice = await insertUser(db);
  bob = await insertUser(db);
  [{ id: siteA }, { id: siteB }] = await db
    .insert(sites)
    .values([
      { name: "Alice site", url: "https://alice.example", linkedUser: alice.id },
      { name: "Bob site", url: "https://bob.example", linkedUser: bob.id },
    ])
    .returning({ id: sites.id });
  [{ id: pageA }, { id: pageA2 }, { id: pageB }] = await db
    .insert(pages)
    .values([
      { site: siteA, name: "Guide", url: "https://alice.example/guide" },
      { site: siteA, name: "Other", url: "https://alice.example/other" },
      { site: siteB, name: "Bob page", url: "https://bob.example/p" },
    ])
    .returning({ id: pages.id });
});

async function serpsActionRows(pageId: number) {
  const { db } = await database;
  return db
    .select()
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(and(eq(pagesActions.linkedPage, pageId), eq(actions.name, "serps")));
}

describe("addKeyword", () => {
  it("creates a new keyword, trimmed, and links it to the page", async () => {
    const result = await addKeyword(alice, siteA, pageA, `  Jardin Bio ${stamp}  `);
    expect(result).toMatchObject({ keyword: `Jardin Bio ${stamp}`, created: true, alreadyLinked: false });
    const list = await listPageKeywords(alice, siteA, pageA);
    expect(list).toEqual([
      { id: result.linkId, keywordId: result.keywordId, keyword: `Jardin Bio ${stamp}`, toSearch: true, serpCount: 0 },
    ]);
  });

  it("reuses an existing keyword written with another case and spaces, and never links it twice", async () => {
    const { db } = await database;
    const first = await addKeyword(alice, siteA, pageA, `potager ${stamp}`);
    const again = await addKeyword(alice, siteA, pageA, `   POTAGER ${stamp.toUpperCase()} `);
    expect(again).toMatchObject({ keywordId: first.keywordId, linkId: first.linkId, created: false, alreadyLinked: true });
    const matching = await db
      .select()
      .from(keywords)
      .where(sql`lower(btrim(${keywords.keyword})) = ${`potager ${stamp}`}`);
    expect(matching).toHaveLength(1);
    const links = await db
      .select()
      .from(pagesKeywords)
      .where(and(eq(pagesKeywords.linkedPage, pageA), eq(pagesKeywords.linkedKeyword, first.keywordId)));
    expect(links).toHaveLength(1);

    // Another page reuses the same keyword with a link of its own.
    const onOther = await addKeyword(alice, siteA, pageA2, `Potager ${stamp}`);
    expect(onOther).toMatchObject({ keywordId: first.keywordId, created: false, alreadyLinked: false });
    expect(onOther.linkId).not.toBe(first.linkId);
  });

  it("survives two concurrent adds of the same new keyword", async () => {
    const [a, b] = await Promise.all([
      addKeyword(alice, siteA, pageA, `concurrent ${stamp}`),
      addKeyword(alice, siteA, pageA2, `CONCURRENT ${stamp}`),
    ]);
    expect(a.keywordId).toBe(b.keywordId);
  });

  it("refuses a blank keyword", async () => {
    await expect(addKeyword(alice, siteA, pageA, "   ")).rejects.toBeInstanceOf(BlankKeywordError);
  });
});

describe("listPageKeywords", () => {
  it("counts the SERP results of each keyword exactly", async () => {
    const { db } = await database;
    const withResults = await addKeyword(alice, siteA, pageA, `counted ${stamp}`);
    await db.insert(serps).values([
      { site: siteA, linkedKeyword: withResults.keywordId, positionAbsolute: 3, title: "Third", url: "https://c.example/3" },
      { site: siteA, linkedKeyword: withResults.keywordId, positionAbsolute: 1, title: "First", url: "https://a.example/1" },
      { site: siteA, linkedKeyword: withResults.keywordId, positionAbsolute: 2, title: "Second", url: "https://b.example/2" },
    ]);
    const list = await listPageKeywords(alice, siteA, pageA);
    const counts = Object.fromEntries(list.map((row) => [row.keyword, row.serpCount]));
    expect(counts[`counted ${stamp}`]).toBe(3);
    expect(counts[`Jardin Bio ${stamp}`]).toBe(0);
    // In the order they were added.
    expect(list.map((row) => row.id)).toEqual([...list.map((row) => row.id)].sort((x, y) => x - y));
  });
});

describe("listSerps", () => {
  it("lists a linked keyword's results by position ascending", async () => {
    const [row] = (await listPageKeywords(alice, siteA, pageA)).filter((r) => r.keyword === `counted ${stamp}`);
    const results = await listSerps(alice, siteA, pageA, row.keywordId);
    expect(results.map((r) => [r.positionAbsolute, r.title])).toEqual([
      [1, "First"],
      [2, "Second"],
      [3, "Third"],
    ]);
  });

  it("refuses a keyword not linked to the page", async () => {
    const [row] = (await listPageKeywords(alice, siteA, pageA)).filter((r) => r.keyword === `counted ${stamp}`);
    await expect(listSerps(alice, siteA, pageA2, row.keywordId)).rejects.toBeInstanceOf(KeywordNotFoundError);
  });
});

describe("setToSearch", () => {
  it("turns 'Use in search' off and on", async () => {
    const [row] = await listPageKeywords(alice, siteA, pageA);
    expect(await setToSearch(alice, row.id, false, pageA)).toBe(false);
    expect((await listPageKeywords(alice, siteA, pageA))[0].toSearch).toBe(false);
    expect(await setToSearch(alice, row.id, true)).toBe(true);
    expect((await listPageKeywords(alice, siteA, pageA))[0].toSearch).toBe(true);
  });

  it("refuses a link of another page", async () => {
    const [row] = await listPageKeywords(alice, siteA, pageA);
    await expect(setToSearch(alice, row.id, false, pageA2)).rejects.toBeInstanceOf(KeywordNotFoundError);
  });
});

describe("queueSerpSearch", () => {
  it("inserts the page's serps request, then re-triggers the same row", async () => {
    const { db } = await database;
    expect(await serpsActionAvailable()).toBe(true);
    const [first, second] = await listPageKeywords(alice, siteA, pageA);
    const queued = await queueSerpSearch(alice, siteA, pageA, first.keywordId);
    expect(queued.created).toBe(true);
    let rows = await serpsActionRows(pageA);
    expect(rows).toHaveLength(1);
    expect(rows[0].pages_actions).toMatchObject({ info2: String(first.keywordId), state: "queued", creator: alice.id });

    // The worker has run it meanwhile.
    const old = new Date("2026-01-01T00:00:00Z");
    await db.update(pagesActions).set({ state: "done", createdDate: old, attempts: 1 }).where(eq(pagesActions.id, queued.id));

    const again = await queueSerpSearch(alice, siteA, pageA, second.keywordId);
    expect(again).toEqual({ id: queued.id, created: false });
    rows = await serpsActionRows(pageA);
    expect(rows).toHaveLength(1);
    const action = rows[0].pages_actions;
    expect(action.info2).toBe(String(second.keywordId));
    expect(action.state).toBe("queued");
    expect(action.attempts).toBe(0);
    expect(action.createdDate.getTime()).toBeGreaterThan(old.getTime());
  });

  it("refuses a keyword not linked to the page", async () => {
    const { db } = await database;
    const [{ id: lone }] = await db
      .insert(keywords)
      .values({ keyword: `lone ${stamp}` })
      .returning({ id: keywords.id });
    await expect(queueSerpSearch(alice, siteA, pageA, lone)).rejects.toBeInstanceOf(KeywordNotFoundError);
  });
});

describe("ownership", () => {
  it("answers another account NotFoundError and changes nothing", async () => {
    const { db } = await database;
    const before = await listPageKeywords(alice, siteA, pageA);
    const actionsBefore = await serpsActionRows(pageA);
    const [row] = before;

    await expect(listPageKeywords(bob, siteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(addKeyword(bob, siteA, pageA, `intrusion ${stamp}`)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setToSearch(bob, row.id, false)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listSerps(bob, siteA, pageA, row.keywordId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(queueSerpSearch(bob, siteA, pageA, row.keywordId)).rejects.toBeInstanceOf(NotFoundError);
    // Bob's own site in the URL does not open Alice's page either.
    await expect(listPageKeywords(bob, siteB, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(addKeyword(alice, siteB, pageB, `wrong owner ${stamp}`)).rejects.toBeInstanceOf(NotFoundError);

    expect(await listPageKeywords(alice, siteA, pageA)).toEqual(before);
    const after = await serpsActionRows(pageA);
    expect(after.map((r) => r.pages_actions)).toEqual(actionsBefore.map((r) => r.pages_actions));
    expect(
      await db
        .select()
        .from(keywords)
        .where(sql`lower(btrim(${keywords.keyword})) = ${`intrusion ${stamp}`}`),
    ).toHaveLength(0);
  });
});
