/** models/llm-answer: the answers of a page with their LLM, and the re-triggered llm_answers request. */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { actions, llms, pages, pagesActions, pagesLlmAnswers, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { listLlmAnswers, llmAnswersOfPage, queueLlmAnswers } from "~/models/llm-answer.server";
import { truncateWords } from "~/lib/llm-rules";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let siteA: number;
let otherSiteA: number;
let pageA: number;
let pageB: number;
let otherPage: number;
let llmOne: { id: number; name: string; nameOpenrouter: string };
let llmTwo: { id: number; name: string; nameOpenrouter: string };
const longAnswer = Array.from({ length: 200 }, (_, i) => `mot${i + 1}`).join(" ");

async function llmAnswersRequests(pageId: number) {
  return database.db
    .select({ id: pagesActions.id, info2: pagesActions.info2, state: pagesActions.state, createdDate: pagesActions.createdDate })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(and(eq(pagesActions.linkedPage, pageId), eq(actions.name, "llm_answers")));
}

beforeAll(async () => {
  const { db } = database;
  alice = await insertUser(db);
  bob = await insertUser(db);
  [{ id: siteA }, { id: otherSiteA }] = await db
    .insert(sites)
    .values([
      { name: "Alice site", url: "https://alice-llm.example", linkedUser: alice.id },
      { name: "Alice other", url: "https://alice-other-llm.example", linkedUser: alice.id },
    ])
    .returning({ id: sites.id });
  [{ id: pageA }, { id: pageB }] = await db
    .insert(pages)
    .values([
      { site: siteA, name: "Guide", url: "https://alice-llm.example/guide" },
      { site: siteA, name: "Other page", url: "https://alice-llm.example/other" },
    ])
    .returning({ id: pages.id });
  [{ id: otherPage }] = await db
    .insert(pages)
    .values({ site: otherSiteA, name: "Page of the other site", url: "https://alice-other-llm.example/p" })
    .returning({ id: pages.id });
  const catalogue = await db.select().from(llms).orderBy(llms.id).limit(2);
  expect(catalogue.length, "the seed provides at least two LLMs").toBe(2);
  [llmOne, llmTwo] = catalogue;
  await db.insert(pagesLlmAnswers).values([
    { linkedPage: pageA, linkedLlm: llmOne.id, answer: "oldest", createdAt: new Date("2026-01-01T10:00:00Z") },
    {
      linkedPage: pageA,
      linkedLlm: llmTwo.id,
      answer: longAnswer,
      mentionsSite: false,
      citedUrls: [],
      createdAt: new Date("2026-03-01T10:00:00Z"),
    },
    {
      linkedPage: pageA,
      linkedLlm: llmOne.id,
      answer: "middle\n\nsecond paragraph",
      mentionsSite: true,
      citedUrls: ["https://blog.alice-llm.example/guide", "https://elsewhere.example/a"],
      createdAt: new Date("2026-02-01T10:00:00Z"),
    },
    { linkedPage: pageB, linkedLlm: llmOne.id, answer: "another page's answer" },
  ]);
});

describe("listLlmAnswers", () => {
  it("lists only this page's answers, newest first, with the LLM's names", async () => {
    const rows = await listLlmAnswers(alice, siteA, pageA);
    expect(rows.map((r) => r.answer)).toEqual([longAnswer, "middle\n\nsecond paragraph", "oldest"]);
    expect(rows[0]).toMatchObject({ llmName: llmTwo.name, llmNameOpenrouter: llmTwo.nameOpenrouter });
    expect(rows[2]).toMatchObject({ llmName: llmOne.name, llmNameOpenrouter: llmOne.nameOpenrouter });
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    expect(rows.every((r) => typeof r.id === "number")).toBe(true);
  });

  it("gives whether each answer mentions the site and the URLs it cites, in order; unknown (null) for older answers", async () => {
    const rows = await listLlmAnswers(alice, siteA, pageA);
    expect(rows.map(({ mentionsSite, citedUrls }) => ({ mentionsSite, citedUrls }))).toEqual([
      { mentionsSite: false, citedUrls: [] },
      { mentionsSite: true, citedUrls: ["https://blog.alice-llm.example/guide", "https://elsewhere.example/a"] },
      { mentionsSite: null, citedUrls: null },
    ]);
  });

  it("gives the page's site (name and URL) with its answers, and with none", async () => {
    const list = await llmAnswersOfPage(alice, siteA, pageA);
    expect(list.site).toEqual({ name: "Alice site", url: "https://alice-llm.example" });
    expect(list.answers).toEqual(await listLlmAnswers(alice, siteA, pageA));
    const empty = await llmAnswersOfPage(alice, otherSiteA, otherPage);
    expect(empty).toEqual({ site: { name: "Alice other", url: "https://alice-other-llm.example" }, answers: [] });
  });

  it("keeps the whole answer; the screen cuts a long one to 150 words", async () => {
    const [latest] = await listLlmAnswers(alice, siteA, pageA);
    expect(latest.answer?.split(" ")).toHaveLength(200);
    const cut = truncateWords(latest.answer);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe(`${longAnswer.split(" ").slice(0, 150).join(" ")}...`);
  });

  it("answers an empty list for a page without answers", async () => {
    await database.db.delete(pagesLlmAnswers).where(eq(pagesLlmAnswers.linkedPage, pageB));
    expect(await listLlmAnswers(alice, siteA, pageB)).toEqual([]);
  });

  it("refuses another account, another site of the owner, and a missing page", async () => {
    await expect(listLlmAnswers(bob, siteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listLlmAnswers(alice, otherSiteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listLlmAnswers(alice, siteA, 999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("gives another account neither the answers nor the site", async () => {
    await expect(llmAnswersOfPage(bob, siteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(llmAnswersOfPage(alice, otherSiteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(llmAnswersOfPage(bob, otherSiteA, otherPage)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("queueLlmAnswers", () => {
  it("refuses another account and queues nothing", async () => {
    await expect(queueLlmAnswers(bob, siteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(queueLlmAnswers(alice, otherSiteA, pageA)).rejects.toBeInstanceOf(NotFoundError);
    expect(await llmAnswersRequests(pageA)).toEqual([]);
  });

  it("queues one llm_answers request without keyword, then re-triggers that same row", async () => {
    const first = await queueLlmAnswers(alice, siteA, pageA);
    expect(first.created).toBe(true);
    const [before] = await llmAnswersRequests(pageA);
    expect(before).toMatchObject({ id: first.id, info2: null, state: "queued" });

    // The worker ran it; a new search resets the same row.
    await database.db
      .update(pagesActions)
      .set({ state: "done", createdDate: new Date("2026-01-01T00:00:00Z") })
      .where(eq(pagesActions.id, first.id));
    const second = await queueLlmAnswers(alice, siteA, pageA);
    expect(second).toEqual({ id: first.id, created: false });
    const rows = await llmAnswersRequests(pageA);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, info2: null, state: "queued" });
    expect(rows[0].createdDate.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
  });

  it("keeps each page's request apart", async () => {
    const other = await queueLlmAnswers(alice, siteA, pageB);
    expect(other.created).toBe(true);
    expect(await llmAnswersRequests(pageA)).toHaveLength(1);
    expect(await llmAnswersRequests(pageB)).toHaveLength(1);
  });
});
