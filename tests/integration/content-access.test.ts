/** models/access, site overview and rename, page summary: everything answers only to the site's owner. */
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesKeywords, pagesLlmAnswers, pagesVersions, pagesVersionsImages, keywords, llms, sites } from "../../db/schema";
import { NotFoundError, ownedPage, ownedPageRef, ownedSite, ownedVersion, parseId } from "~/models/access.server";
import { getPageSummary } from "~/models/page-summary.server";
import { getSiteOverview, renameSite, SiteNotFoundError } from "~/models/site.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let siteA: number;
let otherSiteA: number;
let pageA: number;
let versionOld: number;
let versionNew: number;

beforeAll(async () => {
  const { db } = await database;
  alice = await insertUser(db);
  bob = await insertUser(db);
  [{ id: siteA }, { id: otherSiteA }] = await db
    .insert(sites)
    .values([
      { name: "Alice site", url: "https://alice.example", linkedUser: alice.id },
      { name: "Alice other", url: "https://other.example", linkedUser: alice.id },
    ])
    .returning({ id: sites.id });
  [{ id: pageA }] = await db
    .insert(pages)
    .values({ site: siteA, name: "Guide", url: "https://alice.example/guide" })
    .returning({ id: pages.id });
  await db.insert(pages).values({ site: siteA, name: "Second", url: "https://alice.example/second" });
  [{ id: versionOld }] = await db
    .insert(pagesVersions)
    .values({ page: pageA, htmlContent: "<p>old</p>", createdDate: new Date("2026-01-01T10:00:00Z") })
    .returning({ id: pagesVersions.id });
  [{ id: versionNew }] = await db
    .insert(pagesVersions)
    .values({ page: pageA, htmlContent: "<p>new</p>", createdDate: new Date("2026-02-01T10:00:00Z") })
    .returning({ id: pagesVersions.id });
  const [{ id: keyword }] = await db
    .insert(keywords)
    .values({ keyword: `guide ${Date.now()}` })
    .returning({ id: keywords.id });
  await db.insert(pagesKeywords).values({ linkedPage: pageA, linkedKeyword: keyword });
  const [llm] = await db.select({ id: llms.id }).from(llms).limit(1);
  await db.insert(pagesLlmAnswers).values([
    { linkedPage: pageA, linkedLlm: llm.id, answer: "one" },
    { linkedPage: pageA, linkedLlm: llm.id, answer: "two" },
  ]);
  await db.insert(pagesVersionsImages).values([
    { linkedPage: pageA, imageUrl: "/a.png", type: "proposition" },
    { linkedPage: pageA, imageUrl: "/b.png", type: "example" },
  ]);
});

describe("ownership helpers", () => {
  it("give the owner their site, page and version", async () => {
    expect(await ownedSite(alice, siteA)).toMatchObject({ id: siteA, name: "Alice site" });
    expect(await ownedPage(alice, pageA, siteA)).toMatchObject({ id: pageA, name: "Guide", site: { id: siteA } });
    expect((await ownedVersion(alice, versionNew)).page.id).toBe(pageA);
  });

  it("answer another account exactly like a missing record", async () => {
    await expect(ownedSite(bob, siteA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(ownedSite(bob, 999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(ownedPage(bob, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(ownedVersion(bob, versionNew)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuse a page reached through another site of the same owner", async () => {
    await expect(ownedPage(alice, pageA, otherSiteA)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("read only positive integer ids", () => {
    expect(parseId("12", "site")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "", undefined, "1e400"]) expect(() => parseId(bad, "site")).toThrow(NotFoundError);
  });
});

describe("site overview and rename", () => {
  it("counts the site's pages", async () => {
    expect(await getSiteOverview(alice, siteA)).toMatchObject({ id: siteA, pagesCount: 2 });
    expect(await getSiteOverview(alice, otherSiteA)).toMatchObject({ pagesCount: 0 });
    await expect(getSiteOverview(bob, siteA)).rejects.toBeInstanceOf(SiteNotFoundError);
  });

  it("renames only the owner's site", async () => {
    await expect(renameSite(bob, siteA, "Stolen")).rejects.toBeInstanceOf(SiteNotFoundError);
    expect((await getSiteOverview(alice, siteA)).name).toBe("Alice site");
    expect(await renameSite(alice, siteA, "Renamed")).toEqual({ name: "Renamed" });
    expect((await getSiteOverview(alice, siteA)).name).toBe("Renamed");
  });
});

describe("a page checked once and passed on (PageRef)", () => {
  it("is taken as checked for the user it was checked for, on its own site", async () => {
    const page = await ownedPage(alice, pageA, siteA);
    expect(await ownedPageRef(alice, page)).toBe(page);
    expect(await ownedPageRef(alice, page, siteA)).toBe(page);
    // Given to the summary, the lists and the versions, it is the same page.
    expect((await getPageSummary(alice, siteA, page)).page).toBe(page);
  });

  it("is read and checked again for anyone else, on another site, or when it was not made by ownedPage", async () => {
    const page = await ownedPage(alice, pageA, siteA);
    await expect(ownedPageRef(bob, page)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPageSummary(bob, siteA, page)).rejects.toBeInstanceOf(NotFoundError);
    await expect(ownedPageRef(alice, page, otherSiteA)).rejects.toBeInstanceOf(NotFoundError);
    // A copy (or an object made elsewhere with the same fields) proves nothing: it is read like an id.
    const copy = { ...page, site: { ...page.site } };
    const reread = await ownedPageRef(alice, copy);
    expect(reread).not.toBe(copy);
    expect(reread).toEqual(page);
    await expect(ownedPageRef(bob, { ...page })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("page summary", () => {
  it("gives the newest version and what each block holds", async () => {
    const summary = await getPageSummary(alice, siteA, pageA);
    expect(summary.latestVersionId).toBe(versionNew);
    expect(summary.counts).toEqual({ versions: 2, keywords: 1, llmAnswers: 2, images: 1 });
    expect(versionOld).toBeLessThan(versionNew);
  });

  it("refuses another account and a page of another site", async () => {
    await expect(getPageSummary(bob, siteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPageSummary(alice, otherSiteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
  });
});
