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
import { cancelRevision, sendForRevision } from "~/models/review.server";
import { createVersion, revisionRounds } from "~/models/version.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let owner: TestUser;
let lead: TeamMember;

beforeAll(async () => {
  owner = await insertUser(database.db, { name: "Claire Client" });
  const account = await insertUser(database.db, { name: "Lea", email: uniqueEmail("lea") });
  await database.db.update(user).set({ role: "team", twoFactorEnabled: true }).where(eq(user.id, account.id));
  lead = { ...account, image: null, role: "team", twoFactorEnabled: true };
});

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
