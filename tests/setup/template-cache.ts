/**
 * Where a PGlite template made by an earlier run is kept (an uncompressed tarball of a data folder, migrated and
 * seeded), by a digest of everything that shapes it: the migrations, the schema and the seed data (db/), the
 * statuses the seed takes from app/lib/page-rules.ts, the code that applies them, and the versions of PGlite and
 * drizzle. A change to any of them makes a new one. Vitest's global setup writes it; the end-to-end run's global
 * setup starts its servers' data folder from it when it is there (`npm test` runs Vitest first).
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export const TEMPLATE_CACHE = path.join(os.tmpdir(), "seo-test-template-cache");
const APP_ROOT = path.resolve(import.meta.dirname, "../..");

export async function templateKey(): Promise<string> {
  const hash = crypto.createHash("sha256");
  const files = [
    ...(await fs.readdir(path.join(APP_ROOT, "db"), { recursive: true })).map((name) => path.join("db", String(name))),
    "app/lib/page-rules.ts",
    "app/services/db.server.ts",
    "node_modules/@electric-sql/pglite/package.json",
    "node_modules/drizzle-orm/package.json",
  ].sort();
  for (const file of files) {
    const stat = await fs.stat(path.join(APP_ROOT, file));
    if (!stat.isFile()) continue;
    hash
      .update(file)
      .update("\0")
      .update(await fs.readFile(path.join(APP_ROOT, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 24);
}

/** The kept template for the current migrations, schema and seed, or null when no run made it yet. */
export async function cachedTemplate(): Promise<string | null> {
  const file = path.join(TEMPLATE_CACHE, `${await templateKey()}.tar`);
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() && stat.size > 0 ? file : null;
}
