/**
 * Tokens of the links the product sends (site invitations, review links): 32 random bytes in base64url, given
 * once in the link and stored only as their SHA-256, so that the database alone opens nothing.
 */
import crypto from "node:crypto";

/** A new token: 43 base64url characters. */
export const newSecretToken = () => crypto.randomBytes(32).toString("base64url");

/** What is stored of a token, and looked up when a link is opened. */
export const hashSecretToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Whether a text has the shape of a token (anything else names no link). */
export const SECRET_TOKEN = /^[A-Za-z0-9_-]{43}$/;
