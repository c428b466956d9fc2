/**
 * Issue 14, the team's inbox: what comes in (first-article requests, contact messages, review decisions) gets
 * a line in the same transaction; the team lists, assigns, handles and answers them, each change audited; and
 * nobody but a team member signed in with two factors reaches any of it.
 */
import "~/jobs/outbox.server";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, pagesVersions, sites, teamAuditLog, teamInbox, teamInboxReplies, user } from "../../db/schema";
import { runOnce } from "~/jobs/run.server";
import { approve, cancelRevision, sendForRevision } from "~/models/review.server";
import { createFirstArticleSite, submitContactMessage } from "~/models/public-intake.server";
import { NotTeamError } from "~/models/team-access.server";
import {
  InboxItemMissingError,
  InboxRefusedError,
  parseInboxQuery,
  teamAssignInboxItem,
  teamGetInboxItem,
  teamInboxCounts,
  teamListInbox,
  teamReplyToInboxItem,
  teamSetInboxHandled,
} from "~/models/team-inbox.server";
import type { TeamMember } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { INBOX_PAGE_SIZE } from "~/lib/team-inbox";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, uniqueIp, type TestUser } from "../setup/factories";
import { mailsTo } from "../setup/outbox";

const database = useTestDatabase();

let lead: TeamMember;
let colleague: TeamMember;
let client: TestUser;

async function teamAccount(role: "team" | "admin", name: string): Promise<TeamMember> {
  const account = await insertUser(database.db, { name, email: uniqueEmail(name.toLowerCase()) });
  await database.db.update(user).set({ role, twoFactorEnabled: true }).where(eq(user.id, account.id));
  return { ...account, image: null, role, twoFactorEnabled: true };
}

beforeAll(async () => {
  await database;
  lead = await teamAccount("admin", "Lea");
  colleague = await teamAccount("team", "Noe");
  client = await insertUser(database.db, { name: "Client" });
});

const query = (params: Record<string, string>) => parseInboxQuery(new URLSearchParams(params));

async function itemWhere(condition: ReturnType<typeof eq>) {
  const [row] = await database.db.select().from(teamInbox).where(condition);
  return row!;
}

async function contactItem(name = "Léa Martin") {
  const email = uniqueEmail("visitor");
  const { messageId } = await submitContactMessage({ name, email, message: "Pouvez-vous écrire 8 articles par mois ?" }, uniqueIp());
  return { email, item: await itemWhere(eq(teamInbox.contactMessageId, messageId)) };
}

async function auditLines(recordId: number) {
  return database.db
    .select()
    .from(teamAuditLog)
    .where(and(eq(teamAuditLog.recordType, "inbox"), eq(teamAuditLog.recordId, String(recordId))))
    .orderBy(teamAuditLog.id);
}

describe("what reaches the inbox", () => {
  it("a contact message, with its sender", async () => {
    const { email, item } = await contactItem("Zoé Arrivée");
    expect(item).toMatchObject({ kind: "contact", subject: `Zoé Arrivée <${email}>`, handledAt: null, assignedTo: null });
    const found = await teamGetInboxItem(lead, item.id);
    expect(found!.item.contact).toEqual({ name: "Zoé Arrivée", email, message: "Pouvez-vous écrire 8 articles par mois ?" });
    expect(found!.addresses).toEqual([email]);
  });

  it("a first-article request, with its site, both e-mails and the guidelines", async () => {
    const stripe = uniqueEmail("payer");
    const contact = uniqueEmail("requester");
    const site = await createFirstArticleSite(
      {
        url: "https://boulangerie-inbox.example",
        stripe_email: stripe,
        email1: contact,
        additional_guidelines: "Ton chaleureux.",
        language: "fr",
        country: null,
        topic: null,
      },
      uniqueIp(),
    );
    const item = await itemWhere(eq(teamInbox.siteId, site.id));
    expect(item).toMatchObject({ kind: "first_article", subject: "https://boulangerie-inbox.example" });
    // Found by what came in: either address, the guidelines.
    for (const q of [stripe, contact.toUpperCase(), "ton chaleureux"])
      expect((await teamListInbox(lead, query({ q }))).items.map((i) => i.id)).toContain(item.id);
    const found = await teamGetInboxItem(lead, item.id);
    expect(found!.item.site).toMatchObject({
      id: site.id,
      stripeEmail: stripe,
      email1: contact,
      guidelines: "Ton chaleureux.",
      ownerEmail: null,
    });
    // The contact e-mail first: it is where the requester asked to be answered.
    expect(found!.addresses).toEqual([contact, stripe]);
  });

  it("a client's decisions (sent for revision, approved), not their cancellations", async () => {
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Vélos", url: "https://velos.example", linkedUser: client.id })
      .returning();
    const [page] = await database.db
      .insert(pages)
      .values({ site: site!.id, name: "Choisir un vélo", url: "https://velos.example/choisir" })
      .returning();
    const [version] = await database.db.insert(pagesVersions).values({ page: page!.id, htmlContent: "<p>Texte</p>" }).returning();
    await sendForRevision(client, version!.id, "  Raccourcir l'introduction.  ");
    await cancelRevision(client, version!.id);
    await approve(client, version!.id);
    const rows = await database.db.select().from(teamInbox).where(eq(teamInbox.versionId, version!.id)).orderBy(teamInbox.id);
    expect(rows.map((r) => [r.kind, r.decision, r.comments, r.clientId, r.subject])).toEqual([
      ["review", "revision", "Raccourcir l'introduction.", client.id, "Choisir un vélo (Vélos)"],
      ["review", "approved", null, client.id, "Choisir un vélo (Vélos)"],
    ]);
    const found = await teamGetInboxItem(lead, rows[0]!.id);
    expect(found!.item.review).toMatchObject({
      decision: "revision",
      clientEmail: client.email,
      version: { pageId: page!.id, siteId: site!.id },
    });
    expect(found!.addresses).toEqual([client.email]);
  });

  it("keeps a line when its record goes, with what it was about", async () => {
    const site = await createFirstArticleSite(
      {
        url: "https://supprime.example",
        stripe_email: uniqueEmail("gone"),
        email1: null,
        additional_guidelines: null,
        language: "fr",
        country: null,
        topic: null,
      },
      uniqueIp(),
    );
    const item = await itemWhere(eq(teamInbox.siteId, site.id));
    await database.db.delete(sites).where(eq(sites.id, site.id));
    const found = await teamGetInboxItem(lead, item.id);
    expect(found!.item).toMatchObject({ subject: "https://supprime.example", site: { id: null } });
    expect(found!.addresses).toEqual([]);
  });
});

describe("the inbox's list", () => {
  it("shows open items newest first, by view, kind and search, paged on the server, with the side panel's counts", async () => {
    const marker = `Paginé ${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 2; i++) ids.push((await contactItem(`${marker} ${i}`)).item.id);
    const before = await teamInboxCounts(lead);

    const first = await teamListInbox(lead, query({ q: marker }));
    expect(first.total).toBe(INBOX_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.items[0]!.id).toBe(ids.at(-1));
    const second = await teamListInbox(lead, query({ q: marker, page: "2" }));
    expect(second.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);

    await teamAssignInboxItem(lead, ids[0]!, colleague.id);
    await teamSetInboxHandled(lead, ids[1]!, true);
    expect((await teamListInbox(colleague, query({ q: marker, view: "mine" }))).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await teamListInbox(lead, query({ q: marker, view: "handled" }))).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await teamListInbox(lead, query({ q: marker }))).total).toBe(INBOX_PAGE_SIZE + 1);
    expect((await teamListInbox(lead, query({ q: marker, view: "all" }))).total).toBe(INBOX_PAGE_SIZE + 2);
    expect((await teamListInbox(lead, query({ q: marker, kind: "first_article" }))).total).toBe(0);
    expect(await teamInboxCounts(lead)).toEqual({ open: before.open - 1, mine: before.mine });
    expect((await teamInboxCounts(colleague)).mine).toBeGreaterThanOrEqual(1);

    // A page past the end still says how many there are.
    expect(await teamListInbox(lead, query({ q: marker, page: "9" }))).toEqual({ items: [], total: INBOX_PAGE_SIZE + 1 });

    // A wildcard is a character; unreadable filters fall back to the default view.
    expect((await teamListInbox(lead, query({ q: "%%%" }))).total).toBe(0);
    expect(query({ view: "everything", kind: "spam", page: "0" })).toEqual({ view: "open", page: 1 });
  });
});

describe("handling an item", () => {
  it("assigns it to a team member or to nobody, never to a client, and audits each change", async () => {
    const { item } = await contactItem();
    await teamAssignInboxItem(lead, item.id, colleague.id);
    expect((await itemWhere(eq(teamInbox.id, item.id))).assignedTo).toBe(colleague.id);
    await expect(teamAssignInboxItem(lead, item.id, client.id)).rejects.toBeInstanceOf(InboxRefusedError);
    await teamAssignInboxItem(lead, item.id, null);
    expect((await itemWhere(eq(teamInbox.id, item.id))).assignedTo).toBeNull();
    await expect(teamAssignInboxItem(lead, 987_654_321, null)).rejects.toBeInstanceOf(InboxItemMissingError);
    expect((await auditLines(item.id)).map((l) => [l.action, l.actorLabel, l.details])).toEqual([
      ["inbox.assigned", lead.email, { to: colleague.email }],
      ["inbox.assigned", lead.email, { to: "personne" }],
    ]);
  });

  it("marks it handled once, and reopens it", async () => {
    const { item } = await contactItem();
    await teamSetInboxHandled(colleague, item.id, true);
    await teamSetInboxHandled(colleague, item.id, true);
    expect(await itemWhere(eq(teamInbox.id, item.id))).toMatchObject({ handledBy: colleague.id, handledAt: expect.any(Date) });
    await teamSetInboxHandled(lead, item.id, false);
    expect(await itemWhere(eq(teamInbox.id, item.id))).toMatchObject({ handledBy: null, handledAt: null });
    expect((await auditLines(item.id)).map((l) => [l.action, l.actorLabel])).toEqual([
      ["inbox.handled", colleague.email],
      ["inbox.reopened", lead.email],
    ]);
  });

  it("answers it by e-mail at its own address only: stored on the item, queued, sent with the team's reply-to, audited", async () => {
    const { email, item } = await contactItem();
    await expect(
      teamReplyToInboxItem(lead, item.id, { to: "someone-else@example.com", subject: "Bonjour", body: "Texte" }),
    ).rejects.toBeInstanceOf(InboxRefusedError);
    await expect(teamReplyToInboxItem(lead, 987_654_321, { to: email, subject: "Bonjour", body: "Texte" })).rejects.toBeInstanceOf(
      InboxItemMissingError,
    );

    const { replyId } = await teamReplyToInboxItem(lead, item.id, {
      to: email.toUpperCase(),
      subject: "Votre message",
      body: "Bonjour Léa,\n\nOui, avec plaisir.",
    });
    const [stored] = await database.db.select().from(teamInboxReplies).where(eq(teamInboxReplies.id, replyId));
    expect(stored).toMatchObject({ itemId: item.id, sentBy: lead.id, senderLabel: lead.email, toAddress: email, subject: "Votre message" });
    const [queued] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, stored!.mailActionId!));
    expect(queued!.state).toBe("queued");

    while (await runOnce("inbox-test")) {
      /* the worker sends what is queued */
    }
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Votre message");
    expect(mail!.headers["reply-to"]).toContain(getEnv().CONTACT_EMAIL);
    expect(mail!.text).toContain("Oui, avec plaisir.");
    expect(mail!.text).toContain(`— ${lead.name}`);

    const found = await teamGetInboxItem(lead, item.id);
    expect(found!.item.replies).toBe(1);
    expect(found!.replies).toEqual([
      expect.objectContaining({ id: replyId, mailState: "done", body: "Bonjour Léa,\n\nOui, avec plaisir." }),
    ]);
    expect((await auditLines(item.id)).map((l) => [l.action, l.details])).toEqual([
      ["inbox.replied", { to: email, subject: "Votre message" }],
    ]);
  });
});

describe("who reaches the inbox", () => {
  it("nobody but a team member with two-factor sign-in", async () => {
    const { item } = await contactItem();
    const asClient = { ...client, image: null, role: "client", twoFactorEnabled: true } as unknown as TeamMember;
    const withoutTwoFactor = { ...colleague, twoFactorEnabled: false };
    for (const someone of [asClient, withoutTwoFactor]) {
      await expect(teamListInbox(someone, query({}))).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamInboxCounts(someone)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamGetInboxItem(someone, item.id)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamAssignInboxItem(someone, item.id, null)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamSetInboxHandled(someone, item.id, true)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamReplyToInboxItem(someone, item.id, { to: "x@example.com", subject: "s", body: "b" })).rejects.toBeInstanceOf(
        NotTeamError,
      );
    }
    expect(await itemWhere(eq(teamInbox.id, item.id))).toMatchObject({ handledAt: null, assignedTo: null });
  });
});
