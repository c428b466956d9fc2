/**
 * What GET /api/health reports about the database. The query lives here, not in the route: routes never build
 * SQL, and this one needs no acting user, so it is a service rather than a model.
 */
import { sql } from "drizzle-orm";
import { getDb, getDbKind } from "./db.server";

/** Which database answers, once it is migrated and answers a query; null when it does not (yet). */
export async function databaseHealth(): Promise<{ database: Awaited<ReturnType<typeof getDbKind>> } | null> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return { database: await getDbKind() };
  } catch {
    return null;
  }
}
