/**
 * modify_articles_with_instructions against a fake OpenRouter (and a fake DataForSEO for the web search): the
 * request carries the instructions, the example version and fresh search results; changed passages are marked
 * in code when highlight is on, earlier marks removed when unhighlight is on; the result is a new version, or
 * replaces the version's text after the earlier one is kept in history.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { keywords, pagesActions, pagesKeywords, pagesVersions, pagesVersionsHistory, sites } from "../../db/schema";
import { createPage } from "~/models/page.server";
import { recordModification, type ModificationInput } from "~/models/version.server";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeDataForSeo, type FakeDataForSeo } from "../fakes/dataforseo";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { useTestDatabase } from "../setup/database";
import { runWorkOnce } from "../setup/worker";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
const MODEL = "test/article-editor";
let openRouter: FakeOpenRouter;
let serp: FakeDataForSeo;
let owner: TestUser;
let pageId: number;
let versionId: number;
let exampleId: number;

const ORIGINAL =
  '<h1>Le levain</h1><p>Le levain se nourrit <mark>chaque jour</mark>.</p><p>Il faut de la farine <a href="https://serp.example/farine">bio</a>.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p>';

const run = () => runWorkOnce("modify-worker");
const lastRequest = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(desc(pagesActions.id)))[0];
const versions = () => database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId)).orderBy(desc(pagesVersions.id));
const version = async (id: number) => (await database.db.select().from(pagesVersions).where(eq(pagesVersions.id, id)))[0];

const ask = (input: Partial<ModificationInput>, createNewVersion: boolean) =>
  recordModification(
    owner,
    versionId,
    {
      commentsToModify: "Parle de la température de cuisson.",
      needToDoWebSearchForModification: false,
      highlightModifiedContent: false,
      unhighlightModifiedContent: false,
      pagesVersionsToTakeAsExample: null,
      ...input,
    },
    { createNewVersion },
  );

beforeAll(async () => {
  openRouter = await startFakeOpenRouter();
  serp = await startFakeDataForSeo();
  vi.stubEnv("OPENROUTER_API_KEY", openRouter.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", openRouter.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", MODEL);
  resetEnvForTests();
  owner = await insertUser(database.db);
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie Dupont", url: "https://www.boulangerie-dupont.fr", linkedUser: owner.id })
    .returning();
  ({ id: pageId } = await createPage(owner, site.id, { name: "Le levain", url: "/levain", status: 1 } as never));
  const [keyword] = await database.db.insert(keywords).values({ keyword: "levain maison" }).returning();
  await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword.id });
  [{ id: exampleId }] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: "<p>Un exemple de ton très chaleureux.</p>" })
    .returning();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await openRouter.close();
  await serp.close();
});
beforeEach(async () => {
  // Each test sees only its own requests (a test that failed half-way leaves none behind for the next).
  await database.db.delete(pagesActions);
  openRouter.script.clear();
  openRouter.asked.length = 0;
  serp.tasks.length = 0;
  [{ id: versionId }] = await database.db.insert(pagesVersions).values({ page: pageId, htmlContent: ORIGINAL }).returning();
});

describe("modify_articles_with_instructions", () => {
  it("replaces the version's text, keeps the earlier one in history, and marks what changed", async () => {
    await ask({ highlightModifiedContent: true, pagesVersionsToTakeAsExample: exampleId }, false);
    openRouter.script.set(MODEL, [
      {
        content:
          '<h1>Le levain</h1><p>Le levain se nourrit chaque jour.</p><p>Il faut de la farine <a href="https://serp.example/farine">bio</a>.</p><h2>Cuisson</h2><p>Cuire à 240 degrés, <mark>puis</mark> baisser à 220 degrés.</p><p>Voir <a href="https://invented.example/">ceci</a>.</p>',
      },
    ]);
    const count = (await versions()).length;
    await run();
    expect(await lastRequest()).toMatchObject({ state: "done", costUsd: "0.001500", tokensIn: 40 });
    const { question } = openRouter.asked[0];
    expect(question).toContain("The changes asked:\nParle de la température de cuisson.");
    expect(question).toContain("--- example ---\n<p>Un exemple de ton très chaleureux.</p>");
    // The model is given the text without marks.
    expect(question).toContain("<p>Le levain se nourrit chaque jour.</p>");
    expect((await versions()).length).toBe(count);
    const html = (await version(versionId)).htmlContent;
    expect(html).toContain("<p><mark>Cuire à 240 degrés, puis baisser à 220 degrés.</mark></p>");
    expect(html).toContain("<p><mark>Voir ceci.</mark></p>");
    // Unchanged passages keep their earlier marks (unhighlight is off), and the links that were there stay.
    expect(html).toContain("<p>Le levain se nourrit <mark>chaque jour</mark>.</p>");
    expect(html).toContain('<a href="https://serp.example/farine">bio</a>');
    const history = await database.db.select().from(pagesVersionsHistory).where(eq(pagesVersionsHistory.version, versionId));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ htmlContent: ORIGINAL, replacedBy: (await lastRequest()).id });
  });

  it("gives the model the version's meta description and keeps the earlier one in history with the earlier text", async () => {
    await database.db
      .update(pagesVersions)
      .set({ metaDescription: "Nourrir son levain, simplement." })
      .where(eq(pagesVersions.id, versionId));
    await ask({}, false);
    openRouter.script.set(MODEL, [
      {
        content: `<meta name="description" content="Nourrir son levain et cuire à la bonne température.">\n${ORIGINAL.replace("240", "250")}`,
      },
    ]);
    await run();
    expect(openRouter.asked[0]!.question).toContain("Its meta description: Nourrir son levain, simplement.");
    const revised = await version(versionId);
    expect(revised).toMatchObject({ metaDescription: "Nourrir son levain et cuire à la bonne température." });
    expect(revised!.htmlContent).not.toContain("<meta");
    const [history] = await database.db.select().from(pagesVersionsHistory).where(eq(pagesVersionsHistory.version, versionId));
    expect(history).toMatchObject({ htmlContent: ORIGINAL, metaDescription: "Nourrir son levain, simplement." });

    // A model that leaves it out: the version keeps the one it had, on a new version too.
    await ask({}, true);
    openRouter.script.set(MODEL, [{ content: ORIGINAL.replace("240", "260") }]);
    await run();
    const [latest] = await versions();
    expect(latest).toMatchObject({ metaDescription: "Nourrir son levain et cuire à la bonne température." });
    expect(latest!.id).not.toBe(versionId);
  });

  it("saves a new version when createNewVersion is set, with earlier marks removed when unhighlight is on", async () => {
    await ask({ unhighlightModifiedContent: true }, true);
    openRouter.script.set(MODEL, [{ content: ORIGINAL.replace("240", "250") }]);
    const count = (await versions()).length;
    await run();
    const [latest] = await versions();
    expect((await versions()).length).toBe(count + 1);
    expect(latest.htmlContent).not.toContain("<mark>");
    expect(latest.htmlContent).toContain("<p>Cuire à 250 degrés.</p>");
    expect((await version(versionId)).htmlContent).toBe(ORIGINAL);
  });

  it("searches the web for the page's keyword when asked, and may link to what it found", async () => {
    vi.stubEnv("DATAFORSEO_LOGIN", serp.login);
    vi.stubEnv("DATAFORSEO_PASSWORD", serp.password);
    vi.stubEnv("DATAFORSEO_URL", serp.url);
    resetEnvForTests();
    try {
      await ask({ needToDoWebSearchForModification: true }, true);
      const found = "https://site1.example/levain%20maison";
      openRouter.script.set(MODEL, [{ content: `${ORIGINAL}<p>Source : <a href="${found}">guide</a>.</p>` }]);
      await run();
      expect(serp.tasks).toHaveLength(1);
      expect(serp.tasks[0].keyword).toBe("levain maison");
      expect(openRouter.asked[0].question).toContain('Fresh web search results for "levain maison"');
      expect(await lastRequest()).toMatchObject({ state: "done" });
      const [latest] = await versions();
      expect(latest.htmlContent).toContain(`<a href="${found}">guide</a>`);
    } finally {
      vi.stubEnv("DATAFORSEO_LOGIN", "");
      vi.stubEnv("DATAFORSEO_PASSWORD", "");
      resetEnvForTests();
    }
  });

  it("fails with a clear reason when a web search is asked and no search provider is set", async () => {
    await ask({ needToDoWebSearchForModification: true }, true);
    await run();
    expect(await lastRequest()).toMatchObject({
      state: "failed",
      lastError: "A web search was asked, but no search provider is set: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD",
    });
    expect(openRouter.asked).toHaveLength(0);
  });

  it("asks again once when the answer lost the title, then fails without touching the version", async () => {
    await ask({}, false);
    openRouter.script.set(MODEL, [{ content: "<p>Sans titre.</p>" }, { content: "```html\n```" }]);
    await run();
    expect(openRouter.asked).toHaveLength(2);
    expect(openRouter.asked[1].question).toContain("Your previous answer was refused: the article must keep exactly one <h1> title.");
    expect(await lastRequest()).toMatchObject({
      state: "failed",
      lastError: "The revised article was refused twice: the answer holds no article",
    });
    expect((await version(versionId)).htmlContent).toBe(ORIGINAL);
  });

  it("retries later when OpenRouter is rate limited, keeping the version as it was", async () => {
    await ask({}, false);
    openRouter.script.set(MODEL, [{ status: 429, headers: { "Retry-After": "7" } }]);
    await run();
    const request = await lastRequest();
    expect(request).toMatchObject({ state: "queued", attempts: 1, lastError: `OpenRouter answered 429 for ${MODEL} (rate limited)` });
    expect((await version(versionId)).htmlContent).toBe(ORIGINAL);
  });

  it("applies each request as it was asked, even when a later request on the same version changed its fields", async () => {
    await ask({ commentsToModify: "Première demande" }, true);
    await ask({ commentsToModify: "Seconde demande", highlightModifiedContent: true }, true);
    openRouter.script.set("test/article-editor", [{ content: ORIGINAL }, { content: ORIGINAL }]);
    await run();
    await run();
    expect(openRouter.asked.map((a) => a.question.match(/The changes asked:\n(.*)/)?.[1])).toEqual(["Première demande", "Seconde demande"]);
  });

  it("removes the earlier marks without asking a model when unhighlight is the only request", async () => {
    await ask({ commentsToModify: null, unhighlightModifiedContent: true }, false);
    await run();
    expect(openRouter.asked).toHaveLength(0);
    expect(await lastRequest()).toMatchObject({ state: "done", costUsd: null, tokensIn: null });
    expect((await version(versionId)).htmlContent).toBe(ORIGINAL.replace("<mark>chaque jour</mark>", "chaque jour"));
  });

  it("fails with the reason a request with neither instructions nor unhighlight", async () => {
    await ask({ commentsToModify: null }, false);
    await run();
    expect(await lastRequest()).toMatchObject({
      state: "failed",
      lastError: "The modification request has no instructions (comments to modify)",
    });
    expect(openRouter.asked).toHaveLength(0);
  });
});
