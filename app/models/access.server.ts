/**
 * Ownership of content: a page belongs to a site, a version to a page, and the site to its owner
 * (sites.linked_user). Every content model starts from one of these functions, which answer a record
 * of another account exactly like a missing one (NotFoundError).
 */
import { and, eq } from "drizzle-orm";
import { pages, pagesVersions, sites } from "../../db/schema";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";

export type Actor = { id: string };

export class NotFoundError extends Error {
  constructor(public readonly kind: "site" | "page" | "version") {
    super(`${kind} not found`);
  }
}

/** Parses a route parameter as a positive integer id; anything else is a missing record. */
export function parseId(value: string | undefined | null, kind: NotFoundError["kind"]): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(kind);
  return id;
}

export type OwnedSite = { id: number; name: string; url: string };

export async function ownedSite(user: Actor, siteId: number): Promise<OwnedSite> {
  const db = await getDb();
  const [site] = await db
    .select({ id: sites.id, name: sites.name, url: sites.url })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.linkedUser, user.id)));
  if (!site) throw new NotFoundError("site");
  return site;
}

export type OwnedPage = {
  id: number;
  name: string;
  url: string;
  status: number;
  hideCoverImageFromPreview: boolean;
  hideRevisionsTextsFromPreview: boolean;
  site: OwnedSite;
};

/** A page of one of the user's sites; with `siteId`, it must also belong to that site. */
export async function ownedPage(user: Actor, pageId: number, siteId?: number): Promise<OwnedPage> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: pages.id,
      name: pages.name,
      url: pages.url,
      status: pages.status,
      hideCoverImageFromPreview: pages.hideCoverImageFromPreview,
      hideRevisionsTextsFromPreview: pages.hideRevisionsTextsFromPreview,
      site: { id: sites.id, name: sites.name, url: sites.url },
    })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(and(eq(pages.id, pageId), eq(sites.linkedUser, user.id), siteId === undefined ? undefined : eq(pages.site, siteId)));
  if (!row) throw new NotFoundError("page");
  return row;
}

/** A version of a page of one of the user's sites, with its page. */
export async function ownedVersion(user: Actor, versionId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: pagesVersions.id, page: pagesVersions.page })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(and(eq(pagesVersions.id, versionId), eq(sites.linkedUser, user.id)));
  if (!row) throw new NotFoundError("version");
  return { versionId: row.id, page: await ownedPage(user, row.page) };
}

/**
 * The page of a screen's URL (/sites/:siteId/pages/:pageId/...), owned by the user and on that site;
 * null (logged as a refused access) for anything else, which the screen answers as a missing page.
 */
export async function findOwnedPage(user: Actor, params: { siteId?: string; pageId?: string }, screen: string): Promise<OwnedPage | null> {
  try {
    return await ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logger.info({ userId: user.id, siteId: params.siteId, pageId: params.pageId }, `refused: ${screen} of a missing or foreign page`);
    return null;
  }
}
