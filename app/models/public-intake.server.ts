/**
 * What strangers may post (spec part 3): a contact message and the first-article intake. Nobody is signed
 * in, so the checks are the schema (again, on the server), a honeypot and a rate limit per client address.
 */
import { eq } from "drizzle-orm";
import { contactMessages, pagesActions, sites } from "../../db/schema";
import type { ContactInput, FirstArticleInput } from "~/lib/schemas/public-forms";
import { siteNameFromUrl } from "~/lib/schemas/public-forms";
import { getDb, type Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { sendMail } from "~/services/mail.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
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

/**
 * Stores a contact message and records the contact_form request (info2: the message as JSON, as the spec
 * describes) in one transaction, then mails it to the team (CONTACT_EMAIL). Once mailed, the request is
 * done; if the mail fails, the message is kept and the request stays queued for the background worker.
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
    return { messageId: message.id, actionId: action.id };
  });
  const env = getEnv();
  try {
    await sendMail(contactMail(env.CONTACT_EMAIL, input));
    const now = new Date();
    await db
      .update(pagesActions)
      .set({ state: "done", attempts: 1, startedAt: now, finishedAt: now, updatedAt: now })
      .where(eq(pagesActions.id, actionId));
  } catch (err) {
    logger.error({ err, messageId }, "contact message stored but not mailed; it stays queued");
  }
  logger.info({ messageId, ip }, "contact message received");
  return { messageId, actionId };
}

function contactMail(to: string, input: ContactInput) {
  const lines = [`From: ${input.name} <${input.email}>`, "", input.message];
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  return {
    to,
    subject: `Contact form: ${input.name.replace(/[\r\n]+/g, " ").slice(0, 80)}`,
    text: lines.join("\n"),
    html: `<p><strong>${escape(input.name)}</strong> &lt;<a href="mailto:${escape(input.email)}">${escape(input.email)}</a>&gt;</p><p style="white-space:pre-wrap">${escape(input.message)}</p>`,
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
