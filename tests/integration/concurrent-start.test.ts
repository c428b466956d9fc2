/**
 * Several app servers may start at the same moment against one PostgreSQL database (ARCHITECTURE.md,
 * "Scaling out"): each runs migrateAndSeed() on its first database use. On a fresh database they must
 * all start, and the reference data must be seeded once. PostgreSQL only (PGlite has one process).
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { countries, toneGroups } from "../../db/seed-data";
import { seedReferenceData } from "../../db/seed";
import { migrateAndSeed, migrationsFolder, type Db } from "~/services/db.server";
import { databaseUrlFor, quoteIdent, withAdminClient } from "../setup/pg-admin";

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase(): Promise<string> {
  const name = `t_start_${crypto.randomBytes(5).toString("hex")}`;
  await withAdminClient(serverUrl!, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  cleanups.push(() =>
    withAdminClient(serverUrl!, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).then(() => undefined),
  );
  return databaseUrlFor(serverUrl!, name);
}

async function server(url: string): Promise<{ db: Db; pool: import("pg").Pool }> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // As the app's pool does (services/db.server.ts): a connection that PostgreSQL ends (the cleanup's DROP
  // DATABASE ... WITH (FORCE) racing pool.end()) is an error event, not a crash.
  pool.on("error", () => undefined);
  cleanups.push(() => pool.end());
  return { db: drizzle({ client: pool, schema }), pool };
}

describe.skipIf(!serverUrl)("servers starting together on a fresh PostgreSQL database", () => {
  it("all start, and the reference data is seeded once", async () => {
    const url = await emptyDatabase();
    const servers = await Promise.all([server(url), server(url), server(url)]);
    const results = await Promise.allSettled(servers.map((s) => migrateAndSeed(s.db, "postgres")));
    const failures = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => String(r.reason?.message ?? r.reason));
    expect(failures, "every server starts").toEqual([]);

    const { pool } = servers[0];
    const groups = await pool.query(
      "select name, count(*)::int as n from tone_articles where parent_tone_article is null and creator is null group by name",
    );
    expect(groups.rows.length).toBe(toneGroups.length);
    expect(
      groups.rows.filter((r) => r.n !== 1),
      "tone groups seeded more than once",
    ).toEqual([]);
    const [c] = (await pool.query("select count(*)::int as n from location_countries")).rows;
    expect(c.n).toBe(countries.length);
  });

  it("seed the reference data once when they seed a migrated, empty database together", async () => {
    const url = await emptyDatabase();
    const servers = await Promise.all([server(url), server(url), server(url)]);
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(servers[0].db as never, { migrationsFolder: migrationsFolder() });
    const results = await Promise.allSettled(servers.map((s) => seedReferenceData(s.db)));
    const failures = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => String(r.reason?.message ?? r.reason));
    expect(failures, "every seed succeeds").toEqual([]);
    const groups = await servers[0].pool.query(
      "select name, count(*)::int as n from tone_articles where parent_tone_article is null and creator is null group by name",
    );
    expect(
      groups.rows.filter((r) => r.n !== 1),
      "tone groups seeded more than once",
    ).toEqual([]);
    const samples = await servers[0].pool.query("select count(*)::int as n from tone_articles where parent_tone_article is not null");
    expect(samples.rows[0].n).toBe(toneGroups.reduce((sum, g) => sum + g.children.length, 0));
  });
});
