/**
 * The evidence pack of a page as its owner (or the team for them) sees and shapes it on the outline screen (issue
 * 40): the passages gathered from the research (jobs/evidence.server.ts), a source of their own added by URL (read
 * at once, through the outbound guard, and split the same way), a passage taken out of the pack or put back. Every
 * function checks the actor's reach to the page first; a passage of another page answers like a missing one.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { locationLanguages, pageEvidence, siteBriefs, sites, user as users } from "../../db/schema";
import { isCompetitorUrl, parseCompetitors } from "~/lib/competitors";
import { NotFoundError } from "~/lib/not-found";
import { EVIDENCE_LIMITS, passagesWorthCiting, type EvidenceKind } from "~/lib/sources/evidence";
import { EVIDENCE_COLUMNS, topicOfPage, type EvidenceOrigin } from "~/jobs/evidence.server";
import { linkKey } from "~/lib/article-contract";
import { documentText } from "~/lib/content-score/document.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { fetchReader, type PageReader } from "~/services/research/page-reader.server";
import { ownedPage, ownedPageRef, type Actor, type PageRef } from "./access.server";

/** A passage of the pack as the outline screen lists it, in use or taken out (by whom). */
export type PackPassage = {
  id: number;
  url: string;
  title: string | null;
  readAt: Date;
  kind: EvidenceKind;
  passage: string;
  origin: EvidenceOrigin;
  addedByName: string | null;
  removedAt: Date | null;
  removedByName: string | null;
};

/** Why a source could not join the pack, in the words the screen shows. */
export class EvidenceSourceError extends Error {
  constructor(
    public readonly reason: "unreadable" | "nothing" | "limit" | "competitor" | "already" | "busy",
    detail = "",
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** The pages a person may have read for their packs in an hour. */
const READS_PER_WINDOW = 30;
const READS_WINDOW_SECONDS = 3600;

const nameOf = (column: typeof pageEvidence.addedBy | typeof pageEvidence.removedBy) =>
  sql<string | null>`(select coalesce(nullif(trim(${users.name}), ''), ${users.email}) from ${users} where ${users.id} = ${column})`;

/** The page's pack, in use and taken out, in the order it was gathered or added: one query. */
export async function pageEvidencePack(actor: Actor, ref: PageRef): Promise<PackPassage[]> {
  const page = await ownedPageRef(actor, ref);
  const db = await getDb();
  const rows = await db
    .select({
      ...EVIDENCE_COLUMNS,
      addedByName: nameOf(pageEvidence.addedBy),
      removedAt: pageEvidence.removedAt,
      removedByName: nameOf(pageEvidence.removedBy),
    })
    .from(pageEvidence)
    .where(eq(pageEvidence.page, page.id))
    .orderBy(asc(pageEvidence.id));
  return rows.map((r) => ({ ...r, kind: r.kind as EvidenceKind, origin: r.origin as EvidenceOrigin }));
}

/**
 * Reads a source of the actor's choosing and adds its passages on the page's topic to the pack (a few sentences
 * nearest the topic when it holds no figure, date, definition or quotation on it). Refused with why: a competitor
 * of the brief, a source already in the pack, too many sources added, a page that cannot be read or says nothing
 * on the topic. Answers the passages added.
 */
export async function addEvidenceSource(
  actor: Actor,
  pageId: number,
  url: string,
  reader: PageReader = fetchReader({ maxRedirects: 3 }),
): Promise<number> {
  const page = await ownedPage(actor, pageId);
  const db = await getDb();
  const [site] = await db
    .select({ competitors: siteBriefs.competitors, language: locationLanguages.languageCode })
    .from(sites)
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, sites.id))
    .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
    .where(eq(sites.id, page.site.id));
  if (isCompetitorUrl(url, parseCompetitors(site?.competitors ?? "", page.site.url))) throw new EvidenceSourceError("competitor");
  const pack = await db
    .select({ url: pageEvidence.url, origin: pageEvidence.origin })
    .from(pageEvidence)
    .where(eq(pageEvidence.page, page.id));
  // The same page, "www." and a trailing slash aside.
  if (pack.some((p) => linkKey(p.url) === linkKey(url))) throw new EvidenceSourceError("already");
  const addedSources = new Set(pack.filter((p) => p.origin === "added").map((p) => p.url));
  if (addedSources.size >= EVIDENCE_LIMITS.addedSources) throw new EvidenceSourceError("limit");
  // Each try reads a page from the web, added or not: a person's tries are counted, whatever page they are for.
  const tries = await consumeRateLimit(`evidence-read:${actor.id}`, READS_WINDOW_SECONDS, READS_PER_WINDOW);
  if (!tries.allowed) throw new EvidenceSourceError("busy", String(Math.ceil(tries.retryAfterSeconds / 60)));
  const read = await reader.read(url);
  if (!read.ok) throw new EvidenceSourceError("unreadable", read.reason);
  const { topic, research } = await topicOfPage(db, page.id);
  const language = site?.language ?? research.models[0]?.language ?? "en";
  // A page without keywords yet: its name says what it is about.
  const passages = passagesWorthCiting(documentText(read.document), topic || page.name, language, { anySentence: true });
  if (passages.length === 0) throw new EvidenceSourceError("nothing");
  const readAt = new Date();
  const added = await db
    .insert(pageEvidence)
    .values(
      passages.map((p) => ({
        page: page.id,
        url,
        title: read.title,
        readAt,
        kind: p.kind,
        passage: p.passage,
        origin: "added",
        addedBy: actor.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pageEvidence.id });
  logger.info({ userId: actor.id, pageId: page.id, passages: added.length }, "evidence source added");
  return added.length;
}

/** Takes a passage out of the page's pack, or puts it back; history kept (who, when). */
export async function setEvidenceRemoved(actor: Actor, pageId: number, evidenceId: number, removed: boolean): Promise<void> {
  const page = await ownedPage(actor, pageId);
  const db = await getDb();
  const changed = await db
    .update(pageEvidence)
    .set(removed ? { removedAt: new Date(), removedBy: actor.id } : { removedAt: null, removedBy: null })
    .where(and(eq(pageEvidence.id, evidenceId), eq(pageEvidence.page, page.id)))
    .returning({ id: pageEvidence.id });
  if (changed.length === 0) throw new NotFoundError("page");
  logger.info({ userId: actor.id, pageId: page.id, evidenceId, removed }, removed ? "evidence passage removed" : "evidence passage restored");
}
