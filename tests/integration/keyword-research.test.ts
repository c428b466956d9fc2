/**
 * models/research (issue 39): a keyword's research for its screens, from the rows the serps task stores (inserted
 * here directly): the newest check of the page's site and keyword with its features, the top 10 with how each was
 * read, the model's questions, terms and ranges; the empty states (never searched, a check older than the research,
 * a check whose pages are not read yet); ownership; and one query for the rows whatever the number of keywords.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordModels, keywords, pages, pagesKeywords, serpChecks, sites } from "../../db/schema";
import { NotFoundError, ownedPage } from "~/models/access.server";
import { KeywordNotFoundError } from "~/models/keyword.server";
import { keywordResearch, pageResearch } from "~/models/research.server";
import { useTestDatabase } from "../setup/database";
import { countQueries } from "../setup/query-count";
import { insertUser, type TestUser } from "../setup/factories";
import { researchFeatures, researchModel, researchResults, researchTopScores, researchUnread } from "../setup/research-fixture";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let siteA: number;
let siteB: number;
let pageA: number;
let pageB: number;
/** Researched (an old check, then a newer one with its model); never searched; searched before the research; not in use. */
let researched: number;
let unsearched: number;
let oldCheck: number;
let unused: number;
let newestCheck: number;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  const { db } = database;
  alice = await insertUser(db);
  bob = await insertUser(db);
  [{ id: siteA }, { id: siteB }] = await db
    .insert(sites)
    .values([
      { name: "Vélos", url: "https://velos.example", linkedUser: alice.id },
      { name: "Bob", url: "https://bob.example", linkedUser: bob.id },
    ])
    .returning({ id: sites.id });
  [{ id: pageA }, { id: pageB }] = await db
    .insert(pages)
    .values([
      { site: siteA, name: "Guide du VAE", url: "/guide-vae" },
      { site: siteB, name: "Bob page", url: "/p" },
    ])
    .returning({ id: pages.id });
  [{ id: researched }, { id: unsearched }, { id: oldCheck }, { id: unused }] = await db
    .insert(keywords)
    .values([
      { keyword: `vélo électrique ${stamp}` },
      { keyword: `vae pliant ${stamp}` },
      { keyword: `vélo cargo ${stamp}` },
      { keyword: `trottinette ${stamp}` },
    ])
    .returning({ id: keywords.id });
  await db.insert(pagesKeywords).values([
    { linkedPage: pageA, linkedKeyword: researched },
    { linkedPage: pageA, linkedKeyword: unsearched },
    { linkedPage: pageA, linkedKeyword: oldCheck },
    { linkedPage: pageA, linkedKeyword: unused, toSearch: false },
    { linkedPage: pageB, linkedKeyword: researched },
  ]);
  const results = researchResults();
  const checks = await db
    .insert(serpChecks)
    .values([
      // Older, before the research kept features: not the one shown.
      { site: siteA, keyword: researched, checkedAt: new Date("2026-10-01T09:00:00Z"), results: results.slice(0, 3) },
      { site: siteA, keyword: researched, checkedAt: new Date("2026-11-20T09:00:00Z"), results, features: researchFeatures() },
      // Bob's site searched the same keyword later: his, never shown on Alice's page.
      {
        site: siteB,
        keyword: researched,
        checkedAt: new Date("2026-11-25T09:00:00Z"),
        results: results.slice(5),
        features: researchFeatures(),
      },
      { site: siteA, keyword: oldCheck, checkedAt: new Date("2026-09-01T09:00:00Z"), results },
      { site: siteA, keyword: unused, checkedAt: new Date("2026-11-20T09:00:00Z"), results, features: researchFeatures() },
    ])
    .returning({ id: serpChecks.id });
  newestCheck = checks[1]!.id;
  await db.insert(keywordModels).values({
    check: newestCheck,
    site: siteA,
    keyword: researched,
    builtAt: new Date("2026-11-20T09:20:00Z"),
    language: "fr",
    model: researchModel(`vélo électrique ${stamp}`),
    topScores: researchTopScores(),
    unread: researchUnread(),
  });
});

describe("keywordResearch", () => {
  it("gives the newest check of the page's site: its features, the top 10 read or not (and why), the model's questions, terms and ranges", async () => {
    const research = await keywordResearch(alice, { pageId: pageA, keywordId: researched, siteId: siteA });
    expect(research.keyword).toBe(`vélo électrique ${stamp}`);
    const check = research.check!;
    expect(check.id).toBe(newestCheck);
    expect(check.checkedAt).toBe("2026-11-20T09:00:00.000Z");
    expect(check.features).toEqual(researchFeatures());
    expect(check.features?.peopleAlsoAsk[0]?.answer).toMatch(/1 500 et 3 000 €/);
    expect(check.features?.aiOverview?.references).toHaveLength(2);

    expect(check.top.map((result) => result.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(check.top[0]).toMatchObject({
      url: "https://www.velo-malin.fr/guide-velo-electrique/",
      reading: { state: "read", wordCount: 1350, readAt: "2026-11-20T09:15:00.000Z" },
    });
    expect(check.top[0]!.reading.state === "read" && check.top[0]!.reading.headings[0]).toEqual({
      level: 1,
      text: "Vélo électrique : le guide pour bien choisir",
    });
    expect(check.top[3]!.reading).toEqual({ state: "unread", reason: "403" });
    expect(check.top[6]!.reading).toEqual({ state: "unread", reason: "timeout" });

    const model = check.model!;
    expect(model.builtAt).toBe("2026-11-20T09:20:00.000Z");
    expect(model.pages).toBe(8);
    expect(model.questions.map((q) => q.text)).toContain("Quelle autonomie pour un vélo électrique ?");
    expect(model.terms[0]).toEqual({ key: "batter", label: "batterie", pages: 8, range: [3, 9], inHeadings: 5 });
    expect(model.length).toEqual({ p25: 1450, p50: 1900, p75: 2400 });
    expect(model.headings).toEqual({ p25: 6, p50: 9, p75: 13 });
    expect(model.topScores).toEqual({ median: 64, best: 81 });
  });

  it("reads the check and its model in one query, after the page's check", async () => {
    const { queries } = await countQueries(database.db, () => keywordResearch(alice, { pageId: pageA, keywordId: researched }));
    expect(queries).toBe(2);
    const page = await ownedPage(alice, pageA);
    const again = await countQueries(database.db, () => keywordResearch(alice, { pageId: page, keywordId: researched }));
    expect(again.queries).toBe(1);
  });

  it("gives an empty research to a keyword never searched for the site", async () => {
    expect(await keywordResearch(alice, { pageId: pageA, keywordId: unsearched })).toEqual({
      keywordId: unsearched,
      keyword: `vae pliant ${stamp}`,
      check: null,
    });
  });

  it("says of a check made before the research that it kept no features, and that its pages are not read yet", async () => {
    const research = await keywordResearch(alice, { pageId: pageA, keywordId: oldCheck });
    expect(research.check).toMatchObject({ features: null, model: null });
    expect(research.check!.top).toHaveLength(10);
    expect(research.check!.top.every((result) => result.reading.state === "pending")).toBe(true);
  });

  it("refuses another user's page like a missing one, a page of another site, and a keyword not linked to the page", async () => {
    await expect(keywordResearch(bob, { pageId: pageA, keywordId: researched })).rejects.toBeInstanceOf(NotFoundError);
    await expect(keywordResearch(alice, { pageId: pageB, keywordId: researched })).rejects.toBeInstanceOf(NotFoundError);
    await expect(keywordResearch(alice, { pageId: pageA, keywordId: researched, siteId: siteB })).rejects.toBeInstanceOf(NotFoundError);
    await expect(keywordResearch(alice, { pageId: pageA, keywordId: 999_999_999 })).rejects.toBeInstanceOf(KeywordNotFoundError);
    // Bob sees his own site's check of the same keyword, never Alice's.
    const his = await keywordResearch(bob, { pageId: pageB, keywordId: researched });
    expect(his.check).toMatchObject({ checkedAt: "2026-11-25T09:00:00.000Z", model: null });
  });
});

describe("pageResearch", () => {
  it("gives the research of every keyword in use of the page, in the order they were added, in one query", async () => {
    const page = await ownedPage(alice, pageA);
    const { result, queries } = await countQueries(database.db, () => pageResearch(alice, page));
    expect(queries).toBe(1);
    expect(result.map((research) => research.keywordId)).toEqual([researched, unsearched, oldCheck]);
    expect(result[0]!.check?.model?.questions).toHaveLength(4);
    expect(result[1]!.check).toBeNull();
    expect(result[2]!.check?.features).toBeNull();
  });

  it("refuses another user's page", async () => {
    await expect(pageResearch(bob, pageA)).rejects.toBeInstanceOf(NotFoundError);
  });
});
