/**
 * What the actions of the keywords, images, tone articles, LLM answers and profile screens answer, checked
 * on the route modules with hand-built requests (the answers' statuses and the fields the screens read):
 * their forms' refusals, a page or a record of another account, an unknown intent, no session. And the
 * failures of the French screens (brief, settings, notifications), titled in French.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesKeywords, pagesVersionsImages, sites } from "../../db/schema";
import { KEYWORD_TEXTS } from "~/lib/keyword-rules";
import { IMAGE_MESSAGES } from "~/lib/image-rules";
import { LLM_TEXTS } from "~/lib/llm-rules";
import { PAGE_NOT_FOUND } from "~/lib/not-found";
import { LINKEDIN_MESSAGES } from "~/routes/app/profile/profile-messages";
import { action as briefAction } from "~/routes/app/brief";
import { action as imagesAction } from "~/routes/app/images";
import { action as keywordsAction } from "~/routes/app/keywords";
import { action as llmAction } from "~/routes/app/llm-answers";
import { action as notificationsAction } from "~/routes/app/notifications";
import { action as profileAction } from "~/routes/app/profile";
import { action as settingsAction } from "~/routes/app/settings";
import { action as toneAction } from "~/routes/app/tone-articles";
import { browser, type Browser } from "../setup/auth-client";
import { formPost, runRoute } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";
import type { TestUser } from "../setup/factories";

const database = useTestDatabase();

let owner: { user: TestUser; browser: Browser };
let neighbour: { user: TestUser; browser: Browser };

beforeAll(async () => {
  owner = await signedInUser("Camille Dupont");
  neighbour = await signedInUser("Nosy Neighbour");
});

async function pageOf(user: TestUser, name: string) {
  const [site] = await database.db
    .insert(sites)
    .values({ name, url: `https://${name.toLowerCase().replace(/[^a-z]+/g, "-")}.example.com`, linkedUser: user.id })
    .returning({ id: sites.id });
  const [page] = await database.db
    .insert(pages)
    .values({ site: site.id, name: `${name} page`, url: `https://example.com/${site.id}`, creator: user.id })
    .returning({ id: pages.id });
  return { siteId: site.id, pageId: page.id, params: { siteId: String(site.id), pageId: String(page.id) } };
}

describe("the keywords screen's action", () => {
  it("adds, reuses, refuses a blank keyword on its field, and answers each intent's failure", async () => {
    const { siteId, pageId, params } = await pageOf(owner.user, "Site des mots");
    const path = `/sites/${siteId}/pages/${pageId}/keywords-for-page`;
    const post = (fields: Record<string, string>, who = owner) =>
      runRoute(keywordsAction as never, formPost(who.browser, path, fields), params);

    const blank = await post({ intent: "add", keyword: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ ok: false, intent: "add", error: KEYWORD_TEXTS.required });
    expect(blank.body.result.error.keyword).toEqual([KEYWORD_TEXTS.required]);
    expect(blank.body.toast).toBeUndefined();

    const added = await post({ intent: "add", keyword: "  Jardin Bio " });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      ok: true,
      intent: "add",
      alreadyLinked: false,
      toast: { type: "success", title: KEYWORD_TEXTS.added },
    });
    const again = await post({ intent: "add", keyword: "jardin bio" });
    expect(again.body).toMatchObject({ ok: true, alreadyLinked: true, toast: { type: "info", title: KEYWORD_TEXTS.alreadyLinked } });
    expect(again.body.stamp).toBeUndefined();

    const [link] = await database.db
      .select({ id: pagesKeywords.id, keywordId: pagesKeywords.linkedKeyword })
      .from(pagesKeywords)
      .where(eq(pagesKeywords.linkedPage, pageId));
    const toggled = await post({ intent: "toggle", linkId: String(link.id), value: "false" });
    expect(toggled.status).toBe(200);
    expect((await post({ intent: "toggle", linkId: "x", value: "false" })).body.toast).toEqual({
      type: "error",
      title: KEYWORD_TEXTS.toggleUnable,
      description: KEYWORD_TEXTS.chooseAgain,
    });
    const unlinked = await post({ intent: "toggle", linkId: String(link.id + 1000), value: "true" });
    expect(unlinked.status).toBe(404);
    expect(unlinked.body.toast).toEqual({ type: "error", title: KEYWORD_TEXTS.toggleUnable });

    const serps = await post({ intent: "serps", keywordId: String(link.keywordId) });
    expect(serps.status).toBe(200);
    expect(serps.body).toMatchObject({ ok: true, intent: "serps", serps: [] });
    // The keyword's research (issue 39), never searched yet: an empty research; a keyword not linked, or a page of
    // another account: 404, said in the dialog (no toast).
    const research = await post({ intent: "research", keywordId: String(link.keywordId) });
    expect(research.status).toBe(200);
    expect(research.body).toMatchObject({ ok: true, intent: "research", research: { keywordId: link.keywordId, check: null } });
    const researchNotLinked = await post({ intent: "research", keywordId: String(link.keywordId + 1000) });
    expect(researchNotLinked.status).toBe(404);
    expect(researchNotLinked.body).toEqual({ ok: false, intent: "research", error: KEYWORD_TEXTS.keywordNotFound });
    const researchForeign = await post({ intent: "research", keywordId: String(link.keywordId) }, neighbour);
    expect(researchForeign.status).toBe(404);
    expect(researchForeign.body).toEqual({ ok: false, intent: "research", error: PAGE_NOT_FOUND.message });
    const notLinked = await post({ intent: "queue-serp", keywordId: String(link.keywordId + 1000) });
    expect(notLinked.status).toBe(404);
    expect(notLinked.body.toast).toEqual({ type: "error", title: KEYWORD_TEXTS.unexpected, description: KEYWORD_TEXTS.keywordNotFound });

    const unknown = await post({ intent: "nothing" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, intent: null, toast: { type: "error", title: KEYWORD_TEXTS.unexpected } });

    // Another account: every intent answers 404, and nothing is linked.
    const foreign = await post({ intent: "add", keyword: "intrusion" }, neighbour);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ ok: false, intent: "add", error: PAGE_NOT_FOUND.message });
    const foreignToggle = await post({ intent: "toggle", linkId: String(link.id), value: "true" }, neighbour);
    expect(foreignToggle.status).toBe(404);
    expect(foreignToggle.body.toast).toEqual({ type: "error", title: KEYWORD_TEXTS.toggleUnable, description: PAGE_NOT_FOUND.message });
    const links = await database.db
      .select({ toSearch: pagesKeywords.toSearch })
      .from(pagesKeywords)
      .where(eq(pagesKeywords.linkedPage, pageId));
    expect(links).toEqual([{ toSearch: false }]);
  });
});

describe("the images screen's action", () => {
  it("queues a generation, and answers a missing image or another account's page with the intent's failure", async () => {
    const { siteId, pageId, params } = await pageOf(owner.user, "Site des images");
    const path = `/sites/${siteId}/pages/${pageId}/images`;
    const post = (fields: Record<string, string>, who = owner) =>
      runRoute(imagesAction as never, formPost(who.browser, path, fields), params);

    const generated = await post({
      intent: "generate",
      numberOfImages: "25",
      generatePrompt: "true",
      useInitialPhoto: "false",
      comments: "Bleu",
    });
    expect(generated.status).toBe(200);
    expect(generated.body).toEqual({ ok: true, intent: "generate", toast: { type: "success", title: IMAGE_MESSAGES.generated } });

    const missing = await post({ intent: "choose", imageId: "999999" });
    expect(missing.status).toBe(404);
    expect(missing.body.toast).toEqual({ type: "error", title: IMAGE_MESSAGES.selectFailed });

    const foreign = await post({ intent: "generate" }, neighbour);
    expect(foreign.status).toBe(404);
    expect(foreign.body.toast.title).toBe(IMAGE_MESSAGES.generateFailed);

    const unknown = await post({ intent: "nothing" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.toast).toEqual({ type: "error", title: "Error", description: "Unknown request." });
    expect(await database.db.select().from(pagesVersionsImages).where(eq(pagesVersionsImages.linkedPage, pageId))).toEqual([]);
  });
});

describe("the LLM answers screen's action", () => {
  it("queues a search, and answers another account's page 404", async () => {
    const { siteId, pageId, params } = await pageOf(owner.user, "Site des LLM");
    const path = `/sites/${siteId}/pages/${pageId}/llm-answers-for-page`;
    const post = (fields: Record<string, string>, who = owner) => runRoute(llmAction as never, formPost(who.browser, path, fields), params);

    const queued = await post({ intent: "search" });
    expect(queued.status).toBe(200);
    expect(queued.body).toEqual({ ok: true, toast: { type: "success", title: LLM_TEXTS.queued } });
    const foreign = await post({ intent: "search" }, neighbour);
    expect(foreign.status).toBe(404);
    expect(foreign.body.toast).toEqual({ type: "error", title: LLM_TEXTS.queueFailed, description: PAGE_NOT_FOUND.message });
    const unknown = await post({ intent: "nothing" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.toast).toEqual({ type: "error", title: "Error", description: "Unknown action." });
  });
});

describe("the tone articles screen's action", () => {
  const post = (fields: Record<string, string>, b: Browser = owner.browser) =>
    runRoute(toneAction as never, formPost(b, "/tone-articles", fields));

  it("refuses a blank name and an unknown parent group on their fields, without a toast, and creates a valid one", async () => {
    const blank = await post({ intent: "create", name: " ", parent: "none", content: "" });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ ok: false, error: "Name is required" });
    expect(blank.body.result.error.name).toEqual(["Name is required"]);
    expect(blank.body.toast).toBeUndefined();

    const orphan = await post({ intent: "create", name: "Orphelin", parent: "999999", content: "" });
    expect(orphan.status).toBe(400);
    expect(orphan.body.result.error.parent).toEqual(["Parent group not found"]);

    const created = await post({ intent: "create", name: "Mon groupe", parent: "none", content: "Le ton." });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ ok: true, toast: { type: "success", title: "Tone article created successfully" } });

    const anonymous = await post({ intent: "create", name: "Anonyme" }, browser());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ ok: false, error: "You must be logged in to create a tone article." });
    expect((await post({ intent: "nothing" })).body).toEqual({ ok: false, error: "Unknown action" });
  });
});

describe("the profile screen's action", () => {
  it("answers no session 401, and LinkedIn unavailable when it is not configured", async () => {
    const post = (b: Browser) => runRoute(profileAction as never, formPost(b, "/profile", { intent: "link" }));
    const anonymous = await post(browser());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.toast).toEqual({ type: "error", title: "Erreur", description: LINKEDIN_MESSAGES.signedOut });
    const unavailable = await post(owner.browser);
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.toast.description).toBe(LINKEDIN_MESSAGES.notConfigured);
  });
});

describe("the French screens' failures (issue 37)", () => {
  it("are titled in French: the brief, the settings and the notifications", async () => {
    const { siteId } = await pageOf(owner.user, "Site du brief");
    const answers = [
      await runRoute(briefAction as never, formPost(owner.browser, `/sites/${siteId}/brief`, { intent: "nothing" }), {
        siteId: String(siteId),
      }),
      await runRoute(briefAction as never, formPost(neighbour.browser, `/sites/${siteId}/brief`, { intent: "save" }), {
        siteId: String(siteId),
      }),
      await runRoute(settingsAction as never, formPost(owner.browser, "/settings", { intent: "nothing" })),
      await runRoute(notificationsAction as never, formPost(owner.browser, "/notifications", { intent: "nothing" })),
      await runRoute(notificationsAction as never, formPost(owner.browser, "/notifications", { intent: "read", id: "999999" })),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.toast])).toEqual([
      [400, { type: "error", title: "Erreur", description: "Action inconnue." }],
      [404, { type: "error", title: "Brief non enregistré", description: "Ce site n'existe pas ou ne vous appartient pas." }],
      [400, { type: "error", title: "Erreur", description: "Action inconnue." }],
      [400, { type: "error", title: "Erreur", description: "Action inconnue." }],
      [404, { type: "error", title: "Erreur", description: "Cette notification n'existe pas." }],
    ]);
  });
});
