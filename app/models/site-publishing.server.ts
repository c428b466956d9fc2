/**
 * Where a site publishes (issue 15): the connection to its WordPress, and 'Test connection'. Only the site's
 * owner and the team reach it (siteReach). The application password is sealed for this site before it is
 * written and opened only to call WordPress: what these functions answer says whether one is stored, never
 * what it is.
 */
import { and, eq } from "drizzle-orm";
import { sitePublishing, sites } from "../../db/schema";
import {
  contentTypeOf,
  webhookSecretContext,
  WORDPRESS_NOT_CONNECTED,
  wordpressPasswordContext,
  type PublishingCheck,
} from "~/lib/publishing";
import { NotFoundError } from "~/lib/not-found";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { deliverWebhook, newWebhookSecret, WebhookError } from "~/services/publishing/webhook.server";
import { checkConnection, WordPressClient, WordPressError } from "~/services/publishing/wordpress.server";
import { openSecret, sealSecret, UnreadableSecretError } from "~/services/secrets.server";
import { siteReach, type Actor } from "./access.server";

/** How long 'Test connection' waits for the site: a person is looking at the screen. */
export const CHECK_TIMEOUT_MS = 15_000;

export type PublishingSettings = {
  site: { id: number; name: string; url: string; contentType: "post" | "page"; defaultStatus: string; autoPublishImage: boolean };
  wordpress: { url: string; username: string; hasPassword: boolean } | null;
  webhook: { url: string; hasSecret: boolean } | null;
  publishOnApproval: boolean;
  lastCheck: PublishingCheck | null;
};

/** The site's publishing settings, in one query; a site the actor does not reach is a missing one. */
export async function getPublishingSettings(actor: Actor, siteId: number): Promise<PublishingSettings> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: sites.id,
      name: sites.name,
      url: sites.url,
      defaultTypePagePost: sites.defaultTypePagePost,
      defaultStatus: sites.defaultStatus,
      autoPublishImage: sites.autoPublishImage,
      target: sitePublishing.target,
      wordpressUrl: sitePublishing.wordpressUrl,
      wordpressUser: sitePublishing.wordpressUser,
      wordpressPassword: sitePublishing.wordpressPassword,
      webhookUrl: sitePublishing.webhookUrl,
      webhookSecret: sitePublishing.webhookSecret,
      publishOnApproval: sitePublishing.publishOnApproval,
      checkedAt: sitePublishing.checkedAt,
      checkProblem: sitePublishing.checkProblem,
      checkMessage: sitePublishing.checkMessage,
      checkedUserName: sitePublishing.checkedUserName,
    })
    .from(sites)
    .leftJoin(sitePublishing, eq(sitePublishing.siteId, sites.id))
    .where(and(eq(sites.id, siteId), siteReach(actor)));
  if (!row) throw new NotFoundError("site");
  return {
    site: {
      id: row.id,
      name: row.name,
      url: row.url,
      contentType: contentTypeOf(row.defaultTypePagePost),
      defaultStatus: row.defaultStatus,
      autoPublishImage: row.autoPublishImage,
    },
    wordpress:
      row.target === "wordpress"
        ? { url: row.wordpressUrl ?? row.url, username: row.wordpressUser ?? "", hasPassword: Boolean(row.wordpressPassword) }
        : null,
    webhook: row.target === "webhook" ? { url: row.webhookUrl ?? "", hasSecret: Boolean(row.webhookSecret) } : null,
    publishOnApproval: row.publishOnApproval ?? false,
    lastCheck: row.checkedAt
      ? { at: row.checkedAt.toISOString(), problem: row.checkProblem, message: row.checkMessage, userName: row.checkedUserName }
      : null,
  };
}

export type WordPressInput = {
  url: string;
  username: string;
  /** Empty: keep the stored one. */
  applicationPassword: string;
  publishOnApproval: boolean;
};

/** The application password is missing: none typed, and none stored for this address. */
export class MissingPasswordError extends Error {
  constructor(message = "Enter the application password.") {
    super(message);
  }
}

/** Scheme, host and port: what a stored password belongs to (a WordPress in a folder of the same site keeps it). */
const originOf = (url: string) => new URL(url).origin;

/**
 * Saves the site's WordPress connection (the password sealed, or the stored one kept when none is typed),
 * then tests it: the answer is that test's result. A stored password is kept only for the address it was saved
 * for: another scheme, host or port needs it typed again, so that whoever reaches this screen (the team, or
 * someone holding the client's session) cannot have the client's credentials sent to a host of their choosing.
 */
export async function saveWordPressConnection(actor: Actor, siteId: number, input: WordPressInput): Promise<PublishingCheck> {
  const current = await getPublishingSettings(actor, siteId);
  const password = input.applicationPassword.trim();
  if (!password) {
    if (!current.wordpress?.hasPassword) throw new MissingPasswordError();
    if (originOf(input.url) !== originOf(current.wordpress.url)) {
      logger.warn({ siteId, userId: actor.id }, "publishing: stored password not kept for a new address");
      throw new MissingPasswordError("The address changed: type the application password again for the new address.");
    }
  }
  const db = await getDb();
  const fields = {
    target: "wordpress",
    wordpressUrl: input.url,
    wordpressUser: input.username,
    ...(password ? { wordpressPassword: sealSecret(password, wordpressPasswordContext(siteId)) } : {}),
    publishOnApproval: input.publishOnApproval,
    checkedAt: null,
    checkProblem: null,
    checkMessage: null,
    checkedUserName: null,
    updatedAt: new Date(),
    updatedBy: actor.id,
  };
  await db
    .insert(sitePublishing)
    .values({ siteId, ...fields })
    .onConflictDoUpdate({ target: sitePublishing.siteId, set: fields });
  logger.info({ siteId, userId: actor.id, passwordChanged: Boolean(password) }, "publishing: WordPress connection saved");
  return testWordPressConnection(actor, siteId);
}

/** A sealed secret of the site's row, opened (UnreadableSecretError when there is none, or it does not open). */
async function storedSecret(siteId: number, field: "wordpressPassword" | "webhookSecret"): Promise<string> {
  const db = await getDb();
  const [stored] = await db.select({ sealed: sitePublishing[field] }).from(sitePublishing).where(eq(sitePublishing.siteId, siteId));
  if (!stored?.sealed) throw new UnreadableSecretError();
  return openSecret(stored.sealed, field === "wordpressPassword" ? wordpressPasswordContext(siteId) : webhookSecretContext(siteId));
}

/** Keeps what a test found with the connection (the screens show it until the next test or change). */
async function keepCheck(siteId: number, check: PublishingCheck) {
  const db = await getDb();
  await db
    .update(sitePublishing)
    .set({ checkedAt: new Date(check.at), checkProblem: check.problem, checkMessage: check.message, checkedUserName: check.userName })
    .where(eq(sitePublishing.siteId, siteId));
}

/**
 * 'Test connection' on the stored connection: the REST API, the credentials and the rights the site's settings
 * need (its kind of content; uploads when it publishes images). The result is kept and answered.
 */
export async function testWordPressConnection(actor: Actor, siteId: number): Promise<PublishingCheck> {
  const settings = await getPublishingSettings(actor, siteId);
  if (!settings.wordpress) throw new NotFoundError("site");
  let check: PublishingCheck;
  try {
    const report = await checkConnection(
      {
        siteUrl: settings.wordpress.url,
        username: settings.wordpress.username,
        applicationPassword: await storedSecret(siteId, "wordpressPassword"),
      },
      { contentType: settings.site.contentType, needsImages: settings.site.autoPublishImage, timeoutMs: CHECK_TIMEOUT_MS },
    );
    check = { at: new Date().toISOString(), problem: null, message: null, userName: report.userName };
  } catch (err) {
    if (err instanceof UnreadableSecretError) {
      check = {
        at: new Date().toISOString(),
        problem: "password_unreadable",
        message: "The stored application password can no longer be read (the server's secret changed): enter it again.",
        userName: null,
      };
    } else if (err instanceof WordPressError) {
      check = { at: new Date().toISOString(), problem: err.problem, message: err.message, userName: null };
    } else throw err;
  }
  await keepCheck(siteId, check);
  logger.info({ siteId, userId: actor.id, problem: check.problem }, "publishing: connection tested");
  return check;
}

/**
 * A client of the site's WordPress with the stored credentials, for the import (the actor's site only). Throws
 * NotFoundError for a site the actor does not reach, a WordPressError without a connection ("not_connected") or
 * when the site refuses or cannot be reached.
 */
export async function connectedWordPress(actor: Actor, siteId: number): Promise<WordPressClient> {
  const settings = await getPublishingSettings(actor, siteId);
  // The site is there, its connection is not: said as such, not as a missing site (the Publishing screen reads its
  // import list again after 'Disconnect', and a 404 replaced the whole screen).
  if (!settings.wordpress) throw new WordPressError("not_connected", WORDPRESS_NOT_CONNECTED);
  let applicationPassword: string;
  try {
    applicationPassword = await storedSecret(siteId, "wordpressPassword");
  } catch (err) {
    if (err instanceof UnreadableSecretError)
      throw new WordPressError("credentials", "The stored application password can no longer be read: enter it again above.");
    throw err;
  }
  return WordPressClient.connect(
    { siteUrl: settings.wordpress.url, username: settings.wordpress.username, applicationPassword },
    { timeoutMs: CHECK_TIMEOUT_MS },
  );
}

/** Forgets the site's connection and its sealed password (the route asks first). */
export async function disconnectPublishing(actor: Actor, siteId: number): Promise<void> {
  await getPublishingSettings(actor, siteId);
  const db = await getDb();
  await db.delete(sitePublishing).where(eq(sitePublishing.siteId, siteId));
  logger.info({ siteId, userId: actor.id }, "publishing: connection removed");
}

/**
 * Saves the site's webhook (its URL and 'Publish on approval') as where it publishes. A signing secret is made
 * the first time, sealed, and answered once: the screen shows it then and never again (`rotateWebhookSecret`
 * makes a new one).
 */
export async function saveWebhookConnection(
  actor: Actor,
  siteId: number,
  input: { url: string; publishOnApproval: boolean },
): Promise<{ secret: string | null }> {
  const current = await getPublishingSettings(actor, siteId);
  const db = await getDb();
  const [stored] = await db.select({ secret: sitePublishing.webhookSecret }).from(sitePublishing).where(eq(sitePublishing.siteId, siteId));
  const secret = stored?.secret ? null : newWebhookSecret();
  const fields = {
    target: "webhook",
    webhookUrl: input.url,
    ...(secret ? { webhookSecret: sealSecret(secret, webhookSecretContext(siteId)) } : {}),
    publishOnApproval: input.publishOnApproval,
    ...(current.webhook?.url === input.url ? {} : { checkedAt: null, checkProblem: null, checkMessage: null, checkedUserName: null }),
    updatedAt: new Date(),
    updatedBy: actor.id,
  };
  await db
    .insert(sitePublishing)
    .values({ siteId, ...fields })
    .onConflictDoUpdate({ target: sitePublishing.siteId, set: fields });
  logger.info({ siteId, userId: actor.id, newSecret: Boolean(secret) }, "publishing: webhook saved");
  return { secret };
}

/** A new signing secret for the site's webhook, answered once (the receiver must be given it). */
export async function rotateWebhookSecret(actor: Actor, siteId: number): Promise<string> {
  const settings = await getPublishingSettings(actor, siteId);
  if (!settings.webhook) throw new NotFoundError("site");
  const secret = newWebhookSecret();
  const db = await getDb();
  await db
    .update(sitePublishing)
    .set({ webhookSecret: sealSecret(secret, webhookSecretContext(siteId)), updatedAt: new Date(), updatedBy: actor.id })
    .where(eq(sitePublishing.siteId, siteId));
  logger.info({ siteId, userId: actor.id }, "publishing: webhook secret replaced");
  return secret;
}

/** 'Send a test event': a signed `ping` to the webhook; the result is kept and answered like a connection test. */
export async function testWebhook(actor: Actor, siteId: number): Promise<PublishingCheck> {
  const settings = await getPublishingSettings(actor, siteId);
  if (!settings.webhook) throw new NotFoundError("site");
  const at = new Date().toISOString();
  let check: PublishingCheck;
  try {
    const status = await deliverWebhook(
      settings.webhook.url,
      await storedSecret(siteId, "webhookSecret"),
      { event: "ping", sent_at: at },
      { timeoutMs: CHECK_TIMEOUT_MS },
    );
    check = { at, problem: null, message: null, userName: `HTTP ${status}` };
  } catch (err) {
    if (err instanceof UnreadableSecretError)
      check = {
        at,
        problem: "secret_unreadable",
        message: "The stored signing secret can no longer be read: make a new one.",
        userName: null,
      };
    else if (err instanceof WebhookError) check = { at, problem: "webhook", message: err.message, userName: null };
    else throw err;
  }
  await keepCheck(siteId, check);
  return check;
}
