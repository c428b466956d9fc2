/**
 * The one place where an article's text is written (issue 39): a new version of a page, or a version's text
 * replaced in place by a modification. Every writer goes through it (the add-HTML form, the code editor, a
 * restored earlier text, the WordPress import, the article task and the modification task; tests/lint keeps it
 * so), and it asks for the text's content score and the check of its sources (issue 40) in the same transaction,
 * so that no writer can forget them.
 * Access is the caller's business: models check the acting user before they call it, tasks run for their page.
 */
import { eq } from "drizzle-orm";
import { pagesVersions, pagesVersionsHistory, versionSources, type FixedSource } from "../../db/schema";
import type { Db } from "~/services/db.server";
import { actionNamed, insertActionRows } from "./action-rows.server";
import { scoreVersions } from "./content-score.server";
import { roundOfPage } from "./revision-round.server";
import type { CheckedClaim } from "./tasks/check_sources.server";

/** What a new version is made of; its revision round is the page's current one. */
export type NewVersion = {
  pageId: number;
  html: string;
  metaDescription: string | null;
  /** The person who wrote or saved it; none for a text the writing task made. */
  creator?: string | null;
  /** Made by editing another version in the code editor. */
  edited?: boolean;
  /** Marked for the team before its owner is told (issue 39). */
  heldForTeam?: boolean;
  /** Its sources as the writing task checked them already (issue 40): kept, instead of a check queued after it. */
  checkedSources?: CheckedClaim[] | null;
  /** What that check made the writer fix before this text (issue 40). */
  sourcesFixed?: FixedSource[] | null;
};

/** Inserts a new version of the page, in the page's current revision round, and scores it. Answers its id. */
export async function writeVersion(tx: Db, version: NewVersion): Promise<number> {
  const [row] = await tx
    .insert(pagesVersions)
    .values({
      page: version.pageId,
      htmlContent: version.html,
      metaDescription: version.metaDescription,
      creator: version.creator ?? null,
      revisionRound: roundOfPage(version.pageId),
      edited: version.edited ?? false,
      heldForTeam: version.heldForTeam ?? false,
      sourcesFixed: version.sourcesFixed ?? null,
    })
    .returning({ id: pagesVersions.id });
  await scoreVersions(tx, [row.id]);
  if (version.checkedSources) {
    if (version.checkedSources.length)
      await tx.insert(versionSources).values(version.checkedSources.map((source) => ({ ...source, version: row.id })));
  } else await askForSourceCheck(tx, row.id, version.html);
  return row.id;
}

/**
 * Replaces a version's text and meta description in place (a modification without a new version), after the
 * ones it replaces are kept in pages_versions_history; the new text belongs to the page's current round and,
 * being a new text, is not the one approved. False when the version is gone.
 */
export async function rewriteVersionText(
  tx: Db,
  versionId: number,
  text: { pageId: number; html: string; metaDescription: string | null; replacedBy: number | null },
): Promise<boolean> {
  const [current] = await tx
    .select({ html: pagesVersions.htmlContent, metaDescription: pagesVersions.metaDescription })
    .from(pagesVersions)
    .where(eq(pagesVersions.id, versionId))
    .for("update");
  if (!current) return false;
  await tx.insert(pagesVersionsHistory).values({
    version: versionId,
    htmlContent: current.html,
    metaDescription: current.metaDescription,
    replacedBy: text.replacedBy,
  });
  await tx
    .update(pagesVersions)
    .set({
      htmlContent: text.html,
      metaDescription: text.metaDescription,
      revisionRound: roundOfPage(text.pageId),
      approved: false,
      approvedAt: null,
      // What the writing task fixed belonged to the text replaced.
      sourcesFixed: null,
    })
    .where(eq(pagesVersions.id, versionId));
  await scoreVersions(tx, [versionId]);
  await askForSourceCheck(tx, versionId, text.html);
  return true;
}

/** A link to another address than a page of its own (https://...): only a text holding one has sources to check. */
const OUTBOUND_LINK = /<a\b[^>]*\bhref\s*=\s*["']?https?:\/\//i;

/**
 * The check of a text's sources (jobs/tasks/check_sources.server.ts), queued after its score; what an earlier text
 * of the version said of its sources goes, since it no longer holds.
 */
async function askForSourceCheck(tx: Db, versionId: number, html: string): Promise<void> {
  await tx.delete(versionSources).where(eq(versionSources.version, versionId));
  // The version's follow-up, not a request of its page (whose Requests do not list it).
  if (OUTBOUND_LINK.test(html))
    await insertActionRows(tx, actionNamed("check_sources"), null, [{ pageId: null, versionId }], { independent: true });
}
