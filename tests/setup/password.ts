/**
 * The integration tests' password hash (setPasswordHasherForTests): scrypt from node:crypto as better-auth's,
 * at a cost 64 times lower (N=1024, r=4 instead of N=16384, r=16), salted, and marked so that it is never
 * mistaken for a real one. Production and the end-to-end servers keep better-auth's own.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import type { PasswordHasher } from "~/services/auth.server";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;
const PREFIX = "test-scrypt";
const derive = (password: string, salt: string) => scrypt(password.normalize("NFKC"), salt, 32, { N: 1024, r: 4, p: 1 });

export const cheapPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = crypto.randomBytes(16).toString("hex");
    return `${PREFIX}:${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(":");
    if (prefix !== PREFIX || !salt || !key) throw new Error("Not a test password hash.");
    return crypto.timingSafeEqual(await derive(password, salt), Buffer.from(key, "hex"));
  },
};
