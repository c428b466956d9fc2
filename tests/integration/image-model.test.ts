/**
 * models/image.server: the single chosen proposition, deletion with its stored file, example uploads
 * (checked by content, stored under {pageId}/{timestamp}-{random}.{ext} in bucket page-images, the
 * whole batch refused when one file is), the create_cover_image request, and ownership everywhere.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { actions, pages, pagesActions, pagesVersionsImages, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import {
  addExamples,
  chooseProposition,
  deleteImage,
  ImageNotFoundError,
  ImageUploadError,
  listImages,
  requestImageGeneration,
} from "~/models/image.server";
import { parseGenerateImageForm } from "~/lib/image-rules";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { GIF_START, JPEG_START, padded, pngBytes, WEBP_START } from "../setup/images";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;

const storageRoot = () => path.join(process.env.DATA_DIR!, "storage", "page-images");
const fileOf = (url: string) => path.join(storageRoot(), ...url.replace("/api/files/page-images/", "").split("/"));
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
async function filesOfPage(pageId: number): Promise<string[]> {
  try {
    return (await fs.readdir(path.join(storageRoot(), String(pageId)))).sort();
  } catch {
    return [];
  }
}

async function newPage(owner: TestUser) {
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Images", url: "https://images.example", linkedUser: owner.id })
    .returning({ id: sites.id });
  const [page] = await database.db
    .insert(pages)
    .values({ site: site.id, name: "Page", url: "/page", status: 1 })
    .returning({ id: pages.id });
  return { siteId: site.id, pageId: page.id };
}

async function insertImage(pageId: number, type: "proposition" | "example", fields: { chosen?: boolean; imageUrl?: string } = {}) {
  const [row] = await database.db
    .insert(pagesVersionsImages)
    .values({
      linkedPage: pageId,
      type,
      imageUrl: fields.imageUrl ?? `https://cdn.example/${type}-${Math.random()}.png`,
      chosen: fields.chosen ?? false,
    })
    .returning();
  return row;
}

const rowsOf = (pageId: number) => database.db.select().from(pagesVersionsImages).where(eq(pagesVersionsImages.linkedPage, pageId));
const png = (name = "photo.png") => new File([pngBytes(2, 2)], name, { type: "image/png" });

beforeAll(async () => {
  alice = await insertUser(database.db);
  bob = await insertUser(database.db);
});

describe("listImages", () => {
  it("lists propositions and examples of the page, newest first", async () => {
    const { siteId, pageId } = await newPage(alice);
    const p1 = await insertImage(pageId, "proposition");
    const e1 = await insertImage(pageId, "example");
    const p2 = await insertImage(pageId, "proposition");
    const other = await newPage(alice);
    await insertImage(other.pageId, "proposition");
    const { propositions, examples } = await listImages(alice, siteId, pageId);
    expect(propositions.map((p) => p.id)).toEqual([p2.id, p1.id]);
    expect(examples.map((e) => e.id)).toEqual([e1.id]);
  });

  it("answers NotFoundError for another user's page or the wrong site", async () => {
    const { siteId, pageId } = await newPage(alice);
    await expect(listImages(bob, siteId, pageId)).rejects.toBeInstanceOf(NotFoundError);
    const other = await newPage(alice);
    await expect(listImages(alice, other.siteId, pageId)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("chooseProposition", () => {
  it("leaves exactly one chosen proposition on the page", async () => {
    const { pageId } = await newPage(alice);
    const a = await insertImage(pageId, "proposition", { chosen: true });
    const b = await insertImage(pageId, "proposition", { chosen: true });
    const c = await insertImage(pageId, "proposition");
    const other = await newPage(alice);
    const elsewhere = await insertImage(other.pageId, "proposition", { chosen: true });

    await chooseProposition(alice, pageId, c.id);
    let chosen = (await rowsOf(pageId)).filter((r) => r.chosen).map((r) => r.id);
    expect(chosen).toEqual([c.id]);
    await chooseProposition(alice, pageId, a.id);
    chosen = (await rowsOf(pageId)).filter((r) => r.chosen).map((r) => r.id);
    expect(chosen).toEqual([a.id]);
    expect(b.id).not.toBe(a.id);
    // Another page's choice is untouched.
    expect((await rowsOf(other.pageId)).find((r) => r.id === elsewhere.id)?.chosen).toBe(true);
  });

  it("refuses an example, or another page's proposition, and changes nothing", async () => {
    const { pageId } = await newPage(alice);
    const chosen = await insertImage(pageId, "proposition", { chosen: true });
    const example = await insertImage(pageId, "example");
    const other = await newPage(alice);
    const foreign = await insertImage(other.pageId, "proposition");
    await expect(chooseProposition(alice, pageId, example.id)).rejects.toBeInstanceOf(ImageNotFoundError);
    await expect(chooseProposition(alice, pageId, foreign.id)).rejects.toBeInstanceOf(ImageNotFoundError);
    await expect(chooseProposition(alice, pageId, 99_999_999)).rejects.toBeInstanceOf(ImageNotFoundError);
    const rows = await rowsOf(pageId);
    expect(rows.filter((r) => r.chosen).map((r) => r.id)).toEqual([chosen.id]);
    expect((await rowsOf(other.pageId))[0].chosen).toBe(false);
  });

  it("another user gets NotFoundError and changes nothing", async () => {
    const { pageId } = await newPage(alice);
    const a = await insertImage(pageId, "proposition", { chosen: true });
    const b = await insertImage(pageId, "proposition");
    await expect(chooseProposition(bob, pageId, b.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await rowsOf(pageId)).filter((r) => r.chosen).map((r) => r.id)).toEqual([a.id]);
  });
});

describe("addExamples", () => {
  it("stores each image under {pageId}/{timestamp}-{random}.{ext} in page-images, as examples", async () => {
    const { siteId, pageId } = await newPage(alice);
    const before = Date.now();
    const files = [
      png("Mon image.PNG"),
      new File([padded(JPEG_START, 64)], "photo.jpeg", { type: "image/jpeg" }),
      new File([padded(GIF_START, 64)], "anim.gif", { type: "image/gif" }),
      // A WebP named .png is stored as .webp (the name follows the content).
      new File([padded(WEBP_START, 64)], "wrong-name.png", { type: "image/png" }),
    ];
    const added = await addExamples(alice, pageId, files);
    expect(added).toHaveLength(4);
    const exts = ["png", "jpeg", "gif", "webp"];
    for (const [index, row] of added.entries()) {
      const match = row.imageUrl.match(new RegExp(`^/api/files/page-images/${pageId}/(\\d+)-([0-9a-f]+)\\.(\\w+)$`));
      expect(match, row.imageUrl).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThanOrEqual(before);
      expect(match![3]).toBe(exts[index]);
      expect(await exists(fileOf(row.imageUrl))).toBe(true);
    }
    expect(new Uint8Array(await fs.readFile(fileOf(added[0].imageUrl)))).toEqual(pngBytes(2, 2));
    const rows = await rowsOf(pageId);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.type).toBe("example");
      expect(row.linkedPagesVersion).toBeNull();
      expect(row.chosen).toBe(false);
    }
    expect((await listImages(alice, siteId, pageId)).examples).toHaveLength(4);
    expect(new Set(added.map((a) => a.imageUrl)).size).toBe(4);
  });

  it("refuses a text file named .png, and with it the whole batch: nothing stored", async () => {
    const { pageId } = await newPage(alice);
    const text = new File(["This is not an image at all.\n"], "notes.png", { type: "image/png" });
    const error = await addExamples(alice, pageId, [png(), text]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageUploadError);
    expect((error as Error).message).toBe('"notes.png" is not a supported image. Please use JPG, PNG, GIF, or WebP.');
    expect(await rowsOf(pageId)).toHaveLength(0);
    expect(await filesOfPage(pageId)).toEqual([]);
  });

  it("refuses a file above 10 MB, and an empty batch", async () => {
    const { pageId } = await newPage(alice);
    const big = new File([padded(pngBytes(), 10 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await expect(addExamples(alice, pageId, [big])).rejects.toThrow('"big.png" is too large. Maximum size is 10 MB per image.');
    await expect(addExamples(alice, pageId, [])).rejects.toBeInstanceOf(ImageUploadError);
    expect(await rowsOf(pageId)).toHaveLength(0);
    expect(await filesOfPage(pageId)).toEqual([]);
  });

  it("another user gets NotFoundError and nothing is stored", async () => {
    const { pageId } = await newPage(alice);
    await expect(addExamples(bob, pageId, [png()])).rejects.toBeInstanceOf(NotFoundError);
    expect(await rowsOf(pageId)).toHaveLength(0);
    expect(await filesOfPage(pageId)).toEqual([]);
  });
});

describe("deleteImage", () => {
  it("deletes the row and its stored file", async () => {
    const { pageId } = await newPage(alice);
    const [kept, removed] = await addExamples(alice, pageId, [png("a.png"), png("b.png")]);
    await deleteImage(alice, pageId, removed.id);
    expect((await rowsOf(pageId)).map((r) => r.id)).toEqual([kept.id]);
    expect(await exists(fileOf(removed.imageUrl))).toBe(false);
    expect(await exists(fileOf(kept.imageUrl))).toBe(true);
  });

  it("deletes a proposition whose URL is not ours without touching any file", async () => {
    const { pageId } = await newPage(alice);
    const proposition = await insertImage(pageId, "proposition", { imageUrl: "https://cdn.example/cover.png" });
    await deleteImage(alice, pageId, proposition.id);
    expect(await rowsOf(pageId)).toHaveLength(0);
  });

  it("refuses another page's image, and another user, changing nothing", async () => {
    const { pageId } = await newPage(alice);
    const [example] = await addExamples(alice, pageId, [png()]);
    const other = await newPage(alice);
    await expect(deleteImage(alice, other.pageId, example.id)).rejects.toBeInstanceOf(ImageNotFoundError);
    await expect(deleteImage(bob, pageId, example.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await rowsOf(pageId)).toHaveLength(1);
    expect(await exists(fileOf(example.imageUrl))).toBe(true);
  });
});

describe("requestImageGeneration", () => {
  const coverRequests = async (pageId: number) => {
    const [action] = await database.db.select({ id: actions.id }).from(actions).where(eq(actions.name, "create_cover_image"));
    return database.db
      .select()
      .from(pagesActions)
      .where(and(eq(pagesActions.linkedPage, pageId), eq(pagesActions.linkedAction, action.id)));
  };

  it("queues create_cover_image with the exact info_json", async () => {
    const { pageId } = await newPage(alice);
    const example = await insertImage(pageId, "example");
    await requestImageGeneration(
      alice,
      pageId,
      parseGenerateImageForm({
        numberOfImages: "3",
        generatePrompt: "true",
        useInitialPhoto: "true",
        comments: "Tons chauds",
        imageExampleId: String(example.id),
      }),
    );
    const [row] = await coverRequests(pageId);
    expect(row.infoJson).toEqual({
      generate_prompt: true,
      comments: "Tons chauds",
      use_initial_photo: true,
      image_example_id: example.id,
      number_of_images: 3,
    });
    expect(row.linkedPagesVersion).toBeNull();
    expect(row.creator).toBe(alice.id);
    expect(row.queued).toBeNull();
  });

  it("drops the example when use_initial_photo is off, and uses the defaults", async () => {
    const { pageId } = await newPage(alice);
    const example = await insertImage(pageId, "example");
    await requestImageGeneration(alice, pageId, parseGenerateImageForm({ numberOfImages: "abc", imageExampleId: String(example.id) }));
    const [row] = await coverRequests(pageId);
    expect(row.infoJson).toEqual({
      generate_prompt: false,
      comments: "",
      use_initial_photo: false,
      image_example_id: null,
      number_of_images: 1,
    });
  });

  it("refuses an example of another page, and another user, queuing nothing", async () => {
    const { pageId } = await newPage(alice);
    const other = await newPage(alice);
    const foreign = await insertImage(other.pageId, "example");
    const input = parseGenerateImageForm({ useInitialPhoto: "on", imageExampleId: String(foreign.id) });
    await expect(requestImageGeneration(alice, pageId, input)).rejects.toBeInstanceOf(ImageNotFoundError);
    await expect(requestImageGeneration(bob, pageId, parseGenerateImageForm({}))).rejects.toBeInstanceOf(NotFoundError);
    expect(await coverRequests(pageId)).toHaveLength(0);
  });
});
