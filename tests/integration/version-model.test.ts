/**
 * models/version.server: versions listed newest first, new HTML always a NEW row, deletion, the
 * modification request recorded on the version with its queued action, the example version rule,
 * and ownership (another account gets NotFoundError and changes nothing).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { actions, pages, pagesActions, pagesVersions, siteBriefs, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { MissingActionError } from "~/models/page-action.server";
import {
  createVersion,
  deleteVersion,
  InvalidExampleError,
  listVersions,
  queueNewVersion,
  recordModification,
  type ModificationInput,
} from "~/models/version.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;

async function insertPage(owner: TestUser, name = "A page") {
  const [site] = await database.db
    .insert(sites)
    .values({ name: `${name} site`, url: "https://example.com", linkedUser: owner.id })
    .returning({ id: sites.id });
  const [page] = await database.db
    .insert(pages)
    .values({ site: site.id, name, url: "https://example.com/a", creator: owner.id })
    .returning({ id: pages.id });
  return { siteId: site.id, pageId: page.id };
}

async function insertVersion(pageId: number, html: string, createdDate: Date) {
  const [row] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: html, createdDate })
    .returning({ id: pagesVersions.id });
  return row.id;
}

async function rawVersions(pageId: number) {
  return database.db.select().from(pagesVersions).where(eq(pagesVersions.page, pageId)).orderBy(pagesVersions.id);
}

async function actionsOf(pageId: number, name: string) {
  return database.db
    .select({
      id: pagesActions.id,
      version: pagesActions.linkedPagesVersion,
      creator: pagesActions.creator,
      infoJson: pagesActions.infoJson,
      queued: pagesActions.queued,
    })
    .from(pagesActions)
    .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
    .where(and(eq(pagesActions.linkedPage, pageId), eq(actions.name, name)));
}

const request = (values: Partial<ModificationInput> = {}): ModificationInput => ({
  commentsToModify: "Shorten the introduction",
  needToDoWebSearchForModification: true,
  highlightModifiedContent: true,
  unhighlightModifiedContent: false,
  pagesVersionsToTakeAsExample: null,
  ...values,
});

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice" });
  bob = await insertUser(database.db, { name: "Bob" });
});

describe("createVersion / listVersions", () => {
  it("lists a page's versions newest first, with their HTML", async () => {
    const { siteId, pageId } = await insertPage(alice);
    const old = await insertVersion(pageId, "<p>old</p>", new Date("2026-01-01T10:00:00Z"));
    const newer = await insertVersion(pageId, "<p>newer</p>", new Date("2026-03-01T10:00:00Z"));
    // Same date as `newer`: the higher id comes first.
    const sameDate = await insertVersion(pageId, "<p>same date</p>", new Date("2026-03-01T10:00:00Z"));
    const other = await insertPage(alice, "Other page");
    await insertVersion(other.pageId, "<p>other page</p>", new Date("2026-04-01T10:00:00Z"));

    const listed = await listVersions(alice, siteId, pageId);
    expect(listed.map((v) => v.id)).toEqual([sameDate, newer, old]);
    expect(listed.map((v) => v.htmlContent)).toEqual(["<p>same date</p>", "<p>newer</p>", "<p>old</p>"]);
  });

  it("creates a NEW row for each save, created by the user, and never overwrites history", async () => {
    const { siteId, pageId } = await insertPage(alice);
    const first = await createVersion(alice, pageId, "<h1>First</h1>");
    expect(first).toMatchObject({ page: pageId, htmlContent: "<h1>First</h1>", creator: alice.id, sentInRevision: false, approved: false });
    const second = await createVersion(alice, pageId, "<h1>Second</h1>", { basedOn: first.id });
    expect(second.id).not.toBe(first.id);
    const listed = await listVersions(alice, siteId, pageId);
    expect(listed.map((v) => v.id)).toEqual([second.id, first.id]);
    expect(listed[1].htmlContent).toBe("<h1>First</h1>");
  });

  it("keeps the edited version's meta description on the new one unless another is given", async () => {
    const { pageId } = await insertPage(alice);
    const first = await createVersion(alice, pageId, "<h1>First</h1>", { metaDescription: "La première." });
    expect(first.metaDescription).toBe("La première.");
    expect((await createVersion(alice, pageId, "<h1>Edited</h1>", { basedOn: first.id })).metaDescription).toBe("La première.");
    const changed = await createVersion(alice, pageId, "<h1>Edited</h1>", { basedOn: first.id, metaDescription: "Une autre." });
    expect(changed.metaDescription).toBe("Une autre.");
    expect((await createVersion(alice, pageId, "<h1>E</h1>", { basedOn: first.id, metaDescription: "" })).metaDescription).toBeNull();
    expect((await createVersion(alice, pageId, "<h1>Pasted</h1>")).metaDescription).toBeNull();
  });

  it("refuses a based-on version of another page", async () => {
    const { pageId } = await insertPage(alice);
    const other = await insertPage(alice, "Elsewhere");
    const foreignVersion = await insertVersion(other.pageId, "<p>x</p>", new Date());
    await expect(createVersion(alice, pageId, "<p>y</p>", { basedOn: foreignVersion })).rejects.toBeInstanceOf(NotFoundError);
    expect(await rawVersions(pageId)).toEqual([]);
  });

  it("answers a page of another site of the URL like a missing one", async () => {
    const { pageId } = await insertPage(alice);
    const { siteId: otherSite } = await insertPage(alice, "Another site");
    await expect(listVersions(alice, otherSite, pageId)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("deleteVersion", () => {
  it("deletes one version and keeps the others", async () => {
    const { siteId, pageId } = await insertPage(alice);
    const a = await createVersion(alice, pageId, "<p>a</p>");
    const b = await createVersion(alice, pageId, "<p>b</p>");
    expect(await deleteVersion(alice, b.id, pageId)).toEqual({ id: b.id, pageId });
    expect((await listVersions(alice, siteId, pageId)).map((v) => v.id)).toEqual([a.id]);
    await expect(deleteVersion(alice, b.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a version of another page when the page is given", async () => {
    const { pageId } = await insertPage(alice);
    const other = await insertPage(alice, "Elsewhere");
    const v = await createVersion(alice, other.pageId, "<p>keep</p>");
    await expect(deleteVersion(alice, v.id, pageId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await rawVersions(other.pageId)).toHaveLength(1);
  });
});

describe("recordModification", () => {
  it("records the request on the version and queues modify_articles_with_instructions for it", async () => {
    const { pageId } = await insertPage(alice);
    const example = await createVersion(alice, pageId, "<p>example</p>");
    const target = await createVersion(alice, pageId, "<p>target</p>");
    const result = await recordModification(alice, target.id, request({ pagesVersionsToTakeAsExample: example.id }), {
      createNewVersion: true,
      pageId,
    });
    expect(result.version).toMatchObject({
      id: target.id,
      htmlContent: "<p>target</p>",
      commentsToModify: "Shorten the introduction",
      needToDoWebSearchForModification: true,
      highlightModifiedContent: true,
      unhighlightModifiedContent: false,
      pagesVersionsToTakeAsExample: example.id,
    });
    const queued = await actionsOf(pageId, "modify_articles_with_instructions");
    expect(queued).toEqual([
      {
        id: result.actionId,
        version: target.id,
        creator: alice.id,
        infoJson: {
          createNewVersion: true,
          request: {
            commentsToModify: "Shorten the introduction",
            needToDoWebSearchForModification: true,
            highlightModifiedContent: true,
            unhighlightModifiedContent: false,
            pagesVersionsToTakeAsExample: example.id,
          },
        },
        queued: null,
      },
    ]);
    // The example is untouched.
    const [exampleRow] = (await rawVersions(pageId)).filter((v) => v.id === example.id);
    expect(exampleRow.commentsToModify).toBeNull();
  });

  it("accepts no example, and createNewVersion defaults to false", async () => {
    const { pageId } = await insertPage(alice);
    const target = await createVersion(alice, pageId, "<p>t</p>");
    const result = await recordModification(alice, target.id, request({ commentsToModify: null, needToDoWebSearchForModification: false }));
    expect(result.version.pagesVersionsToTakeAsExample).toBeNull();
    expect(result.version.commentsToModify).toBeNull();
    expect((await actionsOf(pageId, "modify_articles_with_instructions")).map((a) => a.infoJson)).toEqual([
      { createNewVersion: false, request: expect.objectContaining({ commentsToModify: null, pagesVersionsToTakeAsExample: null }) },
    ]);
  });

  it("refuses an example that is not a version of the same page, and changes nothing", async () => {
    const { pageId } = await insertPage(alice);
    const other = await insertPage(alice, "Elsewhere");
    const target = await createVersion(alice, pageId, "<p>t</p>");
    const foreignExample = await createVersion(alice, other.pageId, "<p>other page</p>");
    const bobsPage = await insertPage(bob, "Bob's page");
    const bobsExample = await createVersion(bob, bobsPage.pageId, "<p>bob</p>");
    for (const exampleId of [foreignExample.id, bobsExample.id, 2_000_000_000]) {
      await expect(recordModification(alice, target.id, request({ pagesVersionsToTakeAsExample: exampleId }))).rejects.toBeInstanceOf(
        InvalidExampleError,
      );
    }
    const [row] = await rawVersions(pageId);
    expect(row.commentsToModify).toBeNull();
    expect(row.pagesVersionsToTakeAsExample).toBeNull();
    expect(await actionsOf(pageId, "modify_articles_with_instructions")).toEqual([]);
  });

  it("refuses a version of another page when the page is given", async () => {
    const { pageId } = await insertPage(alice);
    const other = await insertPage(alice, "Elsewhere");
    const v = await createVersion(alice, other.pageId, "<p>v</p>");
    await expect(recordModification(alice, v.id, request(), { pageId })).rejects.toBeInstanceOf(NotFoundError);
    expect(await actionsOf(other.pageId, "modify_articles_with_instructions")).toEqual([]);
  });
});

describe("queueNewVersion", () => {
  it("queues the page's outline first (issue 16), or the article when the site's brief skips the outline", async () => {
    const { siteId, pageId } = await insertPage(alice);
    const outline = await queueNewVersion(alice, pageId);
    expect(outline.step).toBe("outline");
    expect(await actionsOf(pageId, "create_outline")).toEqual([
      { id: outline.actionId, version: null, creator: alice.id, infoJson: null, queued: null },
    ]);
    expect(await actionsOf(pageId, "create_article")).toEqual([]);

    await database.db.insert(siteBriefs).values({ siteId, outlineStep: false });
    const article = await queueNewVersion(alice, pageId);
    expect(article.step).toBe("article");
    expect(await actionsOf(pageId, "create_article")).toEqual([
      { id: article.actionId, version: null, creator: alice.id, infoJson: null, queued: null },
    ]);
  });
});

describe("ownership", () => {
  it("another account gets NotFoundError everywhere and changes nothing", async () => {
    const { siteId, pageId } = await insertPage(alice, "Alice's page");
    const v1 = await createVersion(alice, pageId, "<p>one</p>");
    const v2 = await createVersion(alice, pageId, "<p>two</p>");
    const before = await rawVersions(pageId);

    const attempts: [string, () => Promise<unknown>][] = [
      ["list", () => listVersions(bob, siteId, pageId)],
      ["create", () => createVersion(bob, pageId, "<p>bob</p>")],
      ["create based on", () => createVersion(bob, pageId, "<p>bob</p>", { basedOn: v1.id })],
      ["delete", () => deleteVersion(bob, v1.id)],
      ["modify", () => recordModification(bob, v2.id, request({ pagesVersionsToTakeAsExample: v1.id }))],
      ["queue", () => queueNewVersion(bob, pageId)],
    ];
    for (const [name, attempt] of attempts) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(NotFoundError);
    }
    // A missing version answers exactly like a foreign one.
    const missing = await deleteVersion(bob, 2_000_000_000).catch((e: unknown) => e);
    const foreign = await deleteVersion(bob, v1.id).catch((e: unknown) => e);
    expect((missing as Error).message).toBe((foreign as Error).message);

    expect(await rawVersions(pageId)).toEqual(before);
    expect(await actionsOf(pageId, "modify_articles_with_instructions")).toEqual([]);
    expect(await actionsOf(pageId, "create_article")).toEqual([]);
  });
});

describe("a missing action catalogue entry", () => {
  it("answers MissingActionError and leaves the version unchanged", async () => {
    const { pageId } = await insertPage(alice);
    const target = await createVersion(alice, pageId, "<p>t</p>");
    // This file's database is its own, and its tests run one after the other.
    await database.db.update(actions).set({ name: "renamed_for_test" }).where(eq(actions.name, "modify_articles_with_instructions"));
    try {
      await expect(recordModification(alice, target.id, request())).rejects.toBeInstanceOf(MissingActionError);
    } finally {
      await database.db.update(actions).set({ name: "modify_articles_with_instructions" }).where(eq(actions.name, "renamed_for_test"));
    }
    const [row] = await rawVersions(pageId);
    expect(row.commentsToModify).toBeNull();
    expect(row.needToDoWebSearchForModification).toBe(false);
  });
});
