/**
 * The rows of queued requests (pages_actions), as every way of queueing writes them: one insert, the first item
 * of a batch queued null and the others true (spec part 2, section 4). Below the queue's table of tasks
 * (queue.server.ts), so that the code the tasks themselves call (jobs/notify.server.ts) can queue work too
 * without an import cycle; queueActions checks each payload against its task first.
 */
import { sql, type SQL } from "drizzle-orm";
import { actions, pagesActions } from "../../db/schema";
import type { Db } from "~/services/db.server";

export type QueuedItem = {
  pageId: number | null;
  versionId?: number | null;
  infoJson?: unknown;
  info2?: string | null;
  /** Not to run before this time (a digest due the next morning); null or absent: at once. */
  notBefore?: Date | null;
  /** Not to run before this request has finished, however it ended (a trial's outline after its search); null or absent: at once. */
  runsAfter?: number | null;
};

/**
 * Inserts one request per item for the action `linkedAction` (its id, or a subquery giving it); returns their ids
 * and pages. `independent`: the items are not a batch (each runs when due, none waits for the first).
 */
export function insertActionRows(
  db: Db,
  linkedAction: number | SQL<number>,
  creator: { id: string } | null,
  items: QueuedItem[],
  { independent = false } = {},
) {
  return db
    .insert(pagesActions)
    .values(
      items.map((item, index) => ({
        linkedPage: item.pageId,
        linkedAction,
        linkedPagesVersion: item.versionId ?? null,
        creator: creator?.id ?? null,
        infoJson: item.infoJson ?? null,
        info2: item.info2 ?? null,
        queued: index === 0 || independent ? null : true,
        nextAttemptAt: item.notBefore ?? null,
        runsAfter: item.runsAfter ?? null,
      })),
    )
    .returning({ id: pagesActions.id, linkedPage: pagesActions.linkedPage });
}

/**
 * The id of the action named `name`, as a subquery of the insert: for the writers below the queue's table of
 * tasks (notifications, the schedule), which queue work without looking the id up first.
 */
export const actionNamed = (name: string): SQL<number> =>
  sql<number>`(select ${actions.id} from ${actions} where ${actions.name} = ${name})`;
