/**
 * Sites. Every function takes the acting user and only ever reads or writes that user's sites: a site
 * of another account behaves exactly like a missing one.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  locationCountries,
  locationLanguages,
  pages,
  pagesActions,
  sitePublishing,
  sites,
  toneArticles,
  user as users,
} from "../../db/schema";
import type { SiteInput } from "~/lib/schemas/site";
import { NotFoundError } from "~/lib/not-found";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { isTeamActor, siteReach } from "./access.server";
import { aiWorkColumns, toAiWork, type AiWork } from "./page-action.server";

type Actor = { id: string };

/** A site that is missing or another account's: a NotFoundError, answered like every other one. */
export class SiteNotFoundError extends NotFoundError {
  constructor() {
    super("site");
  }
}

export class InvalidReferenceError extends Error {}

export const siteColumns = {
  id: sites.id,
  name: sites.name,
  url: sites.url,
  imageLogo: sites.imageLogo,
  country: sites.country,
  language: sites.language,
  toneArticlesGroup: sites.toneArticlesGroup,
  forceDefinedLanguageForSerps: sites.forceDefinedLanguageForSerps,
  serpsNbResults: sites.serpsNbResults,
  serpsImgNbResults: sites.serpsImgNbResults,
  familiarTerms: sites.familiarTerms,
  addressTheReaderWithI: sites.addressTheReaderWithI,
  acceptedTopics: sites.acceptedTopics,
  additionalGuidelines: sites.additionalGuidelines,
  coverImageWidth: sites.coverImageWidth,
  coverImageHeight: sites.coverImageHeight,
  nbImagesToCreate: sites.nbImagesToCreate,
  defaultTypePagePost: sites.defaultTypePagePost,
  defaultStatus: sites.defaultStatus,
  autoPublishImage: sites.autoPublishImage,
};

export type SiteRow = {
  [K in keyof typeof siteColumns]: (typeof sites.$inferSelect)[K];
};

/** The user's sites, newest first (id descending). */
export async function listSites(user: Actor): Promise<SiteRow[]> {
  const db = await getDb();
  return db.select(siteColumns).from(sites).where(eq(sites.linkedUser, user.id)).orderBy(desc(sites.id));
}

export async function getSite(user: Actor, id: number): Promise<SiteRow> {
  const db = await getDb();
  const [row] = await db
    .select(siteColumns)
    .from(sites)
    .where(and(eq(sites.id, id), siteReach(user)));
  if (!row) throw new SiteNotFoundError();
  return row;
}

/**
 * Checks that the country, language (of that country) and tone group exist and may be used: a shared group, or
 * one of the site owner's (the team editing a client's site (`siteId`) may keep the client's own group).
 */
async function checkReferences(user: Actor, input: SiteInput, siteId?: number) {
  const db = await getDb();
  let ownerId: string | null = user.id;
  if (siteId !== undefined && isTeamActor(user)) {
    const [site] = await db.select({ owner: sites.linkedUser }).from(sites).where(eq(sites.id, siteId));
    ownerId = site?.owner ?? null;
  }
  if (input.country !== null) {
    const [country] = await db.select({ id: locationCountries.id }).from(locationCountries).where(eq(locationCountries.id, input.country));
    if (!country) throw new InvalidReferenceError("The chosen country does not exist.");
  }
  if (input.language !== null) {
    const [language] = await db
      .select({ country: locationLanguages.linkedCountry })
      .from(locationLanguages)
      .where(eq(locationLanguages.id, input.language));
    if (!language || language.country !== input.country)
      throw new InvalidReferenceError("The chosen language does not belong to the chosen country.");
  }
  if (input.toneArticlesGroup !== null) {
    const [group] = await db
      .select({ parent: toneArticles.parentToneArticle, creator: toneArticles.creator })
      .from(toneArticles)
      .where(eq(toneArticles.id, input.toneArticlesGroup));
    if (!group || group.parent !== null || (group.creator !== null && group.creator !== ownerId)) {
      throw new InvalidReferenceError("The chosen tone group does not exist.");
    }
  }
}

export async function createSite(user: Actor, input: SiteInput, imageLogo: string): Promise<SiteRow> {
  await checkReferences(user, input);
  const db = await getDb();
  const [row] = await db
    .insert(sites)
    .values({ ...input, imageLogo, linkedUser: user.id })
    .returning(siteColumns);
  if (!row) throw new Error("No data returned after site creation");
  logger.info({ userId: user.id, siteId: row.id }, "site created");
  return row;
}

/**
 * Updates a site; without a new logo the old one is kept. With one, `replacedLogo` is the URL it
 * replaced, for the caller to discard.
 */
export async function updateSite(
  user: Actor,
  id: number,
  input: SiteInput,
  imageLogo?: string,
): Promise<SiteRow & { replacedLogo: string | null }> {
  await checkReferences(user, input, id);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const owned = and(eq(sites.id, id), siteReach(user));
    const [before] = await tx.select({ imageLogo: sites.imageLogo }).from(sites).where(owned).for("update");
    if (!before) return null;
    const [row] = await tx
      .update(sites)
      .set({ ...input, ...(imageLogo ? { imageLogo } : {}) })
      .where(owned)
      .returning(siteColumns);
    return { ...row, replacedLogo: imageLogo && before.imageLogo !== imageLogo ? before.imageLogo : null };
  });
  if (!result) throw new SiteNotFoundError();
  logger.info({ userId: user.id, siteId: id }, "site updated");
  return result;
}

/** What the header says while the team works on a client's site: whose site it is, and the way back. */
export type TeamView = { title: string; detail: string };

/**
 * TEAM ONLY (an actor made by asTeam): whose site `siteId` is, for the header of the client screens the team
 * works on; null for anyone else, for the member's own site, and for no such site (the screen says 404).
 * The words come from the server: nothing of the team's side is in the clients' JavaScript.
 */
export async function teamViewOfSite(actor: Actor, siteId: number): Promise<TeamView | null> {
  if (!isTeamActor(actor)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ownerId: sites.linkedUser, ownerName: users.name, ownerEmail: users.email })
    .from(sites)
    .leftJoin(users, eq(users.id, sites.linkedUser))
    .where(eq(sites.id, siteId));
  if (!row || row.ownerId === actor.id) return null;
  if (!row.ownerEmail) return { title: "Site sans client", detail: "personne n'a encore ce site ; vous y travaillez en tant qu'équipe." };
  return {
    title: `Site de ${row.ownerName || row.ownerEmail}`,
    detail: `${row.ownerEmail} ; vous y travaillez en tant qu'équipe, pas en son nom.`,
  };
}

/** Deletes one of the user's own sites. The team, working on a client's site, does not delete it (owner only). */
export async function deleteSite(user: Actor, id: number): Promise<{ name: string; imageLogo: string | null }> {
  const db = await getDb();
  const [row] = await db
    .delete(sites)
    .where(and(eq(sites.id, id), eq(sites.linkedUser, user.id)))
    .returning({ name: sites.name, imageLogo: sites.imageLogo });
  if (!row) throw new SiteNotFoundError();
  logger.info({ userId: user.id, siteId: id }, "site deleted");
  return row;
}

/** The site detail screen: the site, how many pages it has, and where it publishes (issue 15; null: nowhere yet). */
export async function getSiteOverview(
  user: Actor,
  id: number,
): Promise<SiteRow & { pagesCount: number; publishingTarget: "wordpress" | "webhook" | null; publishingProblem: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...siteColumns, // Qualified by hand: drizzle writes columns unqualified inside sql``, where "id" would mean pages.id.
      pagesCount: sql<number>`(select count(*)::int from "pages" where "pages"."site" = "sites"."id")`,
      publishingTarget: sql<"wordpress" | "webhook" | null>`${sitePublishing.target}`,
      publishingProblem: sql<boolean>`coalesce(${sitePublishing.checkProblem} is not null, false)`,
    })
    .from(sites)
    .leftJoin(sitePublishing, eq(sitePublishing.siteId, sites.id))
    .where(and(eq(sites.id, id), siteReach(user)));
  if (!row) throw new SiteNotFoundError();
  return row;
}

/**
 * TEAM ONLY: the AI work on a site so far, summed over the requests of all its pages in one aggregate query
 * (no such site: SiteNotFoundError). Costs are the team's: no client screen shows them (the team's console will).
 */
export async function teamSiteAiWork(id: number): Promise<AiWork> {
  const db = await getDb();
  const [row] = await db
    .select(aiWorkColumns)
    .from(sites)
    .leftJoin(pages, eq(pages.site, sites.id))
    .leftJoin(pagesActions, eq(pagesActions.linkedPage, pages.id))
    .where(eq(sites.id, id))
    .groupBy(sites.id);
  if (!row) throw new SiteNotFoundError();
  return toAiWork(row);
}

export async function renameSite(user: Actor, id: number, name: string): Promise<{ name: string }> {
  const db = await getDb();
  const [row] = await db
    .update(sites)
    .set({ name })
    .where(and(eq(sites.id, id), siteReach(user)))
    .returning({ name: sites.name });
  if (!row) throw new SiteNotFoundError();
  logger.info({ userId: user.id, siteId: id }, "site renamed");
  return row;
}
