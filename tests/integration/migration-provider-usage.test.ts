/**
 * Migration 0015 keeps the costs recorded before the usage ledger: one provider_usage line per action that
 * reported usage, with its kind, its page's site and the provider of its kind. Its backfill runs here against
 * rows made as they were before (usage on the action only).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages, pagesActions, providerUsage, sites } from "../../db/schema";
import { actionId } from "~/jobs/queue.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

const backfill = fs
  .readFileSync(path.resolve("db/migrations/0015_provider_usage.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
  .filter((statement) => statement.startsWith('INSERT INTO "provider_usage"'));

describe("migration 0015: the costs of the past go into the usage ledger", () => {
  it("writes a line per action that reported usage, with its provider, kind and site", async () => {
    expect(backfill).toHaveLength(1);
    const { db } = database;
    const owner = await insertUser(db);
    const [site] = await db.insert(sites).values({ name: "S", url: "https://s.example", linkedUser: owner.id }).returning();
    const [page] = await db.insert(pages).values({ site: site!.id, name: "P", url: "https://s.example/p" }).returning();
    const [article, serp, none] = await db
      .insert(pagesActions)
      .values([
        {
          linkedPage: page!.id,
          linkedAction: await actionId("create_article"),
          state: "done",
          costUsd: "0.0368",
          tokensIn: 10,
          tokensOut: 20,
        },
        { linkedPage: page!.id, linkedAction: await actionId("serps"), state: "done", costUsd: "0.002" },
        { linkedPage: page!.id, linkedAction: await actionId("serps"), state: "queued" },
      ])
      .returning({ id: pagesActions.id });
    await db.delete(providerUsage);
    await db.execute(backfill[0]!);
    const lines = await db.select().from(providerUsage).orderBy(providerUsage.actionId);
    expect(lines.map((l) => [l.actionId, l.provider, l.kind, l.siteId, l.costUsd, l.tokensIn])).toEqual([
      [article!.id, "openrouter", "create_article", site!.id, "0.036800", 10],
      [serp!.id, "dataforseo", "serps", site!.id, "0.002000", null],
    ]);
    expect(await db.select().from(providerUsage).where(eq(providerUsage.actionId, none!.id))).toEqual([]);
  });
});
