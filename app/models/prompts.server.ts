/**
 * The prompts the assistants are asked about a page (issue 42): the owner (or the team for them) reads them; the
 * team alone rewrites them (1 to 5, lib/visibility/prompts.ts), audited. A page without the team's prompts is asked
 * the three default ones, built from its name and keywords in the site's language, which is what the reading shows.
 * The sample size (how many times each prompt is asked of each model per period) is the team's to set per site.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { keywords, locationLanguages, pagePrompts, pages, pagesKeywords, siteCheckSchedules, sites } from "../../db/schema";
import { checkPrompts, MAX_SAMPLES, MIN_SAMPLES, promptsOfPage, SAMPLES_ERROR } from "~/lib/visibility/prompts";
import { NotFoundError } from "~/lib/not-found";
import type { TeamMember } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { writeAudit } from "~/services/team-audit.server";
import { DEFAULT_MONTHLY_CAP_USD } from "~/jobs/schedule.server";
import { ownedPageRef, type Actor, type PageRef } from "./access.server";
import { assertTeam, auditActor } from "./team-access.server";

export type PagePrompts = {
  prompts: string[];
  /** Whether the team wrote them (false: the defaults). */
  custom: boolean;
  updatedAt: string | null;
};

/** The prompts of a page whose reach the caller checked: the team's, else the defaults. */
async function promptsOf(db: Db, pageId: number): Promise<PagePrompts> {
  const [written, [page], words] = await Promise.all([
    db
      .select({ prompt: pagePrompts.prompt, updatedAt: pagePrompts.updatedAt })
      .from(pagePrompts)
      .where(eq(pagePrompts.page, pageId))
      .orderBy(asc(pagePrompts.position)),
    db
      .select({ name: pages.name, languageCode: locationLanguages.languageCode })
      .from(pages)
      .innerJoin(sites, eq(sites.id, pages.site))
      .leftJoin(locationLanguages, eq(locationLanguages.id, sites.language))
      .where(eq(pages.id, pageId)),
    db
      .select({ keyword: keywords.keyword })
      .from(pagesKeywords)
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(and(eq(pagesKeywords.linkedPage, pageId), eq(pagesKeywords.toSearch, true)))
      .orderBy(asc(pagesKeywords.id)),
  ]);
  if (!page) throw new NotFoundError("page");
  const prompts = promptsOfPage(written, { pageName: page.name, keywords: words.map((w) => w.keyword), languageCode: page.languageCode });
  return { ...prompts, updatedAt: prompts.updatedAt?.toISOString() ?? null };
}

/** The prompts the assistants are asked about the page (the owner, or the team for them). */
export async function pagePromptsOf(actor: Actor, siteId: number, page: PageRef): Promise<PagePrompts> {
  const owned = await ownedPageRef(actor, page, siteId);
  return promptsOf(await getDb(), owned.id);
}

/** Refused: the message says why, in the console's language. */
export class PromptsError extends Error {}

/**
 * TEAM ONLY: the prompts of the site's page as the team typed them (one per field); blank fields are left out, an empty list
 * goes back to the defaults. Replaces the earlier ones (the answers keep the question they were asked); audited.
 */
export async function teamSavePagePrompts(
  member: TeamMember,
  siteId: number,
  pageId: number,
  typed: readonly string[],
): Promise<PagePrompts> {
  assertTeam(member);
  const db = await getDb();
  const reset = typed.every((p) => !p.trim());
  const checked = reset ? null : checkPrompts(typed);
  if (checked && !checked.ok) throw new PromptsError(checked.error);
  return db.transaction(async (tx) => {
    // The page of the site the screen is about: another site's page answers like a missing one.
    const [page] = await tx
      .select({ id: pages.id, site: pages.site })
      .from(pages)
      .where(and(eq(pages.id, pageId), eq(pages.site, siteId)));
    if (!page) throw new NotFoundError("page");
    await tx.delete(pagePrompts).where(eq(pagePrompts.page, pageId));
    const prompts = checked?.ok ? checked.prompts : [];
    if (prompts.length) {
      await tx.insert(pagePrompts).values(prompts.map((prompt, i) => ({ page: pageId, position: i + 1, prompt, updatedBy: member.id })));
    }
    await writeAudit(
      {
        actor: auditActor(member),
        action: reset ? "page.prompts_reset" : "page.prompts_saved",
        record: { type: "page", id: pageId },
        details: { siteId: page.site, prompts },
      },
      tx,
    );
    return promptsOf(tx, pageId);
  });
}

/** TEAM ONLY: how many times each prompt is asked of each model per period on the site (1 to 10); audited. */
export async function teamSetSamples(member: TeamMember, siteId: number, samples: number): Promise<void> {
  assertTeam(member);
  if (!Number.isInteger(samples) || samples < MIN_SAMPLES || samples > MAX_SAMPLES) throw new PromptsError(SAMPLES_ERROR);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
    if (!site) throw new NotFoundError("site");
    await tx
      .insert(siteCheckSchedules)
      .values({ siteId, samples, monthlyCapUsd: DEFAULT_MONTHLY_CAP_USD.toFixed(2), updatedBy: member.id })
      .onConflictDoUpdate({ target: siteCheckSchedules.siteId, set: { samples, updatedAt: sql`now()`, updatedBy: member.id } });
    await writeAudit(
      { actor: auditActor(member), action: "site.samples_set", record: { type: "site", id: siteId }, details: { samples } },
      tx,
    );
  });
}
