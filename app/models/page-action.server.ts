/**
 * Queued work (pages_actions): a request recorded for the background process (article creation,
 * modification by instructions, SERP and LLM searches, cover images, the contact form). Callers check
 * ownership of the pages first (models/access.server.ts).
 */
import { eq } from "drizzle-orm";
import { actions, pagesActions } from "../../db/schema";
import { getDb, type Db } from "~/services/db.server";
import type { Actor } from "./access.server";

export type ActionName =
  "serps" | "llm_answers" | "create_article" | "modify_articles_with_instructions" | "contact_form" | "create_cover_image";

export class MissingActionError extends Error {
  constructor(public readonly actionName: ActionName) {
    super(`Could not find required "${actionName}" action`);
  }
}

export async function actionId(name: ActionName, db?: Db): Promise<number> {
  const [row] = await (db ?? (await getDb())).select({ id: actions.id }).from(actions).where(eq(actions.name, name));
  if (!row) throw new MissingActionError(name);
  return row.id;
}

export type QueuedItem = { pageId: number | null; versionId?: number | null; infoJson?: unknown; info2?: string | null };

/**
 * Records one request per item, in one insert. In a batch the first item is queued null and the
 * others true (spec part 2, section 4); a single request is queued null. Pass `db` (a transaction)
 * to record the request together with other writes.
 */
export async function queueActions(user: Actor | null, name: ActionName, items: QueuedItem[], db?: Db) {
  if (items.length === 0) return [];
  // Inside a transaction every query must use it: PGlite has one connection, which the transaction holds.
  const linkedAction = await actionId(name, db);
  return (db ?? (await getDb()))
    .insert(pagesActions)
    .values(
      items.map((item, index) => ({
        linkedPage: item.pageId,
        linkedAction,
        linkedPagesVersion: item.versionId ?? null,
        creator: user?.id ?? null,
        infoJson: item.infoJson ?? null,
        info2: item.info2 ?? null,
        queued: index === 0 ? null : true,
      })),
    )
    .returning({ id: pagesActions.id, linkedPage: pagesActions.linkedPage });
}
