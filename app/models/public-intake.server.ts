/**
 * What strangers may post (spec part 3): a contact message and the first-article intake. Nobody is signed
 * in, so the checks are the schema (again, on the server), a honeypot and a rate limit per client address.
 */
import { contactMessages, sites } from "../../db/schema";
import type { ContactInput, FirstArticleInput } from "~/lib/schemas/public-forms";
import { siteNameFromUrl } from "~/lib/schemas/public-forms";
import { BRAND_NAME } from "~/lib/constants";
import { FIRST_ARTICLE_TURNAROUND, REVISION_ROUNDS, WORDS_LABEL } from "~/lib/offer";
import { getDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { escapeHtml } from "~/lib/escape-html";
import type { Mail } from "~/services/mail.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { recordInboxArrival } from "~/services/team-inbox.server";
import { queueMailWith } from "~/jobs/outbox.server";
import { queueHeld, runHeld } from "~/jobs/queue.server";
import { findLanguagePair } from "./reference.server";
import { mailContactMessage } from "~/jobs/tasks/contact_form.server";

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
 * describes) in one transaction, the request already held by this process (state running, under a lease),
 * so that the background worker does not send it too. Then it mails it to the team (CONTACT_EMAIL): done;
 * if the mail fails, the request goes back to the queue with a back-off and the worker tries again.
 */
export async function submitContactMessage(input: ContactInput, ip: string) {
  await limit("contact", ip, CONTACT_LIMIT);
  const db = await getDb();
  const { messageId, actionId } = await db.transaction(async (tx) => {
    const [message] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    await recordInboxArrival({ kind: "contact", contactMessageId: message.id, name: input.name, email: input.email }, tx);
    const [action] = await queueHeld(tx, "contact_form", [
      { pageId: null, info2: JSON.stringify({ name: input.name, email: input.email, message: input.message }) },
    ]);
    return { messageId: message.id, actionId: action.id };
  });
  await runHeld(actionId, () => mailContactMessage(input), { messageId, what: "contact message" });
  logger.info({ messageId, ip }, "contact message received");
  return { messageId, actionId };
}

/**
 * The site defaults of the first-article form (spec part 3, sections 3 and 9). The spec's form left the country
 * and the language empty; the visitor now chooses them (issue 38), and the writer's prompt names the language.
 */
export const FIRST_ARTICLE_SITE_DEFAULTS = {
  /** A neutral image served by the app until the owner uploads a logo. */
  imageLogo: "/placeholder.svg",
  linkedUser: null,
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

/** The language and country chosen are not a pair the reference data has (or not in it at all): the field to correct, and why. */
export class FirstArticleChoiceError extends Error {
  constructor(
    public readonly field: "language" | "country",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates the site record of a first-article intake, with nobody as its owner yet, and queues, in the same
 * transaction, the two e-mails that make it reach somebody: the team's (CONTACT_EMAIL, with everything
 * submitted) and the requester's confirmation (what happens next). The worker sends them; the person who
 * submitted waits for neither. Made by someone signed in (`owner`), the site is theirs at once, in their list.
 * The site's language and country are the visitor's choice (the language's usual country when none was chosen);
 * a pair the reference data has not is refused first (FirstArticleChoiceError), before the address's limit counts it.
 */
export async function createFirstArticleSite(input: FirstArticleInput, ip: string, owner: { id: string; email: string } | null = null) {
  const pair = await findLanguagePair(input.language, input.country);
  if (!pair.ok) throw new FirstArticleChoiceError(pair.field, pair.message);
  await limit("first-article", ip, FIRST_ARTICLE_LIMIT);
  const db = await getDb();
  const site = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sites)
      .values({
        ...FIRST_ARTICLE_SITE_DEFAULTS,
        linkedUser: owner?.id ?? null,
        name: siteNameFromUrl(input.url),
        url: input.url,
        country: pair.country,
        language: pair.language,
        additionalGuidelines: input.additional_guidelines,
        stripeEmail: input.stripe_email,
        email1: input.email1,
      })
      .returning();
    await recordInboxArrival({ kind: "first_article", siteId: row.id, url: row.url, topic: input.topic }, tx);
    const request = { ...row, language: `${pair.languageName} (${pair.countryName})`, topic: input.topic };
    await queueMailWith(tx, [firstArticleTeamMail(getEnv().CONTACT_EMAIL, request, owner), firstArticleConfirmationMail(row)]);
    return row;
  });
  logger.info({ siteId: site.id, ip, userId: owner?.id }, "first-article intake received");
  return site;
}

type IntakeSite = {
  id: number;
  name: string;
  url: string;
  stripeEmail: string | null;
  email1: string | null;
  additionalGuidelines: string | null;
};

/** What the team's notice says besides the site: the language chosen (with its country) and the topic, if any. */
type IntakeRequest = IntakeSite & { language?: string | null; topic?: string | null };

/** Where the requester hears back: the contact e-mail when given, else the payment one. */
const requesterAddress = (site: IntakeSite) => site.email1 ?? site.stripeEmail ?? "";

/** The team's notice of a first-article request: everything submitted, answerable to the requester. */
export function firstArticleTeamMail(to: string, site: IntakeRequest, owner: { email: string } | null = null): Mail {
  const fields: [string, string][] = [
    ["Website", site.url],
    ["Language", site.language ?? "—"],
    ["Topic or keyword", site.topic ?? "— (none given: choose one from the guidelines)"],
    ["Payment (Stripe) e-mail", site.stripeEmail ?? "—"],
    ["Contact e-mail", site.email1 ?? "— (none given: answer the payment e-mail)"],
    ["Additional guidelines", site.additionalGuidelines ?? "—"],
    ["Site record", `#${site.id} (${site.name}), ${owner ? `in the account ${owner.email}` : "no owner yet"}`],
  ];
  return {
    to,
    subject: `First-article request: ${site.name.replace(/[\r\n]+/g, " ").slice(0, 80)}`,
    text: [
      "A new 1€ first-article request arrived.",
      "",
      ...fields.map(([k, v]) => `${k}: ${v}`),
      "",
      `Promised: the article within ${FIRST_ARTICLE_TURNAROUND}.`,
    ].join("\n"),
    html: `<p>A new 1€ first-article request arrived.</p><table>${fields
      .map(
        ([k, v]) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table><p>Promised: the article within ${escapeHtml(FIRST_ARTICLE_TURNAROUND)}.</p>`,
    replyTo: requesterAddress(site),
  };
}

/** The requester's confirmation: what we received, what happens next, and the 24-48 h promise. */
export function firstArticleConfirmationMail(site: IntakeSite): Mail {
  const contact = getEnv().CONTACT_EMAIL;
  const steps = [
    `We research the topics your readers search for on ${site.name} and write your first article (${WORDS_LABEL}), edited by hand.`,
    `You receive it within ${FIRST_ARTICLE_TURNAROUND}. We'll write to you if we have a question.`,
    `Ask for changes if you want them: ${REVISION_ROUNDS} revision rounds are included.`,
  ];
  const lines = [
    "Hello,",
    "",
    `Thank you: we received your first-article request for ${site.url}.`,
    "",
    "What happens next:",
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    "",
    `Anything to add? Reply to this e-mail or write to ${contact}.`,
    "",
    `— ${BRAND_NAME}`,
  ];
  return {
    to: requesterAddress(site),
    subject: `We received your first-article request – ${BRAND_NAME}`,
    text: lines.join("\n"),
    html: `<p>Hello,</p><p>Thank you: we received your first-article request for <strong>${escapeHtml(site.url)}</strong>.</p><p>What happens next:</p><ol>${steps
      .map((step) => `<li>${escapeHtml(step)}</li>`)
      .join(
        "",
      )}</ol><p>Anything to add? Reply to this e-mail or write to <a href="mailto:${escapeHtml(contact)}">${escapeHtml(contact)}</a>.</p><p>— ${escapeHtml(BRAND_NAME)}</p>`,
    replyTo: contact,
  };
}
