/**
 * Outline → article (issue 16): asking for an article first writes its outline (create_outline, with its cost)
 * and tells the owner; the owner edits and approves it, which queues the article from it (once, even approved
 * twice); the article follows the approved plan. A site whose brief skips the step gets the article directly.
 * A new outline replaces the one waiting; the model's answer is checked; nobody else reaches an outline.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actions, notifications, pageOutlines, pagesActions, pagesVersions, serps, keywords, pagesKeywords, sites } from "../../db/schema";
import { readOutline } from "~/jobs/tasks/create_outline.server";
import { NotFoundError } from "~/lib/not-found";
import { planText } from "~/lib/outline";
import { outlineSchema } from "~/lib/schemas/outline";
import { parseSubmission } from "~/lib/schemas/submission";
import { asTeam } from "~/models/access.server";
import { saveSiteBrief } from "~/models/brief.server";
import { getPageOutline, OutlineClosedError, OutlinePendingError, requestNewOutline, saveOutline } from "~/models/outline.server";
import { createPage, queueArticleCreation } from "~/models/page.server";
import { queueNewVersion } from "~/models/version.server";
import { resetEnvForTests } from "~/services/env.server";
import { action as outlineAction, loader as outlineLoader } from "~/routes/app/outline";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { formPost, runRoute, thrownStatus } from "../setup/accounts";
import { browser, type Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { signedInUser } from "../setup/sessions";
import { fakeWriter } from "../fakes/writer";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { runWorkOnce } from "../setup/worker";
import { routeArgs } from "../setup/route-args";

const database = useTestDatabase();
const MODEL = "test/outline-writer";
let fake: FakeOpenRouter;
let owner: TestUser;
let stranger: TestUser;
let siteId: number;
let pageId: number;

const run = () => runWorkOnce("outline-worker");
const requestsOf = (page: number) =>
  database.db
    .select({
      id: pagesActions.id,
      name: actions.name,
      state: pagesActions.state,
      info: pagesActions.infoJson,
      costUsd: pagesActions.costUsd,
      lastError: pagesActions.lastError,
    })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(eq(pagesActions.linkedPage, page))
    .orderBy(desc(pagesActions.id));
const outlinesOf = (page: number) =>
  database.db.select().from(pageOutlines).where(eq(pageOutlines.page, page)).orderBy(desc(pageOutlines.id));

/** The edit form as the screen posts it. */
function edited(outlineId: number, fields: Record<string, string>) {
  const form = new FormData();
  form.set("outlineId", String(outlineId));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseSubmission(form, outlineSchema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  const { outlineId: _id, ...input } = submission.value;
  return input;
}

beforeAll(async () => {
  fake = await startFakeOpenRouter();
  // The writer of `npm run dev:fakes`: an outline for "Plan the article", an article (from the outline) for "Write the article".
  fake.answer = fakeWriter;
  vi.stubEnv("OPENROUTER_API_KEY", fake.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", fake.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", MODEL);
  resetEnvForTests();
  owner = await insertUser(database.db, { name: "Claire Martin" });
  stranger = await insertUser(database.db);
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie Dupont", url: "https://www.boulangerie-dupont.fr", linkedUser: owner.id })
    .returning();
  siteId = site.id;
  ({ id: pageId } = await createPage(owner, siteId, { name: "Le pain au levain", url: "/levain", status: 1 } as never));
  const [keyword] = await database.db.insert(keywords).values({ keyword: "pain au levain" }).returning();
  await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword.id });
  await database.db.insert(serps).values({
    site: siteId,
    linkedKeyword: keyword.id,
    positionAbsolute: 1,
    title: "Levain",
    url: "https://serp.example/levain",
    type: "organic",
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await fake.close();
});
beforeEach(() => {
  fake.script.clear();
  fake.asked.length = 0;
});

describe("outline → article", () => {
  it("writes the outline first, with its cost, and tells the owner", async () => {
    const { step } = await queueNewVersion(owner, pageId);
    expect(step).toBe("outline");
    expect((await requestsOf(pageId)).map((r) => r.name)).toEqual(["create_outline"]);

    await run();
    const [request] = await requestsOf(pageId);
    expect(request).toMatchObject({ name: "create_outline", state: "done", costUsd: "0.001500" });
    expect(fake.asked[0]!.question).toMatch(/^Plan the article "Le pain au levain" for the website Boulangerie Dupont/);
    expect(fake.asked[0]!.question).toContain("Target keywords: pain au levain.");
    expect(fake.asked[0]!.system).toContain("Answer with one JSON object only");

    const [outline] = await outlinesOf(pageId);
    expect(outline).toMatchObject({ status: "ready", title: "Le pain au levain: the complete guide", writtenBy: request.id });
    expect(outline.sections.map((s) => s.heading)).toContain("Where to start");
    expect(outline.sources).toEqual(["https://serp.example/levain"]);
    // No version yet: the article waits for the approval.
    expect(await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId))).toEqual([]);

    const told = await database.db.select().from(notifications).where(eq(notifications.page, pageId));
    expect(told).toMatchObject([{ recipient: owner.id, kind: "outline_ready", version: null, pageName: "Le pain au levain" }]);
    const shown = await getPageOutline(owner, pageId);
    expect(shown).toMatchObject({ id: outline.id, status: "ready", costUsd: null });
  });

  it("saves the owner's edits, then approving queues the article from the outline once", async () => {
    const [outline] = await outlinesOf(pageId);
    const input = edited(outline.id, {
      title: "Réussir son pain au levain",
      angle: "La méthode d'un boulanger, pas d'un blog.",
      plan: "## Le levain\n### Le nourrir\n### Le garder\n## La pâte\n## La cuisson",
      keywords: "pain au levain, levain maison",
      sources: "https://serp.example/levain\nLe livre de Jean Dupont",
    });
    // Saved as written: nobody edited it.
    const asWritten = edited(outline.id, {
      title: outline.title,
      angle: outline.angle,
      plan: planText(outline.sections),
      keywords: outline.keywords.join(", "),
      sources: outline.sources.join("\n"),
    });
    await saveOutline(owner, pageId, outline.id, asWritten);
    expect((await getPageOutline(owner, pageId))!).toMatchObject({ status: "ready", updatedByName: null });
    await saveOutline(owner, pageId, outline.id, input);
    expect((await getPageOutline(owner, pageId))!).toMatchObject({
      status: "ready",
      title: "Réussir son pain au levain",
      updatedByName: "Claire Martin",
    });

    const { articleRequest } = await saveOutline(owner, pageId, outline.id, input, { approve: true });
    await expect(saveOutline(owner, pageId, outline.id, input, { approve: true })).rejects.toBeInstanceOf(OutlineClosedError);
    const articles = (await requestsOf(pageId)).filter((r) => r.name === "create_article");
    expect(articles).toMatchObject([{ id: articleRequest, state: "queued", info: { outline: outline.id } }]);
    expect((await getPageOutline(owner, pageId))!).toMatchObject({
      status: "approved",
      approvedByName: "Claire Martin",
      articleState: "queued",
    });

    await run();
    expect(fake.asked[0]!.question).toContain("Follow this outline, which the site's owner approved");
    expect(fake.asked[0]!.question).toContain("Title: Réussir son pain au levain");
    expect(fake.asked[0]!.question).toContain("## Le levain\n### Le nourrir\n### Le garder\n## La pâte\n## La cuisson");
    expect(fake.asked[0]!.question).toContain("- Le livre de Jean Dupont");
    const [version] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId));
    expect(version.htmlContent).toMatch(/^<h1>Réussir son pain au levain<\/h1>/);
    expect([...version.htmlContent.matchAll(/<h[23]>([^<]+)<\/h[23]>/g)].map((m) => m[1])).toEqual([
      "Le levain",
      "Le nourrir",
      "Le garder",
      "La pâte",
      "La cuisson",
    ]);
    const kinds = (await database.db.select().from(notifications).where(eq(notifications.page, pageId))).map((n) => n.kind);
    expect(kinds.sort()).toEqual(["article_ready", "outline_ready"]);
  });

  it("a new outline, with what to change, replaces the one waiting; one at a time", async () => {
    await requestNewOutline(owner, pageId, "Plus court, pour débutants.");
    await expect(requestNewOutline(owner, pageId, "")).rejects.toBeInstanceOf(OutlinePendingError);
    await run();
    expect(fake.asked[0]!.question).toContain("What the site's owner asks of this outline:\nPlus court, pour débutants.");
    await requestNewOutline(owner, pageId, "");
    await run();
    const statuses = (await outlinesOf(pageId)).map((o) => o.status);
    expect(statuses).toEqual(["ready", "replaced", "approved"]);
    // The approved outline stays; the screen shows the one waiting.
    expect((await getPageOutline(owner, pageId))!.status).toBe("ready");
  });

  it("nobody else reaches an outline: another account's answers like a missing one", async () => {
    const [outline] = await outlinesOf(pageId);
    const input = edited(outline.id, { title: "Pris", plan: "## A\n## B" });
    await expect(getPageOutline(stranger, pageId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveOutline(stranger, pageId, outline.id, input, { approve: true })).rejects.toBeInstanceOf(NotFoundError);
    await expect(requestNewOutline(stranger, pageId, "")).rejects.toBeInstanceOf(NotFoundError);
    // Nor through another page of one's own.
    const [ownSite] = await database.db
      .insert(sites)
      .values({ name: "Autre", url: "https://autre.example", linkedUser: stranger.id })
      .returning();
    const other = await createPage(stranger, ownSite.id, { name: "Autre", url: "/autre", status: 1 } as never);
    await expect(saveOutline(stranger, other.id, outline.id, input)).rejects.toBeInstanceOf(NotFoundError);
    expect((await outlinesOf(pageId))[0]).toMatchObject({ status: "ready", title: outline.title });
  });

  it("the team sees what an outline cost; the client does not", async () => {
    const member = await insertUser(database.db, { name: "Équipe" });
    const team = asTeam({ id: member.id, role: "team", twoFactorEnabled: true, name: "Équipe", email: member.email, image: null } as never);
    expect((await getPageOutline(team, pageId))!.costUsd).toBeCloseTo(0.0015);
    expect((await getPageOutline(owner, pageId))!.costUsd).toBeNull();
  });

  it("a site whose brief skips the outline gets the article directly, in a batch too", async () => {
    const brief = {
      audience: "",
      offer: "",
      toneGroup: null,
      toneSamples: "",
      topicsToCover: "",
      topicsToAvoid: "",
      competitors: "",
      wordsToUse: "",
    };
    await saveSiteBrief(owner, siteId, { ...brief, outlineStep: false });
    const second = await createPage(owner, siteId, { name: "La brioche", url: "/brioche", status: 1 } as never);
    expect((await queueNewVersion(owner, second.id)).step).toBe("article");
    await queueArticleCreation(owner, siteId, [pageId, second.id]);
    expect((await requestsOf(second.id)).map((r) => r.name)).toEqual(["create_article", "create_article"]);
    // A brief saved without the field keeps the choice.
    await saveSiteBrief(owner, siteId, { ...brief, outlineStep: undefined });
    expect((await queueNewVersion(owner, second.id)).step).toBe("article");
    await saveSiteBrief(owner, siteId, { ...brief, outlineStep: true });
    expect((await queueNewVersion(owner, second.id)).step).toBe("outline");
    await database.db.delete(pagesActions).where(and(eq(pagesActions.linkedPage, second.id)));
    await database.db.delete(pagesActions).where(and(eq(pagesActions.linkedPage, pageId), eq(pagesActions.state, "queued")));
  });

  it("an answer that holds no outline is sent back once, then the request fails with the reason", async () => {
    await database.db.update(pageOutlines).set({ status: "replaced" }).where(eq(pageOutlines.page, pageId));
    await requestNewOutline(owner, pageId, "");
    fake.script.set(MODEL, [
      { content: "Voici un plan : d'abord le levain." },
      { content: '{"title": "Levain", "sections": [{"heading": "Un"}]}' },
    ]);
    await run();
    expect(fake.asked[1]!.question).toContain("Your previous answer was refused: the answer holds no JSON object.");
    const [request] = await requestsOf(pageId);
    expect(request.state).toBe("failed");
    expect(request.lastError).toContain("The outline was refused twice: sections:");
    expect((await outlinesOf(pageId)).filter((o) => o.status === "ready")).toEqual([]);
  });
});

describe("the outline screen's route", () => {
  const path = () => `/sites/${siteId}/pages/${pageId}/outline`;
  const params = () => ({ siteId: String(siteId), pageId: String(pageId) });
  const get = (b: Browser | null) =>
    new Request(`${TEST_PUBLIC_URL}${path()}`, { headers: b?.cookie ? { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } : {} });

  it("shows the outline to its owner only: another account gets 404, nobody signed in goes to /auth", async () => {
    const signedOwner = await signedInUser("Autre Client");
    const noSession = await runRoute(outlineLoader as never, get(null), params());
    expect(noSession.status).toBe(302);
    expect(noSession.headers.get("location")).toMatch(/^\/auth/);
    expect(await thrownStatus(outlineLoader(routeArgs(get(signedOwner.browser), params())))).toBe(404);
    const [outline] = await outlinesOf(pageId);
    for (const fields of <Record<string, string>[]>[
      { intent: "approve", outlineId: String(outline.id), title: "Pris", plan: "## A\n## B" },
      { intent: "new-outline", instructions: "" },
    ]) {
      const refused = await runRoute(outlineAction as never, formPost(signedOwner.browser, path(), fields), params());
      expect(refused.status).toBe(404);
    }
    const noOne = await runRoute(outlineAction as never, formPost(browser(), path(), { intent: "new-outline" }), params());
    expect(noOne.status).toBe(302);
    expect((await outlinesOf(pageId))[0]).toMatchObject({ id: outline.id, status: outline.status, title: outline.title });
  });

  it("refuses a broken plan with its reason, and an unknown intent", async () => {
    const client = await signedInUser("Propriétaire");
    const [site] = await database.db
      .insert(sites)
      .values({ name: "À moi", url: "https://a-moi.example", linkedUser: client.user.id })
      .returning();
    const own = await createPage(client.user, site.id, { name: "Mon article", url: "/mon-article", status: 1 } as never);
    const ownParams = { siteId: String(site.id), pageId: String(own.id) };
    const ownPath = `/sites/${site.id}/pages/${own.id}/outline`;
    await database.db.insert(pageOutlines).values({
      page: own.id,
      title: "T",
      sections: [
        { heading: "A", subheadings: [] },
        { heading: "B", subheadings: [] },
      ],
    });
    const [outline] = await outlinesOf(own.id);
    const broken = await runRoute(
      outlineAction as never,
      formPost(client.browser, ownPath, { intent: "approve", outlineId: String(outline.id), title: "T", plan: "### Sous-partie\n## A" }),
      ownParams,
    );
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('Line 1: a subsection ("### ") comes under a section ("## ").');
    expect((await outlinesOf(own.id))[0]!.status).toBe("ready");
    const unknown = await runRoute(outlineAction as never, formPost(client.browser, ownPath, { intent: "publish" }), ownParams);
    expect(unknown.status).toBe(400);
  });
});

describe("readOutline", () => {
  it("reads the JSON inside a fence or a sentence, drops invented URLs and repeats", () => {
    const answer = `Here it is:\n\`\`\`json\n${JSON.stringify({
      title: "T",
      sections: [{ heading: "A", subheadings: ["a1"] }, { heading: "B" }],
      keywords: ["k", "k", ""],
      sources: ["https://serp.example/levain/", "https://invented.example/x", "Un livre"],
    })}\n\`\`\``;
    expect(readOutline(answer, ["https://serp.example/levain"])).toEqual({
      outline: {
        title: "T",
        angle: "",
        sections: [
          { heading: "A", subheadings: ["a1"] },
          { heading: "B", subheadings: [] },
        ],
        keywords: ["k"],
        sources: ["https://serp.example/levain/", "Un livre"],
      },
    });
    expect(readOutline("{not json}", [])).toEqual({ problems: ["the answer is not valid JSON"] });
  });
});
