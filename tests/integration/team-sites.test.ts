/**
 * Issue 14, clients and sites: the console lists every site; the team gives an unowned site to an existing client
 * or invites its requester. The invitation's link (single use, 7 days, stored hashed) leads to a sign-up with the
 * address filled in, and the site is the account's once the address is confirmed; someone signed in with the
 * address adds it in one click. Each step is in the audit log.
 */
import "~/jobs/outbox.server";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, siteInvitations, sites, teamAuditLog, user } from "../../db/schema";
import { runOnce } from "~/jobs/run.server";
import { NotTeamError } from "~/models/team-access.server";
import {
  parseTeamSitesQuery,
  teamGetSite,
  teamGiveSite,
  teamInviteToSite,
  teamListSites,
  TeamSiteError,
  teamSetIncludedRevisionRounds,
} from "~/models/team-sites.server";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/invitation";
import type { TeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { browser, type Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, type TestUser } from "../setup/factories";
import { linkTo, mailsTo, waitForMail } from "../setup/outbox";
import { signedInUser } from "../setup/sessions";

const database = useTestDatabase();

let member: TeamMember;
let client: TestUser;

beforeAll(async () => {
  const { db } = await database;
  const account = await insertUser(db, { name: "Noé Équipe" });
  await db.update(user).set({ role: "team", twoFactorEnabled: true }).where(eq(user.id, account.id));
  member = { ...account, image: null, role: "team", twoFactorEnabled: true };
  client = await insertUser(db, { name: "Claire Client" });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, client.id));
});

async function unownedSite(name = `Site ${Date.now()}`) {
  const [site] = await database.db
    .insert(sites)
    .values({ name, url: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example`, stripeEmail: uniqueEmail("payer") })
    .returning();
  return site!;
}

async function sendQueuedMail() {
  while (await runOnce("team-sites-test")) {
    /* the worker sends what is queued */
  }
}

async function auditFor(siteId: number) {
  const lines = await database.db
    .select()
    .from(teamAuditLog)
    .where(and(eq(teamAuditLog.recordType, "site"), eq(teamAuditLog.recordId, String(siteId))))
    .orderBy(teamAuditLog.id);
  return lines.map((l) => [l.action, l.actorLabel]);
}

async function ownerOf(siteId: number) {
  const [row] = await database.db.select({ owner: sites.linkedUser }).from(sites).where(eq(sites.id, siteId));
  return row?.owner ?? null;
}

/** The invitation screen's answers, asked by a browser (its cookies, if any). */
function invitationRequest(token: string, b: Browser, form?: Record<string, string>) {
  const headers = new Headers({ origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: b.ip, "user-agent": "vitest" });
  if (b.cookie) headers.set("cookie", b.cookie);
  if (form) headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${TEST_PUBLIC_URL}/auth/invitation?token=${encodeURIComponent(token)}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's loader answers one of its modes
const screen = async (token: string, b: Browser): Promise<any> =>
  invitationLoader({ request: invitationRequest(token, b), params: {}, context: {} } as never);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a route action answers data() or throws a redirect
async function post(token: string, b: Browser, form: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }> {
  try {
    const result = (await invitationAction({ request: invitationRequest(token, b, form), params: {}, context: {} } as never)) as {
      data: unknown;
      init: { status?: number } | null;
    };
    return { status: result.init?.status ?? 200, body: result.data, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null, headers: thrown.headers };
    throw thrown;
  }
}

async function invitationToken(email: string) {
  await sendQueuedMail();
  const mail = (await mailsTo(email)).at(-1)!;
  return { mail, token: linkTo(mail, "/auth/invitation").searchParams.get("token")! };
}

describe("the console's list of sites", () => {
  it("finds every site by name, address, owner or requester, filters by owner, pages on the server", async () => {
    const marker = `Liste${Date.now()}`;
    const [owned] = await database.db
      .insert(sites)
      .values({ name: `${marker} owned`, url: "https://owned.example", linkedUser: client.id })
      .returning();
    const unowned = await unownedSite(`${marker} unowned`);
    await database.db.insert(pages).values([
      { site: owned!.id, name: "Une", url: "https://owned.example/1" },
      { site: owned!.id, name: "Deux", url: "https://owned.example/2" },
    ]);
    await teamInviteToSite(member, unowned.id, "invited@example.com");
    const all = await teamListSites(member, parseTeamSitesQuery(new URLSearchParams({ q: marker })));
    expect(all.sites.map((s) => s.id)).toEqual([unowned.id, owned!.id]);
    expect(all.sites[1]).toMatchObject({ owner: { email: client.email }, pagesCount: 2, invitedEmail: null });
    expect(all.sites[0]).toMatchObject({ owner: null, requester: unowned.stripeEmail, pagesCount: 0, invitedEmail: "invited@example.com" });
    expect((await teamListSites(member, parseTeamSitesQuery(new URLSearchParams({ q: marker, owner: "unowned" })))).total).toBe(1);
    expect((await teamListSites(member, parseTeamSitesQuery(new URLSearchParams({ q: client.email })))).sites.map((s) => s.id)).toContain(
      owned!.id,
    );
    expect((await teamListSites(member, parseTeamSitesQuery(new URLSearchParams({ q: unowned.stripeEmail! })))).total).toBe(1);
    expect(await teamListSites(member, parseTeamSitesQuery(new URLSearchParams({ q: marker, page: "5" })))).toEqual({
      sites: [],
      total: 2,
    });
  });
});

describe("giving a site to a client", () => {
  it("puts it in the client's list, tells them by e-mail, and audits it", async () => {
    const site = await unownedSite();
    await teamGiveSite(member, site.id, client.email.toUpperCase());
    expect(await ownerOf(site.id)).toBe(client.id);
    await sendQueuedMail();
    const mail = (await mailsTo(client.email)).at(-1)!;
    expect(mail.subject).toContain(site.name);
    expect(linkTo(mail, `/sites/${site.id}`)).toBeTruthy();
    expect(await auditFor(site.id)).toEqual([["site.given", member.email]]);
    await expect(teamGiveSite(member, site.id, client.email)).rejects.toThrow("Ce site a déjà un client.");
  });

  it("refuses an unknown address, an unconfirmed account and a team account, and changes nothing", async () => {
    const site = await unownedSite();
    const unconfirmed = await insertUser(database.db);
    await database.db.update(user).set({ emailVerified: false }).where(eq(user.id, unconfirmed.id));
    for (const email of [uniqueEmail("nobody"), unconfirmed.email, member.email])
      await expect(teamGiveSite(member, site.id, email)).rejects.toBeInstanceOf(TeamSiteError);
    expect(await ownerOf(site.id)).toBeNull();
    expect(await auditFor(site.id)).toEqual([]);
  });
});

describe("inviting the requester", () => {
  it("e-mails a single-use link, stored hashed; the sign-up it leads to gets the site once the address is confirmed", async () => {
    const site = await unownedSite();
    const email = uniqueEmail("requester");
    await teamInviteToSite(member, site.id, email);
    const { mail, token } = await invitationToken(email);
    expect(mail.subject).toContain(site.name);
    const [stored] = await database.db.select().from(siteInvitations).where(eq(siteInvitations.siteId, site.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(7 * 86_400_000, -4);

    const visitor = browser();
    expect(await screen(token, visitor)).toMatchObject({ mode: "sign-up", email, site: { url: site.url } });
    // A refused form keeps nothing and says why.
    const mismatch = await post(token, visitor, {
      intent: "signup",
      fullName: "Rémi",
      password: "un mot de passe",
      confirmPassword: "autre",
    });
    expect(mismatch.status).toBe(400);
    const made = await post(token, visitor, {
      intent: "signup",
      fullName: "Rémi Requester",
      password: "un mot de passe",
      confirmPassword: "un mot de passe",
    });
    expect(made).toMatchObject({ status: 200, body: { ok: true, email } });
    expect(await ownerOf(site.id)).toBeNull();
    expect(await screen(token, visitor)).toMatchObject({ mode: "check-email" });

    // Confirming the address gives the site.
    const confirmation = await waitForMail(email, { count: 2 }); // after the invitation
    const confirmToken = linkTo(confirmation, "/auth/confirm").searchParams.get("token")!;
    expect((await visitor.call("/verify-email", { method: "GET", query: { token: confirmToken } })).status).toBe(200);
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(await ownerOf(site.id)).toBe(account!.id);
    expect(await auditFor(site.id)).toEqual([
      ["site.invited", member.email],
      ["invitation.claimed", email],
    ]);
    // Used once: the link says so.
    expect(await screen(token, browser())).toMatchObject({ mode: "invalid", message: expect.stringContaining("déjà servi") });
    const detail = await teamGetSite(member, site.id);
    expect(detail!.invitations).toEqual([expect.objectContaining({ state: "claimed", email, createdByEmail: member.email })]);
  });

  it("adds the site in one click for someone signed in with the invited address, and for nobody else", async () => {
    const site = await unownedSite();
    const { user: invited, browser: invitedBrowser } = await signedInUser("Invitée");
    const { browser: someoneElse } = await signedInUser("Quelqu'un d'autre");
    await teamInviteToSite(member, site.id, invited.email);
    const { token } = await invitationToken(invited.email);

    expect(await screen(token, someoneElse)).toMatchObject({ mode: "other-account", email: invited.email });
    expect((await post(token, someoneElse, { intent: "claim" })).status).toBe(403);
    expect(await ownerOf(site.id)).toBeNull();

    expect(await screen(token, invitedBrowser)).toMatchObject({ mode: "claim" });
    const claimed = await post(token, invitedBrowser, { intent: "claim" });
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe(`/sites/${site.id}`);
    expect(await ownerOf(site.id)).toBe(invited.id);
  });

  it("a newer invitation replaces the older; an expired one is refused; a site with a client cannot be invited to", async () => {
    const site = await unownedSite();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await teamInviteToSite(member, site.id, first);
    const { token: firstToken } = await invitationToken(first);
    await teamInviteToSite(member, site.id, second);
    const { token: secondToken } = await invitationToken(second);
    expect(await screen(firstToken, browser())).toMatchObject({ mode: "invalid", message: expect.stringContaining("plus récente") });
    expect(
      (await post(firstToken, browser(), { intent: "signup", password: "un mot de passe", confirmPassword: "un mot de passe" })).status,
    ).toBe(400);

    await database.db
      .update(siteInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(siteInvitations.email, second));
    expect(await screen(secondToken, browser())).toMatchObject({ mode: "invalid", message: expect.stringContaining("expiré") });
    expect(await screen("not-a-token", browser())).toMatchObject({ mode: "invalid" });

    await teamGiveSite(member, site.id, client.email);
    await expect(teamInviteToSite(member, site.id, first)).rejects.toThrow("Ce site a déjà un client.");
  });
});

describe("who reaches the sites of the console", () => {
  it("nobody but a team member with two-factor sign-in", async () => {
    const site = await unownedSite();
    for (const someone of [{ ...member, twoFactorEnabled: false }, { ...member, role: "client" } as unknown as TeamMember]) {
      await expect(teamListSites(someone, parseTeamSitesQuery(new URLSearchParams()))).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamGetSite(someone, site.id)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamGiveSite(someone, site.id, client.email)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamInviteToSite(someone, site.id, client.email)).rejects.toBeInstanceOf(NotTeamError);
    }
    expect(await ownerOf(site.id)).toBeNull();
  });
});

describe("the revision rounds of a site's offer (issue 16)", () => {
  it("are set by the team only, within 0 to 20, audited, and shown on the console's site", async () => {
    const site = await unownedSite("Offre deux rounds");
    expect((await teamGetSite(member, site.id))!.site.includedRevisionRounds).toBe(2);
    await teamSetIncludedRevisionRounds(member, site.id, 3);
    expect((await teamGetSite(member, site.id))!.site.includedRevisionRounds).toBe(3);
    for (const wrong of [-1, 21, 1.5, Number.NaN]) {
      await expect(teamSetIncludedRevisionRounds(member, site.id, wrong)).rejects.toBeInstanceOf(TeamSiteError);
    }
    await expect(teamSetIncludedRevisionRounds({ ...member, role: "client" } as never, site.id, 5)).rejects.toBeInstanceOf(NotTeamError);
    expect((await teamGetSite(member, site.id))!.site.includedRevisionRounds).toBe(3);
    expect((await auditFor(site.id)).map(([action]) => action)).toEqual(["site.rounds_set"]);
  });
});
