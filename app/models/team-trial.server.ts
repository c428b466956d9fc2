/**
 * A first-article request's trial article (issue 38): in one click on the request's screen, the team makes the
 * page from the request (its name and keyword the topic, its address the site's with the topic's slug), says in the
 * site's brief who approves the outline (the client, or the team when no client is there yet), sets the site's
 * language if the request gave none, and queues the keyword's search (serps) and, after it, the outline
 * (create_outline, which runs once the search has ended, even if it failed: jobs/queue.server.ts, runs_after). The
 * request then shows where each step stands, and closes itself when the draft is written (services/team-inbox.server.ts).
 * Console models: they take the acting team member and check the role themselves; each change writes its audit line.
 */
import { and, count, desc, eq, inArray, ne, sql, type AnyColumn } from "drizzle-orm";
import {
  actions,
  keywords,
  pageOutlines,
  pages,
  pagesActions,
  pagesKeywords,
  pagesVersions,
  serps,
  siteBriefs,
  sites,
  teamInbox,
  user,
} from "../../db/schema";
import { keywordKey, normalizeKeyword } from "~/lib/keyword-rules";
import type { OutlineApprover } from "~/lib/outline";
import type { TrialProgress, TrialRequest } from "~/lib/team-inbox";
import { normalizePageUrl, slugOfText } from "~/lib/page-rules";
import { PAGE_STATUS_DRAFT } from "~/lib/publishing";
import type { TrialStart } from "~/lib/schemas/team";
import { queueActions } from "~/jobs/queue.server";
import type { TeamMember } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { writeAudit } from "~/services/team-audit.server";
import { findLanguagePair } from "./reference.server";
import { assertTeam, auditActor } from "./team-access.server";
import { InboxItemMissingError } from "./team-inbox.server";

/** The trial cannot start from this request (started already, not a first-article request, its site gone...): why, in the console's words. */
export class TrialRefusedError extends Error {}

/** The address segment of a topic that leaves none (only signs): the page is still made. */
const FALLBACK_SLUG = "premier-article";

/** The keyword `text` (matched trimmed and case-insensitively, as the keywords screen does), created if new; its id. */
async function keywordIdOf(tx: Db, text: string): Promise<number> {
  const [made] = await tx.insert(keywords).values({ keyword: text }).onConflictDoNothing().returning({ id: keywords.id });
  if (made) return made.id;
  const [found] = await tx
    .select({ id: keywords.id })
    .from(keywords)
    .where(sql`lower(btrim(${keywords.keyword})) = ${keywordKey(text)}`);
  return found!.id;
}

export type TrialStarted = { pageId: number; siteId: number; pageUrl: string; requests: { research: number; outline: number } };

/**
 * Starts the request's trial article, in one transaction: the page, its keyword, the brief's approver, the site's
 * language (when the request gave none), the search and the outline after it, the request's link to the page, and
 * the audit line. A second start (a double click, two tabs) is refused and makes nothing: the request is locked,
 * then read.
 */
export async function teamStartTrialArticle(member: TeamMember, itemId: number, input: TrialStart): Promise<TrialStarted> {
  assertTeam(member);
  const db = await getDb();
  const started = await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ kind: teamInbox.kind, siteId: teamInbox.siteId, startedAt: teamInbox.startedAt, pageName: pages.name })
      .from(teamInbox)
      .leftJoin(pages, eq(pages.id, teamInbox.pageId))
      .where(eq(teamInbox.id, itemId))
      .for("update", { of: teamInbox });
    if (!item) throw new InboxItemMissingError();
    if (item.kind !== "first_article") throw new TrialRefusedError("Seule une demande de premier article lance un article d'essai.");
    if (item.startedAt) {
      throw new TrialRefusedError(
        `L'article d'essai de cette demande est déjà lancé${item.pageName ? ` (page « ${item.pageName} »)` : ""} : rien n'a été refait.`,
      );
    }
    const [site] = item.siteId
      ? await tx
          .select({ id: sites.id, url: sites.url, language: sites.language })
          .from(sites)
          .where(eq(sites.id, item.siteId))
          .for("update")
      : [];
    if (!site) throw new TrialRefusedError("Le site de cette demande a été supprimé.");

    // The request gave no language (it came before the form asked it): the team says it, or nothing starts.
    let languageSet: string | null = null;
    if (site.language === null) {
      if (!input.language) throw new TrialRefusedError("Choisissez la langue du site : la demande n'en donne pas.");
      const pair = await findLanguagePair(input.language, null, tx);
      if (!pair.ok) throw new TrialRefusedError("Choisissez la langue du site dans la liste.");
      await tx.update(sites).set({ country: pair.country, language: pair.language }).where(eq(sites.id, site.id));
      languageSet = `${pair.languageName} (${pair.countryName})`;
    }

    const topic = normalizeKeyword(input.topic);
    const now = new Date();
    const [page] = await tx
      .insert(pages)
      .values({
        site: site.id,
        name: topic,
        url: normalizePageUrl(slugOfText(topic, FALLBACK_SLUG), site.url),
        status: PAGE_STATUS_DRAFT,
        creator: member.id,
        dateCreated: now,
        dateModified: now,
      })
      .returning({ id: pages.id, url: pages.url });
    const keywordId = await keywordIdOf(tx, topic);
    await tx.insert(pagesKeywords).values({ linkedPage: page!.id, linkedKeyword: keywordId });
    // Who approves the outline: the brief's setting, made with the brief if the site had none.
    await tx
      .insert(siteBriefs)
      .values({ siteId: site.id, outlineApprover: input.approver, updatedBy: member.id })
      .onConflictDoUpdate({ target: siteBriefs.siteId, set: { outlineApprover: input.approver, updatedAt: now, updatedBy: member.id } });
    const [research] = await queueActions(member, "serps", [{ pageId: page!.id, info2: String(keywordId) }], tx);
    const [outline] = await queueActions(member, "create_outline", [{ pageId: page!.id, infoJson: null, runsAfter: research!.id }], tx);
    await tx.update(teamInbox).set({ pageId: page!.id, startedAt: now, startedBy: member.id, topic }).where(eq(teamInbox.id, itemId));
    await writeAudit(
      {
        actor: auditActor(member),
        action: "inbox.trial_started",
        record: { type: "inbox", id: itemId },
        details: {
          site: site.id,
          page: page!.id,
          url: page!.url,
          keyword: topic,
          approver: input.approver,
          ...(languageSet ? { language: languageSet } : {}),
          requests: { research: research!.id, outline: outline!.id },
        },
      },
      tx,
    );
    return { pageId: page!.id, siteId: site.id, pageUrl: page!.url, requests: { research: research!.id, outline: outline!.id } };
  });
  logger.info({ userId: member.id, itemId, ...started }, "trial article started");
  return started;
}

const personName = (id: AnyColumn) =>
  sql<string | null>`(select coalesce(nullif(trim(${user.name}), ''), ${user.email}) from ${user} where ${user.id} = ${id})`;

/** Where the request's trial article stands; null when it was not started (or there is no such request). */
export async function teamTrialProgress(member: TeamMember, itemId: number): Promise<TrialProgress | null> {
  assertTeam(member);
  const db = await getDb();
  const [item] = await db
    .select({
      startedAt: teamInbox.startedAt,
      startedByName: personName(teamInbox.startedBy),
      page: { id: pages.id, siteId: pages.site, name: pages.name, url: pages.url },
      approver: siteBriefs.outlineApprover,
      deliveredVersion: teamInbox.deliveredVersion,
      deliveredAt: pagesVersions.createdDate,
    })
    .from(teamInbox)
    .leftJoin(pages, eq(pages.id, teamInbox.pageId))
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, pages.site))
    .leftJoin(pagesVersions, eq(pagesVersions.id, teamInbox.deliveredVersion))
    .where(eq(teamInbox.id, itemId));
  if (!item?.startedAt) return null;
  const page = item.page?.id ? (item.page as NonNullable<TrialProgress["page"]>) : null;
  const base = {
    startedAt: item.startedAt,
    startedByName: item.startedByName,
    approver: (item.approver ?? "client") as OutlineApprover,
    page,
    delivered: item.deliveredVersion && item.deliveredAt ? { versionId: item.deliveredVersion, at: item.deliveredAt } : null,
  };
  if (!page) return { ...base, research: null, outlineRequest: null, outline: null, article: null };
  const [requests, [results], [outline]] = await Promise.all([
    db
      .select({ name: actions.name, state: pagesActions.state, lastError: pagesActions.lastError })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(and(eq(pagesActions.linkedPage, page.id), inArray(actions.name, ["serps", "create_outline", "create_article"])))
      .orderBy(desc(pagesActions.id)),
    db
      .select({ n: count() })
      .from(serps)
      .innerJoin(pagesKeywords, eq(pagesKeywords.linkedKeyword, serps.linkedKeyword))
      .where(and(eq(pagesKeywords.linkedPage, page.id), eq(serps.site, page.siteId))),
    db
      .select({ status: pageOutlines.status, approvedAt: pageOutlines.approvedAt, approvedByName: personName(pageOutlines.approvedBy) })
      .from(pageOutlines)
      .where(and(eq(pageOutlines.page, page.id), ne(pageOutlines.status, "replaced")))
      .orderBy(sql`${pageOutlines.status} = 'ready' desc`, desc(pageOutlines.createdAt), desc(pageOutlines.id))
      .limit(1),
  ]);
  // The newest request of each kind (a retried search, a new outline asked for).
  const newest = (name: string): TrialRequest | null => {
    const row = requests.find((r) => r.name === name);
    return row ? { state: row.state, lastError: row.lastError } : null;
  };
  const research = newest("serps");
  return {
    ...base,
    research: research ? { ...research, results: results?.n ?? 0 } : null,
    outlineRequest: newest("create_outline"),
    outline: outline ? { ...outline, status: outline.status as "ready" | "approved" } : null,
    article: newest("create_article"),
  };
}
