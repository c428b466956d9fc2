/**
 * Issue 38, a trial request starts its article: from a first-article request, the team's one click makes the page
 * (the topic as its name and keyword, the site's address and the topic's slug as its address), says in the brief
 * who approves the outline, and queues the keyword's search, then the outline after it; refused twice and to anyone
 * but the team, audited. The worker (with the fake providers) then searches, writes the outline (even when the search
 * failed for good), tells whoever approves it, and the request closes itself when the draft is written.
 */
import "~/jobs/outbox.server";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  actions,
  keywords,
  locationCountries,
  locationLanguages,
  notifications,
  pageOutlines,
  pages,
  pagesActions,
  pagesKeywords,
  pagesVersions,
  siteBriefs,
  sites,
  teamAuditLog,
  teamInbox,
  user,
} from "../../db/schema";
import { asTeam } from "~/models/access.server";
import { saveOutline } from "~/models/outline.server";
import { createFirstArticleSite, submitContactMessage } from "~/models/public-intake.server";
import { NotTeamError } from "~/models/team-access.server";
import { teamStartTrialArticle, teamTrialProgress, TrialRefusedError } from "~/models/team-trial.server";
import type { TeamMember } from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeDataForSeo, type FakeDataForSeo } from "../fakes/dataforseo";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { fakeWriter } from "../fakes/writer";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, uniqueIp } from "../setup/factories";
import { runWorkOnce } from "../setup/worker";

const database = useTestDatabase();
let lead: TeamMember;
let colleague: TeamMember;
let serpFake: FakeDataForSeo;
let writer: FakeOpenRouter;

async function teamAccount(role: "team" | "admin", name: string): Promise<TeamMember> {
  const account = await insertUser(database.db, { name, email: uniqueEmail(name.toLowerCase()) });
  await database.db.update(user).set({ role, twoFactorEnabled: true }).where(eq(user.id, account.id));
  return { ...account, image: null, role, twoFactorEnabled: true };
}

/** A visitor's first-article request, as the public form makes it; its inbox line and site. */
async function request(host: string, fields: { topic?: string | null; language?: string } = {}) {
  const site = await createFirstArticleSite(
    {
      url: `https://${host}`,
      stripe_email: uniqueEmail("payer"),
      email1: null,
      additional_guidelines: "Farine bio, jamais le nom des concurrents.",
      language: fields.language ?? "fr",
      country: null,
      topic: fields.topic === undefined ? "Pain au levain maison" : fields.topic,
    },
    uniqueIp(),
  );
  const [item] = await database.db.select().from(teamInbox).where(eq(teamInbox.siteId, site.id));
  return { site, item: item! };
}

const requestsOf = (pageId: number) =>
  database.db
    .select({
      id: pagesActions.id,
      name: actions.name,
      state: pagesActions.state,
      info2: pagesActions.info2,
      infoJson: pagesActions.infoJson,
      runsAfter: pagesActions.runsAfter,
      creator: pagesActions.creator,
      lastError: pagesActions.lastError,
      finishedAt: pagesActions.finishedAt,
    })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(eq(pagesActions.linkedPage, pageId))
    .orderBy(asc(pagesActions.id));

const auditOf = (itemId: number) =>
  database.db
    .select({ action: teamAuditLog.action, actorLabel: teamAuditLog.actorLabel, details: teamAuditLog.details })
    .from(teamAuditLog)
    .where(and(eq(teamAuditLog.recordType, "inbox"), eq(teamAuditLog.recordId, String(itemId))))
    .orderBy(asc(teamAuditLog.id));

/** Runs the worker until nothing is due (the search, then the outline, then an approved outline's article). */
async function drain() {
  while (await runWorkOnce("trial-worker"));
}

beforeAll(async () => {
  await database;
  lead = await teamAccount("admin", "Lea");
  colleague = await teamAccount("team", "Noe");
  serpFake = await startFakeDataForSeo();
  writer = await startFakeOpenRouter();
  writer.answer = fakeWriter;
  vi.stubEnv("DATAFORSEO_LOGIN", serpFake.login);
  vi.stubEnv("DATAFORSEO_PASSWORD", serpFake.password);
  vi.stubEnv("DATAFORSEO_URL", serpFake.url);
  vi.stubEnv("OPENROUTER_API_KEY", writer.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", writer.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", "test/trial-writer");
  vi.stubEnv("PROVIDER_TIMEOUT_MS", "2000");
  resetEnvForTests();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await serpFake.close();
  await writer.close();
});
beforeEach(() => {
  serpFake.next.length = 0;
  writer.asked.length = 0;
});

describe("starting a trial article", () => {
  it("makes the page, its keyword and the brief's approver, queues the search then the outline after it, links the request, audited", async () => {
    const { site, item } = await request("fournil-essai.example");
    const started = await teamStartTrialArticle(lead, item.id, { topic: "  Pain au levain maison ", approver: "team", language: null });

    const [page] = await database.db.select().from(pages).where(eq(pages.id, started.pageId));
    expect(page).toMatchObject({
      site: site.id,
      name: "Pain au levain maison",
      url: "https://fournil-essai.example/pain-au-levain-maison",
      status: 2,
      creator: lead.id,
    });
    const linked = await database.db
      .select({ keyword: keywords.keyword, id: keywords.id, toSearch: pagesKeywords.toSearch })
      .from(pagesKeywords)
      .innerJoin(keywords, eq(keywords.id, pagesKeywords.linkedKeyword))
      .where(eq(pagesKeywords.linkedPage, page!.id));
    expect(linked).toMatchObject([{ keyword: "Pain au levain maison", toSearch: true }]);
    const [brief] = await database.db.select().from(siteBriefs).where(eq(siteBriefs.siteId, site.id));
    expect(brief).toMatchObject({ outlineApprover: "team", outlineStep: true, updatedBy: lead.id });
    // The guidelines stay the site's own, which the brief shows and every prompt carries.
    expect((await database.db.select().from(sites).where(eq(sites.id, site.id)))[0]!.additionalGuidelines).toBe(
      "Farine bio, jamais le nom des concurrents.",
    );

    // The search first, then the outline, which waits for it.
    const queued = await requestsOf(page!.id);
    expect(queued).toMatchObject([
      { name: "serps", state: "queued", info2: String(linked[0]!.id), runsAfter: null, creator: lead.id },
      { name: "create_outline", state: "queued", infoJson: null, runsAfter: queued[0]!.id, creator: lead.id },
    ]);
    expect(started.requests).toEqual({ research: queued[0]!.id, outline: queued[1]!.id });

    const [line] = await database.db.select().from(teamInbox).where(eq(teamInbox.id, item.id));
    expect(line).toMatchObject({ pageId: page!.id, startedBy: lead.id, topic: "Pain au levain maison", handledAt: null });
    expect(line!.startedAt).toBeInstanceOf(Date);
    expect(await auditOf(item.id)).toEqual([
      {
        action: "inbox.trial_started",
        actorLabel: lead.email,
        details: {
          site: site.id,
          page: page!.id,
          url: "https://fournil-essai.example/pain-au-levain-maison",
          keyword: "Pain au levain maison",
          approver: "team",
          requests: started.requests,
        },
      },
    ]);
    expect(await teamTrialProgress(lead, item.id)).toMatchObject({
      approver: "team",
      startedByName: "Lea",
      page: { id: page!.id, name: "Pain au levain maison" },
      research: { state: "queued", results: 0 },
      outlineRequest: { state: "queued" },
      outline: null,
      article: null,
      delivered: null,
    });
  });

  it("refuses a second start clearly and makes nothing more, and refuses anyone but the team", async () => {
    const { item } = await request("deux-clics.example");
    const first = await teamStartTrialArticle(lead, item.id, { topic: "Croissants", approver: "client", language: null });
    const again = teamStartTrialArticle(colleague, item.id, { topic: "Autre chose", approver: "team", language: null });
    await expect(again).rejects.toThrow(TrialRefusedError);
    await expect(again).rejects.toThrow("L'article d'essai de cette demande est déjà lancé (page « Croissants ») : rien n'a été refait.");
    const [site] = await database.db.select({ siteId: teamInbox.siteId }).from(teamInbox).where(eq(teamInbox.id, item.id));
    expect(await database.db.select({ id: pages.id }).from(pages).where(eq(pages.site, site!.siteId!))).toEqual([{ id: first.pageId }]);
    expect((await auditOf(item.id)).map((l) => l.action)).toEqual(["inbox.trial_started"]);

    // A client, or a team member without the second factor: refused before anything is read.
    const { item: other } = await request("pas-equipe.example");
    const client = await insertUser(database.db);
    const asClient = { ...client, image: null, role: "client", twoFactorEnabled: false } as unknown as TeamMember;
    await expect(teamStartTrialArticle(asClient, other.id, { topic: "x", approver: "team", language: null })).rejects.toThrow(NotTeamError);
    await expect(
      teamStartTrialArticle({ ...colleague, twoFactorEnabled: false }, other.id, { topic: "x", approver: "team", language: null }),
    ).rejects.toThrow(NotTeamError);
    expect((await database.db.select().from(teamInbox).where(eq(teamInbox.id, other.id)))[0]!.startedAt).toBeNull();

    // Only a first-article request starts one.
    const { messageId } = await submitContactMessage(
      { name: "Ana", email: uniqueEmail("ana"), message: "Une question, s'il vous plaît." },
      uniqueIp(),
    );
    const [contact] = await database.db.select().from(teamInbox).where(eq(teamInbox.contactMessageId, messageId));
    await expect(teamStartTrialArticle(lead, contact!.id, { topic: "x", approver: "team", language: null })).rejects.toThrow(
      "Seule une demande de premier article lance un article d'essai.",
    );
  });

  it("asks the site's language when the request gave none, and sets it with its usual country", async () => {
    const { site, item } = await request("sans-langue-essai.example");
    await database.db.update(sites).set({ country: null, language: null }).where(eq(sites.id, site.id));
    await expect(teamStartTrialArticle(lead, item.id, { topic: "Brioche", approver: "team", language: null })).rejects.toThrow(
      "Choisissez la langue du site : la demande n'en donne pas.",
    );
    expect(await database.db.select().from(pages).where(eq(pages.site, site.id))).toEqual([]);
    await teamStartTrialArticle(lead, item.id, { topic: "Brioche", approver: "team", language: "de" });
    const [germany] = await database.db.select().from(locationCountries).where(eq(locationCountries.countryName, "Germany"));
    const [german] = await database.db
      .select()
      .from(locationLanguages)
      .where(and(eq(locationLanguages.linkedCountry, germany!.id), eq(locationLanguages.languageCode, "de")));
    expect((await database.db.select().from(sites).where(eq(sites.id, site.id)))[0]).toMatchObject({
      country: germany!.id,
      language: german!.id,
    });
  });
});

describe("the trial's work", () => {
  it("searches, then writes the outline from the search's results, in the site's language", async () => {
    const { item } = await request("ordre-essai.example", { topic: "Pain de seigle" });
    const { pageId } = await teamStartTrialArticle(lead, item.id, { topic: "Pain de seigle", approver: "team", language: null });
    await drain();
    const [search, outline] = await requestsOf(pageId);
    expect(search).toMatchObject({ name: "serps", state: "done" });
    expect(outline).toMatchObject({ name: "create_outline", state: "done" });
    expect(outline!.finishedAt!.getTime()).toBeGreaterThanOrEqual(search!.finishedAt!.getTime());
    expect(serpFake.tasks.at(-1)).toMatchObject({ keyword: "Pain de seigle", language_code: "fr" });
    const asked = writer.asked.find((a) => a.question.startsWith('Plan the article "Pain de seigle"'))!;
    expect(asked.question).toContain("Write in French (fr).");
    expect(asked.question).toContain("What ranks today");
    expect(await database.db.select().from(pageOutlines).where(eq(pageOutlines.page, pageId))).toMatchObject([{ status: "ready" }]);
    expect(await teamTrialProgress(lead, item.id)).toMatchObject({
      research: { state: "done", results: expect.any(Number) },
      outlineRequest: { state: "done" },
      outline: { status: "ready", approvedAt: null },
    });
  });

  it("still writes the outline when the search fails for good, without its results", async () => {
    const { item } = await request("echec-essai.example", { topic: "Pain sans gluten" });
    serpFake.next.push({ status: 401, body: '{"status_code":40100,"status_message":"Authentication failed."}' });
    const { pageId } = await teamStartTrialArticle(lead, item.id, { topic: "Pain sans gluten", approver: "team", language: null });
    await drain();
    const [search, outline] = await requestsOf(pageId);
    expect(search).toMatchObject({ name: "serps", state: "failed" });
    expect(search!.lastError).toBeTruthy();
    expect(outline).toMatchObject({ name: "create_outline", state: "done" });
    const asked = writer.asked.find((a) => a.question.startsWith('Plan the article "Pain sans gluten"'))!;
    expect(asked.question).not.toContain("What ranks today");
    expect(await teamTrialProgress(lead, item.id)).toMatchObject({
      research: { state: "failed", results: 0 },
      outline: { status: "ready" },
    });
  });

  it("tells the team that the outline is ready when the team approves it, and the site's owner when the client does", async () => {
    const owner = await insertUser(database.db, { name: "Claire Client" });
    const outlineReady = async (pageId: number) =>
      (
        await database.db
          .select({ recipient: notifications.recipient })
          .from(notifications)
          .where(and(eq(notifications.page, pageId), eq(notifications.kind, "outline_ready")))
      )
        .map((n) => n.recipient)
        .sort();

    // The team approves: a client who may not exist yet (here one does) is not told; every team member is.
    const byTeam = await request("equipe-valide.example", { topic: "Fougasse" });
    await database.db.update(sites).set({ linkedUser: owner.id }).where(eq(sites.id, byTeam.site.id));
    const teamPage = await teamStartTrialArticle(lead, byTeam.item.id, { topic: "Fougasse", approver: "team", language: null });
    await drain();
    expect(await outlineReady(teamPage.pageId)).toEqual([lead.id, colleague.id].sort());

    // The client approves: their site's owner is told, the team is not.
    const byClient = await request("client-valide.example", { topic: "Baguette" });
    await database.db.update(sites).set({ linkedUser: owner.id }).where(eq(sites.id, byClient.site.id));
    const clientPage = await teamStartTrialArticle(lead, byClient.item.id, { topic: "Baguette", approver: "client", language: null });
    await drain();
    expect(await outlineReady(clientPage.pageId)).toEqual([owner.id]);
  });
});

describe("the request closes itself when its draft is delivered", () => {
  it("the team approves the outline (audited), the article is written, and the request is handled, linked to the draft (audited)", async () => {
    const { item } = await request("livre-essai.example", { topic: "Pain d'épices" });
    const { pageId } = await teamStartTrialArticle(lead, item.id, { topic: "Pain d'épices", approver: "team", language: null });
    await drain();
    const [outline] = await database.db.select().from(pageOutlines).where(eq(pageOutlines.page, pageId));
    expect((await database.db.select().from(teamInbox).where(eq(teamInbox.id, item.id)))[0]!.handledAt).toBeNull();

    const { title, angle, sections, keywords: words, sources } = outline!;
    await saveOutline(asTeam(lead), pageId, outline!.id, { title, angle, sections, keywords: words, sources }, { approve: true });
    const approvals = await database.db
      .select({ action: teamAuditLog.action, actorLabel: teamAuditLog.actorLabel, details: teamAuditLog.details })
      .from(teamAuditLog)
      .where(and(eq(teamAuditLog.recordType, "page"), eq(teamAuditLog.recordId, String(pageId))));
    expect(approvals).toEqual([{ action: "outline.approved", actorLabel: lead.email, details: { outline: outline!.id, edited: false } }]);
    expect(await teamTrialProgress(lead, item.id)).toMatchObject({
      outline: { status: "approved", approvedByName: "Lea" },
      article: { state: "queued" },
    });

    await drain();
    const [version] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId));
    expect(version).toBeTruthy();
    const [line] = await database.db.select().from(teamInbox).where(eq(teamInbox.id, item.id));
    expect(line).toMatchObject({ deliveredVersion: version!.id, handledBy: null });
    expect(line!.handledAt).toBeInstanceOf(Date);
    expect((await auditOf(item.id)).map(({ action, actorLabel, details }) => ({ action, actorLabel, details }))).toEqual([
      expect.objectContaining({ action: "inbox.trial_started" }),
      { action: "inbox.trial_delivered", actorLabel: "service (automatique)", details: { page: pageId, version: version!.id } },
    ]);
    expect(await teamTrialProgress(lead, item.id)).toMatchObject({
      article: { state: "done" },
      delivered: { versionId: version!.id, at: version!.createdDate },
    });

    // A revision later is no new delivery: the request stays as it was closed.
    const { saveGeneratedVersion } = await import("~/jobs/tasks/create_article.server");
    await saveGeneratedVersion(pageId, { html: "<h1>Révisé</h1>", metaDescription: null }, "revision_done");
    expect((await database.db.select().from(teamInbox).where(eq(teamInbox.id, item.id)))[0]!.deliveredVersion).toBe(version!.id);
    expect((await auditOf(item.id)).map((l) => l.action)).toEqual(["inbox.trial_started", "inbox.trial_delivered"]);
  });
});
