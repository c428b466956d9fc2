/** services/rate-limit.server consumeRateLimit: fixed-window counters per key in the rate_limit table. */
import { describe, expect, it } from "vitest";
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

  it("stores the counter in rate_limit under an app: key, apart from better-auth's keys", async () => {
    await consumeRateLimit("stored:1", 60, 5);
    await consumeRateLimit("stored:1", 60, 5);
    const rows = await database.query<{ id: string; key: string; count: number }>(
      "select id, key, count from rate_limit where key = 'app:stored:1'",
    );
    expect(rows).toEqual([{ id: "app:stored:1", key: "app:stored:1", count: 2 }]);
  });

  it("starts a new window once the old one has passed", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit("window:1", 60, 2);
    expect((await consumeRateLimit("window:1", 60, 2)).allowed).toBe(false);
    // Move the window's start two minutes back, as if time had passed.
    await database.query("update rate_limit set last_request = last_request - 120000 where key = 'app:window:1'");
    const fresh = await consumeRateLimit("window:1", 60, 2);
    expect(fresh).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const [row] = await database.query<{ count: number }>("select count from rate_limit where key = 'app:window:1'");
    expect(row.count).toBe(1);
  });

  it("answers the time left in the window as the retry delay", async () => {
    expect((await consumeRateLimit("short:1", 1, 1)).allowed).toBe(true);
    const refused = await consumeRateLimit("short:1", 1, 1);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await database.query("update rate_limit set last_request = last_request - 30000 where key = 'app:retry:1'");
    for (let i = 0; i < 2; i++) await consumeRateLimit("retry:1", 60, 1);
    await database.query("update rate_limit set last_request = last_request - 45000 where key = 'app:retry:1'");
    const later = await consumeRateLimit("retry:1", 60, 1);
    expect(later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBeGreaterThanOrEqual(14);
    expect(later.retryAfterSeconds).toBeLessThanOrEqual(15);
  });

  it("counts concurrent hits exactly (no lost updates)", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit("burst:1", 60, 10)));
    expect(results.filter((r) => r.allowed).length).toBe(10);
    const [row] = await database.query<{ count: number }>("select count from rate_limit where key = 'app:burst:1'");
    expect(row.count).toBe(20);
  });
});
