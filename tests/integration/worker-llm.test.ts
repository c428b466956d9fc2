/**
 * The llm_answers action against a fake OpenRouter (tests/fakes/openrouter.ts): one answer per active LLM,
 * asked in the site's language, with whether it names the site and the URLs it cites; usage and cost summed;
 * a 429 goes to the LLM's fallback model; a failing LLM keeps the others' answers and retries; a refused key fails.
 */
import { eq, inArray, not } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { llms, locationCountries, locationLanguages, pagesActions, pagesLlmAnswers, providerUsage, sites } from "../../db/schema";
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
  await queueActions(owner, "llm_answers", [{ pageId }]);
});

describe("the llm_answers action", () => {
  it("asks every active LLM in the site's language and stores one answer each, with mentions, citations and cost", async () => {
    expect(await run()).toBe(true);
    expect(fake.asked.map((a) => a.model)).toEqual(models.map((m) => m.model));
    expect(fake.asked[0].question).toBe(
      "Je me renseigne sur « Pain au levain, levain maison ». Que faut-il savoir, et quels sites ou ressources recommandes-tu ? Cite tes sources avec leurs URL.",
    );
    const rows = await answers();
    expect(rows.map((r) => [r.linkedLlm, r.mentionsSite, r.citedUrls])).toEqual([
      [models[0].id, false, ["https://example.org/guide"]],
      [models[1].id, true, ["https://www.boulangerie-dupont.fr/levain", "https://fr.wikipedia.org/wiki/Levain"]],
    ]);
    expect(await request()).toMatchObject({ state: "done", tokensIn: 80, tokensOut: 120, costUsd: "0.003000" });

    // Asked again: the answers are replaced, not added.
    await queueActions(owner, "llm_answers", [{ pageId }]);
    await run();
    expect(await answers()).toHaveLength(2);
  });

  it("asks the fallback model when an LLM is rate limited", async () => {
    fake.script.set(models[0].model, [{ status: 429 }]);
    await run();
    expect(fake.asked.map((a) => a.model)).toEqual([models[0].model, "openai/gpt-4o-mini", models[1].model]);
    expect(await request()).toMatchObject({ state: "done" });
    expect(await answers()).toHaveLength(2);
  });

  it("keeps the answers that came when one LLM fails, and tries again later", async () => {
    await database.db.delete(pagesLlmAnswers).where(eq(pagesLlmAnswers.linkedPage, pageId));
    fake.script.set(models[1].model, [{ status: 502 }]);
    await run();
    expect(await request()).toMatchObject({
      state: "queued",
      lastError: `1 of 2 answers stored; OpenRouter answered 502 for ${models[1].model}`,
    });
    expect((await answers()).map((a) => a.linkedLlm)).toEqual([models[0].id]);
    // The model that answered was paid: its cost is on the request, and in the ledger with its model, though the attempt failed.
    const asked = await request();
    expect(asked).toMatchObject({ costUsd: "0.001500", tokensIn: 40, tokensOut: 60 });
    const spent = await database.db.select().from(providerUsage).where(eq(providerUsage.actionId, asked!.id));
    expect(spent.map((row) => [row.provider, row.model, row.costUsd, row.attempt, row.kind])).toEqual([
      ["openrouter", models[0].model, "0.001500", 1, "llm_answers"],
    ]);
  });

  it("fails at once when OpenRouter refuses the key", async () => {
    configure("sk-or-wrong");
    await run();
    expect(await request()).toMatchObject({
      state: "failed",
      lastError: "0 of 2 answers stored; OpenRouter refused the key (401); OpenRouter refused the key (401)",
    });
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
