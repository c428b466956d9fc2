/**
 * The llm_answers action against a fake OpenRouter (tests/fakes/openrouter.ts): each of the page's prompts asked of
 * every active LLM several times (issue 42), in the site's language, live (web search, annotated citations) where the
 * LLM searches, with whether each answer names the site and the URLs it cites; usage and cost summed; a 429 goes to
 * the LLM's fallback model; a failing asking keeps the others' answers and the retry asks only it; a refused key fails.
 */
import { and, eq, inArray, not } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  llmChecks,
  llms,
  locationCountries,
  locationLanguages,
  pagePrompts,
  pagesActions,
  pagesLlmAnswers,
  providerUsage,
  notifications,
  siteCheckPeriods,
  siteCheckSchedules,
  sites,
  user,
} from "../../db/schema";
import { defaultPrompts } from "~/lib/visibility/prompts";
import { addKeyword } from "~/models/keyword.server";
import { queueActions } from "~/jobs/queue.server";
import { createPage } from "~/models/page.server";
import { resetEnvForTests } from "~/services/env.server";
import { questionFor } from "~/jobs/tasks/llm_answers.server";
import { citedUrlsIn as citedUrls, mentionsSite } from "~/lib/results-rules";
import { plan, runOnce } from "~/jobs/run.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let fake: FakeOpenRouter;
let owner: TestUser;
let pageId: number;
let siteId: number;
let models: { id: number; model: string }[];

function configure(key?: string) {
  vi.stubEnv("OPENROUTER_API_KEY", key ?? fake.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", fake.baseUrl);
  vi.stubEnv("PROVIDER_TIMEOUT_MS", "2000");
  resetEnvForTests();
}
const run = () => runOnce("llm-worker", plan().runnable);
const request = async () => (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)))[0];
const answers = () =>
  database.db.select().from(pagesLlmAnswers).where(eq(pagesLlmAnswers.linkedPage, pageId)).orderBy(pagesLlmAnswers.linkedLlm);

beforeAll(async () => {
  fake = await startFakeOpenRouter();
  owner = await insertUser(database.db);
  const [france] = await database.db.select().from(locationCountries).where(eq(locationCountries.countryName, "France"));
  const [french] = await database.db.select().from(locationLanguages).where(eq(locationLanguages.linkedCountry, france.id));
  const [site] = await database.db
    .insert(sites)
    .values({
      name: "Boulangerie Dupont",
      url: "https://www.boulangerie-dupont.fr",
      linkedUser: owner.id,
      country: france.id,
      language: french.id,
    })
    .returning();
  siteId = site.id;
  ({ id: pageId } = await createPage(owner, site.id, { name: "Pain au levain", url: "/pain", status: 1 } as never));
  await addKeyword(owner, site.id, pageId, "levain maison");
  // Two active LLMs; the first has a fallback model.
  const all = await database.db.select({ id: llms.id, model: llms.nameOpenrouter }).from(llms).orderBy(llms.id);
  models = all.slice(0, 2);
  await database.db
    .update(llms)
    .set({ active: false })
    .where(
      not(
        inArray(
          llms.id,
          models.map((m) => m.id),
        ),
      ),
    );
  await database.db.update(llms).set({ fallbackOpenrouter: "openai/gpt-4o-mini" }).where(eq(llms.id, models[0].id));
  // The first searches the web, the second answers from memory.
  await database.db.update(llms).set({ webSearch: true }).where(eq(llms.id, models[0].id));
  await database.db.update(llms).set({ webSearch: false }).where(eq(llms.id, models[1].id));
  fake.answer = (model) =>
    model === models[1].model
      ? "Essayez la Boulangerie Dupont (https://www.boulangerie-dupont.fr/levain), et https://fr.wikipedia.org/wiki/Levain."
      : "Le levain se nourrit chaque jour. Voir https://example.org/guide.";
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await fake.close();
});
beforeEach(async () => {
  configure();
  fake.script.clear();
  fake.asked.length = 0;
  await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, pageId));
  await database.db.delete(llmChecks).where(eq(llmChecks.page, pageId));
  await queueActions(owner, "llm_answers", [{ pageId }]);
});

const checks = () =>
  database.db.select().from(llmChecks).where(eq(llmChecks.page, pageId)).orderBy(llmChecks.prompt, llmChecks.llm, llmChecks.sample);
const PROMPTS = defaultPrompts({ pageName: "Pain au levain", keywords: ["levain maison"], languageCode: "fr" });

describe("the llm_answers action", () => {
  it("asks each of the page's three prompts of every active LLM three times, live where the LLM searches, and keeps every answer", async () => {
    expect(await run()).toBe(true);
    // 3 prompts x 2 LLMs x 3 samples; the first LLM with OpenRouter's web search, the second from memory.
    expect(fake.asked).toHaveLength(18);
    expect(PROMPTS[0]).toBe(
      "Je me renseigne sur « Pain au levain, levain maison ». Que faut-il savoir, et quels sites ou ressources recommandes-tu ? Cite tes sources avec leurs URL.",
    );
    for (const question of PROMPTS) {
      for (const m of models) expect(fake.asked.filter((a) => a.question === question && a.model === m.model)).toHaveLength(3);
    }
    expect(new Set(fake.asked.filter((a) => a.web).map((a) => a.model))).toEqual(new Set([models[0].model]));
    const kept = await checks();
    expect(kept).toHaveLength(18);
    expect(kept.map((c) => [c.prompt, c.sample]).slice(0, 3)).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    const live = kept.filter((c) => c.llm === models[0].id);
    expect(live.every((c) => c.live && c.citationsFrom === "annotations" && c.citedUrls.join() === "https://example.org/guide")).toBe(true);
    const memory = kept.filter((c) => c.llm === models[1].id);
    expect(memory.every((c) => !c.live && c.citationsFrom === "text" && c.mentionsSite && c.siteCitation === 1)).toBe(true);
    // The LLM answers screen: each LLM's first answer to each prompt.
    const rows = await answers();
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r.linkedLlm, r.question, r.mentionsSite, r.citedUrls])).toContainEqual([
      models[1].id,
      PROMPTS[1],
      true,
      ["https://www.boulangerie-dupont.fr/levain", "https://fr.wikipedia.org/wiki/Levain"],
    ]);
    // Nine live answers pay the web plugin's fee for five results ($0.02) beside the tokens.
    expect(await request()).toMatchObject({ state: "done", tokensIn: 720, tokensOut: 1080, costUsd: "0.207000" });

    // Asked again: the newest answers are replaced, not added; the snapshots are added.
    await queueActions(owner, "llm_answers", [{ pageId }]);
    await run();
    expect(await answers()).toHaveLength(6);
    expect(await checks()).toHaveLength(36);
  });

  it("asks the team's prompts, as many times as the site's sample size says", async () => {
    await database.db.insert(pagePrompts).values([
      { page: pageId, position: 1, prompt: "Quelle boulangerie pour du pain au levain à Paris ?" },
      { page: pageId, position: 2, prompt: "Comment faire un levain maison ?" },
    ]);
    await database.db.insert(siteCheckSchedules).values({ siteId, samples: 1 });
    try {
      await run();
      expect(fake.asked.map((a) => a.question).sort()).toEqual([
        "Comment faire un levain maison ?",
        "Comment faire un levain maison ?",
        "Quelle boulangerie pour du pain au levain à Paris ?",
        "Quelle boulangerie pour du pain au levain à Paris ?",
      ]);
      // The newest answers to questions the page no longer asks give way.
      expect((await answers()).map((a) => a.question).sort()).toEqual([
        "Comment faire un levain maison ?",
        "Comment faire un levain maison ?",
        "Quelle boulangerie pour du pain au levain à Paris ?",
        "Quelle boulangerie pour du pain au levain à Paris ?",
      ]);
    } finally {
      await database.db.delete(pagePrompts).where(eq(pagePrompts.page, pageId));
      await database.db.delete(siteCheckSchedules).where(eq(siteCheckSchedules.siteId, siteId));
    }
  });

  it("reads a live answer's citations from its annotations, and from its text when it gives none", async () => {
    fake.script.set(models[0].model, [
      { content: "Voir https://texte.example/a.", citations: ["https://www.boulangerie-dupont.fr/pain", "https://annot.example/b"] },
      { content: "Voir https://texte.example/a.", citations: [] },
    ]);
    await run();
    const first = (await checks()).filter(
      (c) => c.llm === models[0].id && c.citedUrls.length && c.citedUrls[0] !== "https://example.org/guide",
    );
    expect(first.map((c) => [c.citationsFrom, c.citedUrls, c.siteCitation]).sort()).toEqual([
      ["annotations", ["https://www.boulangerie-dupont.fr/pain", "https://annot.example/b"], 1],
      ["text", ["https://texte.example/a"], null],
    ]);
  });

  it("asks the fallback model when an LLM is rate limited", async () => {
    fake.script.set(models[0].model, [{ status: 429 }]);
    await run();
    expect(fake.asked.filter((a) => a.model === "openai/gpt-4o-mini")).toHaveLength(1);
    expect(fake.asked.find((a) => a.model === "openai/gpt-4o-mini")?.web).toBe(true);
    expect(await request()).toMatchObject({ state: "done" });
    expect(await checks()).toHaveLength(18);
  });

  it("keeps the answers that came when one asking fails, and the retry asks only what is missing", async () => {
    await database.db.delete(pagesLlmAnswers).where(eq(pagesLlmAnswers.linkedPage, pageId));
    fake.script.set(models[1].model, [{ status: 502 }]);
    await run();
    const failed = await request();
    expect(failed).toMatchObject({
      state: "queued",
      lastError: `17 of 18 answers stored; OpenRouter answered 502 for ${models[1].model}`,
    });
    expect(await checks()).toHaveLength(17);
    // The answers that came were paid: their cost is on the request, and in the ledger, though the attempt failed.
    expect(failed).toMatchObject({ costUsd: "0.205500", tokensIn: 680, tokensOut: 1020 });
    const spent = await database.db.select().from(providerUsage).where(eq(providerUsage.actionId, failed!.id));
    expect(spent).toHaveLength(17);

    await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.id, failed!.id));
    fake.asked.length = 0;
    await run();
    expect(fake.asked.map((a) => a.model)).toEqual([models[1].model]);
    expect(await request()).toMatchObject({ state: "done" });
    const kept = await checks();
    expect(kept).toHaveLength(18);
    expect(new Set(kept.map((c) => `${c.prompt}:${c.llm}:${c.sample}`)).size).toBe(18);
  });

  it("fails at once when OpenRouter refuses the key", async () => {
    configure("sk-or-wrong");
    await run();
    expect(await request()).toMatchObject({
      state: "failed",
      lastError: "0 of 18 answers stored; OpenRouter refused the key (401)",
    });
  });
  // Last: the team's notification it records queues an e-mail, which the worker would run before the next request.
  it("stops asking a scheduled check's questions once what it spent reaches what is left of the site's cap, and tells the team", async () => {
    // $0.05 a month: a live answer costs $0.0215, so the check stops after a few of its 18 questions.
    const member = await insertUser(database.db, { name: "Équipe" });
    await database.db.update(user).set({ role: "team" }).where(eq(user.id, member.id));
    await database.db.insert(siteCheckSchedules).values({ siteId, monthlyCapUsd: "0.05" });
    const [period] = await database.db
      .insert(siteCheckPeriods)
      .values({ siteId, period: "weekly:2027-03-01", status: "queued" })
      .returning();
    const queued = await request();
    await database.db
      .update(pagesActions)
      .set({ infoJson: { period: period!.id } })
      .where(eq(pagesActions.id, queued!.id));
    try {
      await run();
      // At most one round of questions already under way (4 at a time) past the cap, never the 18.
      expect(fake.asked.length).toBeGreaterThanOrEqual(3);
      expect(fake.asked.length).toBeLessThanOrEqual(7);
      expect(await checks()).toHaveLength(fake.asked.length);
      expect(await request()).toMatchObject({ state: "done" });
      const [marked] = await database.db.select().from(siteCheckPeriods).where(eq(siteCheckPeriods.id, period!.id));
      expect(marked!.status).toBe("capped");
      const told = await database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.site, siteId), eq(notifications.kind, "checks_capped")));
      expect(told.map((n) => n.recipient)).toContain(member.id);
      expect(told.filter((n) => n.recipient === member.id)).toHaveLength(1);
    } finally {
      await database.db.delete(siteCheckPeriods).where(eq(siteCheckPeriods.siteId, siteId));
      await database.db.delete(siteCheckSchedules).where(eq(siteCheckSchedules.siteId, siteId));
    }
  });
});

describe("reading an answer", () => {
  it("finds the URLs it cites and whether it names the site", () => {
    expect(citedUrls("See [guide](https://a.example/x), https://b.example/y. And https://a.example/x again.")).toEqual([
      "https://a.example/x",
      "https://b.example/y",
    ]);
    expect(mentionsSite("Try BOULANGERIE-DUPONT.FR today", "Dupont", "https://www.boulangerie-dupont.fr")).toBe(true);
    expect(mentionsSite("Try Boulangerie Dupont", "Boulangerie Dupont", "https://x.example")).toBe(true);
    expect(mentionsSite("Nothing here", "Boulangerie Dupont", "https://www.boulangerie-dupont.fr")).toBe(false);
  });

  it("asks in English when the site's language has no template", () => {
    expect(questionFor({ pageName: "Sourdough", keywords: ["sourdough", "starter"], languageCode: "ja" })).toBe(
      'I\'m looking into "Sourdough, starter". What should I know, and which websites or resources do you recommend? Please cite your sources with their URLs.',
    );
  });
});
