/**
 * Migrations 0036-0038 (issue 42): the answers kept before are counted into llm_check_tallies and
 * llm_check_domains, and the counts the backfill makes are those the live writes (recordLlmChecks) make; earlier
 * Perplexity answers are marked live; the AI Overviews kept before get the meaning recordSerpCheck gives them. The
 * backfills run here against rows stored the live way, their derived columns wiped.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { keywords, llmCheckDomains, llmCheckTallies, llmChecks, llms, pages, serpChecks, sites } from "../../db/schema";
import { recordLlmChecks, recordSerpCheck } from "~/jobs/snapshots.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

const statements = (file: string) =>
  fs
    .readFileSync(path.resolve("db/migrations", file), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim());

describe("migration 0037: the answers kept so far, counted", () => {
  it("counts them per page, model and check, and their other domains, as the live writes do", async () => {
    const backfill = statements("0037_visibility_tallies.sql").filter((s) => s.startsWith("INSERT INTO"));
    expect(backfill).toHaveLength(2);
    const { db } = database;
    const owner = await insertUser(db);
    const [site] = await db.insert(sites).values({ name: "Fournil", url: "https://fournil.example", linkedUser: owner.id }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name: "Levain", url: "/levain" }).returning();
    const [one, two] = await db.select({ id: llms.id }).from(llms).orderBy(llms.id).limit(2);
    const answer = (llmId: number, text: string, citedUrls: string[], extra: object = {}) => ({
      llmId,
      question: "Q",
      answer: text,
      mentionsSite: text.includes("Fournil"),
      citedUrls,
      ...extra,
    });
    // The clock stands still: both writes are the same check.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-01-04T10:00:00Z") });
    await db.transaction((tx) =>
      recordLlmChecks(
        tx,
        page!.id,
        { id: site!.id, url: "https://fournil.example" },
        [
          answer(one!.id, "Fournil, see https://fournil.example/levain and marmiton.org", ["https://fournil.example/levain"], { live: true }),
          answer(one!.id, "See marmiton.org and https://wiki.example/levain", ["https://wiki.example/levain"], { sample: 2, live: true }),
          answer(two!.id, "Nothing cited.", []),
        ],
        null,
      ),
    );
    // A retry of the same check, at the same moment, adds to its counts.
    await db.transaction((tx) =>
      recordLlmChecks(
        tx,
        page!.id,
        { id: site!.id, url: "https://fournil.example" },
        [answer(two!.id, "Fournil at https://www.fournil.example/ and marmiton.org", ["https://www.fournil.example/"], { sample: 2 })],
        null,
      ),
    );
    vi.useRealTimers();
    const read = async () => ({
      tallies: await db
        .select()
        .from(llmCheckTallies)
        .where(eq(llmCheckTallies.page, page!.id))
        .orderBy(llmCheckTallies.llm, llmCheckTallies.checkedAt),
      domains: await db
        .select()
        .from(llmCheckDomains)
        .where(eq(llmCheckDomains.page, page!.id))
        .orderBy(llmCheckDomains.domain),
    });
    const live = await read();
    expect(live.tallies.map((t) => [t.llm, t.answers, t.mentioned, t.cited, t.citationSum, t.live, t.namesSite])).toEqual([
      [one!.id, 2, 1, 1, 1, 2, 1],
      [two!.id, 2, 1, 1, 1, 0, 1],
    ]);
    expect(live.domains.map((d) => [d.domain, d.answers])).toEqual([
      ["marmiton.org", 3],
      ["wiki.example", 1],
    ]);

    await db.delete(llmCheckTallies);
    await db.delete(llmCheckDomains);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await read()).toEqual(live);
    expect(await db.select().from(llmChecks).where(eq(llmChecks.page, page!.id))).toHaveLength(4);
  });
});

describe("migration 0036: earlier Perplexity answers were live", () => {
  it("marks them live, and the others not", async () => {
    const [update] = statements("0036_visibility.sql").filter((s) => s.startsWith('UPDATE "llm_checks"'));
    expect(update).toContain("perplexity/");
    const { db } = database;
    const owner = await insertUser(db);
    const [site] = await db.insert(sites).values({ name: "S", url: "https://s.example", linkedUser: owner.id }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name: "P", url: "/p" }).returning();
    const [perplexity] = await db.select({ id: llms.id }).from(llms).where(eq(llms.nameOpenrouter, "perplexity/sonar"));
    const [gpt] = await db.select({ id: llms.id }).from(llms).where(eq(llms.nameOpenrouter, "openai/gpt-4o"));
    await db.insert(llmChecks).values(
      [perplexity!.id, gpt!.id].map((llm) => ({ site: site!.id, page: page!.id, llm, answer: "A", mentionsSite: false })),
    );
    await db.execute(sql.raw(update!));
    const rows = await db.select({ llm: llmChecks.llm, live: llmChecks.live }).from(llmChecks).where(eq(llmChecks.page, page!.id));
    expect(rows.map((r) => [r.llm, r.live]).sort()).toEqual(
      [
        [perplexity!.id, true],
        [gpt!.id, false],
      ].sort(),
    );
  });
});

describe("migration 0038: what the AI Overviews kept so far mean for their site", () => {
  it("gives the same presence, site URLs and other domains as recordSerpCheck", async () => {
    const [backfill] = statements("0038_ai_overview_meaning.sql").filter((s) => s.startsWith("WITH refs AS"));
    expect(backfill).toBeDefined();
    const { db } = database;
    const owner = await insertUser(db);
    const [site] = await db.insert(sites).values({ name: "Fournil", url: "https://www.fournil.example/", linkedUser: owner.id }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name: "Levain", url: "/levain" }).returning();
    const [keyword] = await db.insert(keywords).values({ keyword: `levain ${Date.now()}` }).returning();
    const features = (references: string[] | null) => ({
      peopleAlsoAsk: [],
      relatedSearches: [],
      featuredSnippet: null,
      aiOverview: references === null ? null : { text: "…", references: references.map((url) => ({ url, title: null, source: null })) },
    });
    const check = (f: ReturnType<typeof features> | null) =>
      db.transaction((tx) =>
        recordSerpCheck(tx, {
          siteId: site!.id,
          siteUrl: "https://www.fournil.example/",
          keywordId: keyword!.id,
          pageId: page!.id,
          pageUrl: "/levain",
          requestId: null,
          rows: [],
          features: f,
        }),
      );
    const ids = [
      await check(
        features([
          "https://fr.wikipedia.org/wiki/Levain",
          "https://WWW.Fournil.example:443/levain?x=1",
          "https://shop.fournil.example/pain",
          "https://fr.wikipedia.org/wiki/Pain",
          "https://www.marmiton.org/levain",
          "https://WWW.Fournil.example:443/levain?x=1",
          "not a url",
          "https://fournil.example.evil.test/x",
        ]),
      ),
      await check(features([])),
      await check(features(null)),
      await check(null),
    ];
    const read = () =>
      db
        .select({ id: serpChecks.id, present: serpChecks.aiOverview, siteUrls: serpChecks.aiOverviewSiteUrls, domains: serpChecks.aiOverviewDomains })
        .from(serpChecks)
        .where(inArray(serpChecks.id, ids))
        .orderBy(serpChecks.id);
    const live = await read();
    expect(live.map((c) => [c.present, c.siteUrls, c.domains])).toEqual([
      [
        true,
        ["https://WWW.Fournil.example:443/levain?x=1", "https://shop.fournil.example/pain"],
        ["fr.wikipedia.org", "marmiton.org", "fournil.example.evil.test"],
      ],
      [true, [], []],
      [false, [], []],
      [null, null, null],
    ]);
    await db.update(serpChecks).set({ aiOverview: null, aiOverviewSiteUrls: null, aiOverviewDomains: null }).where(inArray(serpChecks.id, ids));
    await db.execute(sql.raw(backfill!));
    expect(await read()).toEqual(live);
  });
});
