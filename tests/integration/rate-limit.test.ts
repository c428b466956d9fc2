/** services/rate-limit.server consumeRateLimit: fixed-window counters per key in the app_rate_limit table. */
import { describe, expect, it, vi } from "vitest";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

describe("consumeRateLimit", () => {
  it("allows `max` hits in a window, then refuses with a retry delay", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit("contact:10.0.0.1", 60, 3));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[0].retryAfterSeconds).toBe(0);
    expect(results[3].retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3].retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts each key on its own", async () => {
    for (let i = 0; i < 2; i++) await consumeRateLimit("per-key:a", 60, 2);
    expect((await consumeRateLimit("per-key:a", 60, 2)).allowed).toBe(false);
    expect((await consumeRateLimit("per-key:b", 60, 2)).allowed).toBe(true);
  });

  it("stores the counter in app_rate_limit, apart from better-auth's table, with its window's end", async () => {
    const before = Date.now();
    await consumeRateLimit("stored:1", 60, 5);
    await consumeRateLimit("stored:1", 60, 5);
    const rows = await database.query<{ key: string; count: number; window_start: string; window_end: string }>(
      "select key, count, window_start, window_end from app_rate_limit where key = 'stored:1'",
    );
    expect(rows.map(({ key, count }) => ({ key, count }))).toEqual([{ key: "stored:1", count: 2 }]);
    expect(Number(rows[0].window_start)).toBeGreaterThanOrEqual(before);
    expect(Number(rows[0].window_end) - Number(rows[0].window_start)).toBe(60_000);
    expect(await database.query("select key from rate_limit where key like '%stored:1%'")).toEqual([]);
  });

  it("starts a new window once the old one has passed", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit("window:1", 60, 2);
    expect((await consumeRateLimit("window:1", 60, 2)).allowed).toBe(false);
    // Move the window's start two minutes back, as if time had passed.
    await database.query("update app_rate_limit set window_start = window_start - 120000 where key = 'window:1'");
    const fresh = await consumeRateLimit("window:1", 60, 2);
    expect(fresh).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const [row] = await database.query<{ count: number }>("select count from app_rate_limit where key = 'window:1'");
    expect(row.count).toBe(1);
  });

  it("answers the time left in the window as the retry delay", async () => {
    expect((await consumeRateLimit("short:1", 1, 1)).allowed).toBe(true);
    const refused = await consumeRateLimit("short:1", 1, 1);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await database.query("update app_rate_limit set window_start = window_start - 30000 where key = 'retry:1'");
    for (let i = 0; i < 2; i++) await consumeRateLimit("retry:1", 60, 1);
    await database.query("update app_rate_limit set window_start = window_start - 45000 where key = 'retry:1'");
    const later = await consumeRateLimit("retry:1", 60, 1);
    expect(later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBeGreaterThanOrEqual(14);
    expect(later.retryAfterSeconds).toBeLessThanOrEqual(15);
  });

  it("counts concurrent hits exactly (no lost updates)", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit("burst:1", 60, 10)));
    expect(results.filter((r) => r.allowed).length).toBe(10);
    const [row] = await database.query<{ count: number }>("select count from app_rate_limit where key = 'burst:1'");
    expect(row.count).toBe(20);
  });

  it("deletes counters whose window ended a day ago, and keeps the others", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await database.query(
      "insert into app_rate_limit (key, count, window_start, window_end) values ('old:1', 3, $1, $2), ('recent:1', 3, $3, $4)",
      [now - 2 * day, now - 2 * day + 3_600_000, now - day / 2, now - day / 2 + 3_600_000],
    );
    // Past the ten minutes between two sweeps of this process.
    vi.useFakeTimers({ toFake: ["Date"], now: now + 11 * 60 * 1000 });
    try {
      await consumeRateLimit("sweeper:1", 60, 5);
    } finally {
      vi.useRealTimers();
    }
    const keys = await database.query<{ key: string }>("select key from app_rate_limit where key in ('old:1', 'recent:1') order by key");
    expect(keys).toEqual([{ key: "recent:1" }]);
  });
});
