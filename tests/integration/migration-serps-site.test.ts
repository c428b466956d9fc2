/**
 * Migration 0008 gives the SERP results kept from before results had a site to the site whose search produced
 * them (the newest finished serps request for their keyword), else to the only site tracking their keyword;
 * the others keep no site: kept, shown to nobody. Its backfill statements run here against rows made as they
 * were before (site null).
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keywords, pages, pagesActions, pagesKeywords, serps, sites } from "../../db/schema";
import { actionId } from "~/jobs/queue.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

const backfill = fs
  .readFileSync(path.resolve("db/migrations/0008_trust_public_ids_and_site_serps.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
  .filter((statement) => statement.startsWith('UPDATE "serps"'));

describe("migration 0008: SERP results get the site that asked for them", () => {
  it("traces each kept result to its search's site, else to the one site tracking its keyword, else to none", async () => {
    expect(backfill).toHaveLength(2);
    const { db } = database;
    const [alice, bob] = [await insertUser(db), await insertUser(db)];
    const [siteA, siteB] = await db
      .insert(sites)
      .values([
        { name: "A", url: "https://a.example", linkedUser: alice.id },
        { name: "B", url: "https://b.example", linkedUser: bob.id },
      ])
      .returning({ id: sites.id });
    const [pageA, pageB] = await db
      .insert(pages)
      .values([
        { site: siteA.id, name: "A", url: "https://a.example/a" },
        { site: siteB.id, name: "B", url: "https://b.example/b" },
      ])
      .returning({ id: pages.id });
    const stamp = Date.now();
    const [searched, onlyA, shared] = await db
      .insert(keywords)
      .values([{ keyword: `searched ${stamp}` }, { keyword: `only a ${stamp}` }, { keyword: `shared ${stamp}` }])
      .returning({ id: keywords.id });
    await db.insert(pagesKeywords).values([
      { linkedPage: pageA.id, linkedKeyword: searched.id },
      { linkedPage: pageB.id, linkedKeyword: searched.id },
      { linkedPage: pageA.id, linkedKeyword: onlyA.id },
      { linkedPage: pageA.id, linkedKeyword: shared.id },
      { linkedPage: pageB.id, linkedKeyword: shared.id },
    ]);
    // B's search of the shared 'searched' keyword finished last: its rows are B's.
    const serpsAction = await actionId("serps");
    await db.insert(pagesActions).values([
      { linkedPage: pageA.id, linkedAction: serpsAction, info2: String(searched.id), state: "done", finishedAt: new Date(stamp - 60_000) },
      { linkedPage: pageB.id, linkedAction: serpsAction, info2: String(searched.id), state: "done", finishedAt: new Date(stamp) },
    ]);
    const rows = await db
      .insert(serps)
      .values([searched, searched, onlyA, shared].map((k, i) => ({ linkedKeyword: k.id, positionAbsolute: i + 1, site: null })))
      .returning({ id: serps.id, keyword: serps.linkedKeyword });

    for (const statement of backfill) await database.query(statement);

    const after = await db
      .select({ keyword: serps.linkedKeyword, site: serps.site })
      .from(serps)
      .where(
        inArray(
          serps.id,
          rows.map((r) => r.id),
        ),
      );
    const siteOf = (id: number) => after.filter((r) => r.keyword === id).map((r) => r.site);
    expect(siteOf(searched.id)).toEqual([siteB.id, siteB.id]);
    expect(siteOf(onlyA.id)).toEqual([siteA.id]);
    // Two sites track it and no search can be traced: kept, with no site, so nobody's screen shows it.
    expect(siteOf(shared.id)).toEqual([null]);
    expect(await db.$count(serps, eq(serps.linkedKeyword, shared.id))).toBe(1);
  });
});
