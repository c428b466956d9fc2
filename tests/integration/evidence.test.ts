/**
 * Issue 40, the evidence pack and the writer held to its sources: the pack is gathered once from the research (the top
 * pages as read, the pages Google's AI Overview cites), passages that are sentences of those pages word for word; the
 * owner adds a source of their own (read at once), and takes a passage out or puts it back, nobody else's; the article
 * prompt offers the pack, whose addresses are the only outside links kept; an article whose check finds a claim its
 * source does not support is sent back once with it named, and what the second answer still gets wrong is kept with its
 * check, flagged, never dropped silently.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actions, keywords, pageEvidence, pagesActions, pagesKeywords, pagesVersions, sites, versionSources } from "../../db/schema";
import { evidenceOfPage, gatherEvidence } from "~/jobs/evidence.server";
import { documentText } from "~/lib/content-score/document.server";
import { articleContext, articlePrompt, createArticleTask } from "~/jobs/tasks/create_article.server";
import type { KeywordModel } from "~/lib/content-score/types";
import { NotFoundError } from "~/lib/not-found";
import { UsageTally } from "~/lib/usage";
import { addEvidenceSource, EvidenceSourceError, pageEvidencePack, setEvidenceRemoved } from "~/models/evidence.server";
import { createPage } from "~/models/page.server";
import { resetEnvForTests } from "~/services/env.server";
import { fetchReader } from "~/services/research/page-reader.server";
import { readTopPages } from "~/services/research/web-pages.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { startFakePages, type FakePages } from "../fakes/pages";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { emptyModel, insertResearch, noFeatures } from "../setup/research";

const database = useTestDatabase();
const MODEL = "test/article-writer";
let fake: FakeOpenRouter;
let pages: FakePages;
let owner: TestUser;
let stranger: TestUser;
let siteId: number;
let pageId: number;

/** The text of a page of the local page server, as the reader extracts it. */
async function textOf(url: string): Promise<string> {
  const read = await fetchReader().read(url);
  if (!read.ok) throw new Error(`unreadable ${url}`);
  return documentText(read.document);
}
const squeeze = (text: string) => text.replace(/\s+/g, " ");

beforeAll(async () => {
  pages = await startFakePages();
  fake = await startFakeOpenRouter();
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  vi.stubEnv("OPENROUTER_API_KEY", fake.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", fake.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", MODEL);
  vi.stubEnv("INVENTORY_READ_SITES", "false");
  resetEnvForTests();
  owner = await insertUser(database.db, { name: "Camille" });
  stranger = await insertUser(database.db);
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({ name: "Droit pratique", url: "https://droit-pratique.example", linkedUser: owner.id })
    .returning({ id: sites.id });
  ({ id: pageId } = await createPage(owner, siteId, { name: "La période d'essai", url: "/periode-essai", status: 1 } as never));
  const [keyword] = await database.db.insert(keywords).values({ keyword: "période d'essai" }).returning();
  await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword.id });
  // The research: two top pages (read and stored as the search does), and an AI Overview citing a third.
  const top = [0, 8].map((n, i) => ({ url: pages.at(`/articles/${n}`), position: i + 1, title: null }));
  await readTopPages(top, { reader: fetchReader(), maxAgeMs: 0 });
  const model: KeywordModel = {
    ...emptyModel("période d'essai"),
    pages: 2,
    terms: [
      { key: "contrat", label: "contrat", words: 1, importance: 1, range: [2, 6], pages: 2 },
      { key: "salari", label: "salarié", words: 1, importance: 0.8, range: [2, 6], pages: 2 },
    ] as KeywordModel["terms"],
    outlines: top.map((t) => ({ ...t, wordCount: 800, headings: [], readAt: new Date().toISOString() })),
  };
  await insertResearch(database.db, {
    siteId,
    keywordId: keyword.id,
    model,
    features: {
      ...noFeatures,
      aiOverview: { text: "La période d'essai…", references: [{ url: pages.at("/articles/7"), title: "Temps partagé", source: null }] },
    },
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await Promise.all([pages.close(), fake.close()]);
});

describe("the evidence pack", () => {
  it("is gathered once from the top pages and the AI Overview's references: their sentences, word for word, a few each", async () => {
    expect(await gatherEvidence(pageId, { reader: fetchReader() })).toBeGreaterThan(0);
    const pack = await evidenceOfPage(database.db, pageId);
    const sources = new Set(pack.map((p) => p.url));
    expect(sources).toEqual(new Set([pages.at("/articles/0"), pages.at("/articles/8"), pages.at("/articles/7")]));
    expect(pack.find((p) => p.url === pages.at("/articles/7"))?.origin).toBe("ai_overview");
    expect(pack.find((p) => p.url === pages.at("/articles/0"))?.origin).toBe("top_page");
    for (const url of sources) {
      const text = squeeze(await textOf(url));
      const passages = pack.filter((p) => p.url === url);
      expect(passages.length).toBeLessThanOrEqual(3);
      for (const p of passages) {
        expect(text).toContain(p.passage);
        expect(["quotation", "figure", "date", "definition"]).toContain(p.kind);
      }
    }
    // Once: a second gathering adds nothing, even after the owner shaped the pack.
    expect(await gatherEvidence(pageId, { reader: fetchReader() })).toBe(0);
  });

  it("takes a source of the owner's own, read now; refuses an unreadable page or one already there; nobody else's page", async () => {
    const url = pages.at("/articles/6");
    const added = await addEvidenceSource(owner, pageId, url);
    expect(added).toBeGreaterThan(0);
    const pack = await pageEvidencePack(owner, pageId);
    const mine = pack.filter((p) => p.url === url);
    expect(mine).toHaveLength(added);
    expect(mine[0]).toMatchObject({ origin: "added", addedByName: "Camille", removedAt: null });
    const text = squeeze(await textOf(url));
    for (const p of mine) expect(text).toContain(p.passage);

    await expect(addEvidenceSource(owner, pageId, `${url}/`)).rejects.toMatchObject({ reason: "already" });
    await expect(addEvidenceSource(owner, pageId, pages.at("/missing"))).rejects.toBeInstanceOf(EvidenceSourceError);
    await expect(addEvidenceSource(owner, pageId, pages.at("/missing"))).rejects.toMatchObject({ reason: "unreadable" });
    await expect(addEvidenceSource(stranger, pageId, pages.at("/articles/5"))).rejects.toBeInstanceOf(NotFoundError);
    await expect(pageEvidencePack(stranger, pageId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await database.db.select().from(pageEvidence).where(eq(pageEvidence.url, pages.at("/articles/5")))).toHaveLength(0);
  });

  it("reads at most 30 pages an hour for one person, whatever the page", async () => {
    const busy = await insertUser(database.db);
    const [{ id: site }] = await database.db
      .insert(sites)
      .values({ name: "Occupé", url: "https://occupe.example", linkedUser: busy.id })
      .returning({ id: sites.id });
    const { id: page } = await createPage(busy, site, { name: "La période d'essai", url: "/essai", status: 1 } as never);
    for (let i = 0; i < 30; i += 1)
      await expect(addEvidenceSource(busy, page, pages.at(`/missing?try=${i}`))).rejects.toMatchObject({ reason: "unreadable" });
    const read = () => pages.hits.get("/articles/2") ?? 0;
    const before = read();
    await expect(addEvidenceSource(busy, page, pages.at("/articles/2"))).rejects.toMatchObject({ reason: "busy" });
    expect(read(), "not read").toBe(before);
  });

  it("takes a passage out and puts it back, keeping who did; nobody else can, nor through another page", async () => {
    const [first] = await evidenceOfPage(database.db, pageId);
    await setEvidenceRemoved(owner, pageId, first!.id, true);
    expect((await evidenceOfPage(database.db, pageId)).map((p) => p.id)).not.toContain(first!.id);
    const shown = (await pageEvidencePack(owner, pageId)).find((p) => p.id === first!.id);
    expect(shown).toMatchObject({ removedByName: "Camille" });
    expect(shown?.removedAt).toBeInstanceOf(Date);

    await expect(setEvidenceRemoved(stranger, pageId, first!.id, false)).rejects.toBeInstanceOf(NotFoundError);
    const { id: otherPage } = await createPage(owner, siteId, { name: "Autre", url: "/autre", status: 1 } as never);
    await expect(setEvidenceRemoved(owner, otherPage, first!.id, false)).rejects.toBeInstanceOf(NotFoundError);
    expect((await evidenceOfPage(database.db, pageId)).map((p) => p.id)).not.toContain(first!.id);

    await setEvidenceRemoved(owner, pageId, first!.id, false);
    expect((await evidenceOfPage(database.db, pageId)).map((p) => p.id)).toContain(first!.id);
  });
});

describe("the article and its sources", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");
  /** An article on the page's keyword that quotes a passage of the pack, with `extra` paragraphs. */
  const answer = (quote: { url: string; passage: string }, extra = "") =>
    `\`\`\`html\n<h1>La période d'essai : le guide</h1><h2>Ce que dit la loi</h2><p>${body(1600)}</p>` +
    `<p>Le ministère l'écrit : « ${quote.passage} » (<a href="${quote.url}">source</a>).</p>${extra}\n\`\`\``;
  const PLANTED = (url: string) =>
    `<p>En 2025, 87 % des salariés ont eu une période d'essai de 9 mois selon <a href="${url}">cette étude</a>.</p>`;

  let requestId: number;
  const write = async () => {
    const task = createArticleTask(undefined, { sources: () => fetchReader({ maxRedirects: 3 }), pages: () => fetchReader() });
    const payload = task.payload.parse({ page: pageId, version: null, info: null, info2: null });
    await task.run({ id: requestId, payload, signal: new AbortController().signal, usage: new UsageTally() } as never);
    const [version] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId)).orderBy(desc(pagesVersions.id));
    const checked = await database.db.select().from(versionSources).where(eq(versionSources.version, version!.id));
    const queuedCheck = await database.db
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(eq(pagesActions.linkedPagesVersion, version!.id));
    return { version: version!, checked, queuedCheck };
  };
  const asked = () => fake.asked.filter((a) => a.model === MODEL).map((a) => a.question);
  /** A passage of the pack to quote: one without quotation marks of its own. */
  const quotable = async () => (await articleContext(pageId))!.evidence.find((e) => !/[«»"“”]/.test(e.passage));

  beforeEach(() => {
    fake.script.clear();
    fake.asked.length = 0;
    requestId = 0;
  });

  it("offers the pack, whose addresses are the only outside links kept", async () => {
    const context = (await articleContext(pageId))!;
    const prompt = articlePrompt(context);
    expect(prompt).toContain("Evidence you may cite (the only outside pages you may link to)");
    for (const e of context.evidence) expect(prompt).toContain(`"${e.passage}"`);
    const quote = context.evidence.find((e) => !/[«»"“”]/.test(e.passage));
    fake.script.set(MODEL, [{ content: answer(quote!, `<p>Voir <a href="https://ailleurs.example/guide">ce guide</a>.</p>`) }]);
    const { version } = await write();
    expect(version.htmlContent).not.toContain("ailleurs.example");
    expect(version.htmlContent).toContain("ce guide");
    expect(version.htmlContent).toContain(`<a href="${quote!.url}">source</a>`);
  });

  it("sends back once an article whose source does not say its figure, naming it; the checked second answer is kept with its check", async () => {
    const quote = await quotable();
    fake.script.set(MODEL, [{ content: answer(quote!, PLANTED(quote!.url)) }, { content: answer(quote!) }]);
    const { version, checked, queuedCheck } = await write();
    const questions = asked();
    expect(questions).toHaveLength(2);
    expect(questions[1]).toContain("sources were checked, and these fail");
    expect(questions[1]).toContain(`${quote!.url} does not say`);
    expect(questions[1]).toContain("87 %");
    expect(version.htmlContent).not.toContain("87 %");
    // The review screen says what was fixed before the owner saw it.
    expect(version.sourcesFixed).toEqual([expect.objectContaining({ url: quote!.url, verdict: "not_supported" })]);
    expect(version.sourcesFixed![0]!.claim).toContain("87 %");
    // The check made before saving is the version's: no second check queued.
    expect(queuedCheck).toHaveLength(0);
    expect(checked).toHaveLength(1);
    expect(checked[0]).toMatchObject({ url: quote!.url, kind: "quotation", verdict: "supported", linkStatus: "resolves" });
  });

  it("keeps what the second answer still gets wrong, flagged with its check, never dropped silently", async () => {
    const quote = await quotable();
    fake.script.set(MODEL, [{ content: answer(quote!, PLANTED(quote!.url)) }, { content: answer(quote!, PLANTED(quote!.url)) }]);
    const { version, checked } = await write();
    expect(asked()).toHaveLength(2);
    expect(version.htmlContent).toContain("87 %");
    expect(checked.map((c) => c.verdict).sort()).toEqual(["not_supported", "supported"]);
    expect(version.sourcesFixed).toBeNull();
  });

  it("writes once when every source holds", async () => {
    const quote = await quotable();
    fake.script.set(MODEL, [{ content: answer(quote!) }]);
    const { checked } = await write();
    expect(asked()).toHaveLength(1);
    expect(checked.map((c) => c.verdict)).toEqual(["supported"]);
  });
});
