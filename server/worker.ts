/**
 * `npm run worker`: a worker process of its own, for PostgreSQL (DATABASE_URL). Start as many as needed;
 * they never take the same action (FOR UPDATE SKIP LOCKED) and a crashed one's action is taken again when
 * its lease expires. Set WORKER=off on the servers to leave the work to these processes. With the embedded
 * PGlite database only the server process may open the data folder, so its in-process worker does the work.
 */
import { getEnvOrExit } from "../app/services/env.server";
import { closeDatabase, getDb } from "../app/services/db.server";
import { logger } from "../app/services/logger.server";
import { startWorker } from "../app/jobs/run.server";

async function main() {
  const env = getEnvOrExit();
  if (!env.DATABASE_URL) {
    console.error(
      "npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, the server runs the worker itself (WORKER=in-process, the default).",
    );
    process.exit(1);
  }
  await getDb();
  const worker = startWorker();
  const stop = (signal: string) => {
    logger.info({ signal }, "worker stopping");
    void worker
      .stop()
      .then(closeDatabase)
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

await main();
