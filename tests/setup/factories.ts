/** Rows the integration tests need, written straight into the database. */
import crypto from "node:crypto";
import { user } from "../../db/schema";
import type { Db } from "~/services/db.server";

export type TestUser = { id: string; email: string; name: string };

/** Inserts a verified user (no password: for model tests that never sign in). */
export async function insertUser(db: Db, fields: Partial<TestUser> = {}): Promise<TestUser> {
  const id = fields.id ?? crypto.randomUUID();
  const email = fields.email ?? `user-${id.slice(0, 8)}@example.test`;
  const name = fields.name ?? "Test User";
  await db.insert(user).values({ id, email, name, emailVerified: true });
  return { id, email, name };
}

/** A unique e-mail address, so that the tests of one file never collide. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.test`;
}

/** A unique client address for the rate limiter (one per test unless a test shares it on purpose). */
export function uniqueIp() {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}
