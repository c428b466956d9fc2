/**
 * Issue 38: a request for changes starts the revision. The version's comments (each passage a colleague quoted,
 * each general comment) and the decision's message become the revision's instructions, so that nobody types them
 * again; the revision always makes a new version, with what changed marked, and keeps the commented one. It waits
 * for the team to confirm (the default: the team may edit the instructions first) or runs at once (the site's
 * setting). Taking the request for changes back withdraws a revision that has not begun.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actions, pagesActions, pagesVersions, revisionRequests, sites, teamAuditLog, teamInbox } from "../../db/schema";
import { createPage } from "~/models/page.server";
import { applyReviewAction, sendForRevision } from "~/models/review.server";
import { createReviewLink, guestComment, guestDecide } from "~/models/review-link.server";
import { RevisionClosedError, revisionOfVersion, teamConfirmRevision, teamRevisionOfVersion } from "~/models/revision-request.server";
import { listVersions, recordModification } from "~/models/version.server";
import { action as inboxItemAction, loader as inboxItemLoader } from "~/routes/team/inbox-item";
import { action as teamSiteAction } from "~/routes/team/site";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { formPost, runRoute } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { teamMemberWithSecondFactor } from "../setup/team";
import { runWorkOnce } from "../setup/worker";

const database = useTestDatabase();
const MODEL = "test/article-editor";
const ARTICLE = "<h1>Le levain</h1><p>Le levain se nourrit chaque jour de farine et d'eau.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p>";

let openRouter: FakeOpenRouter;
let owner: TestUser;
let siteId: number;

beforeAll(async () => {
  openRouter = await startFakeOpenRouter();
  vi.stubEnv("OPENROUTER_API_KEY", openRouter.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", openRouter.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", MODEL);
  resetEnvForTests();
  owner = await insertUser(database.db, { name: "Claire Cliente" });
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie", url: "https://boulangerie.example", linkedUser: owner.id })
    .returning();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await openRouter.close();
});
beforeEach(async () => {
  await database.db.update(sites).set({ revisionsWaitForTeam: true }).where(eq(sites.id, siteId));
});

async function draft(name = "Le levain") {
  const page = await createPage(owner, siteId, { name, url: `/${name.toLowerCase().replace(/\W+/g, "-")}`, status: 1 } as never);
  const [version] = await database.db.insert(pagesVersions).values({ page: page.id, htmlContent: ARTICLE }).returning();
  return { pageId: page.id, versionId: version!.id };
}

/** A colleague's passage comment, a general one, and the request for changes, through a review link. */
async function colleagueAsksForChanges(versionId: number) {
  const { token } = await createReviewLink(owner, versionId);
  await guestComment(token, {
    name: "Marie",
    body: "Précisez combien de fois par jour.",
    quote: { text: "se nourrit chaque jour", start: 22, end: 44 },
  });
  await guestComment(token, { name: "Marie", body: "Ajoutez une photo du levain.", quote: null });
  expect(await guestDecide(token, { name: "Marie", decision: "changes", body: "Merci de reprendre ces deux points." })).toBe(true);
}

const modifyRequests = async (pageId: number) => {
  const rows = await database.db
    .select({ id: pagesActions.id, state: pagesActions.state, infoJson: pagesActions.infoJson, version: pagesActions.linkedPagesVersion })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(and(eq(pagesActions.linkedPage, pageId), eq(actions.name, "modify_articles_with_instructions")))
    .orderBy(desc(pagesActions.id));
  return rows;
};

describe("a colleague's request for changes through a review link", () => {
  it("becomes instructions made of every comment, each quoted passage beside it, signed, waiting for the team (the default)", async () => {
    const { pageId, versionId } = await draft();
    await colleagueAsksForChanges(versionId);
    const [request] = await database.db.select().from(revisionRequests).where(eq(revisionRequests.version, versionId));
    expect(request).toMatchObject({
      page: pageId,
      round: 1,
      status: "waiting",
      action: null,
      requestedByName: "Marie (lien de relecture)",
    });
    expect(request!.instructions).toBe(
      [
        "- Passage « se nourrit chaque jour » :\n  Précisez combien de fois par jour.\n  — Marie",
        "- Sur tout l'article :\n  Ajoutez une photo du levain.\n  — Marie",
        "- Demande de modifications :\n  Merci de reprendre ces deux points.\n  — Marie (lien de relecture)",
      ].join("\n"),
    );
    expect(request!.dueAt.getTime() - request!.createdAt.getTime()).toBe(24 * 3600_000);
    expect(await modifyRequests(pageId)).toEqual([]);
    // The owner reads that it waits, and until when.
    expect(await revisionOfVersion(owner, versionId)).toMatchObject({
      round: 1,
      stage: "waiting",
      dueAt: request!.dueAt,
      revisedVersionId: null,
    });
  });

  it("runs at once when the site says so: a new version is asked, with the changes marked", async () => {
    await database.db.update(sites).set({ revisionsWaitForTeam: false }).where(eq(sites.id, siteId));
    const { pageId, versionId } = await draft("Le pain");
    await colleagueAsksForChanges(versionId);
    const [queued] = await modifyRequests(pageId);
    expect(queued).toMatchObject({ state: "queued", version: versionId });
    expect(queued!.infoJson).toMatchObject({
      createNewVersion: true,
      request: { highlightModifiedContent: true, commentsToModify: expect.stringContaining("« se nourrit chaque jour »") },
    });
    const [request] = await database.db.select().from(revisionRequests).where(eq(revisionRequests.version, versionId));
    expect(request).toMatchObject({ status: "queued", action: queued!.id });
    expect(await revisionOfVersion(owner, versionId)).toMatchObject({ stage: "writing" });
  });
});

describe("the owner's request for changes", () => {
  it("starts the revision the same way, signed with the owner's name; taking it back withdraws it", async () => {
    const { versionId } = await draft("La farine");
    await sendForRevision(owner, versionId, "Le ton est trop familier.");
    const [request] = await database.db.select().from(revisionRequests).where(eq(revisionRequests.version, versionId));
    expect(request).toMatchObject({ status: "waiting", requestedBy: owner.id, requestedByName: "Claire Cliente" });
    expect(request!.instructions).toBe("- Demande de modifications :\n  Le ton est trop familier.\n  — Claire Cliente");
    await applyReviewAction(owner, versionId, "cancel-revision");
    expect(await revisionOfVersion(owner, versionId)).toMatchObject({ stage: "cancelled" });

    // At once: the queued modification is cancelled with it, if it has not started.
    await database.db.update(sites).set({ revisionsWaitForTeam: false }).where(eq(sites.id, siteId));
    await sendForRevision(owner, versionId, "Encore une fois.");
    const [queued] = await database.db
      .select()
      .from(revisionRequests)
      .where(eq(revisionRequests.version, versionId))
      .orderBy(desc(revisionRequests.id));
    await applyReviewAction(owner, versionId, "cancel-revision");
    const [action] = await database.db.select({ state: pagesActions.state }).from(pagesActions).where(eq(pagesActions.id, queued!.action!));
    expect(action!.state).toBe("cancelled");
  });
});

describe("the team confirms the instructions", () => {
  it("edits them if it must, queues the revision once, audited; the worker writes a new version in round 1 and keeps the commented one", async () => {
    const { member } = await teamMemberWithSecondFactor("team", "Tom Team");
    // The worker takes the oldest request first: none of the earlier tests' is left for it.
    await database.db.delete(pagesActions);
    const { pageId, versionId } = await draft("Le sel");
    await colleagueAsksForChanges(versionId);
    const seen = await teamRevisionOfVersion(member, versionId);
    expect(seen).toMatchObject({ stage: "waiting", siteRunsAtOnce: false, requestedByName: "Marie (lien de relecture)" });
    expect(seen!.comments.map((c) => [c.kind, c.quote, c.body])).toEqual([
      ["comment", "se nourrit chaque jour", "Précisez combien de fois par jour."],
      ["comment", null, "Ajoutez une photo du levain."],
      ["changes", null, "Merci de reprendre ces deux points."],
    ]);

    const edited = `${seen!.instructions}\n- Note de l'équipe : garder le titre.`;
    const { actionId } = await teamConfirmRevision(member, seen!.id, edited);
    await expect(teamConfirmRevision(member, seen!.id, edited)).rejects.toBeInstanceOf(RevisionClosedError);
    const [queued] = await modifyRequests(pageId);
    expect(queued).toMatchObject({ id: actionId, state: "queued" });
    expect(queued!.infoJson).toMatchObject({
      createNewVersion: true,
      request: { commentsToModify: edited, highlightModifiedContent: true },
    });
    const audited = await database.db.select().from(teamAuditLog).where(eq(teamAuditLog.action, "revision.confirmed"));
    expect(audited.at(-1)).toMatchObject({ actorId: member.id, recordId: String(pageId) });
    expect(audited.at(-1)!.details).toMatchObject({ versionId, round: 1, edited: true });

    openRouter.script.set(MODEL, [
      {
        content:
          '<meta name="description" content="Tout sur le levain.">\n<h1>Le levain</h1><p>Le levain se nourrit deux fois par jour de farine et d\'eau.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p>',
      },
    ]);
    expect(await runWorkOnce("revision-worker")).toBe(true);
    expect(openRouter.asked.at(-1)!.question).toContain("Note de l'équipe : garder le titre.");
    const versions = await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId)).orderBy(pagesVersions.id);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ id: versionId, htmlContent: ARTICLE, sentInRevision: true });
    expect(versions[1]).toMatchObject({ revisionRound: 1, approved: false, sentInRevision: false });
    expect(versions[1]!.htmlContent).toContain("<mark>");
    expect(await revisionOfVersion(owner, versionId)).toMatchObject({ stage: "ready", revisedVersionId: versions[1]!.id });
  });
});

describe("the versions screen and the console's screens", () => {
  it("the Modify form starts from a waiting revision's instructions, and sending it takes that revision up (not queued twice)", async () => {
    const { pageId, versionId } = await draft("Le four");
    await colleagueAsksForChanges(versionId);
    const listed = await listVersions(owner, siteId, pageId);
    expect(listed.find((v) => v.id === versionId)!.waitingRevision).toContain("« se nourrit chaque jour »");
    const { actionId } = await recordModification(
      owner,
      versionId,
      {
        commentsToModify: "Les consignes, revues.",
        needToDoWebSearchForModification: false,
        highlightModifiedContent: true,
        unhighlightModifiedContent: false,
        pagesVersionsToTakeAsExample: null,
      },
      { createNewVersion: true, pageId },
    );
    const [request] = await database.db.select().from(revisionRequests).where(eq(revisionRequests.version, versionId));
    expect(request).toMatchObject({ status: "queued", action: actionId, instructions: "Les consignes, revues.", confirmedBy: owner.id });
    expect(await modifyRequests(pageId)).toHaveLength(1);
    expect((await listVersions(owner, siteId, pageId)).find((v) => v.id === versionId)!.waitingRevision).toBeNull();
  });

  it("the inbox item shows the revision and confirms it; the site screen sets whether revisions wait", async () => {
    const { member, browser } = await teamMemberWithSecondFactor("team", "Léa Équipe");
    const { versionId } = await draft("La pâte");
    await colleagueAsksForChanges(versionId);
    const [item] = await database.db
      .select({ id: teamInbox.id })
      .from(teamInbox)
      .where(and(eq(teamInbox.versionId, versionId), eq(teamInbox.decision, "revision")));
    const itemPath = `/team/inbox/${item!.id}`;
    const shown = await runRoute(inboxItemLoader, new Request(`${TEST_PUBLIC_URL}${itemPath}`, { headers: { cookie: browser.cookie } }), {
      itemId: String(item!.id),
    });
    expect(shown.body.revision).toMatchObject({ stage: "waiting", round: 1 });
    expect(shown.body.revision.comments.map((c: { quote: string | null }) => c.quote)).toEqual(["se nourrit chaque jour", null, null]);

    const empty = await runRoute(
      inboxItemAction,
      formPost(browser, itemPath, { intent: "confirm-revision", request: String(shown.body.revision.id), instructions: "  " }),
      { itemId: String(item!.id) },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.result.error).toMatchObject({ instructions: ["Écrivez ce que la révision doit changer."] });
    const confirmed = await runRoute(
      inboxItemAction,
      formPost(browser, itemPath, { intent: "confirm-revision", request: String(shown.body.revision.id), instructions: "Plus court." }),
      { itemId: String(item!.id) },
    );
    expect(confirmed.body).toMatchObject({ ok: true, toast: { title: "Révision lancée" } });
    // The request for changes is acted on: its inbox item is handled by whoever confirmed.
    const [handled] = await database.db.select().from(teamInbox).where(eq(teamInbox.id, item!.id));
    expect(handled).toMatchObject({ handledBy: member.id, handledAt: expect.any(Date) });
    const again = await runRoute(
      inboxItemAction,
      formPost(browser, itemPath, { intent: "confirm-revision", request: String(shown.body.revision.id), instructions: "Plus court." }),
      { itemId: String(item!.id) },
    );
    expect(again.body).toMatchObject({ ok: false, toast: { description: expect.stringContaining("n'attend plus de confirmation") } });
    expect(await teamRevisionOfVersion(member, versionId)).toMatchObject({ stage: "writing", instructions: "Plus court." });

    const sitePath = `/team/sites/${siteId}`;
    const off = await runRoute(teamSiteAction, formPost(browser, sitePath, { intent: "revisions-wait" }), { siteId: String(siteId) });
    expect(off.body).toMatchObject({ ok: true, toast: { title: "Réglage enregistré" } });
    const [site] = await database.db.select({ wait: sites.revisionsWaitForTeam }).from(sites).where(eq(sites.id, siteId));
    expect(site!.wait).toBe(false);
    const audited = await database.db.select().from(teamAuditLog).where(eq(teamAuditLog.action, "site.revisions_wait_set"));
    expect(audited.at(-1)!.details).toEqual({ from: true, to: false });
  });
});
