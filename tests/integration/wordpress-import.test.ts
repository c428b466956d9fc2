/**
 * Issue 15, import from WordPress against the fake: the site's posts and pages searched and paged as WordPress
 * pages them; the chosen ones become pages with their address and current HTML as the first version, linked to
 * their post so that publishing goes back over it; what is already here is marked and skipped; the route says
 * what WordPress refused and answers another account 404.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pagePublications, pages, pagesVersions, sites } from "../../db/schema";
import { plan, runOnce } from "~/jobs/run.server";
import { queuePublish } from "~/models/publication.server";
import { WORDPRESS_NOT_CONNECTED as NOT_CONNECTED } from "~/lib/publishing";
import { disconnectPublishing, saveWordPressConnection } from "~/models/site-publishing.server";
import { importWordPressContent, listWordPressContent } from "~/models/wordpress-import.server";
import { action, loader } from "~/routes/app/publishing-import";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { formPost, runRoute } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";
import type { Browser } from "../setup/auth-client";
import type { TestUser } from "../setup/factories";

const database = useTestDatabase();
let wp: FakeWordPress;
let owner: TestUser;
let browser: Browser;
let siteId: number;
const ids: number[] = [];

beforeAll(async () => {
  wp = await startFakeWordPress();
  vi.stubEnv("PUBLISHING_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
  ({ user: owner, browser } = await signedInUser("Claire Client"));
  const [site] = await database.db.insert(sites).values({ name: "Cave", url: "https://cave.example", linkedUser: owner.id }).returning();
  siteId = site!.id;
  await saveWordPressConnection(owner, siteId, {
    url: wp.url,
    username: "editor",
    applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX",
    publishOnApproval: false,
  });
  for (let i = 1; i <= 25; i++) {
    const when = `2026-10-${String(i).padStart(2, "0")}T10:00:00`;
    ids.push(
      wp.addContent({
        title: `Vin n°${i}`,
        content: `<p>Le vin ${i}, <strong>fruité</strong>.</p>`,
        date: when,
        modified: when,
        status: i === 25 ? "draft" : "publish",
        // The first has an excerpt written in WordPress; the others let WordPress make one.
        excerpt: i === 1 ? "Un vin <em>fruité</em> &amp; frais, à boire jeune." : "",
      }).id,
    );
  }
  wp.addContent({ type: "page", title: "À propos", content: "<p>La cave depuis 1950.</p>" });
});
beforeEach(() => {
  vi.stubEnv("PUBLISHING_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await wp.close();
});

describe("import from WordPress", () => {
  it("lists the site's posts newest first, twenty a page, drafts included, and searches them", async () => {
    const first = await listWordPressContent(owner, siteId, { type: "post", search: "", page: 1 });
    expect(first).toMatchObject({ total: 25, pages: 2, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ title: "Vin n°25", status: "draft", pageId: null });
    const second = await listWordPressContent(owner, siteId, { type: "post", search: "", page: 2 });
    expect(second.items.map((i) => i.title)).toEqual(["Vin n°5", "Vin n°4", "Vin n°3", "Vin n°2", "Vin n°1"]);
    expect((await listWordPressContent(owner, siteId, { type: "post", search: "n°12", page: 1 })).items.map((i) => i.title)).toEqual([
      "Vin n°12",
    ]);
    expect((await listWordPressContent(owner, siteId, { type: "page", search: "", page: 1 })).items.map((i) => i.title)).toEqual([
      "À propos",
    ]);
  });

  it("imports the chosen ones as pages with their text as the first version, and skips what is already here", async () => {
    expect(await importWordPressContent(owner, siteId, "post", [ids[0]!, ids[24]!])).toEqual({ imported: 2, skipped: 0 });
    const rows = await database.db
      .select({
        id: pages.id,
        name: pages.name,
        url: pages.url,
        status: pages.status,
        html: pagesVersions.htmlContent,
        metaDescription: pagesVersions.metaDescription,
        remoteId: pagePublications.remoteId,
      })
      .from(pages)
      .innerJoin(pagesVersions, eq(pagesVersions.page, pages.id))
      .innerJoin(pagePublications, eq(pagePublications.pageId, pages.id))
      .where(eq(pages.site, siteId))
      .orderBy(pages.name);
    expect(rows).toMatchObject([
      {
        name: "Vin n°1",
        url: `${wp.url}/vin-n-1/`,
        status: 1,
        html: "<h1>Vin n°1</h1>\n<p>Le vin 1, <strong>fruité</strong>.</p>",
        metaDescription: "Un vin fruité & frais, à boire jeune.",
        remoteId: ids[0],
      },
      { name: "Vin n°25", status: 2, metaDescription: null, remoteId: ids[24] },
    ]);
    expect(await importWordPressContent(owner, siteId, "post", [ids[0]!, ids[1]!])).toEqual({ imported: 1, skipped: 1 });
    const listed = await listWordPressContent(owner, siteId, { type: "post", search: "Vin n°1", page: 1 });
    expect(listed.items.find((i) => i.id === ids[0])!.pageId).toBe(rows[0]!.id);
  });

  it("publishes an imported page back over its own post", async () => {
    const [page] = await database.db.select({ id: pages.id }).from(pages).where(eq(pages.name, "Vin n°1"));
    const [version] = await database.db
      .insert(pagesVersions)
      .values({ page: page!.id, htmlContent: "<h1>Vin n°1</h1><p>Le vin 1, revu.</p>" })
      .returning();
    const before = wp.content.size;
    await queuePublish(owner, version!.id);
    expect(await runOnce("import-worker", plan().runnable)).toBe(true);
    expect(wp.content.size, "no second post").toBe(before);
    expect(wp.content.get(ids[0]!)!.content).toBe("<p>Le vin 1, revu.</p>");
  });

  it("through its route: lists, imports, says what WordPress refused, and answers another account 404", async () => {
    const url = `/sites/${siteId}/publishing/import`;
    const params = { siteId: String(siteId) };
    const listed = await runRoute(loader, new Request(`http://localhost${url}?type=page`, { headers: { cookie: browser.cookie } }), params);
    expect(listed.body).toMatchObject({ ok: true, listing: { total: 1, items: [{ title: "À propos", pageId: null }] } });
    const pageId = listed.body.listing.items[0].id as number;
    const imported = await runRoute(action, formPost(browser, url, { type: "page", id: String(pageId) }), params);
    expect(imported.body).toMatchObject({ ok: true, imported: 1, toast: { title: "1 page imported" } });
    expect((await runRoute(action, formPost(browser, url, { type: "page" }), params)).status).toBe(400);

    wp.fault = "html";
    const refused = await runRoute(loader, new Request(`http://localhost${url}`, { headers: { cookie: browser.cookie } }), params);
    expect(refused.status).toBe(502);
    expect(refused.body.problem).toMatch(/a security plugin or a firewall may be blocking the API/);
    wp.fault = "none";

    const { browser: stranger } = await signedInUser("Intrus");
    await expect(
      runRoute(loader, new Request(`http://localhost${url}`, { headers: { cookie: stranger.cookie } }), params),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(runRoute(action, formPost(stranger, url, { type: "post", id: String(ids[3]) }), params)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("after 'Disconnect', says WordPress is no longer connected instead of answering 404 (the screen stays, its list read again)", async () => {
    const url = `/sites/${siteId}/publishing/import`;
    const params = { siteId: String(siteId) };
    await disconnectPublishing(owner, siteId);
    const listed = await runRoute(loader, new Request(`http://localhost${url}`, { headers: { cookie: browser.cookie } }), params);
    expect(listed.status).toBe(409);
    expect(listed.body).toEqual({ ok: false, listing: null, problem: NOT_CONNECTED });
    const imported = await runRoute(action, formPost(browser, url, { type: "post", id: String(ids[3]) }), params);
    expect(imported.status).toBe(409);
    expect(imported.body).toMatchObject({ ok: false, toast: { description: NOT_CONNECTED } });
  });
});
