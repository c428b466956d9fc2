/**
 * models/review.server and models/article-view.server: the four review transitions and their refusals,
 * demo articles, required comments, the cover image rule, the public getter (that version, those
 * fields, nothing else) and ownership (another account gets NotFoundError and changes nothing).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesVersions, pagesVersionsImages, sites } from "../../db/schema";
import { NotFoundError } from "~/models/access.server";
import { articleDescription, excerpt } from "~/lib/meta-description.server";
import { coverImageUrl, demoPublicId, getPublicArticle, hasArticleContent } from "~/models/article-view.server";
import {
  applyReviewAction,
  approve,
  cancelApproval,
  cancelRevision,
  CommentsRequiredError,
  DemoArticleError,
  getReviewVersion,
  ReviewTransitionError,
  sendForRevision,
} from "~/models/review.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let aliceSite: number;

async function insertPage(fields: Partial<typeof pages.$inferInsert> = {}) {
  const [page] = await database.db
    .insert(pages)
    .values({ site: aliceSite, name: "Comment choisir un vélo", url: "https://alice.example/velo", creator: alice.id, ...fields })
    .returning();
  return page;
}

async function insertVersion(page: number, fields: Partial<typeof pagesVersions.$inferInsert> = {}) {
  const [version] = await database.db
    .insert(pagesVersions)
    .values({ page, htmlContent: "<h2>Intro</h2><p>Un vélo, c'est pour la vie.</p>", creator: alice.id, ...fields })
    .returning();
  return version;
}

async function insertImage(page: number, fields: Partial<typeof pagesVersionsImages.$inferInsert> = {}) {
  const [image] = await database.db
    .insert(pagesVersionsImages)
    .values({ linkedPage: page, imageUrl: "/api/files/page-images/x.png", type: "proposition", ...fields })
    .returning();
  return image;
}

async function raw(versionId: number) {
  const [row] = await database.db.select().from(pagesVersions).where(eq(pagesVersions.id, versionId));
  return row;
}

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice Martin" });
  bob = await insertUser(database.db, { name: "Bob Durand" });
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Alice's site", url: "https://alice.example", linkedUser: alice.id })
    .returning({ id: sites.id });
  aliceSite = site.id;
});

describe("getReviewVersion", () => {
  it("returns the version, its page, its site and its cover image", async () => {
    const page = await insertPage();
    const version = await insertVersion(page.id, { commentsToModify: "earlier note" });
    await insertImage(page.id, { imageUrl: "/cover.png" });
    const article = await getReviewVersion(alice, version.id);
    expect(article).toEqual({
      version: {
        id: version.id,
        htmlContent: version.htmlContent,
        createdDate: version.createdDate,
        sentInRevision: false,
        approved: false,
        commentsToModify: "earlier note",
        publicId: version.publicId,
        revisionRound: 0,
        edited: false,
        heldForTeam: false,
      },
      page: { id: page.id, name: "Comment choisir un vélo", hideRevisionsTextsFromPreview: false, hideCoverImageFromPreview: false },
      site: { id: aliceSite, name: "Alice's site", url: "https://alice.example" },
      coverImageUrl: "/cover.png",
      pageVersionDates: [{ id: version.id, createdDate: version.createdDate }],
    });
  });

  it("answers a missing version like a foreign one", async () => {
    await expect(getReviewVersion(alice, 987654321)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("transitions", () => {
  it("Draft → In revision → Draft → Approved → Draft, each returning the updated version", async () => {
    const page = await insertPage();
    const { id } = await insertVersion(page.id);

    const sent = await sendForRevision(alice, id, "  Please shorten the introduction.  ");
    expect(sent).toMatchObject({ id, sentInRevision: true, approved: false, commentsToModify: "Please shorten the introduction." });
    expect(await raw(id)).toMatchObject({ sentInRevision: true, commentsToModify: "Please shorten the introduction." });

    const canceled = await cancelRevision(alice, id);
    expect(canceled).toMatchObject({ id, sentInRevision: false, approved: false });
    // The comments stay (shown read-only).
    expect(canceled.commentsToModify).toBe("Please shorten the introduction.");

    const approved = await approve(alice, id);
    expect(approved).toMatchObject({ id, sentInRevision: false, approved: true });

    const back = await cancelApproval(alice, id);
    expect(back).toMatchObject({ id, sentInRevision: false, approved: false });
    expect(await raw(id)).toMatchObject({ sentInRevision: false, approved: false });
  });

  it("refuses every action that the current state does not allow, and changes nothing", async () => {
    const page = await insertPage();
    const draft = await insertVersion(page.id);
    const inRevision = await insertVersion(page.id, { sentInRevision: true, commentsToModify: "fix" });
    const approved = await insertVersion(page.id, { approved: true });
    const refusals: [number, Parameters<typeof applyReviewAction>[2]][] = [
      [draft.id, "cancel-revision"],
      [draft.id, "cancel-approval"],
      [inRevision.id, "send-revision"],
      [inRevision.id, "approve"],
      [inRevision.id, "cancel-approval"],
      [approved.id, "send-revision"],
      [approved.id, "approve"],
      [approved.id, "cancel-revision"],
    ];
    for (const [id, intent] of refusals) {
      const before = await raw(id);
      const error = await applyReviewAction(alice, id, intent, "some comments").catch((e: unknown) => e);
      expect(error, `${intent} on version ${id}`).toBeInstanceOf(ReviewTransitionError);
      expect((error as ReviewTransitionError).version).toMatchObject({
        id,
        approved: before.approved,
        sentInRevision: before.sentInRevision,
      });
      expect(await raw(id)).toEqual(before);
    }
  });

  it("applies a transition once when two requests race", async () => {
    const page = await insertPage();
    const { id } = await insertVersion(page.id);
    const results = await Promise.allSettled([approve(alice, id), approve(alice, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ReviewTransitionError);

    // Send for revision and approve at once on a draft: only one of them wins.
    const other = await insertVersion(page.id);
    const mixed = await Promise.allSettled([sendForRevision(alice, other.id, "first"), approve(alice, other.id)]);
    expect(mixed.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const row = await raw(other.id);
    expect(row.approved !== row.sentInRevision).toBe(true);
  });

  it("cancel approval of a version also sent in revision leaves it In revision", async () => {
    const page = await insertPage();
    const { id } = await insertVersion(page.id, { approved: true, sentInRevision: true });
    expect(await cancelApproval(alice, id)).toMatchObject({ approved: false, sentInRevision: true });
  });
});

describe("send for revision", () => {
  it("requires comments after trimming", async () => {
    const page = await insertPage();
    const { id } = await insertVersion(page.id);
    for (const comments of ["", "   \n ", null, undefined]) {
      const error = await sendForRevision(alice, id, comments).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommentsRequiredError);
      expect((error as Error).message).toBe("Comments are required to send for revision");
    }
    expect(await raw(id)).toMatchObject({ sentInRevision: false, commentsToModify: null });
  });
});

describe("demo articles", () => {
  it("refuses all four actions with DemoArticleError and changes nothing", async () => {
    const demo = await insertPage({ hideRevisionsTextsFromPreview: true });
    const draft = await insertVersion(demo.id);
    const inRevision = await insertVersion(demo.id, { sentInRevision: true, commentsToModify: "x" });
    const approved = await insertVersion(demo.id, { approved: true });
    const attempts: [number, Parameters<typeof applyReviewAction>[2], string | undefined][] = [
      [draft.id, "send-revision", "comments"],
      [draft.id, "send-revision", ""],
      [draft.id, "approve", undefined],
      [inRevision.id, "cancel-revision", undefined],
      [approved.id, "cancel-approval", undefined],
    ];
    for (const [id, intent, comments] of attempts) {
      const before = await raw(id);
      const error = await applyReviewAction(alice, id, intent, comments).catch((e: unknown) => e);
      expect(error, intent).toBeInstanceOf(DemoArticleError);
      expect((error as Error).message).toBe("This is a demo article, so you cannot use this feature.");
      expect(await raw(id)).toEqual(before);
    }
    // Reading a demo article for review is allowed.
    expect((await getReviewVersion(alice, draft.id)).page.hideRevisionsTextsFromPreview).toBe(true);
  });
});

describe("ownership", () => {
  it("another account gets NotFoundError for every function and changes nothing", async () => {
    const page = await insertPage();
    const draft = await insertVersion(page.id);
    const approvedVersion = await insertVersion(page.id, { approved: true });
    const inRevision = await insertVersion(page.id, { sentInRevision: true, commentsToModify: "keep" });
    const snapshot = async () => Promise.all([draft.id, approvedVersion.id, inRevision.id].map(raw));
    const before = await snapshot();

    await expect(getReviewVersion(bob, draft.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sendForRevision(bob, draft.id, "taken over")).rejects.toBeInstanceOf(NotFoundError);
    // Even without comments: the answer does not reveal that the version exists.
    await expect(sendForRevision(bob, draft.id, "")).rejects.toBeInstanceOf(NotFoundError);
    await expect(approve(bob, draft.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(cancelRevision(bob, inRevision.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(cancelApproval(bob, approvedVersion.id)).rejects.toBeInstanceOf(NotFoundError);

    expect(await snapshot()).toEqual(before);
  });
});

describe("cover image", () => {
  it("prefers the chosen proposition over a later one", async () => {
    const page = await insertPage();
    await insertImage(page.id, { imageUrl: "/first.png" });
    await insertImage(page.id, { imageUrl: "/chosen.png", chosen: true });
    await insertImage(page.id, { imageUrl: "/latest.png" });
    expect(await coverImageUrl(page)).toBe("/chosen.png");
  });

  it("falls back to the latest proposition by id descending, ignoring examples", async () => {
    const page = await insertPage();
    await insertImage(page.id, { imageUrl: "/older.png" });
    await insertImage(page.id, { imageUrl: "/newer.png" });
    await insertImage(page.id, { imageUrl: "/example.png", type: "example", chosen: true });
    expect(await coverImageUrl(page)).toBe("/newer.png");
    const version = await insertVersion(page.id);
    expect((await getReviewVersion(alice, version.id)).coverImageUrl).toBe("/newer.png");
    expect((await getPublicArticle(version.publicId))?.coverImageUrl).toBe("/newer.png");
  });

  it("has none without propositions, or when the page hides its cover image", async () => {
    const bare = await insertPage();
    await insertImage(bare.id, { imageUrl: "/example.png", type: "example" });
    expect(await coverImageUrl(bare)).toBeNull();

    const hidden = await insertPage({ hideCoverImageFromPreview: true });
    await insertImage(hidden.id, { imageUrl: "/chosen.png", chosen: true });
    const version = await insertVersion(hidden.id);
    expect((await getReviewVersion(alice, version.id)).coverImageUrl).toBeNull();
    expect((await getPublicArticle(version.publicId))?.coverImageUrl).toBeNull();
  });

  it("uses only the page's own propositions", async () => {
    const page = await insertPage();
    const other = await insertPage();
    await insertImage(other.id, { imageUrl: "/other.png", chosen: true });
    expect(await coverImageUrl(page)).toBeNull();
  });
});

describe("getPublicArticle", () => {
  it("returns that version only, with exactly the public fields, sanitized", async () => {
    const page = await insertPage({ name: "Le guide du vélo" });
    const older = await insertVersion(page.id, { htmlContent: "<p>Old text</p>" });
    const version = await insertVersion(page.id, {
      htmlContent: '<h1>Le guide</h1><p onclick="steal()">Rouler <strong>loin</strong>.</p><script>steal()</script>',
      commentsToModify: "private note",
      approved: true,
    });
    await insertVersion(page.id, { htmlContent: "<p>Newer text</p>" });
    await insertImage(page.id, { imageUrl: "/cover.png", chosen: true });

    const article = await getPublicArticle(version.publicId);
    expect(article).toEqual({
      html: "<h1>Le guide</h1><p>Rouler <strong>loin</strong>.</p>",
      title: "Le guide du vélo",
      description: "Rouler loin.",
      coverImageUrl: "/cover.png",
      createdDate: version.createdDate,
      demo: false,
    });
    expect(Object.keys(article!).sort()).toEqual(["coverImageUrl", "createdDate", "demo", "description", "html", "title"]);
    expect((await getPublicArticle(older.publicId))?.html).toBe("<p>Old text</p>");
  });

  it("gives every version its own random public id of at least 128 bits", async () => {
    const page = await insertPage();
    const made = await Promise.all(Array.from({ length: 20 }, () => insertVersion(page.id)));
    const ids = made.map((v) => v.publicId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(id, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it("reads any version by its public id without an owner check (public by design), and says whether it is a demo", async () => {
    const demo = await insertPage({ hideRevisionsTextsFromPreview: true });
    const version = await insertVersion(demo.id, { htmlContent: "<p>Demo</p>" });
    expect(await getPublicArticle(version.publicId)).toMatchObject({ html: "<p>Demo</p>", demo: true });
  });

  it("never reads a version by its sequential id; only a demo article's old address finds its public id", async () => {
    const draft = await insertVersion((await insertPage()).id, { htmlContent: "<p>Draft</p>" });
    const demo = await insertVersion((await insertPage({ hideRevisionsTextsFromPreview: true })).id);
    expect(await getPublicArticle(String(draft.id))).toBeNull();
    expect(await getPublicArticle(String(demo.id))).toBeNull();
    expect(await demoPublicId(String(draft.id))).toBeNull();
    expect(await demoPublicId(String(demo.id))).toBe(demo.publicId);
    for (const id of ["987654321", "abc", "1.5", "-1", "0", "", "1e3", " 1", null, undefined]) {
      expect(await demoPublicId(id), String(id)).toBeNull();
    }
  });

  it("answers null for a missing or malformed public id", async () => {
    for (const id of ["987654321", "abc", "", "A".repeat(32), "../../etc/passwd", " ".repeat(32), null, undefined]) {
      expect(await getPublicArticle(id), String(id)).toBeNull();
    }
  });

  it("keeps an empty article empty", async () => {
    const page = await insertPage();
    const empty = await insertVersion(page.id, { htmlContent: "" });
    expect(await getPublicArticle(empty.publicId)).toMatchObject({ html: "", description: "" });
  });
});

describe("descriptions", () => {
  it("cut at about 160 characters on a word boundary, with an ellipsis", () => {
    const text = "mot ".repeat(100).trim();
    const cut = excerpt(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("mot…")).toBe(true);
    expect(excerpt("short text")).toBe("short text");
  });

  it("skip a leading <h1> and collapse whitespace", () => {
    expect(articleDescription("<h1>Title</h1>\n<p>First   paragraph.</p><p>Second.</p>")).toBe("First paragraph. Second.");
    expect(articleDescription("<h1>Only a title</h1>")).toBe("Only a title");
  });
});

describe("hasArticleContent", () => {
  it("is false for HTML that shows nothing, true for text, an image or an embed", () => {
    for (const html of ["", "<p> </p>", "<div><p></p></div>", "<br />"]) expect(hasArticleContent(html), html).toBe(false);
    for (const html of ["<p>x</p>", '<img src="/a.png" />', '<iframe src="https://www.youtube.com/embed/x"></iframe>'])
      expect(hasArticleContent(html), html).toBe(true);
  });
});
