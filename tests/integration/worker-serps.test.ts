/**
 * The serps action against a fake DataForSEO (tests/fakes/dataforseo.ts): results replace the keyword's rows,
 * with the site's depth, country and language; 429 honours Retry-After; 5xx, timeouts and malformed answers
 * are retried; refused credentials and task errors fail with the reason; without settings the action waits.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { locationCountries, locationLanguages, pagesActions, serpChecks, serps, sites } from "../../db/schema";
import { parkWaiting, releaseWaiting } from "~/jobs/queue.server";
import { addKeyword, listPageKeywords, listSerps, queueSerpSearch } from "~/models/keyword.server";
import { createPage } from "~/models/page.server";
import { resetEnvForTests } from "~/services/env.server";
import { plan, runOnce } from "~/jobs/run.server";
import { startFakeDataForSeo, type FakeDataForSeo } from "../fakes/dataforseo";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let fake: FakeDataForSeo;
let owner: TestUser;
let siteId: number;
let pageId: number;
let keywordId: number;

function configure(extra: Record<string, string> = {}) {
  vi.stubEnv("DATAFORSEO_LOGIN", fake.login);
  vi.stubEnv("DATAFORSEO_PASSWORD", fake.password);
  vi.stubEnv("DATAFORSEO_URL", fake.url);
  vi.stubEnv("PROVIDER_TIMEOUT_MS", "1000");
  for (const [k, v] of Object.entries(extra)) vi.stubEnv(k, v);
  resetEnvForTests();
}
const run = () => runOnce("serp-worker", plan().runnable);
const request = async () => (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)))[0];
const results = () => database.db.select().from(serps).where(eq(serps.linkedKeyword, keywordId)).orderBy(serps.positionAbsolute);

beforeAll(async () => {
  fake = await startFakeDataForSeo();
  owner = await insertUser(database.db);
  const [france] = await database.db.select().from(locationCountries).where(eq(locationCountries.countryName, "France"));
  const [french] = await database.db.select().from(locationLanguages).where(eq(locationLanguages.linkedCountry, france.id));
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({
      name: "Boulangerie",
      url: "https://boulangerie.example",
      linkedUser: owner.id,
      country: france.id,
      language: french.id,
      serpsNbResults: 3,
    })
    .returning();
  ({ id: pageId } = await createPage(owner, siteId, { name: "Pain au levain", url: "/pain", status: 1 } as never));
  ({ keywordId } = await addKeyword(owner, siteId, pageId, "pain au levain"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await fake.close();
});
beforeEach(async () => {
  configure();
  fake.next.length = 0;
  await queueSerpSearch(owner, siteId, pageId, keywordId);
});

describe("the serps action", () => {
  it("stores the organic results of the site's depth, country and language, replacing the earlier ones", async () => {
    expect(await run()).toBe(true);
    // The search, and one click on People Also Ask ($0.00015) for more questions.
    expect(await request()).toMatchObject({ state: "done", attempts: 1, costUsd: "0.002150" });
    expect(fake.tasks.at(-1)).toEqual({
      keyword: "pain au levain",
      location_code: 2250,
      language_code: "fr",
      depth: 3,
      people_also_ask_click_depth: 1,
    });
    const rows = await results();
    expect(rows.map((r) => [r.positionAbsolute, r.type, r.title])).toEqual([
      [1, "organic", "pain au levain result 1"],
      [3, "organic", "pain au levain result 3"],
      [4, "organic", "pain au levain result 4"],
    ]);
    expect(rows[0]).toMatchObject({ url: "https://site1.example/pain%20au%20levain", metaDescription: "About pain au levain (1)" });
    // What the same answer held besides organic results is kept with the check (issue 39).
    const [check] = await database.db.select().from(serpChecks).where(eq(serpChecks.keyword, keywordId));
    expect(check!.features).toEqual({
      peopleAlsoAsk: [
        {
          question: "What is pain au levain?",
          answer: "pain au levain is what this page explains, step by step.",
          url: "https://answers.example/pain%20au%20levain",
          title: "All about pain au levain",
        },
        {
          question: "How much does pain au levain cost?",
          answer: "It depends; most people spend a little on pain au levain.",
          url: "https://answers.example/pain%20au%20levain",
          title: "All about pain au levain",
        },
        { question: "Is pain au levain worth it?", answer: null, url: null, title: null },
      ],
      relatedSearches: ["pain au levain price", "best pain au levain", "pain au levain near me"],
      featuredSnippet: {
        title: "pain au levain: the short answer",
        text: "In short, pain au levain is best understood by reading the top pages.",
        url: "https://snippet.example/pain%20au%20levain",
        domain: "snippet.example",
      },
      aiOverview: {
        text: "About pain au levain\n\npain au levain is a topic many sources cover; they agree on the basics.",
        references: [
          { url: "https://source1.example/pain%20au%20levain", title: "pain au levain, explained (1)", source: "Source 1" },
          { url: "https://source2.example/pain%20au%20levain", title: "pain au levain, explained (2)", source: "Source 2" },
        ],
      },
    });

    await queueSerpSearch(owner, siteId, pageId, keywordId);
    await run();
    expect(await results()).toHaveLength(3);
  });

  it("waits as long as the provider asks on 429, and retries a 500, a timeout and a malformed answer", async () => {
    fake.next.push({ status: 429, headers: { "Retry-After": "42" } });
    await run();
    let row = await request();
    expect(row).toMatchObject({ state: "queued", lastError: "DataForSEO answered 429 (too many requests)" });
    const wait = (row.nextAttemptAt!.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(35);
    expect(wait).toBeLessThan(50);

    for (const [next, message] of [
      [{ status: 503 }, "DataForSEO answered 503"],
      [{ hang: true }, "DataForSEO did not answer within 1 s"],
      [{ status: 200, body: "<html>oops" }, "DataForSEO sent an answer that is not JSON"],
    ] as const) {
      await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.linkedPage, pageId));
      fake.next.push(next);
      await run();
      row = await request();
      expect(row).toMatchObject({ state: "queued", lastError: message });
    }
    await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.linkedPage, pageId));
    await run();
    expect(await request()).toMatchObject({ state: "done", attempts: 5, lastError: null });
  });

  it("fails at once, with the reason, on refused credentials or a task the provider rejects", async () => {
    configure({ DATAFORSEO_PASSWORD: "wrong" });
    await run();
    expect(await request()).toMatchObject({ state: "failed", attempts: 1, lastError: "DataForSEO refused the credentials (401)" });

    configure();
    await queueSerpSearch(owner, siteId, pageId, keywordId);
    fake.next.push({
      body: JSON.stringify({ status_code: 20000, tasks: [{ status_code: 40501, status_message: "Invalid Field: 'depth'." }] }),
    });
    await run();
    expect(await request()).toMatchObject({ state: "failed", lastError: "DataForSEO: Invalid Field: 'depth'. (40501)" });
  });

  it("waits for a provider, naming the settings, and runs once they are given", async () => {
    vi.stubEnv("DATAFORSEO_LOGIN", "");
    vi.stubEnv("DATAFORSEO_PASSWORD", "");
    resetEnvForTests();
    const { runnable, waiting } = plan();
    expect(Object.keys(runnable)).not.toContain("serps");
    const message = "Waiting for a provider: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD and restart the server";
    expect(waiting).toContainEqual({ name: "serps", message });
    await parkWaiting(["serps"], message);
    expect(await request()).toMatchObject({ state: "waiting", lastError: message });
    expect(await runOnce("w", runnable)).toBe(false);

    configure();
    await releaseWaiting(Object.keys(plan().runnable) as never);
    expect(await request()).toMatchObject({ state: "queued", lastError: null });
    await run();
    expect(await request()).toMatchObject({ state: "done" });
  });

  it("keeps each site's results its own: another account's search of the same keyword changes nothing for the first", async () => {
    await run();
    const mine = await listSerps(owner, siteId, pageId, keywordId);
    expect(mine).toHaveLength(3);

    // Client B tracks the same keyword text (reused, case-insensitively) on a site that asks for 5 results in the US.
    const other = await insertUser(database.db);
    const [{ id: otherSite }] = await database.db
      .insert(sites)
      .values({ name: "Bakery", url: "https://bakery.example", linkedUser: other.id, serpsNbResults: 5 })
      .returning();
    const { id: otherPage } = await createPage(other, otherSite, { name: "Sourdough", url: "/sourdough", status: 1 } as never);
    const added = await addKeyword(other, otherSite, otherPage, "  Pain au Levain ");
    expect(added.keywordId).toBe(keywordId);
    // B sees none of A's results before B's own search.
    expect(await listSerps(other, otherSite, otherPage, keywordId)).toEqual([]);
    expect((await listPageKeywords(other, otherSite, otherPage))[0].serpCount).toBe(0);

    await queueSerpSearch(other, otherSite, otherPage, keywordId);
    await run();
    expect(fake.tasks.at(-1)).toMatchObject({ keyword: "pain au levain", location_code: 2840, depth: 5 });
    expect(await listSerps(other, otherSite, otherPage, keywordId)).toHaveLength(5);
    expect((await listPageKeywords(other, otherSite, otherPage))[0].serpCount).toBe(5);
    // A's results are exactly as they were.
    expect(await listSerps(owner, siteId, pageId, keywordId)).toEqual(mine);
    expect((await listPageKeywords(owner, siteId, pageId))[0].serpCount).toBe(3);
  });
});
