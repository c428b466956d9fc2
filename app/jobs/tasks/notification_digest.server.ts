/**
 * notification_digest (issue 16): the day's notifications of one person in one e-mail, for those who chose
 * the digest on /settings. Due the next morning when the first notification of the day asks for it
 * (notification_email). It sends every notification of the person not e-mailed yet, except the kinds they
 * left out (taken without being sent), whatever their preference says now, unless it is 'off'.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { notificationPreferences, notifications, user } from "../../../db/schema";
import { isNotificationKind, type NotificationLanguage } from "~/lib/notifications";
import { getDb } from "~/services/db.server";
import { sendMail } from "~/services/mail.server";
import { digestMail, type MailedNotification } from "../notification-mail.server";
import { notificationLineColumns, recipientColumns } from "../notify.server";
import { defineTask } from "../task.server";
import { giveBack, takeNotifications } from "./notification_email.server";

const USER = "expected a user id";

/** info2: the person's user id. */
export const notificationDigestPayload = z
  .object({ info2: z.string({ error: USER }).trim().min(1, { error: USER }).max(200, { error: USER }) })
  .transform(({ info2 }) => ({ userId: info2 }));

export const notificationDigestTask = defineTask({
  payload: notificationDigestPayload,
  settings: [],
  async run({ payload: { userId }, signal }) {
    const db = await getDb();
    const [person] = await db
      .select(recipientColumns)
      .from(user)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
      .where(eq(user.id, userId));
    if (!person) return; // the account is gone, and its notifications with it
    const waiting = await db
      .select(notificationLineColumns)
      .from(notifications)
      .where(and(eq(notifications.recipient, userId), isNull(notifications.emailedAt)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    const taken = new Set(
      await takeNotifications(
        db,
        waiting.map((n) => n.id),
      ),
    );
    const muted = person.muted ?? [];
    const toSend: (MailedNotification & { id: number })[] = waiting.flatMap(({ kind, ...n }) =>
      taken.has(n.id) && isNotificationKind(kind) && !muted.includes(kind) ? [{ ...n, kind }] : [],
    );
    if (person.mode === "off" || toSend.length === 0) return;
    signal.throwIfAborted();
    const language = (person.language ?? "fr") as NotificationLanguage;
    try {
      await sendMail(digestMail({ email: person.email, name: person.name.trim(), language }, toSend));
    } catch (error) {
      await giveBack(
        db,
        toSend.map((n) => n.id),
      );
      throw error;
    }
  },
});
