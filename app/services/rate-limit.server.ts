/**
 * Fixed-window counters in the database (table rate_limit), shared by every server process and kept
 * across restarts. better-auth keeps its per-address counters in the same table under its own keys.
 */
import { eq, sql } from "drizzle-orm";
import { rateLimit } from "../../db/schema";
import { getDb } from "./db.server";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** The answer for a window that started at `started` (ms) and holds `count` hits. */
function verdict(count: number, started: number, windowSeconds: number, max: number, now: number): RateLimitResult {
  if (count <= max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((started + windowSeconds * 1000 - now) / 1000)) };
}

/** Counts one hit on `key`; refuses once `max` hits fall in the current window of `windowSeconds`. */
export async function consumeRateLimit(key: string, windowSeconds: number, max: number): Promise<RateLimitResult> {
  const db = await getDb();
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const id = `app:${key}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id, key: id, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, started: rateLimit.lastRequest });
  return verdict(row.count, row.started, windowSeconds, max, now);
}

/**
 * Whether `key` has reached `max` hits in its current window, without counting one: for counters of
 * failures, read before an attempt and counted (consumeRateLimit) only when it fails.
 */
export async function peekRateLimit(key: string, windowSeconds: number, max: number): Promise<RateLimitResult> {
  const db = await getDb();
  const now = Date.now();
  const [row] = await db
    .select({ count: rateLimit.count, started: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, `app:${key}`));
  if (!row || row.started < now - windowSeconds * 1000) return { allowed: true, retryAfterSeconds: 0 };
  // The next attempt would be one more hit.
  return verdict(row.count + 1, row.started, windowSeconds, max, now);
}

/** Forgets the counter of `key` (a success resets the failures counted before it). */
export async function clearRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimit).where(eq(rateLimit.key, `app:${key}`));
}

/** Takes back one hit of `key` (an attempt counted beforehand that turned out not to be a failure). */
export async function releaseRateLimitHit(key: string): Promise<void> {
  const db = await getDb();
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, `app:${key}`));
}
