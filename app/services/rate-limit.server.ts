/**
 * Fixed-window counters in the database (table app_rate_limit), shared by every server process and kept
 * across restarts. better-auth keeps its per-address counters in its own table (rate_limit), which it prunes
 * to its own longest window (10 minutes): our counters live apart so that longer windows hold.
 */
import { eq, lt, sql } from "drizzle-orm";
import { appRateLimit } from "../../db/schema";
import { getDb, type Db } from "./db.server";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** Counters whose window ended longer ago than this are deleted (at most once per SWEEP_EVERY_MS per process and database). */
const KEEP_ENDED_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const lastSweep = new WeakMap<Db, number>();

/** The answer for a window that started at `started` (ms) and holds `count` hits. */
function verdict(count: number, started: number, windowSeconds: number, max: number, now: number): RateLimitResult {
  if (count <= max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((started + windowSeconds * 1000 - now) / 1000)) };
}

/** Counts one hit on `key`; refuses once `max` hits fall in the current window of `windowSeconds`. */
export async function consumeRateLimit(key: string, windowSeconds: number, max: number): Promise<RateLimitResult> {
  const db = await getDb();
  const now = Date.now();
  const windowMs = windowSeconds * 1000;
  const expired = sql`${appRateLimit.windowStart} < ${now - windowMs}`;
  const [row] = await db
    .insert(appRateLimit)
    .values({ key, count: 1, windowStart: now, windowEnd: now + windowMs })
    .onConflictDoUpdate({
      target: appRateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${appRateLimit.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${appRateLimit.windowStart} end`,
        windowEnd: sql`case when ${expired} then ${now + windowMs} else ${appRateLimit.windowEnd} end`,
      },
    })
    .returning({ count: appRateLimit.count, started: appRateLimit.windowStart });
  await sweep(db, now);
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
    .select({ count: appRateLimit.count, started: appRateLimit.windowStart })
    .from(appRateLimit)
    .where(eq(appRateLimit.key, key));
  if (!row || row.started < now - windowSeconds * 1000) return { allowed: true, retryAfterSeconds: 0 };
  // The next attempt would be one more hit.
  return verdict(row.count + 1, row.started, windowSeconds, max, now);
}

/** Forgets the counter of `key` (a success resets the failures counted before it). */
export async function clearRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(appRateLimit).where(eq(appRateLimit.key, key));
}

/** Takes back one hit of `key` (an attempt counted beforehand that turned out not to be a failure). */
export async function releaseRateLimitHit(key: string): Promise<void> {
  const db = await getDb();
  await db
    .update(appRateLimit)
    .set({ count: sql`greatest(${appRateLimit.count} - 1, 0)` })
    .where(eq(appRateLimit.key, key));
}

/** Deletes the counters whose window ended a day ago or more, at most every ten minutes per process and database. */
async function sweep(db: Db, now: number): Promise<void> {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.delete(appRateLimit).where(lt(appRateLimit.windowEnd, now - KEEP_ENDED_MS));
}
