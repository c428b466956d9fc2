/**
 * Issue 15, publish_article against a fake WordPress speaking the REST API: a version becomes a post (title
 * from the h1, content without it, slug from the page's address, the site's status), publishing again updates
 * the same post (never a second one), the featured image is uploaded once and again only when it changed, a
 * post deleted on WordPress is said and made again only when asked, a creation a dead worker left unrecorded
 * is found again, and failures are retried or failed with their reason. Only the owner and the team queue it.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pagePublications, pages, pagesActions, pagesVersions, pagesVersionsImages, sites } from "../../db/schema";
import { POST_MISSING } from "~/lib/publishing";
import { NotFoundError } from "~/models/access.server";
import { getPagePublication, NotConnectedError, PublishUnderWayError, queuePublish } from "~/models/publication.server";
import { approve } from "~/models/review.server";
import { saveWordPressConnection } from "~/models/site-publishing.server";
import { resetEnvForTests } from "~/services/env.server";
import { action as pageDetailAction } from "~/routes/app/page-detail";
import { getStorage } from "~/services/storage.server";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { useTestDatabase } from "../setup/database";
import { runWorkOnce } from "../setup/worker";
import { insertUser, type TestUser } from "../setup/factories";
import { pngBytes } from "../setup/images";
import { formPost, runRoute } from "../setup/accounts";
import { signedInUser } from "../setup/sessions";

const database = useTestDatabase();
let wp: FakeWordPress;
let owner: TestUser;
let siteId: number;
let pageId: number;

const run = () => runWorkOnce("publish-worker");
const lastRequest = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(desc(pagesActions.id)))[0]!;
const posts = () => [...wp.content.values()].filter((c) => c.type === "post");
const publication = async () => (await database.db.select().from(pagePublications).where(eq(pagePublications.pageId, pageId)))[0];

async function addVersion(html: string, metaDescription: string | null = null): Promise<number> {
  const [version] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: html, metaDescription, approved: true })
    .returning();
  return version!.id;
}

async function chooseCover(rgb: [number, number, number]) {
  const key = `${pageId}/cover-${rgb.join("-")}.png`;
  const storage = getStorage();
  await storage.put("page-images", key, pngBytes(8, 4, rgb), { contentType: "image/png" });
  await database.db.update(pagesVersionsImages).set({ chosen: false }).where(eq(pagesVersionsImages.linkedPage, pageId));
  await database.db
    .insert(pagesVersionsImages)
    .values({ linkedPage: pageId, imageUrl: storage.publicUrl("page-images", key), type: "proposition", chosen: true });
}

/** Queues a publish of `versionId` as the owner and lets the worker run it. */
async function publish(versionId: number, options: { recreate?: boolean } = {}) {
  await queuePublish(owner, versionId, options);
  expect(await run(), "the worker took the request").toBe(true);
  return lastRequest();
}

beforeAll(async () => {
  wp = await startFakeWordPress();
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
  owner = await insertUser(database.db, { name: "Claire Client" });
  const [site] = await database.db
    .insert(sites)
    .values({
      name: "Boulangerie",
      url: "https://boulangerie.example",
      linkedUser: owner.id,
      defaultStatus: "publish",
      autoPublishImage: true,
    })
    .returning();
  siteId = site!.id;
  const [page] = await database.db
    .insert(pages)
    .values({ site: siteId, name: "Le pain de seigle", url: "https://boulangerie.example/blog/Pain-de-Seigle.html", status: 2 })
    .returning();
  pageId = page!.id;
});
beforeEach(() => {
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await wp.close();
});

describe("publish_article", () => {
  it("needs the site's connection first, and only the owner reaches the version", async () => {
    const versionId = await addVersion("<h1>Le pain de seigle</h1><p>Brouillon.</p>");
    await expect(queuePublish(owner, versionId)).rejects.toBeInstanceOf(NotConnectedError);
    const stranger = await insertUser(database.db);
    await expect(queuePublish(stranger, versionId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPagePublication(stranger, pageId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await getPagePublication(owner, pageId)).toMatchObject({ connected: false, remote: null, lastRequest: null });
  });

  it("creates the post: the h1 as its title, the rest as content, the slug from the address, the site's status, the cover as featured image", async () => {
    expect(
      (
        await saveWordPressConnection(owner, siteId, {
          url: wp.url,
          username: "editor",
          applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX",
          publishOnApproval: false,
        })
      ).problem,
    ).toBeNull();
    await chooseCover([200, 30, 30]);
    const versionId = await addVersion(
      "<h1>Le pain de <em>seigle</em> &amp; son levain</h1><p>Une mie dense.</p><script>alert(1)</script>",
      "Le seigle et son levain : une mie dense, un goût qui dure.",
    );
    const request = await publish(versionId);
    expect(request.state).toBe("done");
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post).toMatchObject({
      title: "Le pain de seigle & son levain",
      content: "<p>Une mie dense.</p>",
      slug: "pain-de-seigle",
      excerpt: "Le seigle et son levain : une mie dense, un goût qui dure.",
      status: "publish",
    });
    expect(wp.media.size).toBe(1);
    const [media] = [...wp.media.values()];
    expect(post!.featured_media).toBe(media!.id);
    expect(media).toMatchObject({ mimeType: "image/png", fileName: "pain-de-seigle.png", alt_text: "Le pain de seigle & son levain" });
    expect(await publication()).toMatchObject({
      remoteId: post!.id,
      remoteType: "post",
      remoteStatus: "publish",
      liveVersion: versionId,
      pendingSince: null,
    });
    const [page] = await database.db.select({ status: pages.status }).from(pages).where(eq(pages.id, pageId));
    expect(page!.status, "the page reads Published").toBe(1);
    expect(await getPagePublication(owner, pageId)).toMatchObject({
      connected: true,
      remote: {
        id: post!.id,
        status: "publish",
        link: `${wp.url}/pain-de-seigle/`,
        liveVersionId: versionId,
        publishedBy: "Claire Client",
      },
      lastRequest: { state: "done", error: null, postMissing: false },
    });
  });

  it("updates the same post on every later publish, and uploads the image again only when it changed", async () => {
    const [first] = posts();
    const secondVersion = await addVersion("<h1>Le pain de seigle</h1><p>Une mie dense, cuite au feu de bois.</p>");
    expect((await publish(secondVersion)).state).toBe("done");
    expect(posts(), "never a second post").toHaveLength(1);
    expect(posts()[0], "a version without a meta description is described by its text").toMatchObject({
      id: first!.id,
      content: "<p>Une mie dense, cuite au feu de bois.</p>",
      excerpt: "Une mie dense, cuite au feu de bois.",
    });
    expect(wp.media.size, "the same image is not uploaded again").toBe(1);

    await chooseCover([20, 160, 60]);
    expect((await publish(secondVersion)).state).toBe("done");
    expect(posts()).toHaveLength(1);
    expect(wp.media.size, "a new image is uploaded").toBe(2);
    expect(posts()[0]!.featured_media).toBe(Math.max(...wp.media.keys()));
    expect((await publication())!.liveVersion).toBe(secondVersion);
  });

  it("refuses a second publish while one is under way", async () => {
    const versionId = await addVersion("<h1>Le pain de seigle</h1><p>Encore.</p>");
    await queuePublish(owner, versionId);
    await expect(queuePublish(owner, versionId)).rejects.toBeInstanceOf(PublishUnderWayError);
    expect(await run()).toBe(true);
  });

  it("queues one publish when two are asked for at the same instant (two browsers, or a click and an approval)", async () => {
    const versionId = await addVersion("<h1>Le pain de seigle</h1><p>Deux fois.</p>");
    const asked = await Promise.allSettled([queuePublish(owner, versionId), queuePublish(owner, versionId)]);
    expect(asked.map((a) => a.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(asked.find((a) => a.status === "rejected")).toMatchObject({ reason: expect.any(PublishUnderWayError) });
    const underWay = await database.query<{ n: number }>(
      "select count(*)::int as n from pages_actions pa join actions a on a.id = pa.linked_action where pa.linked_page = $1 and a.name = 'publish_article' and pa.state = 'queued'",
      [pageId],
    );
    expect(underWay[0]!.n).toBe(1);
    expect(await run()).toBe(true);
  });

  it("says the post was deleted on WordPress, and makes it again only when asked", async () => {
    const [post] = posts();
    wp.deleteRemotely(post!.id);
    const versionId = await addVersion("<h1>Le pain de seigle</h1><p>Après suppression.</p>");
    const failed = await publish(versionId);
    expect(failed).toMatchObject({ state: "failed", lastError: POST_MISSING });
    expect(posts()).toHaveLength(0);
    expect((await getPagePublication(owner, pageId)).lastRequest).toMatchObject({ state: "failed", postMissing: true });

    expect((await publish(versionId, { recreate: true })).state).toBe("done");
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.id).not.toBe(post!.id);
    expect((await publication())!.remoteId).toBe(posts()[0]!.id);
  });

  it("finds the post a dead worker created without recording it, instead of making a second one", async () => {
    await database.db.delete(pagePublications).where(eq(pagePublications.pageId, pageId));
    wp.content.clear();
    // The worker asked WordPress to create the post, WordPress did, and the worker died before writing the id.
    await database.db.insert(pagePublications).values({ pageId, pendingSince: new Date(Date.now() - 60_000) });
    const orphan = wp.addContent({ title: "Le pain de seigle", content: "<p>Fait par le worker mort.</p>", status: "publish" });
    const versionId = await addVersion("<h1>Le pain de seigle</h1><p>Repris.</p>");
    expect((await publish(versionId)).state).toBe("done");
    expect(posts(), "no duplicate").toHaveLength(1);
    expect(posts()[0]).toMatchObject({ id: orphan.id, content: "<p>Repris.</p>" });
    expect(await publication()).toMatchObject({ remoteId: orphan.id, pendingSince: null });
  });

  it("tries a failing site again later, and fails at once with the reason on a refusal", async () => {
    const versionId = await addVersion("<h1>Le pain de seigle</h1><p>Panne.</p>");
    wp.script.set("POST /wp/v2/posts/:id", [{ status: 503, json: { code: "busy", message: "Maintenance", data: { status: 503 } } }]);
    const retried = await publish(versionId);
    expect(retried.state).toBe("queued");
    expect(retried.lastError).toMatch(/The site answered 503 while updating the post/);
    await database.db
      .update(pagesActions)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pagesActions.id, retried.id));
    expect(await run()).toBe(true);
    expect((await lastRequest()).state).toBe("done");

    wp.users[0]!.applicationPassword = "changed in WordPress";
    const refused = await publish(versionId);
    expect(refused.state).toBe("failed");
    expect(refused.lastError).toMatch(/^WordPress refused the user name or the application password\./);
    expect(posts()).toHaveLength(1);
  });

  it("answers 'Publish to WordPress' from another account like a missing page, and queues nothing", async () => {
    const { browser } = await signedInUser("Intrus");
    const [version] = await database.db.select({ id: pagesVersions.id }).from(pagesVersions).where(eq(pagesVersions.page, pageId)).limit(1);
    const before = (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId))).length;
    const path = `/sites/${siteId}/pages/${pageId}`;
    await expect(
      runRoute(pageDetailAction, formPost(browser, path, { intent: "publish", versionId: String(version!.id) }), {
        siteId: String(siteId),
        pageId: String(pageId),
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect((await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId))).length).toBe(before);
  });

  it("publishes a version as soon as the client approves it when the site says so, and not otherwise", async () => {
    const count = async () =>
      (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId))).filter((a) => a.state === "queued").length;
    const quiet = await addVersion("<h1>Le pain de seigle</h1><p>Approuvée sans publication.</p>");
    await database.db.update(pagesVersions).set({ approved: false }).where(eq(pagesVersions.id, quiet));
    await approve(owner, quiet);
    expect(await count(), "publish on approval is off").toBe(0);

    wp.users[0]!.applicationPassword = "abcd EFGH ijkl MNOP qrst UVWX";
    await saveWordPressConnection(owner, siteId, { url: wp.url, username: "editor", applicationPassword: "", publishOnApproval: true });
    const published = await addVersion("<h1>Le pain de seigle</h1><p>Approuvée puis publiée.</p>");
    await database.db.update(pagesVersions).set({ approved: false }).where(eq(pagesVersions.id, published));
    await approve(owner, published);
    expect(await count()).toBe(1);
    expect(await run()).toBe(true);
    expect(await lastRequest()).toMatchObject({ state: "done", linkedPagesVersion: published });
    expect(posts().at(-1)!.content).toBe("<p>Approuvée puis publiée.</p>");
  });
});
