/**
 * A version's checked sources as the screens read them (issue 40): each claim with its link's state, its verdict and
 * the source's own words, and their counts; whether a check is still under way. Written by
 * jobs/tasks/check_sources.server.ts. Every function takes the acting user and reaches the version through
 * models/access.server.ts.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { actions, pagesActions, pagesVersions, versionSources, type FixedSource } from "../../db/schema";
import { getDb } from "~/services/db.server";
import { ownedVersion, type Actor } from "./access.server";

export type SourceVerdict = "supported" | "partly" | "not_supported" | "broken" | "unchecked";

export type CheckedSource = {
  id: number;
  url: string;
  anchor: string | null;
  claim: string | null;
  kind: "link" | "quotation" | "statistic";
  linkStatus: "pending" | "resolves" | "broken" | "redirects";
  httpStatus: number | null;
  finalUrl: string | null;
  verdict: SourceVerdict;
  passage: string | null;
  /** How it was judged: 'model', 'lexical' (no model configured) or 'quotation' (word for word, in code). */
  method: string | null;
  checkedAt: Date | null;
};

/** The counts a version's sources sum up to. */
export type SourceCounts = { total: number; supported: number; partly: number; notSupported: number; broken: number; unchecked: number };

export function countSources(sources: Pick<CheckedSource, "verdict">[]): SourceCounts {
  const of = (verdict: SourceVerdict) => sources.filter((s) => s.verdict === verdict).length;
  return {
    total: sources.length,
    supported: of("supported"),
    partly: of("partly"),
    notSupported: of("not_supported"),
    broken: of("broken"),
    unchecked: of("unchecked"),
  };
}

/**
 * The sources of one of the user's versions, in the order of the text, with their counts; `pending` while a check runs;
 * `fixed`: what the writing task's check made the writer fix before this text.
 */
export async function versionSourcesOf(
  user: Actor,
  versionId: number,
): Promise<{ sources: CheckedSource[]; counts: SourceCounts; pending: boolean; fixed: FixedSource[] }> {
  const { versionId: id } = await ownedVersion(user, versionId);
  const db = await getDb();
  const [rows, [state], [version]] = await Promise.all([
    db
      .select({
        id: versionSources.id,
        url: versionSources.url,
        anchor: versionSources.anchor,
        claim: versionSources.claim,
        kind: sql<CheckedSource["kind"]>`${versionSources.kind}`,
        linkStatus: sql<CheckedSource["linkStatus"]>`${versionSources.linkStatus}`,
        httpStatus: versionSources.httpStatus,
        finalUrl: versionSources.finalUrl,
        verdict: sql<SourceVerdict>`${versionSources.verdict}`,
        passage: versionSources.passage,
        method: sql<string | null>`${versionSources.judge}->>'method'`,
        checkedAt: versionSources.checkedAt,
      })
      .from(versionSources)
      .where(eq(versionSources.version, id))
      .orderBy(asc(versionSources.position)),
    // A check of its sources that has not ended (queued or running).
    db
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(
        and(eq(actions.name, "check_sources"), inArray(pagesActions.state, ["queued", "running"]), eq(pagesActions.linkedPagesVersion, id)),
      )
      .limit(1),
    // What the writer fixed in a second pass before this text (issue 40).
    db.select({ fixed: pagesVersions.sourcesFixed }).from(pagesVersions).where(eq(pagesVersions.id, id)),
  ]);
  return { sources: rows, counts: countSources(rows), pending: state !== undefined, fixed: version?.fixed ?? [] };
}
