/**
 * A person's notifications (issue 16): the bell's count and list, the /notifications page, marking read. Each
 * function reads and changes only the acting person's own rows (the recipient): another person's notification
 * answers exactly like a missing one. The rows are written by jobs/notify.server.ts with the events they report.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notificationPreferences, notifications, user as users } from "../../db/schema";
import {
  CLIENT_KINDS,
  EMAIL_MODES,
  isNotificationKind,
  NOTIFICATION_KINDS,
  type EmailMode,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationLine,
  type NotificationPreferences,
} from "~/lib/notifications";
import { isTeamRole, roleOf } from "~/services/team-roles.server";
import { notificationLineColumns } from "~/jobs/notify.server";
import { getDb } from "~/services/db.server";
import type { Actor } from "./access.server";

/** The bell's number: one count over the partial index of the unread (notifications_unread_idx). */
export async function unreadNotificationCount(user: Actor): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipient, user.id), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The newest first, `limit` from `offset`, with how many there are in all and how many unread (one query). */
export async function listNotifications(
  user: Actor,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<{ lines: NotificationLine[]; total: number; unread: number }> {
  const db = await getDb();
  const rows = await db
    .select({
      ...notificationLineColumns,
      readAt: notifications.readAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null) over ()`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.recipient, user.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  // Past the last page the window counts are not there: ask for them alone.
  const totals = rows[0] ?? (offset > 0 ? await countsOf(user) : { total: 0, unread: 0 });
  return {
    lines: rows.flatMap(({ kind, createdAt, readAt, total: _total, unread: _unread, ...line }) =>
      isNotificationKind(kind) ? [{ ...line, kind, createdAt: createdAt.toISOString(), read: readAt !== null }] : [],
    ),
    total: totals.total,
    unread: totals.unread,
  };
}

async function countsOf(user: Actor) {
  const db = await getDb();
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.recipient, user.id));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Marks one of the person's notifications read (again: no change). False for another's, or none: the same answer. */
export async function markNotificationRead(user: Actor, id: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipient, user.id)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

/**
 * Marks read the person's unread notifications that lead to `path` (issue 38): whoever reaches a screen, through its
 * notification or any other way (a list, an e-mail's link, the address bar), has seen what it was about. One UPDATE
 * over the partial index of the unread by path (notifications_unread_path_idx); returns how many it marked.
 */
export async function markNotificationsReadAt(user: Actor, path: string): Promise<number> {
  // The same screen with a trailing slash.
  const screen = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipient, user.id), eq(notifications.path, screen), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks every unread notification of the person read; returns how many were. */
export async function markAllNotificationsRead(user: Actor): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipient, user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The kinds a person can get: a client's; a team member's also the clients' decisions. */
async function kindsFor(user: Actor): Promise<NotificationKind[]> {
  const db = await getDb();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
  return row && isTeamRole(roleOf(row)) ? [...NOTIFICATION_KINDS] : [...CLIENT_KINDS];
}

/** The person's e-mail choices (the defaults until they save some: each one, in French, every kind). */
export async function getNotificationPreferences(user: Actor): Promise<NotificationPreferences> {
  const db = await getDb();
  const [kinds, [row]] = await Promise.all([
    kindsFor(user),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)),
  ]);
  const muted = row?.mutedKinds ?? [];
  return {
    emailMode: (EMAIL_MODES as readonly string[]).includes(row?.emailMode ?? "") ? (row!.emailMode as EmailMode) : "each",
    emailLanguage: row?.emailLanguage === "en" ? "en" : "fr",
    kinds,
    emailed: kinds.filter((kind) => !muted.includes(kind)),
  };
}

/** Saves the person's e-mail choices: the kinds they can get and did not pick are left out of the e-mails. */
export async function saveNotificationPreferences(
  user: Actor,
  input: { emailMode: EmailMode; emailLanguage: NotificationLanguage; emailed: NotificationKind[] },
): Promise<NotificationPreferences> {
  const kinds = await kindsFor(user);
  const values = {
    emailMode: input.emailMode,
    emailLanguage: input.emailLanguage,
    mutedKinds: kinds.filter((kind) => !input.emailed.includes(kind)),
    updatedAt: new Date(),
  };
  const db = await getDb();
  await db
    .insert(notificationPreferences)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return {
    emailMode: values.emailMode,
    emailLanguage: values.emailLanguage,
    kinds,
    emailed: kinds.filter((k) => !values.mutedKinds.includes(k)),
  };
}
