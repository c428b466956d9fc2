/**
 * Notifications (issue 16): the rows that tell a person what happened, written by whoever makes it happen
 * (a task that wrote an article, a client's review decision), inside that writer's own transaction (pass it):
 * the event and its notifications exist together or not at all, so none is lost or told twice.
 *
 * - A client hears about the articles of their sites (the site's owner): ready for review, revised, published.
 *   A site without an owner (a first-article request nobody claimed yet) notifies nobody. An outline whose site's
 *   brief says the team approves it (a trial, issue 38) is told to the team instead.
 * - The team hears about the clients' review decisions: every team member gets the line.
 * Each notification's e-mail is queued with it (a notification_email request), and sent, put in the day's
 * digest or left out by the worker, as the recipient's preferences say when it runs.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { notificationPreferences, notifications, pages, siteBriefs, sites, user } from "../../db/schema";
import type { Db } from "~/services/db.server";
import { CLIENT_KINDS, SITE_KINDS, TEAM_KINDS } from "~/lib/notifications";
import { actionNamed, insertActionRows } from "./action-rows.server";

/** What a line of a notification says (its kind, what it is about, who did it), as the list and the e-mails read it. */
export const notificationLineColumns = {
  id: notifications.id,
  kind: notifications.kind,
  siteId: notifications.site,
  pageId: notifications.page,
  versionId: notifications.version,
  pageName: notifications.pageName,
  actorName: notifications.actorName,
  /** Where its line leads: kept by the database from what it is about (db/schema.ts). */
  path: notifications.path,
  createdAt: notifications.createdAt,
};

/** Who gets a notification's e-mail and how they want it (select from `user` left-joined with notification_preferences). */
export const recipientColumns = {
  email: user.email,
  name: user.name,
  mode: notificationPreferences.emailMode,
  muted: notificationPreferences.mutedKinds,
  language: notificationPreferences.emailLanguage,
};

type PageKind<K> = Exclude<K, (typeof SITE_KINDS)[number]>;

export type NotificationEvent =
  | { kind: PageKind<(typeof CLIENT_KINDS)[number]>; pageId: number; versionId: number | null; actorName?: string }
  /**
   * About a whole site (issue 17): its month's report for the owner, its checks stopped by their cap for the team.
   * `at`: when it happened by the schedule's clock (the report's line names the month before it).
   */
  | { kind: (typeof SITE_KINDS)[number]; siteId: number; at?: Date }
  | {
      kind: PageKind<(typeof TEAM_KINDS)[number]>;
      pageId: number;
      versionId: number;
      /** The client who decided: named in the line (their name, else their e-mail), never notified of it. */
      actorId?: string;
      /** Or someone without an account (a review link), named as they signed. */
      actorName?: string;
    };

/** Writes the event's notifications in `tx`; returns their ids (none when nobody is to hear of it). */
export async function recordNotifications(tx: Db, event: NotificationEvent): Promise<number[]> {
  if ("siteId" in event) return recordSiteNotifications(tx, event);
  const [page] = await tx
    .select({ id: pages.id, name: pages.name, siteId: pages.site, owner: sites.linkedUser, approver: siteBriefs.outlineApprover })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, sites.id))
    .where(eq(pages.id, event.pageId));
  if (!page) return [];
  let recipients: string[];
  let actorName: string | null = event.actorName ?? null;
  // An outline the team approves (the brief says so: a trial started before the client had an account, issue 38) is the team's to hear of.
  const teamApproves = event.kind === "outline_ready" && page.approver === "team";
  if ((TEAM_KINDS as readonly string[]).includes(event.kind) || teamApproves) {
    const actorId = "actorId" in event ? event.actorId : undefined;
    // One after the other: a transaction holds one connection.
    const team = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.role, ["team", "admin"]), actorId ? ne(user.id, actorId) : undefined));
    recipients = team.map((member) => member.id);
    if (actorId) {
      const [actor] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, actorId));
      actorName = actor ? actor.name.trim() || actor.email : actorName;
    }
  } else {
    recipients = page.owner ? [page.owner] : [];
  }
  return insertNotifications(
    tx,
    recipients.map((recipient) => ({
      recipient,
      kind: event.kind,
      site: page.siteId,
      page: page.id,
      version: event.versionId,
      actorName,
      pageName: page.name,
    })),
  );
}

/** The team hears of a site's stopped checks; its owner of the month's report. The line names the site. */
async function recordSiteNotifications(tx: Db, event: { kind: (typeof SITE_KINDS)[number]; siteId: number; at?: Date }): Promise<number[]> {
  const [site] = await tx.select({ id: sites.id, name: sites.name, owner: sites.linkedUser }).from(sites).where(eq(sites.id, event.siteId));
  if (!site) return [];
  const recipients =
    event.kind === "checks_capped"
      ? (
          await tx
            .select({ id: user.id })
            .from(user)
            .where(inArray(user.role, ["team", "admin"]))
        ).map((member) => member.id)
      : site.owner
        ? [site.owner]
        : [];
  return insertNotifications(
    tx,
    recipients.map((recipient) => ({
      recipient,
      kind: event.kind,
      site: site.id,
      page: null,
      version: null,
      pageName: site.name,
      ...(event.at ? { createdAt: event.at } : {}),
    })),
  );
}

/** Inserts the rows and queues each one's e-mail with it. */
async function insertNotifications(tx: Db, rows: (typeof notifications.$inferInsert)[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
  await queueNotificationWork(
    tx,
    "notification_email",
    inserted.map((row) => ({ info2: String(row.id) })),
  );
  return inserted.map((row) => row.id);
}

/**
 * Records notification e-mail requests in `tx` (the action named by a subquery: this module is below the queue's
 * table of tasks, which imports the tasks that call it). Their payloads are only an id (a notification's, a
 * user's), which their tasks check when they run.
 */
export async function queueNotificationWork(
  tx: Db,
  name: "notification_email" | "notification_digest",
  items: { info2: string; notBefore?: Date }[],
): Promise<void> {
  if (items.length === 0) return;
  await insertActionRows(
    tx,
    actionNamed(name),
    null,
    items.map((item) => ({ pageId: null, ...item })),
  );
}
