/**
 * Issue 16, notifications: the rows are written with the event they report, in its transaction (an article
 * written, a revision, a publication for the site's owner; a client's review decision for every team member),
 * and each person reads, counts and marks read only their own.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { actions, notifications, pages, pagesActions, pagesVersions, session, sites, user } from "../../db/schema";
import { recordNotifications } from "~/jobs/notify.server";
import { nextDigestAt } from "~/jobs/notification-mail.server";
import { actionId, TASKS } from "~/jobs/queue.server";
import { runOnce } from "~/jobs/run.server";
import { saveGeneratedVersion } from "~/jobs/tasks/create_article.server";
import { saveModification } from "~/jobs/tasks/modify_articles_with_instructions.server";
import { asTeam } from "~/models/access.server";
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationPreferences,
  unreadNotificationCount,
} from "~/models/notification.server";
import { approve, cancelApproval, cancelRevision, sendForRevision } from "~/models/review.server";
import type { TeamMember } from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { resetMailForTests } from "~/services/mail.server";
import { BELL_LIST_SIZE, NOTIFICATIONS_PAGE_SIZE } from "~/lib/notifications";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/app/notifications";
import { action as settingsAction } from "~/routes/app/settings";
import { loader as rootLoader } from "~/root";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import type { Browser } from "../setup/auth-client";
import { formPost, runRoute } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { mailsTo } from "../setup/outbox";
import { signedInUser } from "../setup/sessions";
import { insertUser, uniqueEmail, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let owner: TestUser;
let stranger: TestUser;
let lead: TeamMember;
let colleague: TeamMember;

async function teamAccount(role: "team" | "admin", name: string): Promise<TeamMember> {
  const account = await insertUser(database.db, { name, email: uniqueEmail(name.toLowerCase()) });
  await database.db.update(user).set({ role, twoFactorEnabled: true }).where(eq(user.id, account.id));
  return { ...account, image: null, role, twoFactorEnabled: true };
}

async function pageOf(ownerId: string | null, name: string) {
  const [site] = await database.db
    .insert(sites)
    .values({ name: `Site ${name}`, url: "https://site.example", linkedUser: ownerId })
    .returning();
  const [page] = await database.db.insert(pages).values({ site: site!.id, name, url: "https://site.example/p" }).returning();
  return { siteId: site!.id, pageId: page!.id };
}

const rowsOf = (recipient: string) =>
  database.db.select().from(notifications).where(eq(notifications.recipient, recipient)).orderBy(notifications.id);

beforeAll(async () => {
  await database;
  owner = await insertUser(database.db, { name: "Claire Client" });
  stranger = await insertUser(database.db, { name: "Autre Client" });
  lead = await teamAccount("admin", "Lea");
  colleague = await teamAccount("team", "Noe");
});

describe("what notifies whom", () => {
  it("an article written for a page tells the site's owner it is ready for review, and nobody else", async () => {
    const { siteId, pageId } = await pageOf(owner.id, "Le levain");
    const versionId = await saveGeneratedVersion(pageId, { html: "<h1>Le levain</h1><p>Texte.</p>", metaDescription: null });
    const mine = (await rowsOf(owner.id)).filter((row) => row.page === pageId);
    expect(mine).toMatchObject([
      { kind: "article_ready", site: siteId, page: pageId, version: versionId, pageName: "Le levain", readAt: null },
    ]);
    expect((await rowsOf(stranger.id)).length).toBe(0);
    expect((await rowsOf(lead.id)).filter((row) => row.page === pageId)).toEqual([]);
  });

  it("a site nobody owns yet (a first-article request) notifies nobody", async () => {
    const { pageId } = await pageOf(null, "Sans client");
    await saveGeneratedVersion(pageId, { html: "<p>Texte</p>", metaDescription: null });
    expect(await database.db.select().from(notifications).where(eq(notifications.page, pageId))).toEqual([]);
  });

  it("a revision, in place or as a new version, tells the owner it is done, on the version to read", async () => {
    const { pageId } = await pageOf(owner.id, "La cuisson");
    const [version] = await database.db.insert(pagesVersions).values({ page: pageId, htmlContent: "<p>Avant</p>" }).returning();
    const [request] = await database.db
      .insert(pagesActions)
      .values({ linkedPage: pageId, linkedAction: await actionId("modify_articles_with_instructions"), linkedPagesVersion: version!.id })
      .returning();
    const asked = { createNewVersion: false, actionId: request!.id };
    await saveModification({ versionId: version!.id, pageId }, { html: "<p>Après</p>", metaDescription: null }, asked);
    const newId = await saveModification(
      { versionId: version!.id, pageId },
      { html: "<p>Encore</p>", metaDescription: null },
      { ...asked, createNewVersion: true },
    );
    const mine = (await rowsOf(owner.id)).filter((row) => row.page === pageId);
    expect(mine.map((row) => [row.kind, row.version])).toEqual([
      ["revision_done", version!.id],
      ["revision_done", newId],
    ]);
  });

  it("a client's decisions tell every team member, naming the client; cancellations and the team's own decisions tell nobody", async () => {
    const { pageId } = await pageOf(owner.id, "Les fromages");
    const [version] = await database.db.insert(pagesVersions).values({ page: pageId, htmlContent: "<p>Texte</p>" }).returning();
    await sendForRevision(owner, version!.id, "Plus court.");
    await cancelRevision(owner, version!.id);
    await approve(owner, version!.id);
    await cancelApproval(owner, version!.id);
    // The team deciding on the client's screens: its own doing, nobody is told.
    await approve(asTeam(lead), version!.id);
    for (const member of [lead, colleague]) {
      const lines = (await rowsOf(member.id)).filter((row) => row.version === version!.id);
      expect(lines.map((row) => [row.kind, row.actorName, row.pageName])).toEqual([
        ["client_asked_changes", "Claire Client", "Les fromages"],
        ["client_approved", "Claire Client", "Les fromages"],
      ]);
    }
    expect((await rowsOf(owner.id)).filter((row) => row.version === version!.id)).toEqual([]);
  });

  it("exists only with its event: a transaction that fails leaves no notification behind", async () => {
    const { pageId } = await pageOf(owner.id, "Annulé");
    await expect(
      database.db.transaction(async (tx) => {
        await recordNotifications(tx, { kind: "article_ready", pageId, versionId: null });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await database.db.select().from(notifications).where(eq(notifications.page, pageId))).toEqual([]);
  });
});

describe("reading them", () => {
  it("counts the unread, lists the newest first with totals, and pages on the server", async () => {
    const reader = await insertUser(database.db, { name: "Lecteur" });
    const { pageId } = await pageOf(reader.id, "Page lue");
    for (let i = 0; i < 5; i++) await saveGeneratedVersion(pageId, { html: `<p>${i}</p>`, metaDescription: null });
    expect(await unreadNotificationCount(reader)).toBe(5);
    const first = await listNotifications(reader, { limit: 2 });
    expect(first.total).toBe(5);
    expect(first.unread).toBe(5);
    expect(first.lines.map((line) => line.id)).toEqual([...first.lines.map((line) => line.id)].sort((a, b) => b - a));
    const last = await listNotifications(reader, { limit: 2, offset: 4 });
    expect(last.lines).toHaveLength(1);
    expect(last.lines[0]!.id).toBeLessThan(first.lines[1]!.id);
    // Past the end: no line, the totals still right.
    expect(await listNotifications(reader, { limit: 2, offset: 10 })).toEqual({ lines: [], total: 5, unread: 5 });
  });

  it("marks one read, then all; never another person's, which answers like a missing one", async () => {
    const reader = await insertUser(database.db, { name: "Lectrice" });
    const { pageId } = await pageOf(reader.id, "Page à lire");
    for (let i = 0; i < 3; i++) await saveGeneratedVersion(pageId, { html: `<p>${i}</p>`, metaDescription: null });
    const [one] = (await listNotifications(reader, { limit: 1 })).lines;
    expect(await markNotificationRead(stranger, one!.id)).toBe(false);
    expect(await markNotificationRead(reader, 2_000_000_000)).toBe(false);
    expect(await unreadNotificationCount(reader)).toBe(3);
    expect(await markNotificationRead(reader, one!.id)).toBe(true);
    expect(await unreadNotificationCount(reader)).toBe(2);
    const listed = await listNotifications(reader, { limit: 10 });
    expect(listed.lines.find((line) => line.id === one!.id)!.read).toBe(true);
    expect(listed.unread).toBe(2);
    expect(await markAllNotificationsRead(stranger)).toBe(0);
    expect(await unreadNotificationCount(reader)).toBe(2);
    expect(await markAllNotificationsRead(reader)).toBe(2);
    expect(await unreadNotificationCount(reader)).toBe(0);
  });
});

describe("the /notifications screen", () => {
  const get = (b: Browser | null, path: string) =>
    runRoute(
      notificationsLoader as never,
      new Request(`${TEST_PUBLIC_URL}${path}`, { headers: b ? { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } : {} }),
    );
  const post = (b: Browser, fields: Record<string, string>) =>
    runRoute(notificationsAction as never, formPost(b, "/notifications", fields));

  it("lists the person's own, the bell's few or a page at a time; nobody signed in goes to /auth", async () => {
    const reader = await signedInUser("Lina Liste");
    const { pageId } = await pageOf(reader.user.id, "Page listée");
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 2; i++)
      await saveGeneratedVersion(pageId, { html: `<p>${i}</p>`, metaDescription: null });
    const first = await get(reader.browser, "/notifications");
    expect(first.body).toMatchObject({ total: NOTIFICATIONS_PAGE_SIZE + 2, unread: NOTIFICATIONS_PAGE_SIZE + 2, page: 1 });
    expect(first.body.lines).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect((await get(reader.browser, "/notifications?page=2")).body.lines).toHaveLength(2);
    expect((await get(reader.browser, "/notifications?page=abc")).body.page).toBe(1);
    expect((await get(reader.browser, "/notifications?bell")).body.lines).toHaveLength(BELL_LIST_SIZE);
    const other = await signedInUser("Autre Lecteur");
    expect((await get(other.browser, "/notifications")).body).toMatchObject({ lines: [], total: 0, unread: 0 });
    const anonymous = await get(null, "/notifications");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth");
  });

  it("marks read one (another's answers 404, unchanged), opens one to its page only, and marks all", async () => {
    const reader = await signedInUser("Rita Lue");
    const other = await signedInUser("Oscar Autre");
    const { pageId } = await pageOf(reader.user.id, "Page marquée");
    const versionId = await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    await saveGeneratedVersion(pageId, { html: "<p>2</p>", metaDescription: null });
    await saveGeneratedVersion(pageId, { html: "<p>3</p>", metaDescription: null });
    const lines = (await listNotifications(reader.user, { limit: 10 })).lines;

    const foreign = await post(other.browser, { intent: "read", id: String(lines[0]!.id) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.toast).toMatchObject({ type: "error" });
    expect(await unreadNotificationCount(reader.user)).toBe(3);
    expect((await post(reader.browser, { intent: "read", id: String(lines[0]!.id) })).body).toEqual({ ok: true, intent: "read" });
    expect(await unreadNotificationCount(reader.user)).toBe(2);

    // Opening leads to the line's own page, never off the site.
    const oldest = lines.find((line) => line.versionId === versionId)!;
    const opened = await post(reader.browser, { intent: "open", id: String(oldest.id), to: `/review/${versionId}` });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/review/${versionId}`);
    expect(await unreadNotificationCount(reader.user)).toBe(1);
    // A tab, a newline or a backslash the browser drops or reads as a slash: each would make a protocol-relative address (issue 37).
    for (const away of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example/",
      "/\n/evil.example",
      "/\r\n/evil.example",
      " //evil.example",
      "/\t\\evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
    ]) {
      const answer = await post(reader.browser, { intent: "open", id: String(oldest.id), to: away });
      expect(answer.headers.get("location"), JSON.stringify(away)).toBe("/notifications");
    }
    // A path of the site with a query and an anchor stays as it is.
    const deep = await post(reader.browser, { intent: "open", id: String(oldest.id), to: "/sites/1/results?month=2026-11#ai" });
    expect(deep.headers.get("location")).toBe("/sites/1/results?month=2026-11#ai");

    const all = await post(reader.browser, { intent: "read-all" });
    expect(all.body).toMatchObject({
      ok: true,
      intent: "read-all",
      toast: { type: "success", title: "Toutes les notifications sont lues" },
    });
    expect(await unreadNotificationCount(reader.user)).toBe(0);
    expect((await post(reader.browser, { intent: "nothing" })).status).toBe(400);
  });
});

describe("reaching the screen a notification leads to (issue 38)", () => {
  /** The root loader of a screen's document or data request, as the person's browser asks for it. */
  const reach = (b: Browser, path: string) =>
    runRoute(rootLoader as never, new Request(`${TEST_PUBLIC_URL}${path}`, { headers: { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } }));
  const unreadOf = async (recipient: string) =>
    (await rowsOf(recipient)).filter((row) => row.readAt === null).map((row) => [row.kind, row.path]);

  it("each notification has the path its line leads to, kept by the database when its version goes", async () => {
    const { siteId, pageId } = await pageOf(owner.id, "Les chemins");
    const versionId = await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    await database.db.transaction(async (tx) => {
      await recordNotifications(tx, { kind: "outline_ready", pageId, versionId: null });
      await recordNotifications(tx, { kind: "article_published", pageId, versionId });
      await recordNotifications(tx, { kind: "monthly_report", siteId });
    });
    const paths = async () => (await rowsOf(owner.id)).filter((row) => row.site === siteId).map((row) => [row.kind, row.path]);
    expect(await paths()).toEqual([
      ["article_ready", `/review/${versionId}`],
      ["outline_ready", `/sites/${siteId}/pages/${pageId}/outline`],
      ["article_published", `/sites/${siteId}/pages/${pageId}`],
      ["monthly_report", `/sites/${siteId}/results/report`],
    ]);
    // The lines say the same.
    const lines = (await listNotifications(owner, { limit: 50 })).lines.filter((line) => line.siteId === siteId);
    expect(lines.map((line) => line.path).sort()).toEqual((await paths()).map(([, path]) => path).sort());
    await database.db.delete(pagesVersions).where(eq(pagesVersions.id, versionId));
    expect((await paths())[0]).toEqual(["article_ready", `/sites/${siteId}/pages/${pageId}`]);
  });

  it("reaching /review/:versionId by any way marks read the person's notifications that lead there, only theirs, and the bell's count says so on the same request", async () => {
    const reader = await signedInUser("Rémi Relecture");
    const { siteId, pageId } = await pageOf(reader.user.id, "Page relue");
    const versionId = await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    const otherVersionId = await saveGeneratedVersion(pageId, { html: "<p>2</p>", metaDescription: null });
    // The client's decision tells the team, on the same screen.
    await approve(reader.user, versionId);
    const leadBefore = await unreadOf(lead.id);
    expect(leadBefore).toContainEqual(["client_approved", `/review/${versionId}`]);
    expect(await unreadNotificationCount(reader.user)).toBe(2);

    // Another screen reads nothing.
    expect((await reach(reader.browser, `/sites/${siteId}/pages/${pageId}/page-versions`)).body.unread).toBe(2);
    // The version's review screen (from the versions list, the e-mail's link, the address bar), as a document or as data.
    const reached = await reach(reader.browser, `/review/${versionId}`);
    expect(reached.body.unread).toBe(1);
    expect(await unreadOf(reader.user.id)).toEqual([["article_ready", `/review/${otherVersionId}`]]);
    // The team member's notification of the same screen is theirs to read.
    expect(await unreadOf(lead.id)).toEqual(leadBefore);
    expect((await reach(reader.browser, `/review/${otherVersionId}/`)).body.unread).toBe(0);
    expect(await unreadNotificationCount(reader.user)).toBe(0);
    // Nothing unread: the answer is the same.
    expect((await reach(reader.browser, `/review/${versionId}`)).body.unread).toBe(0);
  });

  it("leaves them unread while an admin sees the product as the person", async () => {
    const reader = await signedInUser("Iris Incarnée");
    const { pageId } = await pageOf(reader.user.id, "Page vue par l'admin");
    const versionId = await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    await database.db.update(session).set({ impersonatedBy: lead.id }).where(eq(session.userId, reader.user.id));
    expect((await reach(reader.browser, `/review/${versionId}`)).body.unread).toBe(1);
    expect(await unreadNotificationCount(reader.user)).toBe(1);
  });
});

describe("their e-mails", () => {
  const notificationTasks = { notification_email: TASKS.notification_email, notification_digest: TASKS.notification_digest };
  /** Runs the queued notification e-mails (and digests that are due) until none is left. */
  const runMail = async () => {
    while (await runOnce("mail-worker", notificationTasks));
  };
  const digestRequests = (userId: string) =>
    database.db
      .select({ id: pagesActions.id, state: pagesActions.state, nextAttemptAt: pagesActions.nextAttemptAt })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(and(eq(actions.name, "notification_digest"), eq(pagesActions.info2, userId)));
  const person = async (name: string) => {
    const account = await insertUser(database.db, { name, email: uniqueEmail(name.split(" ")[0]!.toLowerCase()) });
    return { account, ...(await pageOf(account.id, `Article de ${name}`)) };
  };

  it("are queued with the notification and sent one by one by default, once, leading to the version to review", async () => {
    const { account, pageId } = await person("Émile Envoi");
    const versionId = await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    await runMail();
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`L'article « Article de Émile Envoi » est prêt à relire`);
    expect(mails[0]!.text).toContain("Bonjour Émile Envoi,");
    expect(mails[0]!.text).toContain(`Relire l'article : ${TEST_PUBLIC_URL}/review/${versionId}`);
    expect(mails[0]!.text).toContain(`${TEST_PUBLIC_URL}/settings`);
    const [row] = await rowsOf(account.id);
    expect(row!.emailedAt).not.toBeNull();
    // Run again (a lost completion, another worker): no second e-mail.
    await database.db.insert(pagesActions).values({ linkedAction: await actionId("notification_email"), info2: String(row!.id) });
    await runMail();
    expect(await mailsTo(account.email)).toHaveLength(1);
  });

  it("follow the person's choices: none when off, none for a kind left out, and in English when asked", async () => {
    const off = await person("Olga Off");
    await saveNotificationPreferences(off.account, { emailMode: "off", emailLanguage: "fr", emailed: ["article_ready"] });
    await saveGeneratedVersion(off.pageId, { html: "<p>1</p>", metaDescription: null });

    const picky = await person("Paul Picky");
    await saveNotificationPreferences(picky.account, { emailMode: "each", emailLanguage: "en", emailed: ["article_published"] });
    const versionId = await saveGeneratedVersion(picky.pageId, { html: "<p>1</p>", metaDescription: null });
    await database.db.transaction((tx) => recordNotifications(tx, { kind: "article_published", pageId: picky.pageId, versionId }));
    await runMail();

    expect(await mailsTo(off.account.email)).toEqual([]);
    expect((await rowsOf(off.account.id))[0]!.emailedAt).not.toBeNull();
    const mails = await mailsTo(picky.account.email);
    expect(mails.map((m) => m.subject)).toEqual([`The article “Article de Paul Picky” is published on your site`]);
    expect(mails[0]!.text).toContain("Hello Paul Picky,");
    expect(mails[0]!.text).toContain(`See the page : ${TEST_PUBLIC_URL}/sites/${picky.siteId}/pages/${picky.pageId}`);
    expect(mails[0]!.html).toContain('<html lang="en">');
    expect(await getNotificationPreferences(picky.account)).toEqual({
      emailMode: "each",
      emailLanguage: "en",
      kinds: [
        "outline_ready",
        "article_ready",
        "revision_done",
        "article_published",
        "monthly_report",
        "guest_commented",
        "guest_approved",
        "guest_asked_changes",
      ],
      emailed: ["article_published"],
    });
  });

  it("wait for the next morning's digest when asked: one digest request, one e-mail listing the day's notifications", async () => {
    const { account, pageId } = await person("Diane Digest");
    await saveNotificationPreferences(account, { emailMode: "digest", emailLanguage: "fr", emailed: ["article_ready", "revision_done"] });
    const first = await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    await saveGeneratedVersion(pageId, { html: "<p>2</p>", metaDescription: null }, "revision_done");
    await runMail();
    expect(await mailsTo(account.email)).toEqual([]);
    const [digest, ...more] = await digestRequests(account.id);
    expect(more).toEqual([]);
    expect(digest!.state).toBe("queued");
    expect(digest!.nextAttemptAt!.getTime()).toBe(nextDigestAt(new Date()).getTime());
    expect(digest!.nextAttemptAt!.getUTCHours()).toBe(7);

    // The morning comes.
    await database.db
      .update(pagesActions)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pagesActions.id, digest!.id));
    await runMail();
    const mails = await mailsTo(account.email);
    expect(mails.map((m) => m.subject)).toEqual(["Vos 2 notifications du jour"]);
    expect(mails[0]!.text).toContain(`- L'article « Article de Diane Digest » est prêt à relire : ${TEST_PUBLIC_URL}/review/${first}`);
    expect(mails[0]!.text).toContain("- La révision de « Article de Diane Digest » est prête à relire");
    expect((await rowsOf(account.id)).every((row) => row.emailedAt !== null)).toBe(true);
    expect((await digestRequests(account.id)).map((r) => r.state)).toEqual(["done"]);
  });

  it("give the notification back when the mail server fails, and send it on a later attempt", async () => {
    const { account, pageId } = await person("Fanny Failure");
    await saveGeneratedVersion(pageId, { html: "<p>1</p>", metaDescription: null });
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9");
    resetEnvForTests();
    resetMailForTests();
    try {
      await runOnce("mail-worker", notificationTasks);
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
      resetMailForTests();
    }
    const [row] = await rowsOf(account.id);
    expect(row!.emailedAt).toBeNull();
    const [request] = await database.db
      .select()
      .from(pagesActions)
      .where(eq(pagesActions.info2, String(row!.id)));
    expect(request).toMatchObject({ state: "queued", attempts: 1 });
    await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.id, request!.id));
    await runMail();
    expect(await mailsTo(account.email)).toHaveLength(1);
  });
});

describe("the settings screen's preferences form", () => {
  it("saves the kinds ticked, one, several or none, and says in French what it refuses", async () => {
    const { user: account, browser: b } = await signedInUser("Camille Réglages");
    const post = (pairs: [string, string][]) =>
      runRoute(
        settingsAction as never,
        new Request(`${TEST_PUBLIC_URL}/settings`, {
          method: "POST",
          headers: {
            cookie: b.cookie,
            origin: TEST_PUBLIC_URL,
            [CLIENT_IP_HEADER]: b.ip,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams([["intent", "notifications"], ...pairs]),
        }),
      );
    const base: [string, string][] = [
      ["emailMode", "digest"],
      ["emailLanguage", "en"],
    ];

    for (const emailed of [["article_ready"], ["article_ready", "revision_done"], []]) {
      const answer = await post([...base, ...emailed.map((kind): [string, string] => ["emailed", kind])]);
      expect(answer.body.toast, emailed.join()).toMatchObject({ type: "success", title: "Préférences enregistrées" });
      expect((await getNotificationPreferences(account)).emailed.sort()).toEqual(emailed);
    }
    const refused = await post([...base, ["emailed", "secret_kind"]]);
    expect(refused.status).toBe(400);
    expect(refused.body.toast).toEqual({
      type: "error",
      title: "Préférences non enregistrées",
      description: "Un type de notification est inconnu.",
    });
    const noMode = await post([["emailLanguage", "en"]]);
    expect(noMode.body.toast.description).toBe("Choisissez comment recevoir les e-mails.");
    expect((await getNotificationPreferences(account)).emailMode).toBe("digest");
  });
});
