/**
 * Content scores (issue 39): every version written through the one writer gets its score against its page's
 * research (the versions list, the review screen's model and the review link read it; nobody else's); a weaker
 * text scores lower; a version rewritten in place is scored again, and so is every version of the pages that use a
 * keyword when its research is renewed; a page without research has none. The article task holds to the top pages'
 * median: below it, the article is sent back once with what it lacks; still below, it is kept for the team, its
 * owner told only once a team member releases it.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { keywords, notifications, pagesActions, pagesKeywords, pagesVersions, sites, teamAuditLog, versionScores } from "../../db/schema";
import { rescoreKeyword } from "~/jobs/content-score.server";
import { queueActions } from "~/jobs/queue.server";
import { saveModification } from "~/jobs/tasks/modify_articles_with_instructions.server";
import { buildKeywordModel } from "~/lib/content-score/model";
import { scoreTopPages } from "~/lib/content-score/score";
import { topPages } from "~/lib/content-score/test-pages";
import { NotFoundError } from "~/lib/not-found";
import { asTeam } from "~/models/access.server";
import { versionScore } from "~/models/content-score.server";
import { createPage } from "~/models/page.server";
import { NotTeamReleaseError, teamReleaseHeldVersion } from "~/models/review.server";
import { createReviewLink, guestOpenReview } from "~/models/review-link.server";
import { createVersion, listVersions } from "~/models/version.server";
import type { SessionUser } from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { useTestDatabase } from "../setup/database";
import { countQueries } from "../setup/query-count";
import { insertUser, type TestUser } from "../setup/factories";
import { insertResearch } from "../setup/research";
import { runWorkOnce } from "../setup/worker";

const database = useTestDatabase();
const KEYWORD = "vélo électrique";
const MODEL = "test/score-writer";
let owner: TestUser;
let stranger: TestUser;
let siteId: number;
let keywordId: number;

const input = { keyword: KEYWORD, language: "fr", pages: topPages(), peopleAlsoAsk: [] };

/** A full article in the words of the top pages: its title, the questions they ask, their terms. */
const STRONG = `<h1>Choisir un vélo électrique</h1>
<p>Le vélo électrique aide à pédaler grâce à sa batterie et à son moteur.</p>
<h2>Quelle autonomie pour la batterie ?</h2><p>L'autonomie de la batterie dépend du moteur et du poids ; elle se compte en kilomètres, une batterie donne une autonomie de cinquante kilomètres.</p>
<h2>Combien coûte un vélo électrique ?</h2><p>Le prix d'un vélo électrique dépend de la batterie et du moteur ; une prime à l'achat baisse le prix.</p>
<h2>Comment entretenir son vélo électrique ?</h2><p>L'entretien du moteur et de la batterie compte ; le prix de l'entretien reste faible.</p>`;
/** A short text that says little of it. */
const WEAK = "<h1>Nos conseils</h1><p>Voici quelques conseils généraux pour vos déplacements quotidiens.</p>";

/** A page of the site with the keyword in use; answers its id. */
async function scoredPage(name: string): Promise<number> {
  const { id } = await createPage(owner, siteId, { name, url: `/${name}`, status: 1 } as never);
  await database.db.insert(pagesKeywords).values({ linkedPage: id, linkedKeyword: keywordId });
  return id;
}

const scoreRow = async (versionId: number) =>
  (await database.db.select().from(versionScores).where(eq(versionScores.version, versionId)))[0] ?? null;

beforeAll(async () => {
  owner = await insertUser(database.db);
  stranger = await insertUser(database.db);
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({ name: "Vélos de Lyon", url: "https://velos-lyon.example", linkedUser: owner.id })
    .returning({ id: sites.id });
  [{ id: keywordId }] = await database.db.insert(keywords).values({ keyword: KEYWORD }).returning({ id: keywords.id });
  await insertResearch(database.db, { siteId, keywordId, model: buildKeywordModel(input), topScores: scoreTopPages(input) });
});

describe("every version gets its score", () => {
  it("as it is written, beside the top pages' median, for its owner only", async () => {
    const pageId = await scoredPage("guide");
    const strong = await createVersion(owner, pageId, STRONG);
    const weak = await createVersion(owner, pageId, WEAK);
    const [strongRow, weakRow] = [await scoreRow(strong.id), await scoreRow(weak.id)];
    expect(strongRow?.score).toBeGreaterThan(weakRow!.score);
    expect(strongRow?.topMedian).toBe(scoreTopPages(input).median);
    expect(weakRow!.details.missingTerms.length).toBeGreaterThan(strongRow!.details.missingTerms.length);

    const listed = await listVersions(owner, siteId, pageId);
    expect(listed.map((v) => [v.id, v.score, v.topMedian])).toEqual([
      [weak.id, weakRow!.score, weakRow!.topMedian],
      [strong.id, strongRow!.score, strongRow!.topMedian],
    ]);
    expect(await versionScore(owner, strong.id)).toMatchObject({ score: strongRow!.score, details: { wordCount: expect.any(Number) } });
    await expect(versionScore(stranger, strong.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("in the versions list of a page with 200 versions, in as many queries as for one", async () => {
    const pageId = await scoredPage("deux-cents");
    const one = await createVersion(owner, pageId, WEAK);
    const single = await countQueries(database.db, () => listVersions(owner, siteId, pageId));
    const rows = await database.db
      .insert(pagesVersions)
      .values(Array.from({ length: 199 }, (_, i) => ({ page: pageId, htmlContent: `<p>${i}</p>` })))
      .returning({ id: pagesVersions.id });
    await database.db.insert(versionScores).values(rows.map((row, i) => ({ version: row.id, score: i % 100, details: {} as never })));
    const many = await countQueries(database.db, () => listVersions(owner, siteId, pageId));
    expect(many.result).toHaveLength(200);
    expect(many.result.filter((v) => v.score !== null)).toHaveLength(200);
    expect(many.result.find((v) => v.id === one.id)?.score).toBe((await scoreRow(one.id))!.score);
    expect(many.queries).toBe(single.queries);
  });

  it("on the review link: the score and the questions still unanswered", async () => {
    const pageId = await scoredPage("lien");
    const version = await createVersion(owner, pageId, WEAK);
    const { token } = await createReviewLink(owner, version.id);
    const review = await guestOpenReview(token);
    expect(review?.score).toEqual({
      score: (await scoreRow(version.id))!.score,
      topMedian: scoreTopPages(input).median,
      unansweredQuestions: (await scoreRow(version.id))!.details.unansweredQuestions,
    });
    expect(review?.score?.unansweredQuestions.length).toBeGreaterThan(0);
  });

  it("again when a modification rewrites it in place", async () => {
    const pageId = await scoredPage("reecrit");
    const version = await createVersion(owner, pageId, WEAK);
    const before = (await scoreRow(version.id))!.score;
    const [action] = await queueActions(owner, "modify_articles_with_instructions", [{ pageId, versionId: version.id }]);
    await saveModification(
      { versionId: version.id, pageId },
      { html: STRONG, metaDescription: null },
      { createNewVersion: false, actionId: action.id },
    );
    expect((await scoreRow(version.id))!.score).toBeGreaterThan(before);
  });

  it("not without research, and then once the keyword's research is renewed", async () => {
    const [other] = await database.db.insert(keywords).values({ keyword: "vélo cargo familial" }).returning();
    const { id: pageId } = await createPage(owner, siteId, { name: "cargo", url: "/cargo", status: 1 } as never);
    await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: other.id });
    const version = await createVersion(owner, pageId, STRONG);
    expect(await scoreRow(version.id)).toBeNull();
    expect((await listVersions(owner, siteId, pageId))[0]).toMatchObject({ score: null, topMedian: null });

    await insertResearch(database.db, { siteId, keywordId: other.id, model: buildKeywordModel({ ...input, keyword: other.keyword }) });
    expect(await database.db.transaction((tx) => rescoreKeyword(tx, siteId, other.id))).toBe(1);
    expect((await scoreRow(version.id))?.score).toBeGreaterThan(0);
  });
});

describe("the article task holds to the top pages' median", () => {
  let fake: FakeOpenRouter;
  beforeAll(async () => {
    fake = await startFakeOpenRouter();
    vi.stubEnv("OPENROUTER_API_KEY", fake.apiKey);
    vi.stubEnv("OPENROUTER_BASE_URL", fake.baseUrl);
    vi.stubEnv("ARTICLE_MODEL", MODEL);
    resetEnvForTests();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    await fake.close();
  });
  // Only the request of each test is in the queue.
  beforeEach(() => database.db.delete(pagesActions));

  /** An article of the contract's length whose words say nothing of the research. */
  const filler = (title: string) =>
    `<h1>${title}</h1><h2>En bref</h2><p>${Array.from({ length: 1600 }, (_, i) => `propos${i % 50}`).join(" ")}</p>`;

  it("sends a weak article back once naming what it lacks, then keeps it for the team, who releases it", async () => {
    const pageId = await scoredPage("retenu");
    fake.script.set(MODEL, [{ content: filler("Le vélo électrique") }, { content: filler("Le vélo électrique, encore") }]);
    fake.asked.length = 0;
    await queueActions(owner, "create_article", [{ pageId }]);
    await runWorkOnce("score-worker");

    const [request] = await database.db
      .select()
      .from(pagesActions)
      .where(eq(pagesActions.linkedPage, pageId))
      .orderBy(desc(pagesActions.id));
    expect(request.state).toBe("done");
    expect(fake.asked).toHaveLength(2);
    expect(fake.asked[1].question).toMatch(
      /Your previous answer scores \d+\/100 against the pages that rank, below their median of \d+; use these important terms: /,
    );
    const [version] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId));
    expect(version.heldForTeam).toBe(true);
    const told = () =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.page, pageId), eq(notifications.kind, "article_ready")));
    expect(await told()).toHaveLength(0);

    const ownerActor = owner as unknown as SessionUser;
    await expect(teamReleaseHeldVersion(ownerActor, version.id)).rejects.toBeInstanceOf(NotTeamReleaseError);
    const member = await insertUser(database.db, { name: "Équipe" });
    const team = Object.assign(asTeam({ ...member, role: "team", twoFactorEnabled: true, image: null } as never), {
      email: member.email,
      name: member.name,
      image: null,
    }) as SessionUser;
    expect(await teamReleaseHeldVersion(team, version.id)).toBe(true);
    expect(await teamReleaseHeldVersion(team, version.id)).toBe(false);
    expect(await told()).toHaveLength(1);
    const [audit] = await database.db.select().from(teamAuditLog).where(eq(teamAuditLog.action, "version.released"));
    expect(audit).toMatchObject({ actorId: member.id, recordType: "version", recordId: String(version.id) });
  });

  it("tells the owner at once when the article reaches the median", async () => {
    // Research whose top pages' median a plain article reaches.
    const [easy] = await database.db.insert(keywords).values({ keyword: "vélo électrique pliant" }).returning();
    await insertResearch(database.db, {
      siteId,
      keywordId: easy.id,
      model: buildKeywordModel({ ...input, keyword: easy.keyword }),
      topScores: { pages: [], median: 1, best: 1 },
    });
    const { id: pageId } = await createPage(owner, siteId, { name: "direct", url: "/direct", status: 1 } as never);
    await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: easy.id });
    // The site has pages enough to link to (issue 40): an article without internal links is asked once more, and
    // kept as it is the second time, neither refused nor held for it.
    fake.script.set(MODEL, [{ content: filler("Le vélo électrique pliant") }, { content: filler("Le vélo électrique pliant") }]);
    fake.asked.length = 0;
    await queueActions(owner, "create_article", [{ pageId }]);
    await runWorkOnce("score-worker");
    const [version] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId));
    expect(version).toMatchObject({ heldForTeam: false });
    expect(fake.asked).toHaveLength(2);
    expect(fake.asked[0].question).toContain("Important terms of the pages that rank");
    expect(fake.asked[1].question).toMatch(/Also, your previous answer links to 0 of the site's pages; link to 3 to 8/);
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.page, pageId), eq(notifications.kind, "article_ready")));
    expect(told.length).toBeGreaterThan(0);
  });
});
