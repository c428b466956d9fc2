/**
 * Secrets the product keeps for its users (a WordPress application password, a webhook's signing key: issue 15),
 * sealed at rest with AES-256-GCM through Node's crypto. The key is derived from AUTH_SECRET with HKDF-SHA256
 * under a label of its own, so that it is never the key that signs the sessions. Each sealed value names what
 * it belongs to (`context`, e.g. "site:12:wordpress-password") as GCM's associated data: a value copied to
 * another site's row, or to another field, does not open. A value never leaves the server in clear: the
 * routes only say whether one is stored.
 *
 * Format: "v1." + base64url(12-byte nonce | 16-byte tag | ciphertext).
 */
import crypto from "node:crypto";
import { getEnv } from "./env.server";

const VERSION = "v1";
const HKDF_INFO = "seo-articles/stored-secrets/v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The value cannot be opened: AUTH_SECRET changed since it was sealed, or the stored text was altered. */
export class UnreadableSecretError extends Error {
  constructor() {
    super("A stored secret could not be read (AUTH_SECRET changed, or the value was altered).");
  }
}

let derived: { from: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = getEnv().AUTH_SECRET;
  if (derived?.from !== secret)
    derived = { from: secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.alloc(0), HKDF_INFO, 32)) };
  return derived.key;
}

/** Seals `plain` for `context` (what it belongs to); a new nonce each time, so equal values never look alike. */
export function sealSecret(plain: string, context: string): string {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Opens a value sealed by `sealSecret` for the same `context`; throws UnreadableSecretError otherwise. */
export function openSecret(sealed: string, context: string): string {
  const [version, payload] = sealed.split(".");
  if (version !== VERSION || !payload) throw new UnreadableSecretError();
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnreadableSecretError();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecretError();
  }
}
