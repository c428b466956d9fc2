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
import { whoIs } from "../setup/accounts";
import { linkTo, mailsTo } from "../setup/outbox";
import { signedInUser } from "../setup/sessions";
import { routeArgs } from "../setup/route-args";

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
  invitationLoader(routeArgs(invitationRequest(token, b)));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a route action answers data() or throws a redirect
async function post(token: string, b: Browser, form: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }> {
  try {
    const result = (await invitationAction(routeArgs(invitationRequest(token, b, form)))) as {
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
  const mail = (await mailsTo(email)).findLast((m) => m.text.includes("/auth/invitation?token="))!;
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
  it("e-mails a single-use link, stored hashed; signing up from it confirms the address, signs in and gives the site at once, with no second e-mail", async () => {
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
    expect(await database.db.select().from(user).where(eq(user.email, email))).toEqual([]);

    const made = await post(token, visitor, {
      intent: "signup",
      fullName: "Rémi Requester",
      password: "un mot de passe",
      confirmPassword: "un mot de passe",
    });
    // Straight to the site, signed in: the link proved the address.
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe(`/sites/${site.id}`);
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "Rémi Requester", emailVerified: true, role: "client" });
    visitor.keep(made.headers);
    expect(await whoIs(visitor)).toMatchObject({ id: account!.id, email });
    expect(await ownerOf(site.id)).toBe(account!.id);
    const [used] = await database.db.select().from(siteInvitations).where(eq(siteInvitations.id, stored!.id));
    expect(used).toMatchObject({ acceptedBy: account!.id, revokedAt: null });
    expect(used!.claimedAt).not.toBeNull();
    expect(await auditFor(site.id)).toEqual([
      ["site.invited", member.email],
      ["invitation.claimed", email],
    ]);
    // No confirmation e-mail: the invitation is the only message to the address.
    await sendQueuedMail();
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([mail.subject]);
    // The password chosen is the account's, kept by better-auth.
    expect((await browser().call("/sign-in/email", { body: { email, password: "un mot de passe" } })).status).toBe(200);

    // Used once: the link says so, and a second sign-up through it is refused in words.
    expect(await screen(token, browser())).toMatchObject({ mode: "invalid", message: expect.stringContaining("déjà servi") });
    const again = await post(token, browser(), {
      intent: "signup",
      fullName: "Quelqu'un",
      password: "un autre mot de passe",
      confirmPassword: "un autre mot de passe",
    });
    expect(again.status).toBe(400);
    expect(again.body.toast.description).toContain("Cette invitation a déjà servi");
    expect((await database.db.select().from(user).where(eq(user.email, email))).map((row) => row.id)).toEqual([account!.id]);
    const detail = await teamGetSite(member, site.id);
    expect(detail!.invitations).toEqual([expect.objectContaining({ state: "claimed", email, createdByEmail: member.email })]);
  });

  it("serves once when sent twice at the same moment: one account, one session, the other told the link has served", async () => {
    const site = await unownedSite();
    const email = uniqueEmail("twice");
    await teamInviteToSite(member, site.id, email);
    const { token } = await invitationToken(email);
    const form = { intent: "signup", fullName: "Double", password: "un mot de passe", confirmPassword: "un mot de passe" };
    const answers = await Promise.all([post(token, browser(), form), post(token, browser(), form)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
    expect(answers.find((a) => a.status === 400)!.body.toast.description).toContain("Cette invitation a déjà servi");
    const accounts = await database.db.select().from(user).where(eq(user.email, email));
    expect(accounts).toHaveLength(1);
    expect(await ownerOf(site.id)).toBe(accounts[0]!.id);
    expect((await auditFor(site.id)).map(([action]) => action)).toEqual(["site.invited", "invitation.claimed"]);
  });

  it("sends an address that has an account to sign in: the sign-up changes nothing and the link still serves once signed in", async () => {
    const site = await unownedSite();
    const { user: existing, browser: existingBrowser } = await signedInUser("Déjà Cliente");
    await teamInviteToSite(member, site.id, existing.email);
    const { token } = await invitationToken(existing.email);
    expect(await screen(token, browser())).toMatchObject({ mode: "sign-in", email: existing.email });
    const refused = await post(token, browser(), {
      intent: "signup",
      fullName: "Usurpatrice",
      password: "un mot de passe",
      confirmPassword: "un mot de passe",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.toast.description).toBe(
      `Un compte existe déjà pour ${existing.email} : connectez-vous, puis rouvrez le lien de l'invitation pour ajouter le site.`,
    );
    const [row] = await database.db.select().from(user).where(eq(user.id, existing.id));
    expect(row!.name).toBe("Déjà Cliente");
    expect(await ownerOf(site.id)).toBeNull();
    // Signed in, the same link adds the site in one click.
    expect(await screen(token, existingBrowser)).toMatchObject({ mode: "claim" });
    expect((await post(token, existingBrowser, { intent: "claim" })).status).toBe(302);
    expect(await ownerOf(site.id)).toBe(existing.id);
  });

  it("makes an account nobody confirmed the invited person's: its old password and sessions go, the one chosen from the link stays", async () => {
    const site = await unownedSite();
    const email = uniqueEmail("unconfirmed");
    // Someone signed up with the address and never confirmed it (the owner of the mailbox, or not).
    expect((await browser().call("/sign-up/email", { body: { email, password: "mot de passe ancien", name: "Squat" } })).status).toBe(200);
    const [before] = await database.db.select().from(user).where(eq(user.email, email));
    expect(before!.emailVerified).toBe(false);
    await teamInviteToSite(member, site.id, email);
    const { token } = await invitationToken(email);
    const visitor = browser();
    // The screen is the same as for an address without an account.
    expect(await screen(token, visitor)).toMatchObject({ mode: "sign-up", email });
    const made = await post(token, visitor, {
      intent: "signup",
      fullName: "Vraie Personne",
      password: "mot de passe nouveau",
      confirmPassword: "mot de passe nouveau",
    });
    expect(made.status).toBe(302);
    visitor.keep(made.headers);
    const [after] = await database.db.select().from(user).where(eq(user.email, email));
    expect(after).toMatchObject({ id: before!.id, emailVerified: true, name: "Vraie Personne" });
    expect(await whoIs(visitor)).toMatchObject({ id: before!.id });
    expect(await ownerOf(site.id)).toBe(before!.id);
    expect((await browser().call("/sign-in/email", { body: { email, password: "mot de passe ancien" } })).status).toBe(401);
    expect((await browser().call("/sign-in/email", { body: { email, password: "mot de passe nouveau" } })).status).toBe(200);
  });

  it("has no address of its own under /api/auth: only the invitation screen signs up from a link", async () => {
    for (const path of ["/sign-up-from-invitation", "/signUpFromInvitation"])
      expect((await browser().call(path, { body: { token: "x", name: "x", password: "un mot de passe" } })).status, path).toBe(404);
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
