/**
 * What strangers may post (spec part 3): a contact message and the first-article intake. Nobody is signed
 * in, so the checks are the schema (again, on the server), a honeypot and a rate limit per client address.
 */
import { eq, sql } from "drizzle-orm";
import { contactMessages, pagesActions, sites } from "../../db/schema";
import type { ContactInput, FirstArticleInput } from "~/lib/schemas/public-forms";
import { siteNameFromUrl } from "~/lib/schemas/public-forms";
import { getDb, type Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { escapeHtml, sendMail, type Mail } from "~/services/mail.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { backoffSeconds, completeAction, failAttempt } from "./action-queue.server";
import { queueActions } from "./page-action.server";

/** Per client address: 5 contact messages per 10 minutes, 3 first-article forms per hour. */
export const CONTACT_LIMIT = { windowSeconds: 600, max: 5 } as const;
export const FIRST_ARTICLE_LIMIT = { windowSeconds: 3600, max: 3 } as const;

export class RateLimitedError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("Too many requests");
  }
}

async function limit(kind: string, ip: string, rule: { windowSeconds: number; max: number }) {
  const result = await consumeRateLimit(`${kind}:${ip}`, rule.windowSeconds, rule.max);
  if (!result.allowed) {
    logger.warn({ ip, kind }, "public form rate limited");
    throw new RateLimitedError(result.retryAfterSeconds);
  }
}

/** Who sends a contact message right away: the web process, under the same lease rules as the worker. */
const WEB_SENDER = `web:${process.pid}`;
const SEND_LEASE_SECONDS = 120;

/**
 * Stores a contact message and records the contact_form request (info2: the message as JSON, as the spec
 * describes) in one transaction, the request already held by this process (state running, under a lease),
 * so that the background worker does not send it too. Then it mails it to the team (CONTACT_EMAIL): done;
 * if the mail fails, the request goes back to the queue with a back-off and the worker tries again.
 */
export async function submitContactMessage(input: ContactInput, ip: string) {
  await limit("contact", ip, CONTACT_LIMIT);
  const db = await getDb();
  const { messageId, actionId } = await db.transaction(async (tx) => {
    const [message] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    const [action] = await queueActions(
      null,
      "contact_form",
      [{ pageId: null, info2: JSON.stringify({ name: input.name, email: input.email, message: input.message }) }],
      tx as unknown as Db,
    );
    await tx
      .update(pagesActions)
      .set({
        state: "running",
        attempts: 1,
        startedAt: sql`now()`,
        workerId: WEB_SENDER,
        leaseUntil: sql`now() + make_interval(secs => ${SEND_LEASE_SECONDS})`,
      })
      .where(eq(pagesActions.id, action.id));
    return { messageId: message.id, actionId: action.id };
  });
  try {
    await mailContactMessage(input);
    await completeAction(actionId, WEB_SENDER);
  } catch (err) {
    logger.error({ err, messageId }, "contact message stored but not mailed; the worker will retry");
    await failAttempt(actionId, WEB_SENDER, err instanceof Error ? err.message : String(err), backoffSeconds(1));
  }
  logger.info({ messageId, ip }, "contact message received");
  return { messageId, actionId };
}

/** Sends a contact message to the team (CONTACT_EMAIL), answerable to its author. */
export async function mailContactMessage(input: ContactInput) {
  await sendMail(contactMail(getEnv().CONTACT_EMAIL, input));
}

function contactMail(to: string, input: ContactInput): Mail {
  const lines = [`From: ${input.name} <${input.email}>`, "", input.message];
  return {
    to,
    subject: `Contact form: ${input.name.replace(/[\r\n]+/g, " ").slice(0, 80)}`,
    text: lines.join("\n"),
    html: `<p><strong>${escapeHtml(input.name)}</strong> &lt;<a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>&gt;</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    replyTo: input.email,
  };
}

/** The site defaults of the first-article form (spec part 3, sections 3 and 9). */
export const FIRST_ARTICLE_SITE_DEFAULTS = {
  /** A neutral image served by the app until the owner uploads a logo. */
  imageLogo: "/placeholder.svg",
  linkedUser: null,
  country: null,
  language: null,
  familiarTerms: false,
  forceDefinedLanguageForSerps: false,
  serpsNbResults: 10,
  serpsImgNbResults: 5,
  addressTheReaderWithI: false,
  acceptedTopics: null,
  coverImageWidth: 1200,
  coverImageHeight: 630,
  nbImagesToCreate: 3,
  defaultTypePagePost: "post",
  defaultStatus: "draft",
  autoPublishImage: false,
  toneArticlesGroup: null,
} as const;

/** Creates the site record of a first-article intake, with nobody as its owner yet. */
export async function createFirstArticleSite(input: FirstArticleInput, ip: string) {
  await limit("first-article", ip, FIRST_ARTICLE_LIMIT);
  const db = await getDb();
  const [site] = await db
    .insert(sites)
    .values({
      ...FIRST_ARTICLE_SITE_DEFAULTS,
      name: siteNameFromUrl(input.url),
      url: input.url,
      additionalGuidelines: input.additional_guidelines,
      stripeEmail: input.stripe_email,
      email1: input.email1,
    })
    .returning();
  logger.info({ siteId: site.id, ip }, "first-article intake received");
  return site;
}
