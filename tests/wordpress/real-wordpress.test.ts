/**
 * Issue 15, against a real WordPress (Debian's package, started by `npm run test:wordpress`): what the fake
 * WordPress of the integration tests stands for. A site connects with an application password (and a wrong one
 * is named), an article is published with its featured image and its meta description as excerpt, publishing
 * again updates that one post and does not upload the same image twice, the API is found with plain
 * permalinks (`?rest_route=`) and pretty ones (`/wp-json/`), and the post is imported back as a page.
 */
import { execFileSync } from "node:child_process";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pagePublications, pages, pagesActions, pagesVersions, pagesVersionsImages, sites } from "../../db/schema";
import { queuePublish } from "~/models/publication.server";
import { saveWordPressConnection, testWordPressConnection } from "~/models/site-publishing.server";
import { importWordPressContent, listWordPressContent } from "~/models/wordpress-import.server";
import { resetEnvForTests } from "~/services/env.server";
import { getStorage } from "~/services/storage.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { pngBytes } from "../setup/images";
import { runWorkOnce } from "../setup/worker";

const WP = {
  url: process.env.WORDPRESS_TEST_URL!,
  user: process.env.WORDPRESS_TEST_USER!,
  password: process.env.WORDPRESS_TEST_APPLICATION_PASSWORD!,
  setPermalinks: JSON.parse(process.env.WORDPRESS_TEST_SET_PERMALINKS ?? "[]") as string[],
};

const database = useTestDatabase();
let owner: TestUser;
let siteId: number;
let pageId: number;

type Post = {
  id: number;
  slug: string;
  status: string;
  link: string;
  title: { raw: string };
  content: { raw: string };
  excerpt: { raw: string };
  featured_media: number;
};
type Media = { id: number; mime_type: string; alt_text: string; source_url: string };

/** Reads WordPress's own state through its API, as its administrator (whatever the permalinks). */
async function wordpress<T>(route: string): Promise<T> {
  const [path, query = ""] = route.split("?");
  const response = await fetch(`${WP.url}/?rest_route=${encodeURIComponent(path!)}&${query}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${WP.user}:${WP.password}`).toString("base64")}` },
  });
  if (!response.ok) throw new Error(`WordPress answered ${response.status} to ${route}: ${await response.text()}`);
  return (await response.json()) as T;
}
const posts = () => wordpress<Post[]>("/wp/v2/posts?context=edit&status=any&per_page=100");
const media = () => wordpress<Media[]>("/wp/v2/media?context=edit&per_page=100");

const run = () => runWorkOnce("wordpress-worker");
const lastRequest = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(desc(pagesActions.id)))[0]!;

async function publishVersion(html: string, metaDescription: string | null) {
  const [version] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: html, metaDescription, approved: true })
    .returning();
  await queuePublish(owner, version!.id);
  expect(await run(), "the worker took the request").toBe(true);
  const request = await lastRequest();
  expect(request.lastError).toBeNull();
  expect(request.state).toBe("done");
  return version!.id;
}

beforeAll(async () => {
  owner = await insertUser(database.db, { name: "Claire Client" });
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie réelle", url: WP.url, linkedUser: owner.id, defaultStatus: "publish", autoPublishImage: true })
    .returning();
  siteId = site!.id;
  const [page] = await database.db
    .insert(pages)
    .values({ site: siteId, name: "Le pain de campagne", url: `${WP.url}/blog/pain-de-campagne/`, status: 2 })
    .returning();
  pageId = page!.id;
  const storage = getStorage();
  const key = `${pageId}/cover.png`;
  await storage.put("page-images", key, pngBytes(64, 32, [190, 120, 40]), { contentType: "image/png" });
  await database.db
    .insert(pagesVersionsImages)
    .values({ linkedPage: pageId, imageUrl: storage.publicUrl("page-images", key), type: "proposition", chosen: true });
});
beforeEach(() => {
  // WordPress listens on 127.0.0.1, which publishing refuses otherwise.
  vi.stubEnv("PUBLISHING_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("a real WordPress", () => {
  it("refuses a wrong application password in plain words, then connects with the right one", async () => {
    const wrong = await saveWordPressConnection(owner, siteId, {
      url: WP.url,
      username: WP.user,
      applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX",
      publishOnApproval: false,
    });
    expect(wrong.problem).not.toBeNull();
    expect(wrong.message).toMatch(/user name or the application password/i);
    const right = await saveWordPressConnection(owner, siteId, {
      url: WP.url,
      username: WP.user,
      applicationPassword: WP.password,
      publishOnApproval: false,
    });
    expect(right).toMatchObject({ problem: null, userName: WP.user });
  });

  it("publishes an article as a post with its featured image and its meta description as excerpt", async () => {
    await publishVersion(
      "<h1>Le pain de campagne</h1><p>Une croûte épaisse et une mie <strong>alvéolée</strong>.</p>",
      "Le pain de campagne maison : croûte épaisse, mie alvéolée.",
    );
    const all = await posts();
    expect(all).toHaveLength(1);
    const [post] = all;
    expect(post).toMatchObject({ slug: "pain-de-campagne", status: "publish" });
    expect(post!.title.raw).toBe("Le pain de campagne");
    expect(post!.content.raw).toBe("<p>Une croûte épaisse et une mie <strong>alvéolée</strong>.</p>");
    expect(post!.excerpt.raw).toBe("Le pain de campagne maison : croûte épaisse, mie alvéolée.");
    const images = await media();
    expect(images).toHaveLength(1);
    expect(post!.featured_media).toBe(images[0]!.id);
    expect(images[0]).toMatchObject({ mime_type: "image/png", alt_text: "Le pain de campagne" });
    const image = await fetch(images[0]!.source_url);
    expect(image.headers.get("content-type")).toBe("image/png");
    const [publication] = await database.db.select().from(pagePublications).where(eq(pagePublications.pageId, pageId));
    expect(publication).toMatchObject({ remoteId: post!.id, remoteType: "post", remoteStatus: "publish" });
  });

  it("publishes again over the same post, with the new text, without uploading the same image again", async () => {
    const [before] = await posts();
    const versionId = await publishVersion(
      "<h1>Le pain de campagne</h1><p>Une croûte épaisse, une mie alvéolée et trois jours de levain.</p>",
      null,
    );
    const all = await posts();
    expect(all, "never a second post").toHaveLength(1);
    expect(all[0]!.id).toBe(before!.id);
    expect(all[0]!.content.raw).toBe("<p>Une croûte épaisse, une mie alvéolée et trois jours de levain.</p>");
    expect(all[0]!.excerpt.raw, "without one written, the start of the text").toBe(
      "Une croûte épaisse, une mie alvéolée et trois jours de levain.",
    );
    expect(await media(), "the same image is not uploaded again").toHaveLength(1);
    const [publication] = await database.db.select().from(pagePublications).where(eq(pagePublications.pageId, pageId));
    expect(publication!.liveVersion).toBe(versionId);
  });

  it("finds the API with pretty permalinks too, and keeps publishing to the same post", async () => {
    execFileSync(WP.setPermalinks[0]!, [...WP.setPermalinks.slice(1), "/%postname%/"]);
    const discovered = await fetch(`${WP.url}/wp-json/`);
    expect(discovered.status, "the server routes /wp-json/ now").toBe(200);
    expect((await testWordPressConnection(owner, siteId)).problem).toBeNull();
    await publishVersion("<h1>Le pain de campagne</h1><p>Avec des permaliens lisibles.</p>", null);
    const all = await posts();
    expect(all).toHaveLength(1);
    expect(all[0]!.link).toBe(`${WP.url}/pain-de-campagne/`);
    execFileSync(WP.setPermalinks[0]!, [...WP.setPermalinks.slice(1), ""]);
  });

  it("imports the post back as a page of another site, with its text and excerpt as the first version", async () => {
    const [other] = await database.db
      .insert(sites)
      .values({ name: "Copie", url: "https://copie.example", linkedUser: owner.id })
      .returning();
    expect(
      (
        await saveWordPressConnection(owner, other!.id, {
          url: WP.url,
          username: WP.user,
          applicationPassword: WP.password,
          publishOnApproval: false,
        })
      ).problem,
    ).toBeNull();
    const listed = await listWordPressContent(owner, other!.id, { type: "post", search: "campagne", page: 1 });
    const [post] = await posts();
    expect(listed.items.map((i) => i.id)).toEqual([post!.id]);
    expect(await importWordPressContent(owner, other!.id, "post", [post!.id])).toEqual({ imported: 1, skipped: 0 });
    const [imported] = await database.db
      .select({ name: pages.name, html: pagesVersions.htmlContent, metaDescription: pagesVersions.metaDescription })
      .from(pages)
      .innerJoin(pagesVersions, eq(pagesVersions.page, pages.id))
      .where(eq(pages.site, other!.id));
    expect(imported).toMatchObject({ name: "Le pain de campagne", metaDescription: post!.excerpt.raw });
    expect(imported!.html).toContain("Avec des permaliens lisibles.");
  });
});
