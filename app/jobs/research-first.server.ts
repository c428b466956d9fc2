/**
 * Research first (issue 39): an outline or article request never writes blind. Before it is queued, each of its
 * page's keywords in use must have fresh research (a keyword model built within the site's check period: a week
 * for weekly checks, the default, else a month); what is missing is searched first (a serps request, which reads
 * the top pages and builds the model) and the writing request runs after it (runs_after), which the page's
 * Requests say ("Waiting for the research of « vélo électrique »"). A search already queued for the keyword is
 * waited for rather than asked twice. Several searches run one after the other, the writing request after the last.
 * Without a search provider configured, nothing is searched and nothing waits.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/services/db.server";
import { clockNow } from "~/services/clock.server";
import { missingSettings } from "~/services/env.server";
import { SERP_SETTINGS } from "~/services/providers/dataforseo.server";
import { actionNamed, insertActionRows, type QueuedItem } from "./action-rows.server";

const DAY_MS = 86_400_000;

/** How old a keyword's research may be and still count as fresh, by the site's check frequency. */
export function researchFreshFor(frequency: string | null): number {
  return (frequency === "monthly" || frequency === "off" ? 31 : 7) * DAY_MS;
}

type KeywordResearch = {
  pageId: number;
  keywordId: number;
  /** When its newest model was built for the page's site; null: never. */
  builtAt: Date | null;
  /** A search for it on the page's site that has not ended yet, if any. */
  pending: number | null;
  frequency: string | null;
};

/** The research of every keyword in use of these pages, in the order they were added: one query. */
async function researchOfPages(db: Db, pageIds: number[]): Promise<KeywordResearch[]> {
  const result = await db.execute(sql`
    select pk.linked_page as "pageId", pk.linked_keyword as "keywordId",
      (select max(km.built_at) from keyword_models km where km.site = p.site and km.keyword = pk.linked_keyword) as "builtAt",
      (select a.id from pages_actions a
        join actions n on n.id = a.linked_action
        join pages ap on ap.id = a.linked_page
        where n.name = 'serps' and ap.site = p.site and a.info2 = pk.linked_keyword::text and a.state in ('queued', 'running')
        order by a.id desc limit 1) as "pending",
      s.frequency as "frequency"
    from pages_keywords pk
    join pages p on p.id = pk.linked_page
    left join site_check_schedules s on s.site_id = p.site
    where pk.linked_page in (${sql.join(
      pageIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and pk.to_search
    order by pk.id`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    pageId: Number(row.pageId),
    keywordId: Number(row.keywordId),
    builtAt: row.builtAt === null ? null : new Date(row.builtAt as string),
    pending: row.pending === null ? null : Number(row.pending),
    frequency: (row.frequency as string | null) ?? null,
  }));
}

/**
 * Makes sure the research of the items' pages comes first: queues the searches that are missing (in the caller's
 * transaction) and answers the items with `runsAfter` set to the last search each must wait for. An item that
 * already waits for something keeps it; a page whose research is fresh, or without keywords, is not held back.
 */
export async function researchFirst(db: Db, creator: { id: string } | null, items: QueuedItem[]): Promise<QueuedItem[]> {
  // Without a search provider there is no research to wait for: the writing goes on from what the page has.
  if (missingSettings(SERP_SETTINGS).length) return items;
  const pageIds = [...new Set(items.flatMap((item) => (item.pageId === null ? [] : [item.pageId])))];
  if (pageIds.length === 0) return items;
  const now = clockNow().getTime();
  const research = await researchOfPages(db, pageIds);
  const lastSearch = new Map<number, number>();
  for (const pageId of pageIds) {
    let last: number | null = null;
    for (const keyword of research.filter((r) => r.pageId === pageId)) {
      const fresh = keyword.builtAt !== null && now - keyword.builtAt.getTime() <= researchFreshFor(keyword.frequency);
      if (fresh) continue;
      if (keyword.pending !== null) {
        last = keyword.pending;
        continue;
      }
      const [queued] = await insertActionRows(
        db,
        actionNamed("serps"),
        creator,
        [{ pageId, info2: String(keyword.keywordId), runsAfter: last }],
        { independent: true },
      );
      last = queued.id;
    }
    if (last !== null) lastSearch.set(pageId, last);
  }
  return items.map((item) =>
    item.runsAfter || item.pageId === null || !lastSearch.has(item.pageId) ? item : { ...item, runsAfter: lastSearch.get(item.pageId) },
  );
}
