/**
 * notification_email (issue 16): one notification's e-mail, as its recipient's preferences say when it runs:
 * sent now ('each', the default), kept for the day's digest ('digest': a notification_digest request is
 * scheduled for the next morning if none is), or not sent ('off', or a kind the person left out). A
 * notification is taken (`emailed_at` set) before its e-mail leaves, so that the digest and this task never
 * both send it; a send that fails gives it back, and the queue tries again later.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { actions, notificationPreferences, notifications, pagesActions, user } from "../../../db/schema";
import { isNotificationKind, type NotificationLanguage } from "~/lib/notifications";
import { getDb, type Db } from "~/services/db.server";
import { sendMail } from "~/services/mail.server";
import { nextDigestAt, notificationMail, type MailedNotification, type Recipient } from "../notification-mail.server";
import { notificationLineColumns, queueNotificationWork, recipientColumns } from "../notify.server";
import { defineTask } from "../task.server";

const ID = "expected a notification id";

/** info2: the notification's id. */
export const notificationEmailPayload = z
  .object({ info2: z.string({ error: ID }).regex(/^[1-9]\d{0,9}$/, { error: ID }) })
  .transform(({ info2 }) => ({ notificationId: Number(info2) }));

export const notificationEmailTask = defineTask({
  payload: notificationEmailPayload,
  settings: [],
  async run({ payload: { notificationId }, signal }) {
    const db = await getDb();
    const [row] = await db
      .select({
        ...notificationLineColumns,
        recipient: notifications.recipient,
        emailedAt: notifications.emailedAt,
        ...recipientColumns,
      })
      .from(notifications)
      .innerJoin(user, eq(user.id, notifications.recipient))
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.recipient))
      .where(eq(notifications.id, notificationId));
    // Gone with its site or account, or already in an e-mail (the digest took it): nothing to do.
    if (!row || row.emailedAt || !isNotificationKind(row.kind)) return;
    const mode = row.mode ?? "each";
    if (mode === "digest" && !(row.muted ?? []).includes(row.kind)) {
      await scheduleDigest(row.recipient);
      return;
    }
    // Taken first: not sent ('off', a kind left out) or about to be.
    if (!(await takeNotifications(db, [row.id])).length) return;
    if (mode === "off" || (row.muted ?? []).includes(row.kind)) return;
    signal.throwIfAborted();
    const recipient: Recipient = { email: row.email, name: row.name.trim(), language: (row.language ?? "fr") as NotificationLanguage };
    try {
      await sendMail(notificationMail(recipient, { ...row, kind: row.kind } satisfies MailedNotification));
    } catch (error) {
      await giveBack(db, [row.id]);
      throw error;
    }
  },
});

/** Sets `emailed_at` on those of `ids` nobody took yet; returns the ids taken. */
export async function takeNotifications(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ emailedAt: new Date() })
    .where(and(inArray(notifications.id, ids), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/** Gives notifications back after their e-mail failed, for the next attempt. */
export async function giveBack(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.update(notifications).set({ emailedAt: null }).where(inArray(notifications.id, ids));
}

/** Makes sure a digest is coming for the person: one queued request at a time, due the next morning. */
async function scheduleDigest(userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(and(eq(actions.name, "notification_digest"), eq(pagesActions.info2, userId), eq(pagesActions.state, "queued")))
      .limit(1);
    if (!pending) await queueNotificationWork(tx, "notification_digest", [{ info2: userId, notBefore: nextDigestAt(new Date()) }]);
  });
}
