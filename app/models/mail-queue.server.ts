/**
 * E-mails a request must not wait for (password reset, address confirmation, "you already have an
 * account"): waiting for the mail server would make the answer slower for a known address than for an
 * unknown one, and tell which addresses have accounts. Each message is first written to the queue
 * (a pages_actions request of the send_email action, info2 = the message as JSON), already held by this
 * process under a lease, in one transaction; then it is sent in the background, and the request answers
 * without waiting. If the send fails the request goes back to the queue with a back-off; if the process
 * dies first, its lease runs out and the worker sends it. Once sent, the message's body (which may hold a
 * one-time link) is dropped from the row; its recipient and subject stay.
 */
import { eq } from "drizzle-orm";
import { pagesActions } from "../../db/schema";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { sendMail, type Mail } from "~/services/mail.server";
import { PermanentError } from "~/services/worker/http.server";
import { backoffSeconds, completeAction, failAttempt, holdForWebSend, WEB_SENDER, type ClaimedAction } from "./action-queue.server";
import { queueActions } from "./page-action.server";


/** Sends still running in the background, so that a shutdown (or a test) can wait for them. */
const inFlight = new Set<Promise<void>>();

/** Writes the message to the queue and starts sending it; resolves once it is stored, not sent. */
export async function queueMail(mail: Mail): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [action] = await queueActions(null, "send_email", [{ pageId: null, info2: JSON.stringify(mail) }], tx as unknown as Db);
    await holdForWebSend(action.id, tx as unknown as Db);
    return action.id;
  });
  const sending = sendHeld(id, mail).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
  return id;
}

async function sendHeld(id: number, mail: Mail) {
  try {
    await sendMail(mail);
    await forgetBody(id, mail);
    await completeAction(id, WEB_SENDER);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.error({ err: reason, actionId: id, subject: mail.subject }, "queued e-mail not sent yet; the worker will retry");
    try {
      await failAttempt(id, WEB_SENDER, reason, backoffSeconds(1));
    } catch (error) {
      logger.error({ err: error, actionId: id }, "could not put the e-mail back in the queue; its lease will expire");
    }
  }
}

/** Keeps who and what, not the body (its link may still be valid). */
async function forgetBody(id: number, mail: Mail) {
  const db = await getDb();
  await db
    .update(pagesActions)
    .set({ info2: JSON.stringify({ to: mail.to, subject: mail.subject, sent: true }) })
    .where(eq(pagesActions.id, id));
}

/**
 * Records messages in the queue inside the caller's transaction (`tx`), so that they exist exactly when the
 * caller's other writes do (a first-article request and its e-mails); the worker sends them.
 */
export async function queueMailWith(tx: Db, mails: Mail[]) {
  return queueActions(
    null,
    "send_email",
    mails.map((mail) => ({ pageId: null, info2: JSON.stringify(mail) })),
    tx,
  );
}

/** The worker's handler of send_email: sends the stored message. */
export async function sendQueuedMail(action: ClaimedAction): Promise<void> {
  const mail = JSON.parse(action.info2 ?? "{}") as Partial<Mail> & { sent?: boolean };
  if (mail.sent) return; // sent already: only the completion was lost
  if (!mail.to || !mail.subject || typeof mail.text !== "string" || typeof mail.html !== "string") {
    throw new PermanentError("The queued e-mail is incomplete");
  }
  const message: Mail = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo };
  await sendMail(message);
  await forgetBody(action.id, message);
}

/** Waits for the background sends this process started (shutdown, tests). */
export async function settleQueuedMail(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
