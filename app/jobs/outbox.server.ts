/**
 * E-mails a request must not wait for (password reset, address confirmation, "you already have an account",
 * first-article notices): waiting for the mail server would make the answer slower for a known address than
 * for an unknown one, and tell which addresses have accounts. Each message is first written to the queue (a
 * send_email request, info2 = the message as JSON), already held by this process under a lease, in one
 * transaction; then it is sent in the background, and the request answers without waiting. If the send fails
 * the request goes back to the queue with a back-off; if the process dies first, its lease runs out and the
 * worker sends it (tasks/send_email.server.ts).
 *
 * The accounts' e-mails are written by the auth service, below this layer: it reaches this outbox through
 * the mail service's `queueMail`, which this module fills when it is loaded (see decision 015).
 */
import { getDb, type Db } from "~/services/db.server";
import { sendMail, setOutbox, type Mail } from "~/services/mail.server";
import { queueActions, queueHeld, runHeld } from "./queue.server";
import { forgetBody } from "./tasks/send_email.server";

const asRequest = (mail: Mail) => ({ pageId: null, info2: JSON.stringify(mail) });

/** Sends still running in the background, so that a shutdown (or a test) can wait for them. */
const inFlight = new Set<Promise<unknown>>();

/** Writes the message to the queue and starts sending it; resolves once it is stored, not sent. */
export async function queueMail(mail: Mail): Promise<number> {
  const db = await getDb();
  const [action] = await db.transaction((tx) => queueHeld(tx, "send_email", [asRequest(mail)]));
  const sending = runHeld(
    action.id,
    async () => {
      await sendMail(mail);
      await forgetBody(action.id, mail);
    },
    { subject: mail.subject },
  ).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
  return action.id;
}

setOutbox(queueMail);

/**
 * Records messages in the queue inside the caller's transaction (`tx`), so that they exist exactly when the
 * caller's other writes do (a first-article request and its e-mails); the worker sends them.
 */
export async function queueMailWith(tx: Db, mails: Mail[]) {
  return queueActions(null, "send_email", mails.map(asRequest), tx);
}

/** Waits for the background sends this process started (shutdown, tests). */
export async function settleQueuedMail(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
