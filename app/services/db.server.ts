/**
 * The database: PGlite (embedded, files under DATA_DIR/db) by default, PostgreSQL when DATABASE_URL
 * is set. Opened lazily on first use, never at import, so that building the app touches no data;
 * the first use also applies the committed migrations and seeds reference data.
 * Only models/ and services/ import this module.
 */
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { seedReferenceData } from "../../db/seed";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/**
 * The database, or a transaction of it: drizzle's PgTransaction extends PgDatabase, and each driver's drizzle()
 * (PGlite, node-postgres) answers a PgDatabase of its own result kind, so all of them are a Db as they are. A
 * function that writes with the rest of a transaction takes `db: Db` and is handed the `tx`.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Kind = "pglite" | "postgres";
type Handle = { db: Db; kind: Kind; close: () => Promise<void> };

let opening: Promise<Handle> | undefined;

/** The drizzle instance, opened, migrated and seeded on first call. */
export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export async function getDbKind(): Promise<Kind> {
  return (await handle()).kind;
}

function handle(): Promise<Handle> {
  if (!opening) {
    opening = openAndPrepare();
    // A failed start is not cached: the next call tries again.
    opening.catch(() => {
      opening = undefined;
    });
  }
  return opening;
}

export function migrationsFolder() {
  return path.resolve(process.cwd(), "db/migrations");
}

async function openAndPrepare(): Promise<Handle> {
  const started = Date.now();
  const env = getEnv();
  const opened = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(path.join(env.dataDir, "db"), env.PGLITE_THREAD);
  try {
    await migrateAndSeed(opened.db, opened.kind);
  } catch (error) {
    await opened.close();
    throw error;
  }
  logger.info({ ms: Date.now() - started, database: opened.kind }, "database ready");
  return opened;
}

/** Key of the PostgreSQL advisory lock that serialises migrations of servers starting together. */
const MIGRATION_LOCK_KEY = 4_242_017_001;

/**
 * Applies the committed migrations (each in a transaction), then seeds reference data idempotently.
 * On PostgreSQL several servers may start at once: they take turns under an advisory lock, held on a
 * connection of their own.
 */
export async function migrateAndSeed(instance: Db, kind: Kind) {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(instance as never, migrationsConfig);
    await seedReferenceData(instance);
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = (instance as unknown as { $client: import("pg").Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const locked = drizzle({ client, schema });
    await migrate(locked as never, migrationsConfig);
    await seedReferenceData(locked);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

async function openPostgres(url: string): Promise<Handle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", (error) => logger.error({ err: error }, "PostgreSQL pool error"));
  return { db: drizzle({ client: pool, schema }), kind: "postgres", close: () => pool.end() };
}

async function openPglite(dir: string, thread: "own" | "main"): Promise<Handle> {
  const release = lockDataFolder(dir);
  try {
    const { drizzle } = await import("drizzle-orm/pglite");
    // In a thread of its own by default (decision 024): the engine and the parsing of its answers leave the thread
    // that renders pages. drizzle's driver needs only the part of PGlite's interface that the thread's client has.
    type Client = Pick<import("@electric-sql/pglite").PGlite, "query" | "exec" | "transaction" | "close">;
    const client: Client =
      thread === "own"
        ? ((await (await import("./pglite-thread.server")).openPgliteThread(dir)) as unknown as Client)
        : await (await import("@electric-sql/pglite")).PGlite.create(dir);
    return {
      db: drizzle({ client: client as import("@electric-sql/pglite").PGlite, schema }),
      kind: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite has no lock of its own: two processes opening the same folder corrupt it. A lock file
 * holding our pid guards the folder; a lock left by a dead process is taken over.
 */
export function lockDataFolder(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => {
        process.off("exit", release);
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (owner && isAlive(owner)) {
        throw new Error(
          `The database folder ${dir} is in use by another process (pid ${owner}). ` +
            "Stop that process, or give this one another DATA_DIR.",
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dir}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Closes the database (on shutdown). */
export async function closeDatabase() {
  const current = opening;
  opening = undefined;
  if (current) await (await current.catch(() => undefined))?.close();
}

/** For tests: use a given drizzle instance (a cloned template database) instead of opening one. */
export function useDatabaseForTests(instance: Db, kind: Kind, close: () => Promise<void>) {
  opening = Promise.resolve({ db: instance, kind, close });
}
