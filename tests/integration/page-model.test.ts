/**
 * models/page.server: the list's counts (no multiplication between keywords, SERP rows and LLM
 * answers), its order, status fallback, URL normalisation, batch article creation, the latest
 * versions for 'Copy URLs', deletion with its cascade, and ownership on every function.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  actions,
  keywords,
  llms,
  pages,
  pagesActions,
  pagesKeywords,
  pagesLlmAnswers,
  pagesVersions,
  serps,
  siteBriefs,
  sites,
} from "../../db/schema";
import { pageFormSchema, type PageInput } from "~/lib/schemas/page";
import { NotFoundError } from "~/models/access.server";
import { listDemoArticles } from "~/models/demo.server";
import { MissingActionError } from "~/models/page-action.server";
import {
  BatchRuleError,
  createPage,
  deletePage,
  latestVersionsFor,
  listPages,
  listStatuses,
  queueArticleCreation,
  updatePage,
} from "~/models/page.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let llmIds: number[];

function input(values: Record<string, unknown> = {}): PageInput {
  return pageFormSchema.parse({ name: "A page", url: "/a-page", ...values });
}

async function insertSite(owner: TestUser, url = "https://example.com") {
  const [site] = await database.db.insert(sites).values({ name: url, url, linkedUser: owner.id }).returning({ id: sites.id });
  return site.id;
}

async function rawPage(id: number) {
  const [row] = await database.db.select().from(pages).where(eq(pages.id, id));
  return row;
}

let keywordSequence = 0;
/** Links `count` new keywords to a page, each with `results` SERP rows; returns the keyword ids. */
async function addKeywords(pageId: number, count: number, results: number) {
  const ids: number[] = [];
  for (let k = 0; k < count; k++) {
    keywordSequence += 1;
    const [keyword] = await database.db
      .insert(keywords)
      .values({ keyword: `keyword ${keywordSequence} ${Math.random()}` })
      .returning({ id: keywords.id });
    ids.push(keyword.id);
    await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword.id });
    if (results > 0) {
      await database.db.insert(serps).values(
        Array.from({ length: results }, (_, i) => ({
          site: sql<number>`(select site from pages where id = ${pageId})`,
          linkedKeyword: keyword.id,
          positionAbsolute: i + 1,
          title: `r${i}`,
          url: `https://r${i}.test`,
        })),
      );
    }
  }
  return ids;
}

async function addAnswers(pageId: number, count: number) {
  await database.db
    .insert(pagesLlmAnswers)
    .values(Array.from({ length: count }, (_, i) => ({ linkedPage: pageId, linkedLlm: llmIds[i % llmIds.length], answer: `answer ${i}` })));
}

async function addVersion(pageId: number, createdDate: Date) {
  const [row] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: "<p>v</p>", createdDate })
    .returning({ id: pagesVersions.id });
  return row.id;
}

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice Martin" });
  bob = await insertUser(database.db, { name: "Bob Durand" });
  llmIds = (await database.db.select({ id: llms.id }).from(llms)).map((r) => r.id);
  expect(llmIds.length).toBeGreaterThan(0);
});

describe("listStatuses", () => {
  it("lists the statuses table by id", async () => {
    expect(await listStatuses()).toEqual([
      { id: 1, name: "Published" },
      { id: 2, name: "Draft" },
      { id: 3, name: "In Review" },
    ]);
  });
});

describe("createPage", () => {
  it("creates a page owned through the site, by the user, with both dates set to now", async () => {
    const siteId = await insertSite(alice);
    const before = Date.now();
    const page = await createPage(
      alice,
      siteId,
      input({ name: "  Guide  ", url: "/blog/guide", status: "2", hideCoverImageFromPreview: "on" }),
    );
    const row = await rawPage(page.id);
    expect(row).toMatchObject({
      site: siteId,
      name: "Guide",
      url: "https://example.com/blog/guide",
      status: 2,
      creator: alice.id,
      hideRevisionsTextsFromPreview: false,
      hideCoverImageFromPreview: true,
    });
    expect(row.dateCreated.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.dateModified.getTime()).toBe(row.dateCreated.getTime());
  });

  it("never lets a client mark a page as a demo article (only the service's team decides what the home page shows)", async () => {
    const siteId = await insertSite(alice);
    const page = await createPage(alice, siteId, input({ name: "Mine on the home page?", hideRevisionsTextsFromPreview: "on" }));
    await database.db.insert(pagesVersions).values({ page: page.id, htmlContent: "<p>Spam</p>" });
    expect((await rawPage(page.id)).hideRevisionsTextsFromPreview).toBe(false);
    await updatePage(alice, siteId, page.id, input({ name: "Mine on the home page?", hideRevisionsTextsFromPreview: "on" }));
    expect((await rawPage(page.id)).hideRevisionsTextsFromPreview).toBe(false);
    expect((await listDemoArticles(10_000)).map((d) => d.pageId)).not.toContain(page.id);

    // A page the team marked as demo stays one when its owner edits it.
    await database.db.update(pages).set({ hideRevisionsTextsFromPreview: true }).where(eq(pages.id, page.id));
    await updatePage(alice, siteId, page.id, input({ name: "Renamed" }));
    expect(await rawPage(page.id)).toMatchObject({ name: "Renamed", hideRevisionsTextsFromPreview: true });
  });

  it("normalises the URL: kept with a scheme, https:// in front of a bare host", async () => {
    const siteId = await insertSite(alice, "https://shop.example.org/");
    expect((await createPage(alice, siteId, input({ url: "http://elsewhere.test/x" }))).url).toBe("http://elsewhere.test/x");
    expect((await createPage(alice, siteId, input({ url: "example.com/post" }))).url).toBe("https://example.com/post");
    expect((await createPage(alice, siteId, input({ url: "/fr/produit" }))).url).toBe("https://shop.example.org/fr/produit");
    expect((await createPage(alice, siteId, input({ url: "blog/post" }))).url).toBe("https://shop.example.org/blog/post");
  });

  it("falls back to status 1 for an unknown id, an unparsable value and a missing status", async () => {
    const siteId = await insertSite(alice);
    expect((await createPage(alice, siteId, input({ status: "999" }))).status).toBe(1);
    expect((await createPage(alice, siteId, input({ status: "draft" }))).status).toBe(1);
    expect((await createPage(alice, siteId, input())).status).toBe(1);
    expect((await createPage(alice, siteId, input({ status: "3" }))).status).toBe(3);
  });

  it("refuses another user's site and a missing one, and creates nothing", async () => {
    const siteId = await insertSite(alice);
    await expect(createPage(bob, siteId, input({ name: "Intruder" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(createPage(bob, 987654, input({ name: "Intruder" }))).rejects.toBeInstanceOf(NotFoundError);
    const rows = await database.db.select().from(pages).where(eq(pages.name, "Intruder"));
    expect(rows).toEqual([]);
  });
});

describe("listPages", () => {
  it("counts SERP results over every keyword and LLM answers once each, without multiplying them", async () => {
    const siteId = await insertSite(alice);
    const rich = await createPage(alice, siteId, input({ name: "Rich" }));
    const serpOnly = await createPage(alice, siteId, input({ name: "SERP only" }));
    const answersOnly = await createPage(alice, siteId, input({ name: "Answers only" }));
    const empty = await createPage(alice, siteId, input({ name: "Empty" }));
    // 3 keywords with 4, 4, 4 results + 1 keyword with none = 12; 5 answers. A join of both would say 60.
    await addKeywords(rich.id, 3, 4);
    await addKeywords(rich.id, 1, 0);
    await addAnswers(rich.id, 5);
    await addKeywords(serpOnly.id, 2, 7);
    await addAnswers(answersOnly.id, 3);
    // A keyword shared with another page counts for both.
    const [shared] = await addKeywords(serpOnly.id, 1, 2);
    await database.db.insert(pagesKeywords).values({ linkedPage: rich.id, linkedKeyword: shared });
    // Another account tracks the same keyword with results of its own: they count for its site only.
    const bobsPage = await createPage(bob, await insertSite(bob, "https://bob.example"), input({ name: "Bob's" }));
    await database.db.insert(pagesKeywords).values({ linkedPage: bobsPage.id, linkedKeyword: shared });
    await database.db.insert(serps).values(
      [1, 2, 3].map((position) => ({
        site: sql<number>`(select site from pages where id = ${bobsPage.id})`,
        linkedKeyword: shared,
        positionAbsolute: position,
      })),
    );

    const list = await listPages(alice, siteId);
    const byName = Object.fromEntries(list.map((p) => [p.name, p]));
    expect(byName.Rich).toMatchObject({ serpResultsCount: 14, llmAnswersCount: 5 });
    expect(byName["SERP only"]).toMatchObject({ serpResultsCount: 16, llmAnswersCount: 0 });
    expect(byName["Answers only"]).toMatchObject({ serpResultsCount: 0, llmAnswersCount: 3 });
    expect(byName.Empty).toMatchObject({ serpResultsCount: 0, llmAnswersCount: 0, latestVersionId: null });
    expect(list).toHaveLength(4);
    expect(empty.id).toBeGreaterThan(0);
  });

  it("gives the status name, the newest version, and orders by date modified, newest first", async () => {
    const siteId = await insertSite(alice);
    const a = await createPage(alice, siteId, input({ name: "A", status: "3" }));
    const b = await createPage(alice, siteId, input({ name: "B", status: "2" }));
    const c = await createPage(alice, siteId, input({ name: "C" }));
    await database.db
      .update(pages)
      .set({ dateModified: new Date("2026-01-01T10:00:00Z") })
      .where(eq(pages.id, a.id));
    await database.db
      .update(pages)
      .set({ dateModified: new Date("2026-03-01T10:00:00Z") })
      .where(eq(pages.id, b.id));
    await database.db
      .update(pages)
      .set({ dateModified: new Date("2026-02-01T10:00:00Z") })
      .where(eq(pages.id, c.id));
    await addVersion(a.id, new Date("2026-01-01T00:00:00Z"));
    const newest = await addVersion(a.id, new Date("2026-01-03T00:00:00Z"));
    await addVersion(a.id, new Date("2026-01-02T00:00:00Z"));

    const list = await listPages(alice, siteId);
    expect(list.map((p) => p.name)).toEqual(["B", "C", "A"]);
    expect(list.map((p) => p.statusName)).toEqual(["Draft", "Published", "In Review"]);
    expect(list.find((p) => p.name === "A")!.latestVersionId).toBe(newest);
    expect(list[0].dateModified).toBeInstanceOf(Date);
  });

  it("lists only the pages of that site, and refuses another user's site", async () => {
    const mine = await insertSite(alice);
    const other = await insertSite(alice);
    await createPage(alice, mine, input({ name: "Mine" }));
    await createPage(alice, other, input({ name: "Other site" }));
    expect((await listPages(alice, mine)).map((p) => p.name)).toEqual(["Mine"]);
    await expect(listPages(bob, mine)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listPages(alice, 987654)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("updatePage", () => {
  it("changes the page and sets date_modified; an unknown status becomes 1; no status keeps it", async () => {
    const siteId = await insertSite(alice);
    const page = await createPage(alice, siteId, input({ status: "2", hideCoverImageFromPreview: "on" }));
    await database.db
      .update(pages)
      .set({ dateModified: new Date("2020-01-01T00:00:00Z") })
      .where(eq(pages.id, page.id));

    const updated = await updatePage(alice, siteId, page.id, input({ name: "Renamed", url: "renamed.example.com/x" }));
    expect(updated).toMatchObject({ name: "Renamed", url: "https://renamed.example.com/x", status: 2, hideCoverImageFromPreview: false });
    expect(updated.dateModified.getTime()).toBeGreaterThan(new Date("2025-01-01").getTime());
    expect(updated.dateCreated.getTime()).toBe(page.dateCreated.getTime());

    expect((await updatePage(alice, siteId, page.id, input({ status: "3" }))).status).toBe(3);
    expect((await updatePage(alice, siteId, page.id, input({ status: "42" }))).status).toBe(1);
  });

  it("refuses another user, another site's page and a missing page, and changes nothing", async () => {
    const siteId = await insertSite(alice);
    const otherSite = await insertSite(alice);
    const page = await createPage(alice, siteId, input({ name: "Kept" }));
    const before = await rawPage(page.id);
    await expect(updatePage(bob, siteId, page.id, input({ name: "Taken" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(updatePage(alice, otherSite, page.id, input({ name: "Moved" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(updatePage(alice, siteId, 987654, input())).rejects.toBeInstanceOf(NotFoundError);
    expect(await rawPage(page.id)).toEqual(before);
  });
});

describe("deletePage", () => {
  it("deletes the page with its versions, keyword links, answers and actions", async () => {
    const siteId = await insertSite(alice);
    const page = await createPage(alice, siteId, input({ name: "Doomed" }));
    const [keyword] = await addKeywords(page.id, 1, 3);
    await addAnswers(page.id, 2);
    const version = await addVersion(page.id, new Date());
    const keep = await createPage(alice, siteId, input({ name: "Kept" }));
    await queueArticleCreation(alice, siteId, [page.id, keep.id]);

    expect(await deletePage(alice, siteId, page.id)).toEqual({ id: page.id, name: "Doomed" });
    expect(await rawPage(page.id)).toBeUndefined();
    expect(await database.db.select().from(pagesVersions).where(eq(pagesVersions.id, version))).toEqual([]);
    expect(await database.db.select().from(pagesKeywords).where(eq(pagesKeywords.linkedPage, page.id))).toEqual([]);
    expect(await database.db.select().from(pagesLlmAnswers).where(eq(pagesLlmAnswers.linkedPage, page.id))).toEqual([]);
    expect(await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, page.id))).toEqual([]);
    // The keyword and its search results are shared data: they stay.
    expect(await database.db.select().from(serps).where(eq(serps.linkedKeyword, keyword))).toHaveLength(3);
    expect(await rawPage(keep.id)).toBeDefined();
  });

  it("refuses another user and another site, and deletes nothing", async () => {
    const siteId = await insertSite(alice);
    const otherSite = await insertSite(alice);
    const page = await createPage(alice, siteId, input());
    await expect(deletePage(bob, siteId, page.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deletePage(alice, otherSite, page.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await rawPage(page.id)).toBeDefined();
  });
});

describe("queueArticleCreation", () => {
  it("queues one request per page, the first queued null, the others true: outlines first, or the articles when the site skips them", async () => {
    const siteId = await insertSite(alice);
    const p1 = await createPage(alice, siteId, input({ name: "One" }));
    const p2 = await createPage(alice, siteId, input({ name: "Two" }));
    const p3 = await createPage(alice, siteId, input({ name: "Three" }));
    const rowsOf = async (name: string) => {
      const [action] = await database.db.select().from(actions).where(eq(actions.name, name));
      const rows = await database.db
        .select()
        .from(pagesActions)
        .where(and(inArray(pagesActions.linkedPage, [p1.id, p2.id, p3.id]), eq(pagesActions.linkedAction, action.id)))
        .orderBy(pagesActions.id);
      return rows.map((r) => [r.linkedPage, r.queued, r.creator, r.linkedPagesVersion]);
    };
    const expected = [
      [p2.id, null, alice.id, null],
      [p1.id, true, alice.id, null],
      [p3.id, true, alice.id, null],
    ];
    expect(await queueArticleCreation(alice, siteId, [p2.id, p1.id, p3.id, p1.id])).toHaveLength(3);
    expect(await rowsOf("create_outline")).toEqual(expected);
    expect(await rowsOf("create_article")).toEqual([]);

    await database.db.insert(siteBriefs).values({ siteId, outlineStep: false });
    expect(await queueArticleCreation(alice, siteId, [p2.id, p1.id, p3.id, p1.id])).toHaveLength(3);
    expect(await rowsOf("create_article")).toEqual(expected);
  });

  it("needs 2 pages or more, and says 'No page IDs provided' for none", async () => {
    const siteId = await insertSite(alice);
    const p1 = await createPage(alice, siteId, input());
    await expect(queueArticleCreation(alice, siteId, [])).rejects.toThrow(new BatchRuleError("No page IDs provided"));
    await expect(queueArticleCreation(alice, siteId, [p1.id])).rejects.toBeInstanceOf(BatchRuleError);
    await expect(queueArticleCreation(alice, siteId, [p1.id, p1.id])).rejects.toBeInstanceOf(BatchRuleError);
    expect(await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, p1.id))).toEqual([]);
  });

  it("refuses when any page is another user's or of another site, and queues nothing", async () => {
    const siteId = await insertSite(alice);
    const otherSite = await insertSite(alice);
    const bobsSite = await insertSite(bob);
    const p1 = await createPage(alice, siteId, input());
    const p2 = await createPage(alice, siteId, input());
    const elsewhere = await createPage(alice, otherSite, input());
    const bobs = await createPage(bob, bobsSite, input());
    await expect(queueArticleCreation(alice, siteId, [p1.id, elsewhere.id])).rejects.toBeInstanceOf(NotFoundError);
    await expect(queueArticleCreation(alice, siteId, [p1.id, bobs.id])).rejects.toBeInstanceOf(NotFoundError);
    await expect(queueArticleCreation(bob, siteId, [p1.id, p2.id])).rejects.toBeInstanceOf(NotFoundError);
    await expect(queueArticleCreation(alice, siteId, [p1.id, 987654])).rejects.toBeInstanceOf(NotFoundError);
    const rows = await database.db
      .select()
      .from(pagesActions)
      .where(inArray(pagesActions.linkedPage, [p1.id, p2.id, elsewhere.id, bobs.id]));
    expect(rows).toEqual([]);
  });

  it("says so when the create_article action is missing from the catalogue", async () => {
    const siteId = await insertSite(alice);
    await database.db.insert(siteBriefs).values({ siteId, outlineStep: false });
    const p1 = await createPage(alice, siteId, input());
    const p2 = await createPage(alice, siteId, input());
    const [row] = await database.db.select().from(actions).where(eq(actions.name, "create_article"));
    await database.db.update(actions).set({ name: "create_article_renamed" }).where(eq(actions.id, row.id));
    try {
      const attempt = queueArticleCreation(alice, siteId, [p1.id, p2.id]);
      await expect(attempt).rejects.toBeInstanceOf(MissingActionError);
      await expect(attempt).rejects.toThrow('Could not find required "create_article" action');
    } finally {
      await database.db.update(actions).set({ name: "create_article" }).where(eq(actions.id, row.id));
    }
  });
});

describe("latestVersionsFor", () => {
  it("gives each page's newest version with its name, in the order asked, skipping pages without one", async () => {
    const siteId = await insertSite(alice);
    const a = await createPage(alice, siteId, input({ name: "Alpha" }));
    const b = await createPage(alice, siteId, input({ name: "Beta" }));
    const none = await createPage(alice, siteId, input({ name: "No version" }));
    await addVersion(a.id, new Date("2026-01-01T00:00:00Z"));
    const aNewest = await addVersion(a.id, new Date("2026-02-01T00:00:00Z"));
    const bOnly = await addVersion(b.id, new Date("2026-01-01T00:00:00Z"));
    const publicIdOf = async (id: number) =>
      (await database.db.select({ publicId: pagesVersions.publicId }).from(pagesVersions).where(eq(pagesVersions.id, id)))[0].publicId;
    expect(await latestVersionsFor(alice, siteId, [b.id, none.id, a.id])).toEqual([
      { pageId: b.id, name: "Beta", versionId: bOnly, publicId: await publicIdOf(bOnly) },
      { pageId: a.id, name: "Alpha", versionId: aNewest, publicId: await publicIdOf(aNewest) },
    ]);
    expect(await latestVersionsFor(alice, siteId, [none.id])).toEqual([]);
  });

  it("refuses pages of another user or site", async () => {
    const siteId = await insertSite(alice);
    const page = await createPage(alice, siteId, input());
    await addVersion(page.id, new Date());
    await expect(latestVersionsFor(bob, siteId, [page.id])).rejects.toBeInstanceOf(NotFoundError);
    const bobsSite = await insertSite(bob);
    await expect(latestVersionsFor(bob, bobsSite, [page.id])).rejects.toBeInstanceOf(NotFoundError);
  });
});
