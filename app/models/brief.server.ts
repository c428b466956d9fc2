/**
 * A site's brief (issue 16): one screen, a few minutes to fill, that every article of the site is written from.
 * Part of it lives in the site's settings already and is read and written there (its topics and tone group:
 * `sites.accepted_topics`, `sites.tone_articles_group`; the first-article form fills its guidelines); the rest
 * is `site_briefs`, with whether each article starts with an outline to approve. Only the site's owner, or the team for them, reads and changes it.
 */
import { and, eq } from "drizzle-orm";
import { siteBriefs, sites, toneArticles } from "../../db/schema";
import type { OutlineApprover } from "~/lib/outline";
import type { BriefInput } from "~/lib/schemas/brief";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { ownedSite, siteReach, type Actor } from "./access.server";
import { listToneGroups } from "./reference.server";
import { InvalidReferenceError } from "./site.server";

export type SiteBrief = Omit<BriefInput, "toneGroup" | "outlineStep" | "outlineApprover"> & {
  toneGroup: number | null;
  outlineStep: boolean;
  /** Who approves the outlines (issue 38): the client unless a trial, or the brief, said the team. */
  outlineApprover: OutlineApprover;
  /** The site's guidelines (from its settings or the first-article form), shown for reference. */
  guidelines: string;
  updatedAt: Date | null;
};

/** The brief of one of the user's sites (empty texts until filled), and the tone groups they may pick. */
export async function getSiteBrief(user: Actor, siteId: number): Promise<{ brief: SiteBrief; toneGroups: { id: number; name: string }[] }> {
  await ownedSite(user, siteId);
  const db = await getDb();
  const [row] = await db
    .select({
      ownerId: sites.linkedUser,
      topicsToCover: sites.acceptedTopics,
      toneGroup: sites.toneArticlesGroup,
      guidelines: sites.additionalGuidelines,
      audience: siteBriefs.audience,
      offer: siteBriefs.offer,
      toneSamples: siteBriefs.toneSamples,
      topicsToAvoid: siteBriefs.topicsToAvoid,
      competitors: siteBriefs.competitors,
      wordsToUse: siteBriefs.wordsToUse,
      outlineStep: siteBriefs.outlineStep,
      outlineApprover: siteBriefs.outlineApprover,
      updatedAt: siteBriefs.updatedAt,
    })
    .from(sites)
    .leftJoin(siteBriefs, eq(siteBriefs.siteId, sites.id))
    .where(eq(sites.id, siteId));
  const toneGroups = await listToneGroups(row?.ownerId ?? user.id);
  return {
    brief: {
      audience: row?.audience ?? "",
      offer: row?.offer ?? "",
      toneGroup: row?.toneGroup ?? null,
      toneSamples: row?.toneSamples ?? "",
      topicsToCover: row?.topicsToCover ?? "",
      topicsToAvoid: row?.topicsToAvoid ?? "",
      competitors: row?.competitors ?? "",
      wordsToUse: row?.wordsToUse ?? "",
      outlineStep: row?.outlineStep ?? true,
      outlineApprover: (row?.outlineApprover ?? "client") as OutlineApprover,
      guidelines: row?.guidelines ?? "",
      updatedAt: row?.updatedAt ?? null,
    },
    toneGroups,
  };
}

/** Saves the brief of one of the user's sites: its own texts, and the topics and tone group of the site's settings, together. */
export async function saveSiteBrief(user: Actor, siteId: number, input: BriefInput): Promise<void> {
  await ownedSite(user, siteId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [site] = await tx
      .select({ ownerId: sites.linkedUser })
      .from(sites)
      .where(and(eq(sites.id, siteId), siteReach(user)))
      .for("update");
    // A tone group left out of the form (undefined) keeps the site's; null is none.
    if (typeof input.toneGroup === "number") {
      const [group] = await tx
        .select({ parent: toneArticles.parentToneArticle, creator: toneArticles.creator })
        .from(toneArticles)
        .where(eq(toneArticles.id, input.toneGroup));
      if (!group || group.parent !== null || (group.creator !== null && group.creator !== site?.ownerId)) {
        throw new InvalidReferenceError("Ce groupe de ton n'existe pas.");
      }
    }
    await tx
      .update(sites)
      .set({
        acceptedTopics: input.topicsToCover || null,
        ...(input.toneGroup === undefined ? {} : { toneArticlesGroup: input.toneGroup }),
      })
      .where(eq(sites.id, siteId));
    const values = {
      audience: input.audience,
      offer: input.offer,
      toneSamples: input.toneSamples,
      topicsToAvoid: input.topicsToAvoid,
      competitors: input.competitors,
      wordsToUse: input.wordsToUse,
      ...(input.outlineStep === undefined ? {} : { outlineStep: input.outlineStep }),
      ...(input.outlineApprover === undefined ? {} : { outlineApprover: input.outlineApprover }),
      updatedAt: new Date(),
      updatedBy: user.id,
    };
    await tx
      .insert(siteBriefs)
      .values({ siteId, ...values })
      .onConflictDoUpdate({ target: siteBriefs.siteId, set: values });
  });
  logger.info({ userId: user.id, siteId }, "site brief saved");
}
