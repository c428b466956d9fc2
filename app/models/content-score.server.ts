/**
 * Content scores as the screens read them (issue 39): a version's score with its parts and what it lacks, beside
 * the top pages' median and best of the same research. Computed by jobs/content-score.server.ts when the text is
 * written; a version whose page has no research yet has none (null). Every function takes the acting user and
 * reaches the version through models/access.server.ts.
 */
import { eq } from "drizzle-orm";
import { versionScores } from "../../db/schema";
import type { ContentScore } from "~/lib/content-score/types";
import { getDb, type Db } from "~/services/db.server";
import { ownedVersion, type Actor } from "./access.server";

/** A version's score as the screens show it. */
export type VersionScore = {
  score: number;
  details: ContentScore;
  /** The top pages' median and best, scored the same way; null when none could be. */
  topMedian: number | null;
  topBest: number | null;
  computedAt: Date;
};

/** The score of a version, without an access check: for the functions below, after theirs. */
export async function scoreOf(db: Db, versionId: number): Promise<VersionScore | null> {
  const [row] = await db
    .select({
      score: versionScores.score,
      details: versionScores.details,
      topMedian: versionScores.topMedian,
      topBest: versionScores.topBest,
      computedAt: versionScores.computedAt,
    })
    .from(versionScores)
    .where(eq(versionScores.version, versionId));
  return row ?? null;
}

/** The content score of one of the user's versions; null while its page has no research. */
export async function versionScore(user: Actor, versionId: number): Promise<VersionScore | null> {
  const { versionId: id } = await ownedVersion(user, versionId);
  return scoreOf(await getDb(), id);
}
