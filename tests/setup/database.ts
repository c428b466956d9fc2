/**
 * Per-file test database. Call `useTestDatabase()` at the top level of an integration test file:
 * before the file's tests it clones the run's template (see global-setup.ts) and installs the clone
 * into the app with useDatabaseForTests(), so every model and service of the app uses it through
 * getDb(); after them it closes the clone (and drops it on PostgreSQL).
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

async function clonePglite(tarball: string): Promise<Clone> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const bytes = await fs.readFile(tarball);
  const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(bytes)]) });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close();
  };
  return {
    db: drizzle({ client, schema }) as unknown as Db,
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
    db: drizzle({ client: pool, schema }) as unknown as Db,
    kind: "postgres",
    close,
    destroy: async () => {
      await close();
      await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
  };
}
