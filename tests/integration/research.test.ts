/**
 * The research after a search (issue 39), against the fake DataForSEO and the local page server: the top 10
 * organic results are read and kept in web_pages, the ones that cannot be read (403, timeout, PDF, 404, too
 * large) are listed with their reason while the rest goes on, a page read within the site's check period is not
 * fetched again, private addresses are refused without OUTBOUND_ALLOW_PRIVATE_HOSTS, and the keyword's model is
 * stored with the check.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  keywordModels,
  locationCountries,
  locationLanguages,
  pagesActions,
  serpChecks,
  siteCheckSchedules,
  sites,
  webPages,
} from "../../db/schema";
import { addKeyword, queueSerpSearch } from "~/models/keyword.server";
import { createPage } from "~/models/page.server";
import { resetEnvForTests } from "~/services/env.server";
import { plan, runOnce } from "~/jobs/run.server";
import { readTopPages } from "~/services/research/web-pages.server";
import { fetchReader } from "~/services/research/page-reader.server";
import { startFakeDataForSeo, type FakeDataForSeo } from "../fakes/dataforseo";
import { startFakePages, type FakePages } from "../fakes/pages";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let fake: FakeDataForSeo;
let pages: FakePages;
let owner: TestUser;
let siteId: number;
let pageId: number;
let keywordId: number;

/** What the search ranks, in order: articles, and pages that cannot be read. */
const TOP = [
  "/articles/0",
  "/forbidden",
  "/articles/1",
  "/slow",
  "/guide.pdf",
  "/redirect/3",
  "/articles/3",
  "/missing",
  "/articles/4",
  "/huge",
];
const DAY = 24 * 60 * 60 * 1000;

function configure(extra: Record<string, string> = {}) {
  vi.stubEnv("DATAFORSEO_LOGIN", fake.login);
  vi.stubEnv("DATAFORSEO_PASSWORD", fake.password);
  vi.stubEnv("DATAFORSEO_URL", fake.url);
  // Pages get at most this long (1 s); the slow page answers after 3 s.
  vi.stubEnv("PROVIDER_TIMEOUT_MS", "1000");
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  for (const [k, v] of Object.entries(extra)) vi.stubEnv(k, v);
  resetEnvForTests();
}
const run = () => runOnce("research-worker", plan().runnable);
const latestRequest = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(pagesActions.id)).at(-1)!;
const models = () => database.db.select().from(keywordModels).where(eq(keywordModels.keyword, keywordId)).orderBy(keywordModels.builtAt);
const hits = (path: string) => pages.hits.get(path) ?? 0;
const search = async () => {
  await queueSerpSearch(owner, siteId, pageId, keywordId);
  expect(await run()).toBe(true);
  const request = await latestRequest();
  expect(request).toMatchObject({ state: "done", lastError: null });
  return request;
};

beforeAll(async () => {
  fake = await startFakeDataForSeo();
  pages = await startFakePages();
  // Far beyond the 1 s timeout: a loaded machine's late timers never let it answer in time.
  pages.slowMs = 20_000;
  fake.organicUrl = (_keyword, position) => pages.at(TOP[position - 1] ?? `/articles/${position % 10}`);
  owner = await insertUser(database.db);
  const [france] = await database.db.select().from(locationCountries).where(eq(locationCountries.countryName, "France"));
  const [french] = await database.db.select().from(locationLanguages).where(eq(locationLanguages.linkedCountry, france.id));
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({
      name: "Conseil RH",
      url: "https://conseil-rh.example",
      linkedUser: owner.id,
      country: france.id,
      language: french.id,
      serpsNbResults: 10,
    })
    .returning();
  ({ id: pageId } = await createPage(owner, siteId, { name: "Contrat de travail", url: "/contrat", status: 1 } as never));
  ({ keywordId } = await addKeyword(owner, siteId, pageId, "contrat de travail"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await Promise.all([fake.close(), pages.close()]);
});
beforeEach(() => configure());

describe("the research after a search", () => {
  it("reads the top pages, lists those it cannot read with why while the rest goes on, and stores the keyword's model with the check", async () => {
    const request = await search();
    const [check] = await database.db.select().from(serpChecks).where(eq(serpChecks.request, request.id));
    expect(check!.features!.peopleAlsoAsk[0]!.question).toBe("What is contrat de travail?");

    // The articles are read and kept by URL, with their text's hash; the redirect chain ends on an article.
    const stored = await database.db.select().from(webPages);
    const byPath = new Map(stored.map((row) => [new URL(row.url).pathname, row]));
    for (const path of ["/articles/0", "/articles/1", "/articles/3", "/articles/4", "/redirect/3"]) {
      expect(byPath.get(path), path).toMatchObject({ method: "fetch", httpStatus: 200, error: null });
      expect(byPath.get(path)!.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(byPath.get(path)!.wordCount).toBeGreaterThan(300);
    }
    expect(byPath.get("/articles/0")!.title).toBe("La période d'essai");
    expect(byPath.get("/articles/0")!.document!.sections[0]!.heading).toEqual({ level: 1, text: "La période d'essai" });
    expect(byPath.get("/redirect/3")!.finalUrl).toBe(pages.at("/articles/1"));
    expect(byPath.get("/redirect/3")!.contentHash).toBe(byPath.get("/articles/1")!.contentHash);
    // Nothing of the site around the article: no menu, cookie banner, newsletter or footer.
    const text = JSON.stringify(byPath.get("/articles/0")!.document);
    for (const boilerplate of ["Nous utilisons des cookies", "lettre d'information", "Mentions légales", "Modèles de lettres"])
      expect(text).not.toContain(boilerplate);

    // The pages that could not be read, with why; the 403 was tried again through DataForSEO's crawler (content parsing).
    const reasons = Object.fromEntries(["/forbidden", "/slow", "/guide.pdf", "/missing", "/huge"].map((p) => [p, byPath.get(p)?.error]));
    expect(reasons).toEqual({
      "/forbidden": "403",
      "/slow": "timeout (1 s)",
      "/guide.pdf": "not HTML (application/pdf)",
      "/missing": "404",
      "/huge": "too large (over 5 MB)",
    });
    expect(byPath.get("/forbidden")!.method).toBe("content-parsing");
    expect(fake.parsed).toEqual([pages.at("/forbidden")]);
    // The search ($0.002), one People Also Ask click ($0.00015) and one page parsed by DataForSEO ($0.000125).
    expect(request.costUsd).toBe("0.002275");

    const [row] = await models();
    expect(row).toMatchObject({ check: check!.id, site: siteId, keyword: keywordId, language: "fr" });
    expect(row!.unread).toEqual([
      { url: pages.at("/forbidden"), position: 3, reason: "403" },
      { url: pages.at("/slow"), position: 5, reason: "timeout (1 s)" },
      { url: pages.at("/guide.pdf"), position: 6, reason: "not HTML (application/pdf)" },
      { url: pages.at("/missing"), position: 9, reason: "404" },
      { url: pages.at("/huge"), position: 11, reason: "too large (over 5 MB)" },
    ]);
    expect(row!.model).toMatchObject({ keyword: "contrat de travail", language: "fr", pages: 5 });
    expect(row!.model.outlines.map((o) => [o.position, o.url])).toEqual([
      [1, pages.at("/articles/0")],
      [4, pages.at("/articles/1")],
      [7, pages.at("/redirect/3")],
      [8, pages.at("/articles/3")],
      [10, pages.at("/articles/4")],
    ]);
    expect(row!.model.terms.length).toBeGreaterThan(10);
    expect(row!.model.questions.filter((q) => q.source === "people-also-ask").map((q) => q.text)).toContain("What is contrat de travail?");
    expect(row!.topScores.pages).toHaveLength(5);
    expect(row!.topScores.median).toEqual(expect.any(Number));
  });

  it("does not fetch again a page read within the site's check period (weekly; monthly, and off as monthly), but retries the ones it could not read", async () => {
    const before = { article: hits("/articles/0"), forbidden: hits("/forbidden") };
    await search();
    expect(hits("/articles/0")).toBe(before.article);
    // Once by the product's fetch, once by DataForSEO's crawler (the fallback for a refusal).
    expect(hits("/forbidden")).toBe(before.forbidden + 2);
    expect(await models()).toHaveLength(2);
    expect((await models())[1]!.model.pages).toBe(5);

    // Read 8 days ago: older than a week, the weekly site's research reads it again.
    const eightDaysAgo = new Date(Date.now() - 8 * DAY);
    await database.db
      .update(webPages)
      .set({ fetchedAt: eightDaysAgo })
      .where(eq(webPages.url, pages.at("/articles/0")));
    await search();
    expect(hits("/articles/0")).toBe(before.article + 1);

    // A monthly site, or one whose checks are off, keeps pages a month.
    for (const frequency of ["monthly", "off"]) {
      await database.db
        .insert(siteCheckSchedules)
        .values({ siteId, frequency })
        .onConflictDoUpdate({ target: siteCheckSchedules.siteId, set: { frequency } });
      await database.db
        .update(webPages)
        .set({ fetchedAt: eightDaysAgo })
        .where(eq(webPages.url, pages.at("/articles/0")));
      const count = hits("/articles/0");
      await search();
      expect(hits("/articles/0"), frequency).toBe(count);
    }
    await database.db.delete(siteCheckSchedules).where(eq(siteCheckSchedules.siteId, siteId));
  });

  it("refuses the local page server's private address without OUTBOUND_ALLOW_PRIVATE_HOSTS, and still records the check and its model", async () => {
    await database.db.delete(webPages);
    const before = hits("/articles/0");
    configure({ OUTBOUND_ALLOW_PRIVATE_HOSTS: "false" });
    const request = await search();
    expect(hits("/articles/0")).toBe(before);
    const [check] = await database.db
      .select()
      .from(serpChecks)
      .where(eq(serpChecks.request, request.id))
      .orderBy(desc(serpChecks.id))
      .limit(1);
    const row = (await models()).find((m) => m.check === check!.id)!;
    expect(row.model.pages).toBe(0);
    expect(row.unread).toHaveLength(10);
    expect(new Set(row.unread.map((u) => u.reason))).toEqual(new Set(["private address"]));
  });

  it("stops reading when the task's signal is aborted", async () => {
    await database.db.delete(webPages);
    const controller = new AbortController();
    controller.abort(new Error("lease lost"));
    await expect(
      readTopPages([{ url: pages.at("/articles/0"), position: 1, title: null }], {
        reader: fetchReader(),
        maxAgeMs: DAY,
        signal: controller.signal,
      }),
    ).rejects.toThrow("lease lost");
    expect(await database.db.select().from(webPages)).toEqual([]);
  });
});
