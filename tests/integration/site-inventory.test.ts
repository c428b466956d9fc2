/**
 * Issue 40, internal links to pages that exist, against the fakes: a site's inventory gathers its published pages
 * here, the published posts and pages of its connected WordPress and the pages of its sitemap (an index, then a
 * urlset of the page server's articles, each read for its title and terms); what a source no longer lists goes,
 * what a source that could not be read gave stays; an article request reads the WordPress and the sitemap again
 * only once a week. The article task offers 5-10 candidates in its prompt, keeps same-site links to the inventory
 * only (an invented /contact is unwrapped, its text kept) and never a competitor's link, even a source's; the fake
 * writer's article has at least 3 internal links and none outside the inventory.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  keywords,
  locationLanguages,
  pagesActions,
  pagesKeywords,
  pagesVersions,
  serps,
  siteBriefs,
  siteInventory,
  sites,
} from "../../db/schema";
import { queueActions } from "~/jobs/queue.server";
import { ensureSiteInventory, internalLinkCandidates, refreshSiteInventory } from "~/jobs/site-inventory.server";
import { internalLinksOf, linkKey } from "~/lib/article-contract";
import { createPage } from "~/models/page.server";
import { saveWordPressConnection } from "~/models/site-publishing.server";
import { recordModification } from "~/models/version.server";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { startFakePages, type FakePages } from "../fakes/pages";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { fakeWriter } from "../fakes/writer";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { runWorkOnce } from "../setup/worker";

const database = useTestDatabase();
const MODEL = "test/article-writer";
let wp: FakeWordPress;
let site: FakePages;
let writer: FakeOpenRouter;
let owner: TestUser;
let siteId: number;
let pageId: number;
let removedPost: number;

const rows = () => database.db.select().from(siteInventory).where(eq(siteInventory.site, siteId)).orderBy(siteInventory.url);
const inventoryUrls = async () => (await rows()).map((r) => r.url);
const latestVersion = async () =>
  (await database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId)).orderBy(desc(pagesVersions.id)))[0]!;
const body = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");

function stubEnv() {
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  vi.stubEnv("INVENTORY_READ_SITES", "true");
  vi.stubEnv("OPENROUTER_API_KEY", writer.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", writer.baseUrl);
  vi.stubEnv("ARTICLE_MODEL", MODEL);
  resetEnvForTests();
}

beforeAll(async () => {
  [wp, site, writer] = await Promise.all([startFakeWordPress(), startFakePages(), startFakeOpenRouter()]);
  stubEnv();
  owner = await insertUser(database.db);
  const [french] = await database.db
    .select({ id: locationLanguages.id })
    .from(locationLanguages)
    .where(eq(locationLanguages.languageCode, "fr"))
    .limit(1);
  const [row] = await database.db
    .insert(sites)
    .values({ name: "Droit Pratique", url: site.url, linkedUser: owner.id, language: french?.id ?? null })
    .returning();
  siteId = row!.id;
  await database.db
    .insert(siteBriefs)
    .values({ siteId, competitors: "Rival Emploi (rival-emploi.example), https://www.concurrent.example/guide" });
  await saveWordPressConnection(owner, siteId, {
    url: wp.url,
    username: "editor",
    applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX",
    publishOnApproval: false,
  });
  removedPost = wp.addContent({
    title: "Le congé parental d&rsquo;éducation",
    content: "<p>Le congé parental permet au salarié de s'occuper de son enfant.</p>",
  }).id;
  wp.addContent({
    title: "La rupture conventionnelle",
    content: "<p>La rupture conventionnelle du contrat de travail à durée indéterminée.</p>",
  });
  wp.addContent({ title: "Brouillon", content: "<p>Pas encore publié.</p>", status: "draft" });
  wp.addContent({ type: "page", title: "Qui sommes-nous", content: "<p>Un site indépendant sur le droit du travail.</p>" });

  const preavis = await createPage(owner, siteId, { name: "Le préavis de démission", url: "/preavis", status: 1 } as never);
  await database.db.insert(pagesVersions).values({
    page: preavis.id,
    htmlContent:
      "<h1>Le préavis de démission</h1><p>Le préavis de démission dépend du contrat de travail et de la convention collective.</p>",
  });
  await createPage(owner, siteId, { name: "Une page en brouillon", url: "/brouillon", status: 2 } as never);
  ({ id: pageId } = await createPage(owner, siteId, {
    name: "Le contrat de travail à temps partiel",
    url: "/temps-partiel",
    status: 1,
  } as never));
  const [keyword] = await database.db.insert(keywords).values({ keyword: "contrat de travail à temps partiel" }).returning();
  await database.db.insert(pagesKeywords).values({ linkedPage: pageId, linkedKeyword: keyword!.id });
  await database.db.insert(serps).values([
    {
      site: siteId,
      linkedKeyword: keyword!.id,
      positionAbsolute: 1,
      title: "Rival",
      url: "https://www.rival-emploi.example/temps-partiel",
      type: "organic",
    },
    {
      site: siteId,
      linkedKeyword: keyword!.id,
      positionAbsolute: 2,
      title: "Service public",
      url: "https://source.example/temps-partiel",
      type: "organic",
    },
  ]);
});
beforeEach(() => {
  stubEnv();
  writer.script.clear();
  writer.asked.length = 0;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await Promise.all([wp.close(), site.close(), writer.close()]);
});

describe("a site's inventory", () => {
  it("gathers its published pages here, its WordPress's published posts and pages, and its sitemap's pages read", async () => {
    expect(await refreshSiteInventory(siteId)).toEqual({ product: 2, wordpress: 3, sitemap: 10, read: 10, removed: 0 });
    const all = await rows();
    expect(all).toHaveLength(15);
    expect(all.find((r) => r.url === `${site.url}/preavis`)).toMatchObject({ source: "product", title: "Le préavis de démission" });
    expect(all.find((r) => r.url === `${site.url}/preavis`)!.terms).toEqual(expect.arrayContaining(["preav", "demiss"]));
    expect(
      all.some((r) => r.url.endsWith("/brouillon")),
      "a draft here is no page of the site",
    ).toBe(false);
    const post = all.find((r) => r.source === "wordpress" && r.url.includes("rupture"))!;
    expect(post).toMatchObject({ title: "La rupture conventionnelle", page: null });
    expect(post.terms).toContain("ruptur conventionnel");
    expect(all.filter((r) => r.source === "wordpress").map((r) => r.title)).not.toContain("Brouillon");
    const read = all.filter((r) => r.source === "sitemap");
    expect(read.map((r) => r.title).sort()).toEqual(site.articles.map((a) => a.title).sort());
    for (const row of read) expect(row.terms.length).toBeGreaterThan(0);
    expect(read.every((r) => r.terms.length <= 20)).toBe(true);
  });

  it("drops what a source no longer lists, keeps what a source that could not be read gave, and reads a page again only when it changed", async () => {
    wp.deleteRemotely(removedPost);
    site.sitemap = false;
    expect(await refreshSiteInventory(siteId)).toMatchObject({ wordpress: 2, sitemap: null, removed: 1 });
    expect((await rows()).filter((r) => r.source === "sitemap")).toHaveLength(10);
    site.sitemap = true;
    const before = site.hits.get("/articles/0");
    expect(await refreshSiteInventory(siteId)).toMatchObject({ sitemap: 10, read: 0, removed: 0 });
    expect(site.hits.get("/articles/0"), "unchanged since read: not fetched again").toBe(before);
  });

  it("is read again from the site at an article request once a week, its pages here every time", async () => {
    const sitemapHits = () => site.hits.get("/sitemap.xml") ?? 0;
    let hits = sitemapHits();
    await ensureSiteInventory(siteId);
    expect(sitemapHits()).toBe(hits);
    await database.db
      .update(siteInventory)
      .set({ readAt: sql`now() - interval '8 days'` })
      .where(eq(siteInventory.site, siteId));
    await ensureSiteInventory(siteId);
    expect(sitemapHits()).toBe(hits + 1);
    hits = sitemapHits();
    const { id } = await createPage(owner, siteId, { name: "Le salaire minimum", url: "/smic", status: 1 } as never);
    await ensureSiteInventory(siteId);
    expect(sitemapHits()).toBe(hits);
    expect((await rows()).find((r) => r.page === id)).toMatchObject({ url: `${site.url}/smic`, source: "product" });
  });

  it("offers an article 5 to 10 of its pages by their terms, never the page itself", async () => {
    const candidates = await internalLinkCandidates(siteId, pageId, []);
    expect(candidates.length).toBeGreaterThanOrEqual(5);
    expect(candidates.length).toBeLessThanOrEqual(10);
    expect(candidates.map((c) => c.url)).not.toContain(`${site.url}/temps-partiel`);
    expect(candidates.map((c) => c.page)).not.toContain(pageId);
    expect(candidates.slice(0, 2).every((c) => /contrat|temps/i.test(c.title ?? ""))).toBe(true);
  });
});

describe("the article task with the site's inventory", () => {
  it("offers the candidates, keeps same-site links to the inventory only and never a competitor's", async () => {
    const inventoried = site.at("/articles/8");
    const answer = `\`\`\`html\n<h1>Le contrat de travail à temps partiel</h1><h2>Les règles</h2><p>${body(1600)} <a href="${inventoried}">le CDI</a> <a href="/contact">nous écrire</a> <a href="${site.at("/tarifs")}">nos tarifs</a> <a href="https://www.rival-emploi.example/temps-partiel">un rival</a> <a href="https://blog.concurrent.example/x">un autre</a> <a href="https://source.example/temps-partiel">la source</a></p>\n\`\`\``;
    writer.script.set(MODEL, [{ content: answer }, { content: answer }]);
    await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, pageId));
    await queueActions(owner, "create_article", [{ pageId }]);
    await runWorkOnce("links-worker");
    const [request] = await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId));
    expect(request).toMatchObject({ state: "done", lastError: null });

    const prompt = writer.asked[0]!.question;
    expect(prompt).toContain("Link to 3-8 of these pages of the site, where they help the reader");
    const candidates = await internalLinkCandidates(siteId, pageId, []);
    for (const c of candidates) expect(prompt).toContain(`- ${c.url}${c.title ? ` — ${c.title}` : ""}`);
    expect(prompt).not.toContain(`- ${site.url}/temps-partiel`);
    // One internal link of the 3 asked: sent back once, naming it, then kept as it is (neither refused nor held).
    expect(writer.asked).toHaveLength(2);
    expect(writer.asked[1]!.question).toContain("Also, your previous answer links to 1 of the site's pages; link to 3 to 8");

    const version = await latestVersion();
    expect(version.heldForTeam).toBe(false);
    expect(version.htmlContent).toContain(`<a href="${inventoried}"`);
    expect(version.htmlContent).toContain('<a href="https://source.example/temps-partiel"');
    for (const gone of ["/contact", "/tarifs", "rival-emploi", "concurrent.example"]) expect(version.htmlContent).not.toContain(gone);
    for (const text of [" nous écrire ", " nos tarifs ", " un rival ", " un autre "]) expect(version.htmlContent).toContain(text);
  });

  it("delivers, with the fake writer, an article with 3 internal links or more and no same-site link outside the inventory", async () => {
    writer.answer = fakeWriter;
    await database.db.delete(pagesActions).where(eq(pagesActions.linkedPage, pageId));
    await queueActions(owner, "create_article", [{ pageId }]);
    await runWorkOnce("links-worker");
    expect(writer.asked).toHaveLength(1);
    const html = (await latestVersion()).htmlContent;
    const inventory = (await inventoryUrls()).filter((u) => !u.endsWith("/temps-partiel"));
    expect(inventory.length).toBeGreaterThanOrEqual(5);
    expect(internalLinksOf(html, inventory, site.url).length).toBeGreaterThanOrEqual(3);
    const own = new Set(inventory.map(linkKey));
    const sameSite = [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)]
      .map((m) => new URL(m[1]!, site.url).href)
      .filter((href) => new URL(href).host === new URL(site.url).host || new URL(href).host === new URL(wp.url).host);
    expect(sameSite.length).toBeGreaterThanOrEqual(3);
    expect(sameSite.filter((href) => !own.has(linkKey(href)))).toEqual([]);
  });
});

describe("the modification task with the site's inventory", () => {
  it("keeps the article's own links, and unwraps a new same-site page that does not exist and a competitor", async () => {
    const version = await latestVersion();
    const html = version.htmlContent.replace(
      /<\/p>/,
      ` <a href="${site.at("/inexistante")}">une page inventée</a> <a href="https://concurrent.example/">un concurrent</a></p>`,
    );
    writer.script.set(MODEL, [{ content: html }]);
    await recordModification(
      owner,
      version.id,
      {
        commentsToModify: "Ajoute un lien.",
        needToDoWebSearchForModification: false,
        highlightModifiedContent: false,
        unhighlightModifiedContent: false,
        pagesVersionsToTakeAsExample: null,
      },
      { createNewVersion: true },
    );
    await runWorkOnce("links-worker");
    const revised = await latestVersion();
    expect(revised.id).not.toBe(version.id);
    expect(revised.htmlContent).toContain(" une page inventée ");
    expect(revised.htmlContent).not.toContain("/inexistante");
    expect(revised.htmlContent).not.toContain("concurrent.example");
    expect(internalLinksOf(revised.htmlContent, await inventoryUrls(), site.url).length).toBe(
      internalLinksOf(version.htmlContent, await inventoryUrls(), site.url).length,
    );
    const [request] = await database.db
      .select()
      .from(pagesActions)
      .where(and(eq(pagesActions.linkedPage, pageId), eq(pagesActions.state, "failed")));
    expect(request).toBeUndefined();
  });
});
