/**
 * Issue 15, the webhook for sites without WordPress: saving it makes a signing secret shown once (sealed in the
 * row, never in what the screens read); 'Send a test event' delivers a signed ping; each publish POSTs the article
 * as JSON (title, slug, html, markdown, meta description, image URL, version id) signed with HMAC-SHA256; a non-2xx
 * answer is sent again later; a new secret replaces the old.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, pagePublications, pages, pagesActions, pagesVersions, sitePublishing, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { getPagePublication, queuePublish } from "~/models/publication.server";
import { getPublishingSettings, rotateWebhookSecret, saveWebhookConnection, testWebhook } from "~/models/site-publishing.server";
import { resetEnvForTests } from "~/services/env.server";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "~/services/publishing/webhook.server";
import { startFakeWebhook, type FakeWebhook } from "../fakes/webhook";
import { useTestDatabase } from "../setup/database";
import { runWorkOnce } from "../setup/worker";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let hook: FakeWebhook;
let owner: TestUser;
let siteId: number;
let pageId: number;
let secret: string;

const run = () => runWorkOnce("webhook-worker");
const lastRequest = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(desc(pagesActions.id)))[0]!;

beforeAll(async () => {
  hook = await startFakeWebhook();
  owner = await insertUser(database.db, { name: "Claire Client" });
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Fromagerie", url: "https://fromagerie.example", linkedUser: owner.id, defaultStatus: "publish" })
    .returning();
  siteId = site!.id;
  const [page] = await database.db
    .insert(pages)
    .values({ site: siteId, name: "Le comté", url: "https://fromagerie.example/fromages/comte-24-mois" })
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
  await hook.close();
});

describe("the webhook", () => {
  it("makes a signing secret when it is first saved, shows it once, and keeps it sealed", async () => {
    const first = await saveWebhookConnection(owner, siteId, { url: hook.url, publishOnApproval: false });
    expect(first.secret).toMatch(/^whsec_/);
    secret = first.secret!;
    expect((await saveWebhookConnection(owner, siteId, { url: hook.url, publishOnApproval: false })).secret, "not shown again").toBeNull();
    const [row] = await database.db.select().from(sitePublishing).where(eq(sitePublishing.siteId, siteId));
    expect(row).toMatchObject({ target: "webhook", webhookUrl: hook.url });
    expect(row!.webhookSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    const settings = await getPublishingSettings(owner, siteId);
    expect(settings.webhook).toEqual({ url: hook.url, hasSecret: true });
    expect(settings.wordpress).toBeNull();
    expect(JSON.stringify(settings)).not.toContain(secret);
  });

  it("sends a signed test event, and says when the receiver refuses it", async () => {
    expect(await testWebhook(owner, siteId)).toMatchObject({ problem: null, userName: "HTTP 200" });
    const ping = hook.deliveries.at(-1)!;
    expect(ping.body.event).toBe("ping");
    expect(verifyWebhookSignature(secret, ping.raw, String(ping.headers[SIGNATURE_HEADER.toLowerCase()]))).toBe(true);
    hook.script.push(500);
    expect(await testWebhook(owner, siteId)).toMatchObject({
      problem: "webhook",
      message: "The webhook answered 500; it is sent again later.",
    });
  });

  it("POSTs each published version as signed JSON, and records it on the page", async () => {
    const [version] = await database.db
      .insert(pagesVersions)
      .values({
        page: pageId,
        htmlContent: "<h1>Le comté 24 mois</h1><p>Un fruité <strong>long</strong>.</p>",
        metaDescription: "Un comté affiné 24 mois : fruité et long en bouche.",
      })
      .returning();
    await queuePublish(owner, version!.id);
    expect(await run()).toBe(true);
    expect((await lastRequest()).state).toBe("done");
    const delivery = hook.deliveries.at(-1)!;
    expect(verifyWebhookSignature(secret, delivery.raw, String(delivery.headers[SIGNATURE_HEADER.toLowerCase()]))).toBe(true);
    expect(delivery.headers["x-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(delivery.body).toMatchObject({
      event: "article.published",
      page_id: pageId,
      version_id: version!.id,
      title: "Le comté 24 mois",
      slug: "comte-24-mois",
      html: "<p>Un fruité <strong>long</strong>.</p>",
      markdown: "Un fruité **long**.\n",
      meta_description: "Un comté affiné 24 mois : fruité et long en bouche.",
      image_url: null,
      status: "publish",
    });
    const [publication] = await database.db.select().from(pagePublications).where(eq(pagePublications.pageId, pageId));
    expect(publication).toMatchObject({ target: "webhook", remoteId: null, remoteStatus: "publish", liveVersion: version!.id });
    expect(await getPagePublication(owner, pageId)).toMatchObject({
      connected: true,
      target: "webhook",
      remote: { id: null, status: "publish", liveVersionId: version!.id, publishedBy: "Claire Client" },
    });
    // The owner is told it is live (issue 16), with the publication itself.
    const told = await database.db.select().from(notifications).where(eq(notifications.version, version!.id));
    expect(told.map((row) => [row.recipient, row.kind, row.page])).toEqual([[owner.id, "article_published", pageId]]);
  });

  it("sends it again later when the receiver answers anything but a 2xx", async () => {
    const [version] = await database.db.select({ id: pagesVersions.id }).from(pagesVersions).where(eq(pagesVersions.page, pageId));
    hook.script.push(503);
    const before = hook.deliveries.length;
    await queuePublish(owner, version!.id);
    expect(await run()).toBe(true);
    const retried = await lastRequest();
    expect(retried).toMatchObject({ state: "queued", lastError: "The webhook answered 503; it is sent again later." });
    await database.db
      .update(pagesActions)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pagesActions.id, retried.id));
    expect(await run()).toBe(true);
    expect((await lastRequest()).state).toBe("done");
    expect(hook.deliveries.length).toBe(before + 2);
  });

  it("replaces the signing secret on request: the new one signs, the old one no longer does", async () => {
    const fresh = await rotateWebhookSecret(owner, siteId);
    expect(fresh).not.toBe(secret);
    await testWebhook(owner, siteId);
    const ping = hook.deliveries.at(-1)!;
    const header = String(ping.headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(verifyWebhookSignature(fresh, ping.raw, header)).toBe(true);
    expect(verifyWebhookSignature(secret, ping.raw, header)).toBe(false);
    const stranger = await insertUser(database.db);
    await expect(rotateWebhookSecret(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveWebhookConnection(stranger, siteId, { url: hook.url, publishOnApproval: false })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(testWebhook(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
  });
});
