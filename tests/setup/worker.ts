/**
 * The worker as the tests of one kind of work run it: every task the configuration allows, except the work that
 * an article written, revised or published queues beside it: the notification e-mails (issue 16) and the check of
 * its sources (issue 40). Those tests check their own work's requests in order; the notification e-mails are
 * checked in notifications.test.ts, the sources in check-sources.test.ts. For the same reason the article task here
 * leaves its sources to that check instead of checking them before saving (its second pass is tested in
 * article-sources.test.ts).
 */
import type { ActionName } from "~/jobs/queue.server";
import { plan, runOnce, type Tasks } from "~/jobs/run.server";
import { createArticleTask } from "~/jobs/tasks/create_article.server";

const QUEUED_BESIDE: ActionName[] = ["notification_email", "notification_digest", "check_sources"];

/** One turn of a worker named `workerId` over the runnable tasks but the work queued beside them. */
export function runWorkOnce(workerId: string): Promise<boolean> {
  const tasks: Tasks = { ...plan().runnable };
  for (const name of QUEUED_BESIDE) delete tasks[name];
  if (tasks.create_article) tasks.create_article = createArticleTask(undefined, { sources: null });
  return runOnce(workerId, tasks);
}
