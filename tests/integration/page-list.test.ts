/**
 * models/page.server listPagesPaged (issue 13): the page list paged on the server. Its search, status filter
 * and sort must give what the screen gave when it did them in the browser over the whole list: each case
 * below is also checked against that reference (listPages, then lib/page-rules' matchesSearch and
 * matchesStatus, then the table's stable sort with its collator), page by page. Plus the paging bounds, the
 * total, the counts of the rows shown and ownership.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { keywords, llms, pages, pagesKeywords, pagesLlmAnswers, pagesVersions, serps, sites } from "../../db/schema";
import { DEFAULT_PAGE_LIST_QUERY, type PageListQuery, type PageSize } from "~/lib/page-list-query";
import { matchesSearch, matchesStatus, PAGE_SIZE_OPTIONS, STATUS_FILTERS, type Sort, type SortColumn } from "~/lib/page-rules";
import { NotFoundError } from "~/models/access.server";
import { listPages, listPagesPaged, type PageListRow } from "~/models/page.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let siteId: number;
let otherSiteId: number;
const idOf: Record<string, number> = {};

/** What the screen did before issue 13, over the whole list (listPages' order: newest change first). */
const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
function reference(all: PageListRow[], query: PageListQuery): PageListRow[] {
  const shown = all.filter((page) => matchesSearch(page, query.search) && matchesStatus(page, query.status));
  const column = query.sort.id;
  const compare = (a: PageListRow, b: PageListRow) =>
    column === "dateModified" ? a.dateModified.getTime() - b.dateModified.getTime() : collator.compare(a[column], b[column]);
  // TanStack Table's sort: the column's comparison, reversed when descending; ties keep the list's order.
  return shown
    .map((page, index) => ({ page, index }))
    .sort((a, b) => (query.sort.desc ? -1 : 1) * compare(a.page, b.page) || a.index - b.index)
    .map(({ page }) => page);
}

const q = (fields: Partial<PageListQuery> = {}): PageListQuery => ({ ...DEFAULT_PAGE_LIST_QUERY, ...fields });
const names = (rows: { name: string }[]) => rows.map((row) => row.name);
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice Martin" });
  bob = await insertUser(database.db, { name: "Bob Durand" });
  const inserted = await database.db
    .insert(sites)
    .values([
      { name: "Jardin", url: "https://jardin.example", linkedUser: alice.id },
      { name: "Other", url: "https://other.example", linkedUser: alice.id },
    ])
    .returning({ id: sites.id });
  [siteId, otherSiteId] = inserted.map((s) => s.id);

  // Names and URLs that a plain byte order would sort differently: case, accents, numbers, punctuation;
  // equal names and equal dates (ties keep newest change first, then the highest id).
  const rows: { name: string; url: string; status: number; dateModified: Date }[] = [
    { name: "Tomates anciennes", url: "https://jardin.example/potager/tomates", status: 1, dateModified: at("2026-03-01T10:00:00Z") },
    { name: "tomates cerises", url: "https://jardin.example/potager/Tomates-cerises", status: 2, dateModified: at("2026-03-02T10:00:00Z") },
    { name: "Élagage", url: "https://jardin.example/arbres/elagage", status: 3, dateModified: at("2026-03-03T10:00:00Z") },
    { name: "elagage d'hiver", url: "https://jardin.example/arbres/élagage-hiver", status: 1, dateModified: at("2026-03-04T10:00:00Z") },
    { name: "Semis 2", url: "https://jardin.example/semis/2", status: 2, dateModified: at("2026-03-05T10:00:00Z") },
    { name: "Semis 10", url: "https://jardin.example/semis/10", status: 2, dateModified: at("2026-03-05T10:00:00Z") },
    { name: "Semis 1", url: "https://jardin.example/semis/1", status: 3, dateModified: at("2026-03-05T10:00:00Z") },
    { name: "Courgettes", url: "https://jardin.example/potager/courgettes", status: 1, dateModified: at("2026-02-01T10:00:00Z") },
    { name: "courgettes", url: "https://jardin.example/potager/courgettes-2", status: 3, dateModified: at("2026-02-02T10:00:00Z") },
    { name: "COURGETTES", url: "https://jardin.example/potager/courgettes-3", status: 1, dateModified: at("2026-02-01T10:00:00Z") },
    { name: "Poivrons", url: "https://jardin.example/potager/poivrons", status: 2, dateModified: at("2026-01-15T08:30:00Z") },
    { name: "Œillets", url: "https://jardin.example/fleurs/oeillets", status: 1, dateModified: at("2026-01-20T08:30:00Z") },
    {
      name: "oeillets mignardise",
      url: "https://jardin.example/fleurs/œillets-mignardise",
      status: 2,
      dateModified: at("2026-01-21T08:30:00Z"),
    },
    { name: "Zinnias", url: "https://jardin.example/fleurs/zinnias", status: 3, dateModified: at("2026-01-22T08:30:00Z") },
    { name: "_brouillon", url: "https://jardin.example/_brouillon", status: 2, dateModified: at("2026-01-23T08:30:00Z") },
    { name: "100% bio", url: "https://jardin.example/bio-100", status: 1, dateModified: at("2026-01-24T08:30:00Z") },
    { name: "Ail", url: "http://jardin.example/potager/ail", status: 3, dateModified: at("2026-01-25T08:30:00Z") },
  ];
  for (let i = 1; i <= 8; i++) {
    rows.push({
      name: `Article ${String(i).padStart(2, "0")}`,
      url: `https://jardin.example/blog/article-${i}`,
      status: 1 + (i % 3),
      dateModified: at(`2025-12-${String(i).padStart(2, "0")}T12:00:00Z`),
    });
  }
  const created = await database.db
    .insert(pages)
    .values(rows.map((row) => ({ ...row, site: siteId, dateCreated: row.dateModified })))
    .returning({ id: pages.id, name: pages.name });
  for (const row of created) idOf[row.name] = row.id;

  // Two changes within the same millisecond (written by SQL, to the microsecond): the browser's dates
  // (milliseconds) saw a tie, kept in the list's order, in both directions.
  await database.db.execute(sql`update ${pages} set date_modified = '2026-03-06 10:00:00.123400+00' where id = ${idOf["Ail"]}`);
  await database.db.execute(sql`update ${pages} set date_modified = '2026-03-06 10:00:00.123900+00' where id = ${idOf["Zinnias"]}`);

  // A page of another site of Alice's, which no list of this site shows.
  await database.db.insert(pages).values({ site: otherSiteId, name: "Tomates d'ailleurs", url: "https://other.example/tomates" });
});

describe("listPagesPaged: the same pages, in the same order, as the browser's list gave", () => {
  const SORTS: Sort[] = (["name", "url", "dateModified"] as SortColumn[]).flatMap((id) => [
    { id, desc: false },
    { id, desc: true },
  ]);
  const SEARCHES = [
    "",
    "  ",
    "tomates",
    "TOMATES",
    "élagage",
    "ELAGAGE",
    "courgettes",
    "/potager/",
    "semis 1",
    "œ",
    "100%",
    "_",
    "http://",
    "nothing like this",
  ];

  it("for every sort, each column both ways, on every page", async () => {
    const all = await listPages(alice, siteId);
    for (const sort of SORTS) {
      for (const pageSize of [5, 10] as PageSize[]) {
        const expected = reference(all, q({ sort }));
        const pageCount = Math.max(1, Math.ceil(expected.length / pageSize));
        for (let page = 1; page <= pageCount; page++) {
          const result = await listPagesPaged(alice, siteId, q({ sort, pageSize, page }));
          const slice = expected.slice((page - 1) * pageSize, page * pageSize);
          expect(names(result.rows), `${JSON.stringify(sort)}, ${pageSize} per page, page ${page}`).toEqual(names(slice));
          expect(result.rows.map((r) => r.id)).toEqual(slice.map((r) => r.id));
          expect(result).toMatchObject({ total: all.length, page, pageCount, pageSize });
        }
      }
    }
  });

  it("for every search and status filter, with every sort", async () => {
    const all = await listPages(alice, siteId);
    for (const search of SEARCHES) {
      for (const { value: status } of STATUS_FILTERS) {
        for (const sort of SORTS) {
          const query = q({ search, status, sort, pageSize: 50 });
          const expected = reference(all, query);
          const result = await listPagesPaged(alice, siteId, query);
          const label = `search ${JSON.stringify(search)}, status ${status}, ${JSON.stringify(sort)}`;
          expect(
            result.rows.map((r) => r.id),
            label,
          ).toEqual(expected.map((r) => r.id));
          expect(result.total, label).toBe(expected.length);
        }
      }
    }
  });
});

describe("listPagesPaged: the rules, case by case", () => {
  it("searches the name or the URL, case-insensitive, trimmed; a blank search matches everything", async () => {
    expect(names((await listPagesPaged(alice, siteId, q({ search: "TOMATES" }))).rows).sort()).toEqual([
      "Tomates anciennes",
      "tomates cerises",
    ]);
    // 'tomates-cerises' in the URL only, in another case.
    expect(names((await listPagesPaged(alice, siteId, q({ search: "/TOMATES-C" }))).rows)).toEqual(["tomates cerises"]);
    // Accents count (as in the browser): 'élagage' is in one name and one URL, 'elagage' in another name and URL.
    expect(names((await listPagesPaged(alice, siteId, q({ search: "ÉLAGAGE" }))).rows).sort()).toEqual(
      ["Élagage", "elagage d'hiver"].sort(),
    );
    expect(names((await listPagesPaged(alice, siteId, q({ search: "  poivrons  " }))).rows)).toEqual(["Poivrons"]);
    // Wildcards of LIKE are plain characters here.
    expect(names((await listPagesPaged(alice, siteId, q({ search: "100%" }))).rows)).toEqual(["100% bio"]);
    expect(names((await listPagesPaged(alice, siteId, q({ search: "_b" }))).rows)).toEqual(["_brouillon"]);
    expect((await listPagesPaged(alice, siteId, q({ search: "   " }))).total).toBe(25);
    // The other site's page is never found.
    expect((await listPagesPaged(alice, siteId, q({ search: "ailleurs" }))).total).toBe(0);
  });

  it("filters by status name: published, in review, draft; 'all' keeps every page", async () => {
    const count = async (status: PageListQuery["status"]) => (await listPagesPaged(alice, siteId, q({ status, pageSize: 50 }))).rows;
    const published = await count("published");
    const review = await count("in review");
    const draft = await count("draft");
    expect(published.every((p) => p.statusName === "Published")).toBe(true);
    expect(review.every((p) => p.statusName === "In Review")).toBe(true);
    expect(draft.every((p) => p.statusName === "Draft")).toBe(true);
    expect(published.length + review.length + draft.length).toBe(25);
    expect((await count("all")).length).toBe(25);
    // Search and filter together.
    expect(names((await listPagesPaged(alice, siteId, q({ search: "courgettes", status: "in review" }))).rows)).toEqual(["courgettes"]);
  });

  it("sorts names like the browser did: case and accents ignored, numbers as numbers, ties newest change first", async () => {
    const byName = await listPagesPaged(alice, siteId, q({ search: "semis", sort: { id: "name", desc: false } }));
    expect(names(byName.rows)).toEqual(["Semis 1", "Semis 2", "Semis 10"]);
    // 'Courgettes' (Feb 1), 'courgettes' (Feb 2), 'COURGETTES' (Feb 1, inserted later): equal names, so
    // newest change first, then the highest id, in both directions.
    const ties = await listPagesPaged(alice, siteId, q({ search: "courgettes", sort: { id: "name", desc: false } }));
    expect(ties.rows.map((r) => r.id)).toEqual([idOf["courgettes"], idOf["COURGETTES"], idOf["Courgettes"]]);
    const tiesDesc = await listPagesPaged(alice, siteId, q({ search: "courgettes", sort: { id: "name", desc: true } }));
    expect(tiesDesc.rows.map((r) => r.id)).toEqual(ties.rows.map((r) => r.id));
    const accents = await listPagesPaged(alice, siteId, q({ search: "lagage", sort: { id: "name", desc: false } }));
    expect(names(accents.rows)).toEqual(["Élagage", "elagage d'hiver"]);
  });

  it("sorts by last modified to the millisecond, newest first by default", async () => {
    const newest = await listPagesPaged(alice, siteId, q({ pageSize: 5 }));
    // Zinnias and Ail changed within the same millisecond: a tie, newest (to the microsecond) first.
    expect(names(newest.rows).slice(0, 2)).toEqual(["Zinnias", "Ail"]);
    const oldest = await listPagesPaged(alice, siteId, q({ sort: { id: "dateModified", desc: false }, pageSize: 50 }));
    expect(names(oldest.rows).slice(0, 3)).toEqual(["Article 01", "Article 02", "Article 03"]);
    expect(names(oldest.rows).slice(-2)).toEqual(["Zinnias", "Ail"]);
  });

  it("pages: the rows of one page, the total, and the last page for a page past the end", async () => {
    const first = await listPagesPaged(alice, siteId, q({ pageSize: 10 }));
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 3, pageSize: 10 });
    expect(first.rows).toHaveLength(10);
    const last = await listPagesPaged(alice, siteId, q({ pageSize: 10, page: 3 }));
    expect(last.rows).toHaveLength(5);
    const past = await listPagesPaged(alice, siteId, q({ pageSize: 10, page: 99 }));
    expect(past).toMatchObject({ page: 3, pageCount: 3 });
    expect(past.rows.map((r) => r.id)).toEqual(last.rows.map((r) => r.id));
    // Nothing matches: one empty page.
    const none = await listPagesPaged(alice, siteId, q({ search: "nothing like this", page: 4 }));
    expect(none).toEqual({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 10 });
    // Each size of the spec; an unknown size reads as the default.
    for (const pageSize of PAGE_SIZE_OPTIONS) {
      expect((await listPagesPaged(alice, siteId, q({ pageSize }))).rows).toHaveLength(Math.min(25, pageSize));
    }
    expect((await listPagesPaged(alice, siteId, q({ pageSize: 7 as PageSize }))).pageSize).toBe(10);
    // Page 0 or less reads as the first page.
    expect((await listPagesPaged(alice, siteId, q({ page: 0 }))).page).toBe(1);
  });

  it("gives the rows' status names, counts and newest versions, as the whole list does", async () => {
    const pageId = idOf["Poivrons"];
    const [keyword] = await database.db
      .insert(keywords)
      .values({ keyword: `poivrons ${Date.now()}` })
      .returning({ id: keywords.id });
    await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword.id });
    await database.db
      .insert(serps)
      .values([1, 2, 3].map((position) => ({ site: siteId, linkedKeyword: keyword.id, positionAbsolute: position })));
    // Results of the same keyword for another site do not count here.
    await database.db.insert(serps).values({ site: otherSiteId, linkedKeyword: keyword.id, positionAbsolute: 1 });
    const [llm] = await database.db.select({ id: llms.id }).from(llms).limit(1);
    await database.db.insert(pagesLlmAnswers).values([0, 1].map((i) => ({ linkedPage: pageId, linkedLlm: llm.id, answer: `a${i}` })));
    await database.db.insert(pagesVersions).values({ page: pageId, htmlContent: "<p>old</p>", createdDate: at("2026-01-01T00:00:00Z") });
    const [newest] = await database.db
      .insert(pagesVersions)
      .values({ page: pageId, htmlContent: "<p>new</p>", createdDate: at("2026-01-02T00:00:00Z") })
      .returning({ id: pagesVersions.id });

    const { rows } = await listPagesPaged(alice, siteId, q({ search: "poivrons" }));
    expect(rows).toEqual([
      {
        id: pageId,
        name: "Poivrons",
        url: "https://jardin.example/potager/poivrons",
        status: 2,
        statusName: "Draft",
        dateModified: at("2026-01-15T08:30:00Z"),
        hideCoverImageFromPreview: false,
        hideRevisionsTextsFromPreview: false,
        serpResultsCount: 3,
        llmAnswersCount: 2,
        latestVersionId: newest.id,
      },
    ]);
    const whole = (await listPages(alice, siteId)).find((p) => p.id === pageId);
    expect(rows[0]).toEqual(whole);
    expect((await listPagesPaged(alice, siteId, q({ search: "tomates anciennes" }))).rows[0]).toMatchObject({
      serpResultsCount: 0,
      llmAnswersCount: 0,
      latestVersionId: null,
    });
  });

  it("refuses another user's site and a missing one, like a missing one", async () => {
    await expect(listPagesPaged(bob, siteId, q())).rejects.toBeInstanceOf(NotFoundError);
    await expect(listPagesPaged(bob, siteId, q({ search: "tomates" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(listPagesPaged(alice, 987654321, q())).rejects.toBeInstanceOf(NotFoundError);
    // An owned site without pages is an empty list, not a refusal.
    const [empty] = await database.db
      .insert(sites)
      .values({ name: "Empty", url: "https://empty.example", linkedUser: bob.id })
      .returning({ id: sites.id });
    expect(await listPagesPaged(bob, empty.id, q())).toEqual({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 10 });
    await database.db.delete(sites).where(eq(sites.id, empty.id));
  });
});
