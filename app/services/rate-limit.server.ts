/**
 * Fixed-window counters in the database (table rate_limit), shared by every server process and kept
 * across restarts. better-auth keeps its per-address counters in the same table under its own keys.
 */
import { sql } from "drizzle-orm";
import { rateLimit } from "../../db/schema";
import { getDb } from "./db.server";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

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
  const allowed = row.count <= max;
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((row.started + windowSeconds * 1000 - now) / 1000));
  return { allowed, retryAfterSeconds };
}
