/**
 * Tokens of the links the product sends (site invitations, review links): 32 random bytes in base64url, given
 * once in the link and stored only as their SHA-256, so that the database alone opens nothing.
 */
import crypto from "node:crypto";
import { getEnv } from "./env.server";

/** A new token: 43 base64url characters. */
export const newSecretToken = () => crypto.randomBytes(32).toString("base64url");

/** What is stored of a token, and looked up when a link is opened. */
export const hashSecretToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Whether a text has the shape of a token (anything else names no link). */
export const SECRET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A link that needs no account and no stored token (the monthly report's unsubscribe link, issue 17): an HMAC of
 * its purpose and record with the server's secret, so that only the server makes one and it keeps working.
 */
export function signedLinkToken(purpose: string, id: number | string): string {
  return crypto.createHmac("sha256", getEnv().AUTH_SECRET).update(`${purpose}:${id}`).digest("base64url");
}

/** Whether `token` is the server's signed token for this purpose and record (compared in constant time). */
export function checkSignedLinkToken(purpose: string, id: number | string, token: string): boolean {
  const expected = Buffer.from(signedLinkToken(purpose, id));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
