/**
 * Migration 0009 moves the application's counters out of better-auth's rate_limit table (keys 'app:…'), which
 * better-auth prunes to its own 10-minute window, into app_rate_limit: a lockout in progress holds.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const move = fs
  .readFileSync(path.resolve("db/migrations/0009_app_rate_limit.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
  .filter((statement) => statement.startsWith('INSERT INTO "app_rate_limit"'));

describe("migration 0009: the application's counters get a table of their own", () => {
  it("moves each 'app:' counter with its count and window, leaves better-auth's counters alone", async () => {
    expect(move).toHaveLength(1);
    const started = Date.now() - 5 * 60 * 1000;
    await database.query(
      `insert into rate_limit (id, key, count, last_request) values
        ('app:sign-in:account:m1', 'app:sign-in:account:m1', 11, $1),
        ('10.9.9.9/sign-in/email', '10.9.9.9/sign-in/email', 4, $1)`,
      [started],
    );
    await database.query(move[0]);
    const moved = await database.query<{ key: string; count: number; window_start: string; window_end: string }>(
      "select key, count, window_start, window_end from app_rate_limit where key like '%m1' or key like '10.9.9.9%'",
    );
    // bigint columns: numbers from PGlite, text from PostgreSQL's driver.
    expect(moved.map((row) => ({ ...row, window_start: Number(row.window_start), window_end: Number(row.window_end) }))).toEqual([
      { key: "sign-in:account:m1", count: 11, window_start: started, window_end: started + 3_600_000 },
    ]);
    // The lockout it held still holds (15 minutes, 10 failures).
    const next = await consumeRateLimit("sign-in:account:m1", 15 * 60, 10);
    expect(next.allowed).toBe(false);
    expect(next.retryAfterSeconds).toBeGreaterThan(9 * 60);
    const [kept] = await database.query<{ count: number }>("select count from rate_limit where key = '10.9.9.9/sign-in/email'");
    expect(kept.count).toBe(4);
  });
});
