import { createHmac, timingSafeEqual } from "node:crypto";

/** better-auth's session cookie (`__Secure-` prefixed behind https, cookiePrefix "seo" in auth.server.ts): a request with it is someone's. */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?seo\.session_token=/;

/** better-auth's two-factor cookie: set after a right password when the account has two-factor sign-in on (10 minutes). */
export const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?seo\.two_factor=/;

/**
 * The value of the cookie `name` in a Cookie header, read as better-auth reads it (better-call's parser: the
 * first cookie of that name, quotes removed, percent-decoded when it can be).
 */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token a signed cookie value carries, or null when its signature is not the secret's: better-call's
 * format (`<token>.<base64 HMAC-SHA256 of the token>`), checked in constant time as WebCrypto's verify does.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  // Compared as text, in the one encoding better-call writes (Node's base64 decoder would also take other spellings).
  const given = Buffer.from(signature);
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
