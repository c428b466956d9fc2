/**
 * The team's command-line scripts that open the database (`npm run demo`, `npm run team:add`): `work` runs with
 * the database open and returns the exit code; any failure is printed (with the way out when the embedded
 * database is held by a running server) and the database is always closed.
 */
import { closeDatabase } from "../app/services/db.server";
import { getEnvOrExit } from "../app/services/env.server";

export async function databaseCommand(work: () => Promise<number>): Promise<number> {
  getEnvOrExit();
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      message.includes("in use by another process") ? `${message}\nStop the server first: it holds the embedded database.` : message,
    );
    return 1;
  } finally {
    await closeDatabase().catch(() => undefined);
  }
}
