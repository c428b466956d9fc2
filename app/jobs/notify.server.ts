/**
 * Notifications (issue 16): the rows that tell a person what happened, written by whoever makes it happen
 * (a task that wrote an article, a client's review decision), inside that writer's own transaction (pass it):
 * the event and its notifications exist together or not at all, so none is lost or told twice.
 *
 * - A client hears about the articles of their sites (the site's owner): ready for review, revised, published.
 *   A site without an owner (a first-article request nobody claimed yet) notifies nobody.
 * - The team hears about the clients' review decisions: every team member gets the line.
 * Each notification's e-mail is queued with it (a notification_email request), and sent, put in the day's
 * digest or left out by the worker, as the recipient's preferences say when it runs.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { actions, notificationPreferences, notifications, pages, sites, user } from "../../db/schema";
import type { Db } from "~/services/db.server";
import { CLIENT_KINDS, TEAM_KINDS } from "~/lib/notifications";
import { insertActionRows } from "./action-rows.server";

/** What a line of a notification says (its kind, what it is about, who did it), as the list and the e-mails read it. */
export const notificationLineColumns = {
  id: notifications.id,
  kind: notifications.kind,
  siteId: notifications.site,
  pageId: notifications.page,
  versionId: notifications.version,
  pageName: notifications.pageName,
  actorName: notifications.actorName,
};

/** Who gets a notification's e-mail and how they want it (select from `user` left-joined with notification_preferences). */
export const recipientColumns = {
  email: user.email,
  name: user.name,
  mode: notificationPreferences.emailMode,
  muted: notificationPreferences.mutedKinds,
  language: notificationPreferences.emailLanguage,
};

export type NotificationEvent =
  | { kind: (typeof CLIENT_KINDS)[number]; pageId: number; versionId: number | null; actorName?: string }
  | {
      kind: (typeof TEAM_KINDS)[number];
      pageId: number;
      versionId: number;
      /** The client who decided: named in the line (their name, else their e-mail), never notified of it. */
      actorId?: string;
      /** Or someone without an account (a review link), named as they signed. */
      actorName?: string;
    };

/** Writes the event's notifications in `tx`; returns their ids (none when nobody is to hear of it). */
export async function recordNotifications(tx: Db, event: NotificationEvent): Promise<number[]> {
  const [page] = await tx
    .select({ id: pages.id, name: pages.name, siteId: pages.site, owner: sites.linkedUser })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(eq(pages.id, event.pageId));
  if (!page) return [];
  let recipients: string[];
  let actorName: string | null = event.actorName ?? null;
  if ((TEAM_KINDS as readonly string[]).includes(event.kind)) {
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
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map((recipient) => ({
        recipient,
        kind: event.kind,
        site: page.siteId,
        page: page.id,
        version: event.versionId,
        actorName,
        pageName: page.name,
      })),
    )
    .returning({ id: notifications.id });
  await queueNotificationWork(
    tx,
    "notification_email",
    rows.map((row) => ({ info2: String(row.id) })),
  );
  return rows.map((row) => row.id);
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
  const linkedAction = sql<number>`(select ${actions.id} from ${actions} where ${actions.name} = ${name})`;
  await insertActionRows(
    tx,
    linkedAction,
    null,
    items.map((item) => ({ pageId: null, ...item })),
  );
}
