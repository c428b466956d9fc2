/**
 * The team's inbox (issue 14): first-article requests, contact messages and client review decisions, newest
 * first; each can be assigned to a team member, marked handled (or reopened) and answered by e-mail. Every
 * function takes the acting team member and checks the role itself; each change writes its audit line in the
 * same transaction.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  contactMessages,
  locationCountries,
  locationLanguages,
  pages,
  pagesActions,
  pagesVersions,
  sites,
  teamInbox,
  teamInboxReplies,
  user,
} from "../../db/schema";
import { choiceParam, choiceParamOr, pageParam, parseListQuery, textParam } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { BRAND_NAME } from "~/lib/constants";
import type { InboxReply } from "~/lib/schemas/team";
import { INBOX_KINDS, INBOX_PAGE_SIZE, INBOX_VIEWS, type InboxKind, type InboxView, type ReviewDecision } from "~/lib/team-inbox";
import { queueMailWith } from "~/jobs/outbox.server";
import type { TeamMember } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { letterMail } from "~/services/mail.server";
import { writeAudit } from "~/services/team-audit.server";
import { assertTeam, auditActor, containsText } from "./team-access.server";

/** The item is not (or no longer) there. */
export class InboxItemMissingError extends Error {
  constructor() {
    super("Cet élément de la boîte de réception n'existe pas.");
  }
}

/** The form named someone who cannot take the item, or an address the item does not have. */
export class InboxRefusedError extends Error {}

export const inboxQuery = z.object({
  view: choiceParamOr(INBOX_VIEWS, "open"),
  kind: choiceParam(INBOX_KINDS),
  q: textParam,
  page: pageParam,
});
export type InboxQuery = z.infer<typeof inboxQuery>;

/** The inbox's filters, from its URL (anything unreadable falls back to the default view). */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return parseListQuery(inboxQuery, params);
}

const assignee = alias(user, "assignee");
const handler = alias(user, "handler");
const client = alias(user, "client");
const siteOwner = alias(user, "site_owner");
const reviewPage = alias(pages, "review_page");

/** Everything one line shows, across the three kinds (null where a kind has nothing). */
const itemColumns = {
  id: teamInbox.id,
  kind: sql<InboxKind>`${teamInbox.kind}`,
  receivedAt: teamInbox.receivedAt,
  subject: teamInbox.subject,
  assignee: { id: assignee.id, name: assignee.name, email: assignee.email },
  handledAt: teamInbox.handledAt,
  handlerName: handler.name,
  // A first-article request: its site as it is now (null once deleted).
  site: {
    id: sites.id,
    url: sites.url,
    stripeEmail: sites.stripeEmail,
    email1: sites.email1,
    guidelines: sites.additionalGuidelines,
    ownerEmail: siteOwner.email,
    // Its language and country as the request chose them (issue 38): "French (Belgium)", null when none.
    language: sql<string | null>`(select ${locationLanguages.languageName} || ' (' || ${locationCountries.countryName} || ')'
      from ${locationLanguages} join ${locationCountries} on ${locationCountries.id} = ${locationLanguages.linkedCountry}
      where ${locationLanguages.id} = ${sites.language})`,
  },
  // A first-article request's topic, and its trial article (issue 38): started (its page), delivered (its draft).
  topic: teamInbox.topic,
  trial: { pageId: teamInbox.pageId, startedAt: teamInbox.startedAt, deliveredVersion: teamInbox.deliveredVersion },
  // A contact message.
  contact: { name: contactMessages.name, email: contactMessages.email, message: contactMessages.message },
  // A review decision: the version and its page (null once deleted), and who decided.
  decision: sql<ReviewDecision | null>`${teamInbox.decision}`,
  comments: teamInbox.comments,
  review: { versionId: pagesVersions.id, publicId: pagesVersions.publicId, pageId: reviewPage.id, siteId: reviewPage.site },
  clientEmail: client.email,
  // Qualified by hand: drizzle writes columns unqualified inside sql``, where "id" would be the replies' own.
  replies: sql<number>`(select count(*) from "team_inbox_replies" "r" where "r"."item_id" = "team_inbox"."id")`.mapWith(Number),
};

function selectItems(db: Db, extra: Record<string, SQL.Aliased | SQL> = {}) {
  return db
    .select({ ...itemColumns, ...extra })
    .from(teamInbox)
    .leftJoin(assignee, eq(assignee.id, teamInbox.assignedTo))
    .leftJoin(handler, eq(handler.id, teamInbox.handledBy))
    .leftJoin(sites, eq(sites.id, teamInbox.siteId))
    .leftJoin(siteOwner, eq(siteOwner.id, sites.linkedUser))
    .leftJoin(contactMessages, eq(contactMessages.id, teamInbox.contactMessageId))
    .leftJoin(pagesVersions, eq(pagesVersions.id, teamInbox.versionId))
    .leftJoin(reviewPage, eq(reviewPage.id, pagesVersions.page))
    .leftJoin(client, eq(client.id, teamInbox.clientId));
}

type Row = Awaited<ReturnType<typeof selectItems>>[number];

/** One inbox item, as the console shows it. Drizzle answers a left join's missing row as null objects. */
export type InboxItem = ReturnType<typeof toItem>;

function toItem(row: Row) {
  return {
    id: row.id,
    kind: row.kind,
    receivedAt: row.receivedAt,
    subject: row.subject,
    assignee: row.assignee,
    handledAt: row.handledAt,
    handlerName: row.handlerName,
    site: row.kind === "first_article" ? row.site : null,
    topic: row.topic,
    trial: row.trial.startedAt ? row.trial : null,
    contact: row.kind === "contact" ? row.contact : null,
    review:
      row.kind === "review" ? { decision: row.decision, comments: row.comments, clientEmail: row.clientEmail, version: row.review } : null,
    replies: row.replies,
  };
}

function viewCondition(member: TeamMember, view: InboxView): SQL | undefined {
  switch (view) {
    case "open":
      return isNull(teamInbox.handledAt);
    case "mine":
      return and(isNull(teamInbox.handledAt), eq(teamInbox.assignedTo, member.id));
    case "handled":
      return isNotNull(teamInbox.handledAt);
    case "all":
      return undefined;
  }
}

/** One page of the inbox and how many items match, in one query. */
export async function teamListInbox(member: TeamMember, query: InboxQuery): Promise<{ items: InboxItem[]; total: number }> {
  assertTeam(member);
  const db = await getDb();
  const where = [viewCondition(member, query.view)];
  if (query.kind) where.push(eq(teamInbox.kind, query.kind));
  if (query.q) {
    // The subject (site address, sender, page and site names), and the addresses and texts that came in.
    const has = containsText(query.q);
    where.push(
      or(
        has(teamInbox.subject),
        has(sites.stripeEmail),
        has(sites.email1),
        has(sites.additionalGuidelines),
        has(contactMessages.message),
        has(client.email),
        has(teamInbox.comments),
      )!,
    );
  }
  // How many match: a subquery of the same statement, evaluated once; joined only where the search needs it.
  const countQuery = query.q
    ? db
        .select({ n: count() })
        .from(teamInbox)
        .leftJoin(sites, eq(sites.id, teamInbox.siteId))
        .leftJoin(contactMessages, eq(contactMessages.id, teamInbox.contactMessageId))
        .leftJoin(client, eq(client.id, teamInbox.clientId))
        .where(and(...where))
    : db
        .select({ n: count() })
        .from(teamInbox)
        .where(and(...where));
  const rows = await selectItems(db, { total: sql<number>`(${countQuery})`.mapWith(Number) })
    .where(and(...where))
    .orderBy(desc(teamInbox.receivedAt), desc(teamInbox.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((query.page - 1) * INBOX_PAGE_SIZE);
  const total = (rows[0] as { total?: number } | undefined)?.total;
  if (total !== undefined || query.page === 1) return { items: rows.map(toItem), total: total ?? 0 };
  // A page past the end: how many there are all the same, so that the screen leads back.
  const [counted] = await countQuery;
  return { items: [], total: counted?.n ?? 0 };
}

/** The side panel's figures: items still open, and those assigned to the member. */
export async function teamInboxCounts(member: TeamMember): Promise<{ open: number; mine: number }> {
  assertTeam(member);
  const db = await getDb();
  const [row] = await db
    .select({
      open: sql<number>`count(*)`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${teamInbox.assignedTo} = ${member.id})`.mapWith(Number),
    })
    .from(teamInbox)
    .where(isNull(teamInbox.handledAt));
  return row ?? { open: 0, mine: 0 };
}

export type InboxReplyLine = {
  id: number;
  sentAt: Date;
  senderLabel: string;
  toAddress: string;
  subject: string;
  body: string;
  /** The send_email request's state: queued, running, done, failed, waiting (null once the request is gone). */
  mailState: string | null;
};

export type TeamMemberOption = { id: string; name: string; email: string };

/** The addresses an item may be answered at: the requester's, the sender's, the client's. */
export function replyAddresses(item: InboxItem): string[] {
  const addresses = item.site
    ? [item.site.email1, item.site.stripeEmail, item.site.ownerEmail]
    : item.contact
      ? [item.contact.email]
      : [item.review?.clientEmail];
  return [...new Set(addresses.filter((a): a is string => Boolean(a)).map((a) => a.toLowerCase()))];
}

/** One item with its replies and the team members it can be given to; null when there is no such item. */
export async function teamGetInboxItem(
  member: TeamMember,
  id: number,
): Promise<{ item: InboxItem; addresses: string[]; replies: InboxReplyLine[]; members: TeamMemberOption[] } | null> {
  assertTeam(member);
  const db = await getDb();
  const [rows, replies, members] = await Promise.all([
    selectItems(db).where(eq(teamInbox.id, id)),
    db
      .select({
        id: teamInboxReplies.id,
        sentAt: teamInboxReplies.sentAt,
        senderLabel: teamInboxReplies.senderLabel,
        toAddress: teamInboxReplies.toAddress,
        subject: teamInboxReplies.subject,
        body: teamInboxReplies.body,
        mailState: pagesActions.state,
      })
      .from(teamInboxReplies)
      .leftJoin(pagesActions, eq(pagesActions.id, teamInboxReplies.mailActionId))
      .where(eq(teamInboxReplies.itemId, id))
      .orderBy(teamInboxReplies.sentAt, teamInboxReplies.id),
    teamMemberOptions(db),
  ]);
  if (!rows[0]) return null;
  const item = toItem(rows[0]);
  return { item, addresses: replyAddresses(item), replies, members };
}

function teamMemberOptions(db: Db): Promise<TeamMemberOption[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.role, ["team", "admin"]))
    .orderBy(user.name, user.email);
}

/** Gives the item to a team member (or to nobody). */
export async function teamAssignInboxItem(member: TeamMember, id: number, assigneeId: string | null): Promise<void> {
  assertTeam(member);
  const db = await getDb();
  await db.transaction(async (tx) => {
    let assigneeEmail: string | null = null;
    if (assigneeId) {
      const [target] = await tx
        .select({ email: user.email })
        .from(user)
        .where(and(eq(user.id, assigneeId), inArray(user.role, ["team", "admin"])));
      if (!target) throw new InboxRefusedError("Cette personne ne fait pas partie de l'équipe.");
      assigneeEmail = target.email;
    }
    const [updated] = await tx
      .update(teamInbox)
      .set({ assignedTo: assigneeId })
      .where(eq(teamInbox.id, id))
      .returning({ id: teamInbox.id });
    if (!updated) throw new InboxItemMissingError();
    await writeAudit(
      { actor: auditActor(member), action: "inbox.assigned", record: { type: "inbox", id }, details: { to: assigneeEmail ?? "personne" } },
      tx,
    );
  });
}

/** Marks the item handled (by the member, now), or open again. Doing what is already done changes nothing. */
export async function teamSetInboxHandled(member: TeamMember, id: number, handled: boolean): Promise<void> {
  assertTeam(member);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(teamInbox)
      .set(handled ? { handledAt: new Date(), handledBy: member.id } : { handledAt: null, handledBy: null })
      .where(and(eq(teamInbox.id, id), handled ? isNull(teamInbox.handledAt) : isNotNull(teamInbox.handledAt)))
      .returning({ id: teamInbox.id });
    if (!updated) {
      const [exists] = await tx.select({ id: teamInbox.id }).from(teamInbox).where(eq(teamInbox.id, id));
      if (!exists) throw new InboxItemMissingError();
      return;
    }
    await writeAudit(
      { actor: auditActor(member), action: handled ? "inbox.handled" : "inbox.reopened", record: { type: "inbox", id } },
      tx,
    );
  });
}

/**
 * Answers the item by e-mail, at one of its own addresses: the message is stored on the item and queued in the
 * same transaction (the worker sends it; answers go to the team's address), with its audit line.
 */
export async function teamReplyToInboxItem(member: TeamMember, id: number, reply: InboxReply): Promise<{ replyId: number }> {
  assertTeam(member);
  // The item alone (not its replies nor the team's names): only its addresses matter here.
  const [row] = await selectItems(await getDb()).where(eq(teamInbox.id, id));
  if (!row) throw new InboxItemMissingError();
  const to = reply.to.toLowerCase();
  if (!replyAddresses(toItem(row)).includes(to)) throw new InboxRefusedError("Cette adresse n'est pas celle de la demande.");
  const mail = letterMail({
    to,
    subject: reply.subject,
    body: reply.body,
    signature: `${member.name || member.email}, ${BRAND_NAME}`,
    replyTo: getEnv().CONTACT_EMAIL,
  });
  const db = await getDb();
  const replyId = await db.transaction(async (tx) => {
    const [action] = await queueMailWith(tx, [mail]);
    const [row] = await tx
      .insert(teamInboxReplies)
      .values({
        itemId: id,
        sentBy: member.id,
        senderLabel: member.email,
        toAddress: to,
        subject: reply.subject,
        body: reply.body,
        mailActionId: action?.id ?? null,
      })
      .returning({ id: teamInboxReplies.id });
    await writeAudit(
      { actor: auditActor(member), action: "inbox.replied", record: { type: "inbox", id }, details: { to, subject: reply.subject } },
      tx,
    );
    return row.id;
  });
  logger.info({ userId: member.id, itemId: id, replyId }, "inbox reply queued");
  return { replyId };
}
