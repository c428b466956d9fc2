/**
 * create_cover_image against a fake image API (OpenAI's images protocol): the prompt from the article and the
 * comments (or written by the language model when asked), the example image sent to /images/edits, images
 * resized to the site's cover size and stored as WebP propositions; failures retried or failed with the reason.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pagesActions, pagesVersions, pagesVersionsImages, sites } from "../../db/schema";
import { addExamples, requestImageGeneration } from "~/models/image.server";
import { createPage } from "~/models/page.server";
import { resetEnvForTests } from "~/services/env.server";
import { requestSize } from "~/services/providers/images.server";
import { plan, runOnce } from "~/jobs/run.server";
import { startFakeImages, type FakeImages } from "../fakes/images";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { pngBytes } from "../setup/images";

const database = useTestDatabase();
let images: FakeImages;
let openRouter: FakeOpenRouter;
let owner: TestUser;
let pageId: number;
let versionId: number;

const run = () => runOnce("image-worker", plan().runnable);
const lastRequest = async () =>
  (await database.db.select().from(pagesActions).where(eq(pagesActions.linkedPage, pageId)).orderBy(desc(pagesActions.id)))[0];
const propositions = () =>
  database.db.select().from(pagesVersionsImages).where(eq(pagesVersionsImages.linkedPage, pageId)).orderBy(desc(pagesVersionsImages.id));
const fileOf = (url: string) =>
  path.join(process.env.DATA_DIR!, "storage", "page-images", ...url.replace("/api/files/page-images/", "").split("/"));
const form = (fields: Record<string, string>) => ({
  numberOfImages: "2",
  generatePrompt: false,
  useInitialPhoto: false,
  comments: "",
  imageExampleId: null,
  ...fields,
});

beforeAll(async () => {
  images = await startFakeImages();
  openRouter = await startFakeOpenRouter();
  vi.stubEnv("IMAGES_API_KEY", images.apiKey);
  vi.stubEnv("IMAGES_API_URL", images.url);
  vi.stubEnv("IMAGES_MODEL", "gpt-image-1");
  vi.stubEnv("OPENROUTER_API_KEY", openRouter.apiKey);
  vi.stubEnv("OPENROUTER_BASE_URL", openRouter.baseUrl);
  resetEnvForTests();
  owner = await insertUser(database.db);
  const [site] = await database.db
    .insert(sites)
    .values({
      name: "Boulangerie",
      url: "https://boulangerie.example",
      linkedUser: owner.id,
      coverImageWidth: 800,
      coverImageHeight: 400,
      nbImagesToCreate: 3,
    })
    .returning();
  ({ id: pageId } = await createPage(owner, site.id, { name: "Le pain de seigle", url: "/seigle", status: 1 } as never));
  [{ id: versionId }] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: "<h1>Le pain de seigle</h1><p>Une mie dense et parfumée, cuite au feu de bois.</p>" })
    .returning();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await images.close();
  await openRouter.close();
});
beforeEach(async () => {
  images.requests.length = 0;
  images.next.length = 0;
  openRouter.asked.length = 0;
  await database.db.delete(pagesVersionsImages).where(eq(pagesVersionsImages.linkedPage, pageId));
  // Each test sees only its own requests (a test that failed half-way leaves none behind for the next).
  await database.db.delete(pagesActions);
});

describe("create_cover_image", () => {
  it("asks for the form's number of images and stores them at the site's cover size as propositions", async () => {
    await requestImageGeneration(owner, pageId, form({ numberOfImages: "2", comments: "Des tons chauds" }) as never);
    await run();
    // The image API reports tokens, not money: the cost stays unknown rather than $0.
    expect(await lastRequest()).toMatchObject({ state: "done", tokensIn: 50, tokensOut: 8320, costUsd: null });
    expect(images.requests).toHaveLength(1);
    const [request] = images.requests;
    expect(request).toMatchObject({ path: "/images/generations", model: "gpt-image-1", n: 2, size: "1536x1024" });
    expect(request.prompt).toContain('A cover image for the article "Le pain de seigle" on the website Boulangerie.');
    expect(request.prompt).toContain("Une mie dense et parfumée");
    expect(request.prompt).toContain("Wishes: Des tons chauds");
    const rows = await propositions();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ type: "proposition", chosen: false, linkedPagesVersion: versionId });
      expect(row.imageUrl).toMatch(new RegExp(`^/api/files/page-images/${pageId}/cover-.+\\.webp$`));
      const meta = await sharp(await fs.readFile(fileOf(row.imageUrl))).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 800, height: 400 });
    }
  });

  it("uses the site's nb_images_to_create when the request has no number, and images given by URL", async () => {
    const queued = await requestImageGeneration(owner, pageId, form({}) as never);
    await database.db
      .update(pagesActions)
      .set({ infoJson: { comments: "", generate_prompt: false } })
      .where(eq(pagesActions.id, queued.id));
    images.next.push({ byUrl: true });
    await run();
    expect(images.requests[0].n).toBe(3);
    expect(await propositions()).toHaveLength(3);
  });

  it("sends the chosen example image to /images/edits", async () => {
    const [example] = await addExamples(owner, pageId, [new File([pngBytes(40, 30)], "exemple.png", { type: "image/png" })]);
    await requestImageGeneration(
      owner,
      pageId,
      form({ numberOfImages: "1", useInitialPhoto: true, imageExampleId: example.id } as never) as never,
    );
    await run();
    expect(await lastRequest()).toMatchObject({ state: "done" });
    expect(images.requests[0]).toMatchObject({ path: "/images/edits", n: 1 });
    expect((await sharp(images.requests[0].image!).metadata()).width).toBe(40);
    expect((await propositions()).filter((p) => p.type === "proposition")).toHaveLength(1);
  });

  it("has the language model write the prompt when generate_prompt is on, and counts its cost", async () => {
    openRouter.answer = () => "A rustic rye loaf on a wooden board, warm morning light.";
    await requestImageGeneration(
      owner,
      pageId,
      form({ numberOfImages: "1", generatePrompt: true, comments: "Pas de personnes" } as never) as never,
    );
    await run();
    expect(openRouter.asked[0].question).toContain("Take these wishes into account: Pas de personnes");
    expect(openRouter.asked[0].question).toContain("Une mie dense et parfumée");
    expect(images.requests[0].prompt).toBe("A rustic rye loaf on a wooden board, warm morning light.\nNo text, no letters, no logos.");
    expect(await lastRequest()).toMatchObject({ state: "done", costUsd: "0.001500", tokensIn: 90 });
  });

  it("retries after Retry-After on 429 and on a malformed answer, and stores nothing", async () => {
    await requestImageGeneration(owner, pageId, form({}) as never);
    images.next.push({ status: 429, headers: { "Retry-After": "9" } });
    await run();
    let request = await lastRequest();
    expect(request).toMatchObject({ state: "queued", lastError: "The image API answered 429 for gpt-image-1 (rate limited)" });
    expect(request.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(7000);
    await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.id, request.id));
    images.next.push({ body: JSON.stringify({ data: [{ b64_json: Buffer.from("not an image").toString("base64") }] }) });
    await run();
    request = await lastRequest();
    expect(request).toMatchObject({ state: "queued", attempts: 2, lastError: "The image API sent something that is not an image" });
    expect(await propositions()).toHaveLength(0);
  });

  it("retries a 500 and a request the API does not answer in time", async () => {
    try {
      await requestImageGeneration(owner, pageId, form({}) as never);
      images.next.push({ status: 500 }, { hang: true });
      await run();
      let request = await lastRequest();
      expect(request).toMatchObject({ state: "queued", attempts: 1, lastError: "The image API answered 500 for gpt-image-1" });
      await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.id, request.id));
      // The API stays silent: the client gives up after the provider timeout.
      vi.stubEnv("PROVIDER_TIMEOUT_MS", "1000");
      resetEnvForTests();
      await run();
      request = await lastRequest();
      expect(request).toMatchObject({ state: "queued", attempts: 2, lastError: "The image API did not answer in time (gpt-image-1)" });
      await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.id, request.id));
      await run();
      expect(await lastRequest()).toMatchObject({ state: "done", attempts: 3 });
      expect(await propositions()).toHaveLength(2);
    } finally {
      vi.stubEnv("PROVIDER_TIMEOUT_MS", "60000");
      resetEnvForTests();
    }
  });

  it("fails at once when the key is refused", async () => {
    vi.stubEnv("IMAGES_API_KEY", "sk-wrong");
    resetEnvForTests();
    try {
      await requestImageGeneration(owner, pageId, form({}) as never);
      await run();
      expect(await lastRequest()).toMatchObject({ state: "failed", attempts: 1, lastError: "The image API refused the key (401)" });
    } finally {
      vi.stubEnv("IMAGES_API_KEY", images.apiKey);
      resetEnvForTests();
    }
  });
});

describe("a site without a cover size", () => {
  it("uses the spec's 1200×630 and one image when the site's size and count are 0 (left empty in its form)", async () => {
    const [site] = await database.db
      .insert(sites)
      .values({
        name: "Sans taille",
        url: "https://sans-taille.example",
        linkedUser: owner.id,
        coverImageWidth: 0,
        coverImageHeight: 0,
        nbImagesToCreate: 0,
      })
      .returning();
    const { id } = await createPage(owner, site.id, { name: "Sans taille", url: "/sans-taille", status: 1 } as never);
    const queued = await requestImageGeneration(owner, id, form({}) as never);
    await database.db.update(pagesActions).set({ infoJson: {} }).where(eq(pagesActions.id, queued.id));
    await run();
    expect(images.requests[0]).toMatchObject({ n: 1, size: "1536x1024" });
    const [row] = await database.db.select().from(pagesVersionsImages).where(eq(pagesVersionsImages.linkedPage, id));
    expect(await sharp(await fs.readFile(fileOf(row.imageUrl))).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});

describe("requestSize", () => {
  it("asks for the size closest to the cover's shape that the model accepts", () => {
    expect(requestSize("gpt-image-1", 1200, 630)).toBe("1536x1024");
    expect(requestSize("gpt-image-1", 600, 1000)).toBe("1024x1536");
    expect(requestSize("gpt-image-1", 1000, 1000)).toBe("1024x1024");
    expect(requestSize("dall-e-3", 1200, 630)).toBe("1792x1024");
    expect(requestSize("dall-e-2", 1200, 630)).toBe("1024x1024");
  });
});
