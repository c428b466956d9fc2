/**
 * Migration 0013 opens the team's inbox with what came in before it existed: every first-article request (a
 * site with a payment e-mail) and every contact message; those older than 30 days are marked handled (by
 * nobody). Its backfill statements run here against rows made as they were before (no inbox line).
 */
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, sites, teamInbox } from "../../db/schema";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

const backfill = fs
  .readFileSync(path.resolve("db/migrations/0013_team_inbox.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
  .filter((statement) => statement.startsWith('INSERT INTO "team_inbox"'));

describe("migration 0013: the inbox starts with what came in before it", () => {
  it("lists the first-article requests and contact messages, the last 30 days' open", async () => {
    expect(backfill).toHaveLength(2);
    const { db } = database;
    const owner = await insertUser(db);
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    const [recent, old, ownSite] = await db
      .insert(sites)
      .values([
        { name: "recent", url: "https://recent.example", stripeEmail: "payer@recent.example" },
        { name: "old", url: "https://old.example", stripeEmail: "payer@old.example", createdAt: longAgo },
        { name: "own", url: "https://own.example", linkedUser: owner.id },
      ])
      .returning({ id: sites.id });
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Léa", email: "lea@example.com", message: "Bonjour" })
      .returning({ id: contactMessages.id });

    for (const statement of backfill) await db.execute(statement);

    const items = await db
      .select()
      .from(teamInbox)
      .where(inArray(teamInbox.siteId, [recent!.id, old!.id, ownSite!.id]))
      .orderBy(teamInbox.receivedAt);
    expect(items.map((i) => [i.kind, i.subject, i.handledAt === null, i.handledBy])).toEqual([
      ["first_article", "https://old.example", false, null],
      ["first_article", "https://recent.example", true, null],
    ]);
    const [contact] = await db
      .select()
      .from(teamInbox)
      .where(inArray(teamInbox.contactMessageId, [message!.id]));
    expect(contact).toMatchObject({ kind: "contact", subject: "Léa <lea@example.com>", handledAt: null });
  });
});
