/**
 * Runs once per `vitest run` of the integration project, before any test file. Builds ONE migrated
 * and seeded database with the app's own migrateAndSeed(), so that each test file only clones it:
 *
 * - PGlite (default): a PGlite data folder in a temp dir, dumped to an uncompressed tarball that
 *   every test file loads into an in-memory PGlite (`loadDataDir`), instead of paying ~4 s of initdb.
 *   The tarball is kept for the next runs (under the OS temp folder, by a digest of the migrations, the
 *   seed and the code that applies them), so a run without changes there skips building it.
 * - PostgreSQL (TEST_DATABASE_URL set): a template database on that server; every test file runs
 *   `CREATE DATABASE t_<random> TEMPLATE <it>`.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import "./constants";
import { TEMPLATE_CACHE, templateKey } from "./template-cache";
import { databaseUrlFor, quoteIdent } from "./pg-admin";

export default async function setup(project: TestProject) {
  // The app's logger reads NODE_ENV when first imported (silent in tests).
  process.env.NODE_ENV = "test";
  const started = Date.now();
  await removeAbandonedRunDirs();
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), `${RUN_DIR_PREFIX}${process.pid}-`));
  project.provide("testRunDir", runDir);
  const removeRunDir = () => fs.rm(runDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  let teardown: () => Promise<void>;
  try {
    teardown = adminUrl ? await buildPostgresTemplate(project, adminUrl) : await buildPgliteTemplate(project, runDir);
  } catch (error) {
    await removeRunDir();
    throw error;
  }
  if (process.env.TEST_SETUP_VERBOSE) console.log(`[test setup] template database ready in ${Date.now() - started} ms`);
  return async () => {
    await teardown();
    await removeRunDir();
  };
}

const RUN_DIR_PREFIX = "seo-test-run-";

/** Removes the temp folders of earlier runs that were interrupted (Ctrl-C skips the teardown). */
async function removeAbandonedRunDirs() {
  const tmp = os.tmpdir();
  for (const name of await fs.readdir(tmp).catch(() => [] as string[])) {
    const pid = Number(new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    await fs.rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Keeps the template for the next runs (written under another name, then renamed: runs may overlap). */
async function keepTemplate(tarball: string, key: string) {
  try {
    await fs.mkdir(TEMPLATE_CACHE, { recursive: true });
    const partial = path.join(TEMPLATE_CACHE, `${key}.${process.pid}.partial`);
    await fs.copyFile(tarball, partial);
    await fs.rename(partial, path.join(TEMPLATE_CACHE, `${key}.tar`));
    // The five newest are enough (other branches, other worktrees).
    const kept = await Promise.all(
      (await fs.readdir(TEMPLATE_CACHE)).map(async (name) => ({ name, mtime: (await fs.stat(path.join(TEMPLATE_CACHE, name))).mtimeMs })),
    );
    for (const old of kept.sort((a, b) => b.mtime - a.mtime).slice(5)) await fs.rm(path.join(TEMPLATE_CACHE, old.name), { force: true });
  } catch {
    // A cache only: the next run builds the template again.
  }
}

async function buildPgliteTemplate(project: TestProject, runDir: string) {
  const key = await templateKey();
  const cached = path.join(TEMPLATE_CACHE, `${key}.tar`);
  const reused = await fs.stat(cached).then(
    (stat) => stat.isFile() && stat.size > 0,
    () => false,
  );
  if (reused) {
    // Copied into this run's folder, so that another run replacing the cache never pulls it from under us.
    const tarball = path.join(runDir, "template.tar");
    await fs.copyFile(cached, tarball);
    project.provide("testDatabase", { kind: "pglite", tarball });
    return async () => undefined;
  }
  const { tarball, teardown } = await buildPgliteTemplateNow(runDir);
  project.provide("testDatabase", { kind: "pglite", tarball });
  await keepTemplate(tarball, key);
  return teardown;
}

async function buildPgliteTemplateNow(runDir: string) {
  const tmp = await fs.mkdtemp(path.join(runDir, "template-"));
  const tarball = path.join(tmp, "template.tar");
  try {
    const dataDir = path.join(tmp, "pgdata");
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const schema = await import("../../db/schema");
    const { migrateAndSeed } = await import("../../app/services/db.server");
    const client = await PGlite.create(dataDir);
    try {
      await migrateAndSeed(drizzle({ client, schema }) as never, "pglite");
      // Uncompressed, so that each clone skips a gunzip of the folder.
      const dump = await client.dumpDataDir("none");
      await fs.writeFile(tarball, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  } catch (error) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw error;
  }
  return {
    tarball,
    teardown: async () => {
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

async function buildPostgresTemplate(project: TestProject, adminUrl: string) {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const schema = await import("../../db/schema");
  const { migrateAndSeed } = await import("../../app/services/db.server");

  // One name per run, so that two runs against the same server never share a template.
  const template = `tmpl_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  try {
    // A single connection, closed before any clone: CREATE DATABASE ... TEMPLATE refuses a
    // template that has open connections.
    const pool = new pg.Pool({ connectionString: databaseUrlFor(adminUrl, template), max: 1 });
    try {
      await migrateAndSeed(drizzle({ client: pool, schema }) as never, "postgres");
    } finally {
      await pool.end();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide("testDatabase", { kind: "postgres", url: adminUrl, template });
  return drop;
}
