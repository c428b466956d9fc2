/**
 * Issue 16, review links: the owner shares a version with someone who has no account. The token is random and
 * stored as its hash only; the link works 14 days and can be revoked; an unknown, guessed, expired or revoked
 * token answers like a missing page. Through the link a reviewer comments (on a passage or the whole) and
 * approves or asks for changes: the same review states, recorded on the version with their name, told to the
 * owner and the team. The public page is rate-limited per link and per address.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, pages, pagesVersions, reviewComments, reviewLinks, sites, teamInbox, user } from "../../db/schema";
import { asTeam, NotFoundError } from "~/models/access.server";
import {
  createReviewLink,
  GuestDecisionError,
  guestComment,
  guestDecide,
  guestOpenReview,
  listReviewComments,
  listReviewLinks,
  revokeReviewLink,
} from "~/models/review-link.server";
import { DemoArticleError } from "~/models/review.server";
import { teamSetBanned } from "~/models/team-users.server";
import { action as reviewLinkAction, loader as reviewLinkLoader } from "~/routes/public/review-link";
import type { TeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { runRoute, thrownStatus } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, uniqueIp, type TestUser } from "../setup/factories";
import { teamMemberWithSecondFactor } from "../setup/team";

const database = useTestDatabase();

let owner: TestUser;
let stranger: TestUser;
let lead: TeamMember;

async function teamAccount(name: string): Promise<TeamMember> {
  const account = await insertUser(database.db, { name, email: uniqueEmail(name.toLowerCase()) });
  await database.db.update(user).set({ role: "team", twoFactorEnabled: true }).where(eq(user.id, account.id));
  return { ...account, image: null, role: "team", twoFactorEnabled: true };
}

async function versionOf(ownerId: string, pageName = "Le levain", html = "<h1>Le levain</h1><p>Le levain se nourrit chaque jour.</p>") {
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie", url: "https://boulangerie.example", linkedUser: ownerId })
    .returning();
  const [page] = await database.db
    .insert(pages)
    .values({ site: site!.id, name: pageName, url: "https://boulangerie.example/levain" })
    .returning();
  const [version] = await database.db
    .insert(pagesVersions)
    .values({ page: page!.id, htmlContent: html, metaDescription: "Tout sur le levain." })
    .returning();
  return { siteId: site!.id, pageId: page!.id, versionId: version!.id };
}

beforeAll(async () => {
  await database;
  owner = await insertUser(database.db, { name: "Claire Client" });
  stranger = await insertUser(database.db, { name: "Autre Client" });
  lead = await teamAccount("Lea");
});

describe("the link", () => {
  it("is random and kept as its hash only; it opens the version's article, sanitized, as it will be published", async () => {
    const { versionId } = await versionOf(
      owner.id,
      "Le levain",
      '<h1>Le levain</h1><p onclick="x()">Bon <script>alert(1)</script>pain.</p>',
    );
    const { token, expiresAt } = await createReviewLink(owner, versionId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    const [row] = await database.db.select().from(reviewLinks).where(eq(reviewLinks.version, versionId));
    expect(row!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const review = await guestOpenReview(token);
    expect(review).toMatchObject({ title: "Le levain", description: "Tout sur le levain.", state: "Draft", comments: [] });
    expect(review!.html).not.toMatch(/script|onclick/);
  });

  it("answers the same nothing to a guessed, malformed, expired or revoked token", async () => {
    const { versionId } = await versionOf(owner.id);
    const guessed = crypto.randomBytes(32).toString("base64url");
    expect(await guestOpenReview(guessed)).toBeNull();
    expect(await guestOpenReview("short")).toBeNull();
    expect(await guestOpenReview("")).toBeNull();
    const expired = await createReviewLink(owner, versionId);
    await database.db
      .update(reviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.id, expired.id));
    expect(await guestOpenReview(expired.token)).toBeNull();
    expect(await guestComment(expired.token, { name: "Zoé", body: "Trop tard" })).toBe(false);
    const revoked = await createReviewLink(owner, versionId);
    expect(await guestOpenReview(revoked.token)).not.toBeNull();
    expect(await revokeReviewLink(stranger, revoked.id)).toBe(false);
    expect(await guestOpenReview(revoked.token)).not.toBeNull();
    expect(await revokeReviewLink(owner, revoked.id)).toBe(true);
    expect(await guestOpenReview(revoked.token)).toBeNull();
    expect(await guestDecide(revoked.token, { name: "Zoé", decision: "approved", body: "" })).toBe(false);
    expect((await listReviewLinks(owner, versionId)).map((l) => l.active)).toEqual([false, false]);
  });

  it("is made and listed only by the version's owner or the team, never for a demo article", async () => {
    const { pageId, versionId } = await versionOf(owner.id);
    await expect(createReviewLink(stranger, versionId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listReviewLinks(stranger, versionId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listReviewComments(stranger, versionId)).rejects.toBeInstanceOf(NotFoundError);
    expect((await createReviewLink(asTeam(lead), versionId)).token).toBeTruthy();
    await database.db.update(pages).set({ hideRevisionsTextsFromPreview: true }).where(eq(pages.id, pageId));
    await expect(createReviewLink(owner, versionId)).rejects.toBeInstanceOf(DemoArticleError);
  });
});

describe("what a reviewer does through it", () => {
  it("comments on a passage and on the whole; the owner sees who said what and is told", async () => {
    const { versionId } = await versionOf(owner.id);
    const { token } = await createReviewLink(owner, versionId);
    expect(
      await guestComment(token, { name: "Zoé Collègue", body: "Plus précis ?", quote: { text: "chaque jour", start: 30, end: 41 } }),
    ).toBe(true);
    expect(await guestComment(token, { name: "Marc Manager", body: "Bien dans l'ensemble." })).toBe(true);
    const comments = await listReviewComments(owner, versionId);
    expect(comments.map((c) => [c.kind, c.authorName, c.body, c.quote, c.quoteStart, c.quoteEnd])).toEqual([
      ["comment", "Zoé Collègue", "Plus précis ?", "chaque jour", 30, 41],
      ["comment", "Marc Manager", "Bien dans l'ensemble.", null, null, null],
    ]);
    expect((await guestOpenReview(token))!.comments).toHaveLength(2);
    const told = await database.db.select().from(notifications).where(eq(notifications.version, versionId));
    expect(told.map((n) => [n.recipient, n.kind, n.actorName])).toEqual([
      [owner.id, "guest_commented", "Zoé Collègue"],
      [owner.id, "guest_commented", "Marc Manager"],
    ]);
  });

  it("asks for changes, then approves the revision: the same states as the review screen, told to the owner, the team and its inbox", async () => {
    const { versionId } = await versionOf(owner.id);
    const { token } = await createReviewLink(owner, versionId);
    expect(await guestDecide(token, { name: "Zoé Collègue", decision: "changes", body: "Raccourcir l'introduction." })).toBe(true);
    const [asked] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.id, versionId));
    expect(asked).toMatchObject({ sentInRevision: true, approved: false, commentsToModify: "Raccourcir l'introduction.\n— Zoé Collègue" });
    expect((await guestOpenReview(token))!.state).toBe("In revision");
    // A second decision while it is in revision is refused, with the state.
    await expect(guestDecide(token, { name: "Marc", decision: "approved", body: "" })).rejects.toBeInstanceOf(GuestDecisionError);

    // The team revises and sends it back as a draft; the reviewer approves.
    await database.db.update(pagesVersions).set({ sentInRevision: false }).where(eq(pagesVersions.id, versionId));
    expect(await guestDecide(token, { name: "Zoé Collègue", decision: "approved", body: "Parfait." })).toBe(true);
    expect((await guestOpenReview(token))!.state).toBe("Approved");

    const said = await listReviewComments(owner, versionId);
    expect(said.map((c) => [c.kind, c.authorName, c.body])).toEqual([
      ["changes", "Zoé Collègue", "Raccourcir l'introduction."],
      ["approved", "Zoé Collègue", "Parfait."],
    ]);
    const told = await database.db.select().from(notifications).where(eq(notifications.version, versionId)).orderBy(notifications.id);
    expect(told.filter((n) => n.recipient === owner.id).map((n) => n.kind)).toEqual(["guest_asked_changes", "guest_approved"]);
    expect(told.filter((n) => n.recipient === lead.id).map((n) => [n.kind, n.actorName])).toEqual([
      ["client_asked_changes", "Zoé Collègue (lien de relecture)"],
      ["client_approved", "Zoé Collègue (lien de relecture)"],
    ]);
    const inbox = await database.db.select().from(teamInbox).where(eq(teamInbox.versionId, versionId)).orderBy(teamInbox.id);
    expect(inbox.map((i) => [i.decision, i.clientId])).toEqual([
      ["revision", owner.id],
      ["approved", owner.id],
    ]);
    expect(await database.db.select().from(reviewComments).where(eq(reviewComments.version, versionId))).toHaveLength(2);
  });
});

describe("the public page /r/:token", () => {
  const page = (token: string) => runRoute(reviewLinkLoader as never, new Request(`${TEST_PUBLIC_URL}/r/${token}`), { token });
  const post = (token: string, fields: Record<string, string>, ip = uniqueIp()) =>
    runRoute(
      reviewLinkAction as never,
      new Request(`${TEST_PUBLIC_URL}/r/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip, origin: TEST_PUBLIC_URL },
        body: new URLSearchParams(fields),
      }),
      { token },
    );

  it("answers 404, not indexed, to a link that does not work; shows the article to one that does, never indexed", async () => {
    const { versionId } = await versionOf(owner.id);
    const { token } = await createReviewLink(owner, versionId);
    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
    expect(shown.body.review.title).toBe("Le levain");
    expect(await thrownStatus(page(crypto.randomBytes(32).toString("base64url")))).toBe(404);
    expect(await thrownStatus(post(crypto.randomBytes(32).toString("base64url"), { intent: "comment", name: "A", body: "B" }))).toBe(404);
  });

  it("stops working when the team bans the site's owner, and stays revoked when the ban is lifted (issue 37, item 5)", async () => {
    const banned = await insertUser(database.db, { name: "Client Banni", email: uniqueEmail("banni") });
    const { versionId } = await versionOf(banned.id);
    const [{ token }, { token: second }] = [await createReviewLink(banned, versionId), await createReviewLink(banned, versionId)];
    const { member: admin, browser: adminBrowser } = await teamMemberWithSecondFactor("admin", "Ada Admin");
    const consoleRequest = new Request(`${TEST_PUBLIC_URL}/team/accounts`, {
      method: "POST",
      headers: { origin: TEST_PUBLIC_URL, cookie: adminBrowser.cookie, [CLIENT_IP_HEADER]: adminBrowser.ip },
    });
    expect((await page(token)).status).toBe(200);

    await teamSetBanned(admin, consoleRequest, banned.id, true, "fraude");
    expect(await thrownStatus(page(token))).toBe(404);
    expect(await thrownStatus(post(second, { intent: "comment", name: "Collègue", body: "Toujours là ?" }))).toBe(404);
    expect(await guestOpenReview(second)).toBeNull();

    await teamSetBanned(admin, consoleRequest, banned.id, false);
    expect(await thrownStatus(page(token))).toBe(404);
    const links = await listReviewLinks(banned, versionId);
    expect(links.map((link) => link.active)).toEqual([false, false]);
    // The owner, back, makes a new one when they choose to.
    const { token: fresh } = await createReviewLink(banned, versionId);
    expect((await page(fresh)).status).toBe(200);
  });

  it("says what is missing in French, keeps what was typed, and refuses changes without a message", async () => {
    const { versionId } = await versionOf(owner.id);
    const { token } = await createReviewLink(owner, versionId);
    const blank = await post(token, { intent: "comment", name: " ", body: "Mon avis" });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ form: "comment", errors: { name: "Indiquez votre nom." }, values: { body: "Mon avis" } });
    const changes = await post(token, { intent: "changes", name: "Zoé", body: "  " });
    expect(changes.body.errors).toEqual({ body: "Dites ce qu'il faut changer." });
    const sent = await post(token, { intent: "comment", name: "Zoé", body: "Très bien", quote: "levain", quoteStart: "3", quoteEnd: "9" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/r/${token}#commentaires`);
    expect((await listReviewComments(owner, versionId))[0]).toMatchObject({
      authorName: "Zoé",
      quote: "levain",
      quoteStart: 3,
      quoteEnd: 9,
    });
  });

  it("is rate-limited per address, then per link", async () => {
    const { versionId } = await versionOf(owner.id);
    const { token } = await createReviewLink(owner, versionId);
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) expect((await post(token, { intent: "comment", name: "Zoé", body: `n°${i}` }, ip)).status).toBe(302);
    const limited = await post(token, { intent: "comment", name: "Zoé", body: "encore" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.errors.form).toMatch(/^Trop d'envois depuis ce lien : réessayez dans \d+ min\.$/);
    // From other addresses, the link's own limit (60 an hour) stops it too.
    for (let i = 0; i < 30; i++) await post(token, { intent: "comment", name: "Marc", body: `m°${i}` });
    expect((await post(token, { intent: "comment", name: "Marc", body: "de trop" })).status).toBe(429);
    expect(await listReviewComments(owner, versionId)).toHaveLength(60);
  });
});
