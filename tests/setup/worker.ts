/**
 * The worker as the tests of one kind of work run it: every task the configuration allows, except the
 * notification e-mails, which an article written, revised or published now queues beside it (issue 16). Those
 * tests check their own work's requests in order; the notification e-mails are checked in notifications.test.ts.
 */
import type { ActionName } from "~/jobs/queue.server";
import { plan, runOnce, type Tasks } from "~/jobs/run.server";

const NOTIFICATION_MAIL: ActionName[] = ["notification_email", "notification_digest"];

/** One turn of a worker named `workerId` over the runnable tasks but the notification e-mails. */
export function runWorkOnce(workerId: string): Promise<boolean> {
  const tasks: Tasks = { ...plan().runnable };
  for (const name of NOTIFICATION_MAIL) delete tasks[name];
  return runOnce(workerId, tasks);
}
