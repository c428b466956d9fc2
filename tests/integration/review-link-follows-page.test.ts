/**
 * Issue 38: a review link follows the page. Made on the first draft, the same link shows the revision once it is
 * written: which round it is, what changed since the version its reviewers read, and their earlier comments beside
 * the passages they quoted. A reviewer who left an address with a comment is e-mailed the link when the round is
 * ready, once. An old link never shows a stale draft as if it were current.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pagesActions, pagesVersions, reviewLinks, reviewLinkWatchers, sites } from "../../db/schema";
import { createPage } from "~/models/page.server";
import {
  createReviewLink,
  guestComment,
  guestDecide,
  guestOpenReview,
  listReviewLinks,
  revokeReviewLink,
} from "~/models/review-link.server";
import { teamConfirmRevision, teamRevisionOfVersion } from "~/models/revision-request.server";
import { loader as reviewLinkLoader } from "~/routes/public/review-link";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, type TestUser } from "../setup/factories";
import { mailsTo } from "../setup/outbox";
import { teamMemberWithSecondFactor } from "../setup/team";
import { runWorkOnce } from "../setup/worker";
import { runRoute } from "../setup/accounts";

const database = useTestDatabase();
const MODEL = "test/article-editor";
const FIRST = "<h1>Le levain</h1><p>Le levain se nourrit chaque jour.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p>";
const REVISED =
  '<meta name="description" content="Le levain, jour après jour.">\n<h1>Le levain</h1><p>Le levain se nourrit deux fois par jour.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p>';

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

async function firstDraft(name: string) {
  const page = await createPage(owner, siteId, { name, url: `/${name.toLowerCase().replace(/\W+/g, "-")}`, status: 1 } as never);
  const [version] = await database.db.insert(pagesVersions).values({ page: page.id, htmlContent: FIRST }).returning();
  return { pageId: page.id, versionId: version!.id };
}

/** The team confirms the revision and the worker writes it, as the fake model answers. */
async function reviseWithTheTeam(versionId: number) {
  const { member } = await teamMemberWithSecondFactor("team", "Tom Team");
  const revision = await teamRevisionOfVersion(member, versionId);
  await database.db.delete(pagesActions); // the worker takes the oldest first: only this one is left
  await teamConfirmRevision(member, revision!.id, revision!.instructions);
  openRouter.script.set(MODEL, [{ content: REVISED }]);
  expect(await runWorkOnce("review-link-worker")).toBe(true);
}

describe("a review link made on the first draft", () => {
  it("shows the revision once written: its round, what changed since the reviewer read it, and their earlier comments", async () => {
    const { pageId, versionId } = await firstDraft("Le levain");
    const { token } = await createReviewLink(owner, versionId);
    expect(await guestOpenReview(token)).toMatchObject({ round: null, changes: null, earlier: [] });
    await guestComment(token, { name: "Marie", body: "Combien de fois ?", quote: { text: "chaque jour", start: 29, end: 40 } });
    await guestDecide(token, { name: "Marie", decision: "changes", body: "À préciser." });
    // Waiting for the revision: the same link says so, on the commented version.
    expect(await guestOpenReview(token)).toMatchObject({ state: "In revision", revisionDueAt: expect.any(Date) });

    await reviseWithTheTeam(versionId);
    const [newest] = await database.db
      .select()
      .from(pagesVersions)
      .where(eq(pagesVersions.page, pageId))
      .orderBy(pagesVersions.id)
      .offset(1);
    const review = await guestOpenReview(token);
    expect(review).toMatchObject({ state: "Draft", round: { number: 1, requestedAt: expect.any(Date) } });
    expect(review!.html).toContain("deux fois par jour");
    expect(review!.comments).toEqual([]);
    expect(review!.earlier.map((c) => [c.kind, c.quote, c.body])).toEqual([
      ["comment", "chaque jour", "Combien de fois ?"],
      ["changes", null, "À préciser."],
    ]);
    const changed = review!.changes!.paragraphs.flat();
    expect(changed.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual(["chaque"]);
    expect(changed.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["deux fois par"]);
    expect(review!.changes!.unchanged).toBe(3);

    // The page shows it: "Révision 1, après les commentaires du dd/mm", and a decision can be taken on the revision.
    const page = await runRoute(reviewLinkLoader as never, new Request(`${TEST_PUBLIC_URL}/r/${token}`), { token });
    expect(page.body.review.roundLabel).toMatch(/^Révision 1, après les commentaires du \d{2}\/\d{2}$/);
    expect(await guestDecide(token, { name: "Marie", decision: "approved", body: "" })).toBe(true);
    const [approved] = await database.db
      .select({ approved: pagesVersions.approved })
      .from(pagesVersions)
      .where(eq(pagesVersions.id, newest!.id));
    expect(approved!.approved).toBe(true);
    // The owner sees the link from any version of the page.
    expect((await listReviewLinks(owner, newest!.id)).map((l) => l.active)).toEqual([true]);
  });

  it("e-mails the reviewers who left an address the link itself, once per round, and nobody through a revoked link", async () => {
    const { versionId } = await firstDraft("Le sel");
    const { token, id: linkId } = await createReviewLink(owner, versionId);
    const address = uniqueEmail("marie");
    await guestComment(token, { name: "Marie", body: "Moins de sel.", quote: null, email: address.toUpperCase() });
    await guestComment(token, { name: "Marie", body: "Et plus court.", quote: null, email: address });
    const [watcher, ...more] = await database.db.select().from(reviewLinkWatchers).where(eq(reviewLinkWatchers.link, linkId));
    expect(more).toEqual([]);
    expect(watcher!.tokenSealed).not.toContain(token);
    const { token: other, id: otherId } = await createReviewLink(owner, versionId);
    const revoked = uniqueEmail("revoked");
    await guestComment(other, { name: "Paul", body: "Bien.", quote: null, email: revoked });
    await revokeReviewLink(owner, otherId);
    await guestDecide(token, { name: "Marie", decision: "changes", body: "Voir mes commentaires." });

    await reviseWithTheTeam(versionId);
    // The e-mails queued with the revision are sent by the worker.
    while (await runWorkOnce("review-link-mail"));
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("La révision 1 de « Le sel » est prête à relire");
    expect(mails[0]!.text).toContain(`/r/${token}`);
    expect(await mailsTo(revoked)).toEqual([]);
    const [told] = await database.db
      .select({ round: reviewLinkWatchers.notifiedRound })
      .from(reviewLinkWatchers)
      .where(eq(reviewLinkWatchers.link, linkId));
    expect(told!.round).toBe(1);
  });
});

describe("migration 0029", () => {
  it("gives each review link made before it the page of its version", async () => {
    const backfill = fs
      .readFileSync(path.resolve("db/migrations/0029_review_links_follow_the_page.sql"), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith('UPDATE "review_links"'));
    expect(backfill).toHaveLength(1);
    const { pageId, versionId } = await firstDraft("Ancien lien");
    const { id } = await createReviewLink(owner, versionId);
    // As a link was before the migration: no page.
    await database.query(`alter table review_links alter column page drop not null`);
    try {
      await database.db
        .update(reviewLinks)
        .set({ page: null as never })
        .where(eq(reviewLinks.id, id));
      for (const statement of backfill) await database.query(statement);
      const [row] = await database.db.select({ page: reviewLinks.page }).from(reviewLinks).where(eq(reviewLinks.id, id));
      expect(row!.page).toBe(pageId);
    } finally {
      await database.query(`alter table review_links alter column page set not null`);
    }
  });
});
