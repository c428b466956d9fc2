import type { Route } from "./+types/health";
import { databaseHealth } from "~/services/health.server";

/** 200 once the database is migrated and answers; 503 otherwise. */
export async function loader(_: Route.LoaderArgs) {
  const health = await databaseHealth();
  return health
    ? Response.json({ status: "ok", ...health }, { headers: { "Cache-Control": "no-store" } })
    : Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}
