/**
 * Per-file test database. Call `useTestDatabase()` at the top level of an integration test file:
 * before the file's tests it gives the file the run's template (see global-setup.ts): a clone on PostgreSQL,
 * and on PGlite the worker's one embedded database set back to the template's state (see SharedPglite below).
 * It installs it into the app with useDatabaseForTests(), so every model and service of the app uses it
 * through getDb(); after the file it drops the clone on PostgreSQL.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { afterAll, beforeAll, inject } from "vitest";
import * as schema from "../../db/schema";
import { closeDatabase, useDatabaseForTests, type Db } from "~/services/db.server";
import { resetEnvForTests } from "~/services/env.server";
import { databaseUrlFor, quoteIdent, withAdminClient as admin } from "./pg-admin";
import "./constants";

export type TestDatabase = {
  /** The drizzle instance the app uses (also reachable through the app's getDb()). */
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  /** Runs raw SQL and returns its rows, on either driver. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
};

type Clone = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  query: TestDatabase["query"];
  destroy: () => Promise<void>;
};

export function useTestDatabase(): TestDatabase {
  let clone: Clone | undefined;

  beforeAll(async () => {
    resetEnvForTests();
    const template = inject("testDatabase");
    clone = template.kind === "pglite" ? await clonePglite(template.tarball) : await clonePostgres(template.url, template.template);
    useDatabaseForTests(clone.db, clone.kind, clone.close);
  });

  afterAll(async () => {
    // Let queries that a test started without waiting (better-auth's counters) finish first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await closeDatabase();
    await clone?.destroy();
  });

  const current = () => {
    if (!clone) throw new Error("The test database is not ready: use it inside tests or hooks, not at import.");
    return clone;
  };
  return {
    get db() {
      return current().db;
    },
    get kind() {
      return current().kind;
    },
    query: (text, params) => current().query(text, params),
  };
}

/**
 * PGlite: starting an instance from the template costs about a second of CPU (the WebAssembly Postgres starting
 * and reading the template), more than most files' tests. So a worker that runs several files one after the
 * other (the integration project: `isolate: false`, its modules shared) keeps ONE instance, and gives each file
 * the template's state again instead of a new instance: the session's state discarded, every table emptied and
 * refilled with the template's rows (kept as COPY blobs when the instance was made), every sequence set back.
 * Its triggers are off while it is refilled (the audit log refuses TRUNCATE), as a restore would have them.
 * Files with modules of their own (isolated) make one instance each, which their afterAll closes.
 */
export type SharedPglite = {
  client: import("@electric-sql/pglite").PGlite;
  /** The template's rows, per table (only those that have any), and every sequence's state. */
  tables: string[];
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** A file used it since it was made or reset. */
  used: boolean;
};
let sharedPglite: Promise<SharedPglite> | undefined;

export async function openTemplate(tarball: string): Promise<SharedPglite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const bytes = await fs.readFile(tarball);
  const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(bytes)]) });
  /** The public schema's relations of one catalog (pg_tables or pg_sequences), schema-qualified and quoted. */
  const publicNames = async (catalog: "pg_tables" | "pg_sequences", column: "tablename" | "sequencename") =>
    (
      await client.query<{ name: string }>(
        `select 'public.' || quote_ident(${column}) as name from ${catalog} where schemaname = 'public' order by 1`,
      )
    ).rows.map((r) => r.name);
  const tables = await publicNames("pg_tables", "tablename");
  const rows: SharedPglite["rows"] = [];
  for (const table of tables) {
    const { rows: count } = await client.query<{ any: boolean }>(`select exists (select 1 from ${table}) as any`);
    if (!count[0]?.any) continue;
    const copied = await client.query(`COPY ${table} TO '/dev/blob'`);
    rows.push({ table, blob: copied.blob! });
  }
  const sequences = await publicNames("pg_sequences", "sequencename");
  const states: SharedPglite["sequences"] = [];
  for (const name of sequences) {
    const [state] = (await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`))
      .rows;
    states.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return { client, tables, rows, sequences: states, used: false };
}

/** Gives the shared instance the template's state again (see SharedPglite). */
export async function resetToTemplate(shared: SharedPglite) {
  const { client } = shared;
  await client.exec("DISCARD ALL");
  await client.transaction(async (tx) => {
    await tx.exec("SET LOCAL session_replication_role = replica");
    if (shared.tables.length) await tx.exec(`TRUNCATE ${shared.tables.join(", ")} RESTART IDENTITY CASCADE`);
    for (const { table, blob } of shared.rows) await tx.query(`COPY ${table} FROM '/dev/blob'`, [], { blob });
    for (const { name, lastValue, isCalled } of shared.sequences) {
      await tx.query(`select setval('${name.replace(/'/g, "''")}', $1::bigint, $2)`, [lastValue, isCalled]);
    }
  });
}

async function clonePglite(tarball: string): Promise<Clone> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const shareable = process.env.TEST_SHARED_DATABASE === "1";
  let shared: SharedPglite;
  if (shareable) {
    sharedPglite ??= openTemplate(tarball);
    shared = await sharedPglite;
    if (shared.used) await resetToTemplate(shared);
    shared.used = true;
  } else {
    shared = await openTemplate(tarball);
  }
  const { client } = shared;
  // The app's closeDatabase() (a test may call it) leaves a shared instance open for the worker's next file.
  let closed = false;
  const close = async () => {
    if (closed || shareable) return;
    closed = true;
    await client.close();
  };
  return {
    db: drizzle({ client, schema }),
    kind: "pglite",
    close,
    destroy: close,
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params as never[])).rows,
  };
}

async function clonePostgres(serverUrl: string, template: string): Promise<Clone> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  await admin(serverUrl, async (client) => {
    // Clones of one template may start at the same moment; PostgreSQL refuses a copy while another
    // session is connected to the template, so retry briefly on that error.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String((error as Error).message).includes("being accessed by other users")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const pool = new pg.Pool({ connectionString: databaseUrlFor(serverUrl, name), max: 5 });
  // A query still running in the background (better-auth updates its counters without waiting) may
  // hold a connection when the file ends; DROP ... WITH (FORCE) then ends it, which is expected here.
  pool.on("error", () => undefined);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  return {
    db: drizzle({ client: pool, schema }),
    kind: "postgres",
    close,
    destroy: async () => {
      await close();
      await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
  };
}
