/**
 * create_article against a fake OpenRouter: the prompt carries the site's rules and research; the contract is
 * enforced (invented links removed, a too-short answer sent back once, refused twice = failed with the reason);
 * the article is saved as a new version, with what it cost.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { keywords, pagesActions, pagesKeywords, pagesVersions, providerUsage, serps, sites, toneArticles } from "../../db/schema";
import { articleContext, articlePrompt } from "~/jobs/tasks/create_article.server";
import { queueActions } from "~/jobs/queue.server";
import { createPage } from "~/models/page.server";
import { resetEnvForTests } from "~/services/env.server";
import { checkArticle } from "~/lib/article-contract";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { fakeArticle } from "../fakes/writer";
import { useTestDatabase } from "../setup/database";
import { runWorkOnce } from "../setup/worker";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
const MODEL = "test/article-writer";
let fake: FakeOpenRouter;
let owner: TestUser;
let pageId: number;

const body = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");
const article = (extra = "") =>
  `\`\`\`html\n<h1>Le pain au levain maison</h1><h2>Pourquoi le levain</h2><p>${body(1600)} <a href="https://serp.example/levain">source</a> ${extra}</p>\n\`\`\``;

const run = () => runWorkOnce("article-worker");
const request = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(desc(pagesActions.id)))[0];
const versions = () => database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId)).orderBy(desc(pagesVersions.id));

beforeAll(async () => {
  fake = await startFakeOpenRouter();
  vi.stubEnv("OPENROUTER_API_KEY", fake.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", fake.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", MODEL);
  resetEnvForTests();
  owner = await insertUser(database.db);
  const [group] = await database.db.insert(toneArticles).values({ name: "Chaleureux", creator: owner.id }).returning();
  await database.db
    .insert(toneArticles)
    .values({ name: "Exemple", content: "<p>Un ton chaleureux et précis.</p>", parentToneArticle: group.id, creator: owner.id });
  const [site] = await database.db
    .insert(sites)
    .values({
      name: "Boulangerie Dupont",
      url: "https://www.boulangerie-dupont.fr",
      linkedUser: owner.id,
      familiarTerms: true,
      addressTheReaderWithI: true,
      acceptedTopics: "pain, viennoiseries",
      additionalGuidelines: "Jamais de concurrents.",
      toneArticlesGroup: group.id,
    })
    .returning();
  ({ id: pageId } = await createPage(owner, site.id, { name: "Le pain au levain", url: "/levain", status: 1 } as never));
  const [keyword] = await database.db.insert(keywords).values({ keyword: "pain au levain maison" }).returning();
  await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword.id });
  await database.db.insert(serps).values({
    site: site.id,
    linkedKeyword: keyword.id,
    positionAbsolute: 1,
    title: "Levain",
    url: "https://serp.example/levain",
    metaDescription: "Tout sur le levain",
    type: "organic",
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await fake.close();
});
beforeEach(async () => {
  fake.script.clear();
  fake.asked.length = 0;
  await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, pageId));
  await queueActions(owner, "create_article", [{ pageId }]);
});

describe("create_article", () => {
  it("asks with the site's rules and research material", async () => {
    const prompt = articlePrompt((await articleContext(pageId))!);
    for (const part of [
      'Write the article "Le pain au levain" for the website Boulangerie Dupont (https://www.boulangerie-dupont.fr)',
      "Target keywords: pain au levain maison.",
      "Use a familiar register",
      'Write in the first person ("I").',
      "Stay within these topics: pain, viennoiseries.",
      "The site's guidelines: Jamais de concurrents.",
      "- https://serp.example/levain — Levain: Tout sur le levain",
      "--- Exemple ---\n<p>Un ton chaleureux et précis.</p>",
    ]) {
      expect(prompt).toContain(part);
    }
  });

  it("saves the article as a new version, without invented links, with its cost", async () => {
    fake.script.set(MODEL, [
      {
        content: article(
          '<a href="https://invented.example/x">inventé</a> <a href="https://www.boulangerie-dupont.fr/contact">nous écrire</a>',
        ),
      },
    ]);
    const before = (await versions()).length;
    await run();
    expect(await request()).toMatchObject({ state: "done", attempts: 1, costUsd: "0.001500", tokensIn: 40, tokensOut: 60 });
    const [latest] = await versions();
    expect((await versions()).length).toBe(before + 1);
    expect(latest.htmlContent.startsWith("<h1>Le pain au levain maison</h1>")).toBe(true);
    expect(latest.htmlContent).toContain('<a href="https://serp.example/levain">source</a>');
    // A same-site page that is not in the site's inventory is invented too (issue 40): its text stays.
    expect(latest.htmlContent).not.toContain("/contact");
    expect(latest.htmlContent).toContain(" nous écrire");
    expect(latest.htmlContent).toContain(" inventé ");
    expect(latest.htmlContent).not.toContain("invented.example");
  });

  it("keeps the meta description written before the article, made to fit; one left out is taken from the text", async () => {
    fake.script.set(MODEL, [
      { content: `<meta name="description" content="Le levain maison : le nourrir, le garder &amp; cuire avec.">\n${article()}` },
    ]);
    await run();
    let [latest] = await versions();
    expect(latest!.metaDescription).toBe("Le levain maison : le nourrir, le garder & cuire avec.");
    expect(latest!.htmlContent.startsWith("<h1>Le pain au levain maison</h1>"), "the tag is not part of the article").toBe(true);
    expect(fake.asked[0]!.system).toContain('First line: the article\'s meta description, as <meta name="description" content="...">');

    const long = `Un levain ${"vraiment ".repeat(30)}vivant.`;
    await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, pageId));
    await queueActions(owner, "create_article", [{ pageId }]);
    fake.script.set(MODEL, [{ content: `<meta content='${long}' name='description'>${article()}` }]);
    await run();
    [latest] = await versions();
    expect(latest!.metaDescription!.length).toBeLessThanOrEqual(160);
    expect(latest!.metaDescription).toMatch(/^Un levain vraiment .*vraiment…$/);

    await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, pageId));
    await queueActions(owner, "create_article", [{ pageId }]);
    fake.script.set(MODEL, [{ content: article() }]);
    await run();
    [latest] = await versions();
    expect(latest!.metaDescription, "from the text after the title").toMatch(/^Pourquoi le levain mot0 mot1 mot2 .* mot\d+…$/);
    expect(latest!.metaDescription!.length).toBeLessThanOrEqual(160);
  });

  it("sends a too-short article back once, naming the problem, and saves the repaired one", async () => {
    fake.script.set(MODEL, [{ content: "<h1>Court</h1><p>Trop court.</p>" }, { content: article() }]);
    await run();
    expect(fake.asked).toHaveLength(2);
    expect(fake.asked[1].question).toContain(
      "Your previous answer was refused: the article has 3 words; at least 1500 are needed; the article has no <h2> sections",
    );
    expect(await request()).toMatchObject({ state: "done", costUsd: "0.003000" });
  });

  it("fails with the reason when the second answer misses the contract too", async () => {
    const before = (await versions()).length;
    fake.script.set(MODEL, [{ content: "<p>Non.</p>" }, { content: "<h1>A</h1><h1>B</h1>" }]);
    await run();
    expect(await request()).toMatchObject({
      state: "failed",
      lastError:
        'The article was refused twice: the article has 2 words; at least 1500 are needed; the article has 2 <h1> titles; exactly one is needed; the article has no <h2> sections; the <h1> title does not contain the keyword "pain au levain maison"',
    });
    expect((await versions()).length).toBe(before);
    // Both answers were paid for: the failed request carries their cost, and the ledger each call with its model and site.
    const failed = await request();
    expect(failed).toMatchObject({ costUsd: "0.003000", tokensIn: 80, tokensOut: 120 });
    const spent = await database.db.select().from(providerUsage).where(eq(providerUsage.actionId, failed!.id));
    expect(spent.map((row) => [row.provider, row.model, row.costUsd, row.kind, row.siteId !== null])).toEqual([
      ["openrouter", MODEL, "0.001500", "create_article", true],
      ["openrouter", MODEL, "0.001500", "create_article", true],
    ]);
  });
});

describe("the fakes' writer", () => {
  it("writes articles that meet the contract, so that `npm run dev:fakes` creates real versions", () => {
    expect(checkArticle(fakeArticle("Le pain au levain")).problems).toEqual([]);
  });
});
