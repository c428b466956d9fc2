/**
 * send_email: an e-mail that a request must not wait for (accounts' e-mails, first-article notices). It is
 * written to the queue first (jobs/outbox.server.ts) and sent in the background; this task sends what the web
 * process could not. Once sent, the message's body (which may hold a one-time link) is dropped from the row;
 * its recipient and subject stay.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { pagesActions } from "../../../db/schema";
import { getDb } from "~/services/db.server";
import { sendMail, type Mail } from "~/services/mail.server";
import { defineTask, jsonText } from "../task.server";

const INCOMPLETE = "The queued e-mail is incomplete";

/** info2: the message as JSON, or { to, subject, sent: true } once it was sent (only the completion was lost then). */
export const sendEmailPayload = z.object({ info2: jsonText }).transform(({ info2 }, ctx): Mail | { sent: true } => {
  const mail = (info2 ?? {}) as Partial<Mail> & { sent?: unknown };
  if (mail.sent === true) return { sent: true };
  if (!mail.to || !mail.subject || typeof mail.text !== "string" || typeof mail.html !== "string") {
    ctx.addIssue({ code: "custom", message: INCOMPLETE, path: [] });
    return z.NEVER;
  }
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo };
});

export const sendEmailTask = defineTask({
  payload: sendEmailPayload,
  settings: [],
  async run({ id, payload }) {
    if ("sent" in payload) return; // sent already: only the completion was lost
    await sendMail(payload);
    await forgetBody(id, payload);
  },
});

/** Keeps who and what, not the body (its link may still be valid). */
export async function forgetBody(id: number, mail: Mail) {
  const db = await getDb();
  await db
    .update(pagesActions)
    .set({ info2: JSON.stringify({ to: mail.to, subject: mail.subject, sent: true }) })
    .where(eq(pagesActions.id, id));
}
