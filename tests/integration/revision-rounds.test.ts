/**
 * Issue 16, revision rounds: each request for changes (the owner's, the team's for them, a review link's) starts
 * the page's next round; each text written after it (a new version, or a version revised in place) belongs to
 * that round. The site's offer includes two by default; going past them is allowed and told to the team only.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, pagesVersions, sites, user } from "../../db/schema";
import { actionId } from "~/jobs/queue.server";
import { saveGeneratedVersion } from "~/jobs/tasks/create_article.server";
import { saveModification } from "~/jobs/tasks/modify_articles_with_instructions.server";
import { revisionRoundLabel } from "~/lib/version-rules";
import { asTeam } from "~/models/access.server";
import { createReviewLink, guestDecide } from "~/models/review-link.server";
import { getPageSummary } from "~/models/page-summary.server";
import { approve, cancelRevision, sendForRevision } from "~/models/review.server";
import { saveWebhookConnection } from "~/models/site-publishing.server";
import { createVersion, revisionRounds } from "~/models/version.server";
import { action as pageDetailAction, loader as pageDetailLoader } from "~/routes/app/page-detail";
import type { TeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { formPost, runRoute } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, type TestUser } from "../setup/factories";
import { signedInUser } from "../setup/sessions";

const database = useTestDatabase();
let owner: TestUser;
let lead: TeamMember;

beforeAll(async () => {
  owner = await insertUser(database.db, { name: "Claire Client" });
  const account = await insertUser(database.db, { name: "Lea", email: uniqueEmail("lea") });
  await database.db.update(user).set({ role: "team", twoFactorEnabled: true }).where(eq(user.id, account.id));
  lead = { ...account, image: null, role: "team", twoFactorEnabled: true };
});

const stateOf = async (versionId: number) =>
  (
    await database.db
      .select({
        approved: pagesVersions.approved,
        approvedAt: pagesVersions.approvedAt,
        round: pagesVersions.revisionRound,
        edited: pagesVersions.edited,
      })
      .from(pagesVersions)
      .where(eq(pagesVersions.id, versionId))
  )[0]!;

const roundOf = async (versionId: number) =>
  (await database.db.select({ round: pagesVersions.revisionRound }).from(pagesVersions).where(eq(pagesVersions.id, versionId)))[0]!.round;

describe("revision rounds", () => {
  it("number the texts of a page after each request for changes, whoever asks", async () => {
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Vélos", url: "https://velos.example", linkedUser: owner.id })
      .returning();
    const [page] = await database.db
      .insert(pages)
      .values({ site: site!.id, name: "Choisir un vélo", url: "https://velos.example/choisir" })
      .returning();
    const first = await saveGeneratedVersion(page!.id, { html: "<p>1</p>", metaDescription: null });
    expect(await roundOf(first)).toBe(0);

    // The owner asks for changes: the revised text (in place) is round 1.
    await sendForRevision(owner, first, "Plus court.");
    const [request] = await database.db
      .insert(pagesActions)
      .values({ linkedPage: page!.id, linkedAction: await actionId("modify_articles_with_instructions"), linkedPagesVersion: first })
      .returning();
    await saveModification(
      { versionId: first, pageId: page!.id },
      { html: "<p>1 bis</p>", metaDescription: null },
      { createNewVersion: false, actionId: request!.id },
    );
    expect(await roundOf(first)).toBe(1);

    // The team asks again for the client: a new version is round 2.
    await cancelRevision(owner, first);
    await sendForRevision(asTeam(lead), first, "Encore.");
    const second = await saveGeneratedVersion(page!.id, { html: "<p>2</p>", metaDescription: null }, "revision_done");
    expect(await roundOf(second)).toBe(2);

    // A colleague asks through a review link: the owner's next pasted version is round 3.
    const { token } = await createReviewLink(owner, second);
    expect(await guestDecide(token, { name: "Zoé", decision: "changes", body: "Ajouter un tableau." })).toBe(true);
    const third = await createVersion(owner, page!.id, "<p>3</p>");
    expect(third.revisionRound).toBe(3);
    expect((await database.db.select().from(pages).where(eq(pages.id, page!.id)))[0]!.revisionRequests).toBe(3);

    // Two included by default: the team is told the third goes past them; the client reads the round alone.
    expect(await revisionRounds(owner, site!.id)).toEqual({ included: 2, team: false });
    const teamView = await revisionRounds(asTeam(lead), site!.id);
    expect(teamView).toEqual({ included: 2, team: true });
    expect(revisionRoundLabel(3, teamView)).toBe("Revision round 3, beyond the 2 included");
    expect(revisionRoundLabel(3, await revisionRounds(owner, site!.id))).toBe("Revision round 3");
  });
});

describe("an edit after approval (issue 38)", () => {
  it("makes a copy told apart as an edit, whose review starts over; the page detail says its newest version is not approved", async () => {
    const client = await signedInUser("Eddy Édition");
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Fromages", url: "https://fromages.example", linkedUser: client.user.id })
      .returning();
    const [page] = await database.db
      .insert(pages)
      .values({ site: site!.id, name: "Le comté", url: "https://fromages.example/comte" })
      .returning();
    const first = await saveGeneratedVersion(page!.id, { html: "<p>Douze mois.</p>", metaDescription: null });
    await sendForRevision(client.user, first, "Plus affiné.");
    const revised = await saveGeneratedVersion(page!.id, { html: "<p>Dix-huit mois.</p>", metaDescription: null }, "revision_done");
    await approve(client.user, revised);
    expect(await stateOf(revised)).toMatchObject({ round: 1, approved: true, edited: false });

    // Edited in the code editor: a new version of the same round, said to be an edit, not approved.
    const edited = await createVersion(client.user, page!.id, "<p>Dix-huit mois, au moins.</p>", { basedOn: revised });
    expect(edited).toMatchObject({ revisionRound: 1, edited: true, approved: false, sentInRevision: false });
    const rounds = await revisionRounds(client.user, site!.id);
    expect(revisionRoundLabel(edited.revisionRound, rounds, edited.edited)).toBe("Revision round 1, edited");
    expect(revisionRoundLabel(0, rounds, true)).toBe("First draft, edited");
    expect(revisionRoundLabel(3, { included: 2, team: true }, true)).toBe("Revision round 3, edited, beyond the 2 included");
    // A pasted version is no edit of another.
    const pasted = await createVersion(client.user, page!.id, "<p>Collé.</p>");
    expect(pasted.edited).toBe(false);
    await database.db.delete(pagesVersions).where(eq(pagesVersions.id, pasted.id));

    // The page detail's newest version is not approved: its loader says so, and so does the answer to 'Publish'.
    expect(await getPageSummary(client.user, site!.id, page!.id)).toMatchObject({ latestVersionId: edited.id, latestApproved: false });
    const params = { siteId: String(site!.id), pageId: String(page!.id) };
    const path = `/sites/${site!.id}/pages/${page!.id}`;
    const shown = await runRoute(
      pageDetailLoader as never,
      new Request(`${TEST_PUBLIC_URL}${path}`, { headers: { cookie: client.browser.cookie, [CLIENT_IP_HEADER]: client.browser.ip } }),
      params,
    );
    expect(shown.body).toMatchObject({ latestVersionId: edited.id, latestApproved: false });
    await saveWebhookConnection(client.user, site!.id, { url: "https://hooks.fromages.example/publish", publishOnApproval: false });
    const published = await runRoute(
      pageDetailAction,
      formPost(client.browser, path, { intent: "publish", versionId: String(edited.id) }),
      params,
    );
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      ok: true,
      toast: { title: "Publishing to WordPress", description: "This version is not approved yet. The page will show when it is done." },
    });
    await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, page!.id));

    // Approved, then revised in place: the text it was approved for is gone, and so is its approval.
    await approve(client.user, edited.id);
    expect(await getPageSummary(client.user, site!.id, page!.id)).toMatchObject({ latestApproved: true });
    const [request] = await database.db
      .insert(pagesActions)
      .values({ linkedPage: page!.id, linkedAction: await actionId("modify_articles_with_instructions"), linkedPagesVersion: edited.id })
      .returning();
    await saveModification(
      { versionId: edited.id, pageId: page!.id },
      { html: "<p>Vingt-quatre mois.</p>", metaDescription: null },
      { createNewVersion: false, actionId: request!.id },
    );
    expect(await stateOf(edited.id)).toMatchObject({ approved: false, approvedAt: null });
    expect(await getPageSummary(client.user, site!.id, page!.id)).toMatchObject({ latestApproved: false });
  });
});
