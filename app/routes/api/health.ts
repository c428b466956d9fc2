import { sql } from "drizzle-orm";
import type { Route } from "./+types/health";
import { getDb, getDbKind } from "~/services/db.server";

/** 200 once the database is migrated and answers; 503 otherwise. */
export async function loader(_: Route.LoaderArgs) {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok", database: await getDbKind() }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
