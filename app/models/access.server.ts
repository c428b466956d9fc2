/**
 * Ownership of content: a page belongs to a site, a version to a page, and the site to its owner
 * (sites.linked_user). Every content model starts from one of the `owned...` functions, which answer a
 * record of another account exactly like a missing one (NotFoundError). Loaders start from the
 * `requireOwned...` functions, which log the refusal once and throw the 404 the route's error boundary shows.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { pages, pagesVersions, sites } from "../../db/schema";
import { NOT_FOUND_BODIES, NotFoundError, parseId, throwNotFound, type RecordKind } from "~/lib/not-found";
import { getDb } from "~/services/db.server";
import { getSignedIn, requireUser, type SessionUser, type TeamMember } from "~/services/auth.server";
import { logRefused } from "~/services/route-action.server";
import { assertTeam } from "./team-access.server";

export type Actor = { id: string };

/**
 * The actors `asTeam` made: a team member (signed in with two factors) working on clients' sites with the
 * clients' own screens (issue 14). Only this module adds to it, so an actor object made anywhere else is a
 * client, whatever its fields say.
 */
const teamActors = new WeakSet<Actor>();

/**
 * TEAM ONLY: the acting team member as an actor who reaches every client's site, page and version through
 * the same model functions the clients use. Checks the role and two-factor sign-in itself.
 */
export function asTeam(member: TeamMember): Actor {
  assertTeam(member);
  const actor = { id: member.id };
  teamActors.add(actor);
  return actor;
}

/** Whether `actor` is the team working on a client's site (asTeam). */
export const isTeamActor = (actor: Actor): boolean => teamActors.has(actor);

/**
 * The sites an actor reaches, as a condition on `sites`: the client's own; every site for the team (asTeam).
 * Every content model's ownership check goes through it.
 */
export function siteReach(actor: Actor): SQL {
  return teamActors.has(actor) ? sql`true` : eq(sites.linkedUser, actor.id);
}

/** The member as the team actor, with the account fields the screens show. */
const teamActorOf = (member: TeamMember): SessionUser =>
  Object.assign(asTeam(member), { name: member.name, email: member.email, image: member.image });

/**
 * Who acts on the signed-in screens of a site's content: the signed-in client, or, for a team member signed in
 * with two factors, the team (asTeam): the same screens then open any client's site. Nobody signed in: /auth.
 */
export async function requireActor(request: Request): Promise<SessionUser> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) return requireUser(request); // logs the refusal and sends to /auth
  return signedIn.member ? teamActorOf(signedIn.member) : signedIn.user;
}

/** The same, for actions that answer nobody signed in themselves (null). */
export async function getActor(request: Request): Promise<SessionUser | null> {
  const signedIn = await getSignedIn(request);
  return signedIn?.member ? teamActorOf(signedIn.member) : (signedIn?.user ?? null);
}

// Re-exported while models that the worker move (app/jobs) also touches still import them from here
// (page.server.ts, version.server.ts); new code imports them from ~/lib/not-found.
export { NotFoundError, parseId };

export type OwnedSite = { id: number; name: string; url: string };

export async function ownedSite(user: Actor, siteId: number): Promise<OwnedSite> {
  const db = await getDb();
  const [site] = await db
    .select({ id: sites.id, name: sites.name, url: sites.url })
    .from(sites)
    .where(and(eq(sites.id, siteId), siteReach(user)));
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

/**
 * The pages that ownedPage answered, with the actor it checked them for. A screen reads its page once and
 * passes it on: the next model function that gets it (a PageRef) with the same actor knows it was checked and
 * reads nothing again. Only this module records pages here, so a page object made elsewhere, or checked for
 * another actor, is read and checked again like an id.
 */
const checkedFor = new WeakMap<OwnedPage, Actor>();

/** A page to check: its id, or the page ownedPage already answered in this request. */
export type PageRef = number | OwnedPage;

/** The page of `ref`, the user's (and on `siteId` when given): no query when ownedPage already checked it for this user. */
export async function ownedPageRef(user: Actor, ref: PageRef, siteId?: number): Promise<OwnedPage> {
  if (typeof ref !== "number" && checkedFor.get(ref) === user && (siteId === undefined || ref.site.id === siteId)) return ref;
  return ownedPage(user, typeof ref === "number" ? ref : ref.id, siteId);
}

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
    .where(and(eq(pages.id, pageId), siteReach(user), siteId === undefined ? undefined : eq(pages.site, siteId)));
  if (!row) throw new NotFoundError("page");
  checkedFor.set(row, user);
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
    .where(and(eq(pagesVersions.id, versionId), siteReach(user)));
  if (!row) throw new NotFoundError("version");
  return { versionId: row.id, page: await ownedPage(user, row.page) };
}

/**
 * The site of a screen's URL (/sites/:siteId/...), owned by the user. Anything else is logged once as a
 * refused access and answered 404 with the spec's wording ('Site not found').
 */
export async function requireOwnedSite(user: Actor, siteId: string | undefined, request: Request): Promise<OwnedSite> {
  return orNotFound(request, user, "site", () => ownedSite(user, parseId(siteId, "site")));
}

/** The page of a screen's URL (/sites/:siteId/pages/:pageId/...), owned by the user and on that site; else 404 ('Page not found'). */
export async function requireOwnedPage(user: Actor, params: { siteId?: string; pageId?: string }, request: Request): Promise<OwnedPage> {
  return orNotFound(request, user, "page", () => ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site")));
}

/** The version of a screen's URL (/review/:versionId), with its page, owned by the user; else 404 ('Article not found'). */
export async function requireOwnedVersion(user: Actor, versionId: string | undefined, request: Request) {
  return orNotFound(request, user, "version", () => ownedVersion(user, parseId(versionId, "version")));
}

/**
 * The screen's record, or a refused access logged once and its screen's 404 (a page screen says 'Page not found'
 * whatever was missing). A loader whose own model function checks ownership (and throws NotFoundError) uses it
 * directly, so that the record is read once.
 */
export async function orNotFound<T>(request: Request, user: Actor, kind: RecordKind, find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logRefused(request, { userId: user.id, kind });
    throwNotFound(NOT_FOUND_BODIES[kind]);
  }
}
