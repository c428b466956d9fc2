/** models/tone-article.server: shared rows for everyone, own rows for their owner only, parents checked. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toneArticles } from "../../db/schema";
import { createToneArticle, listToneArticles, ToneArticleInputError } from "~/models/tone-article.server";
import { listToneGroups } from "~/models/reference.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let sharedGroup: { id: number; name: string };
let sharedChild: { id: number; name: string };

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice Martin", email: "alice-tone@example.test" });
  bob = await insertUser(database.db, { name: "Bob Durand", email: "bob-tone@example.test" });
  [sharedGroup] = await database.query<{ id: number; name: string }>(
    "select id, name from tone_articles where parent_tone_article is null and creator is null order by id limit 1",
  );
  [sharedChild] = await database.query<{ id: number; name: string }>(
    "select id, name from tone_articles where parent_tone_article is not null and creator is null order by id limit 1",
  );
});

async function expectRefused(promise: Promise<unknown>, message: string, field: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToneArticleInputError);
  expect((error as ToneArticleInputError).message).toBe(message);
  expect((error as ToneArticleInputError).field).toBe(field);
}

describe("listToneArticles", () => {
  it("lists every shared tone article, with its parent's name, groups first then by name", async () => {
    const user = await insertUser(database.db);
    const rows = await listToneArticles(user);
    const [{ count }] = await database.query<{ count: number }>("select count(*)::int as count from tone_articles where creator is null");
    expect(rows).toHaveLength(count);
    expect(count).toBeGreaterThan(0);
    const child = rows.find((r) => r.id === sharedChild.id)!;
    expect(child.parentId).not.toBeNull();
    const parent = rows.find((r) => r.id === child.parentId)!;
    expect(child.parentName).toBe(parent.name);
    expect(rows.every((r) => r.own === false)).toBe(true);
    const groups = rows.filter((r) => r.parentId === null);
    expect(rows.slice(0, groups.length)).toEqual(groups);
    // By name in the database's own collation.
    const byName = await database.query<{ name: string }>(
      "select name from tone_articles where creator is null and parent_tone_article is null order by name, id",
    );
    expect(groups.map((r) => r.name)).toEqual(byName.map((r) => r.name));
  });

  it("shows a user's own rows to them only", async () => {
    const created = await createToneArticle(alice, { name: "Ton d'Alice", parent: "none", content: "Secret" });
    expect(created).toMatchObject({ name: "Ton d'Alice", parentId: null, parentName: null, content: "Secret", own: true });
    const [raw] = await database.db.select().from(toneArticles).where(eq(toneArticles.id, created.id));
    expect(raw.creator).toBe(alice.id);

    expect((await listToneArticles(alice)).find((r) => r.id === created.id)).toMatchObject({ own: true });
    expect((await listToneArticles(bob)).some((r) => r.id === created.id)).toBe(false);
    // The site dialog's tone groups follow the same rule.
    expect((await listToneGroups(alice.id)).some((g) => g.id === created.id)).toBe(true);
    expect((await listToneGroups(bob.id)).some((g) => g.id === created.id)).toBe(false);
  });
});

describe("createToneArticle", () => {
  it("stores 'none', a missing parent and an empty content as null, and trims the name", async () => {
    const none = await createToneArticle(alice, { name: "  Sans parent  ", parent: "none", content: "" });
    expect(none).toMatchObject({ name: "Sans parent", parentId: null, content: null });
    const missing = await createToneArticle(alice, { name: "Sans parent 2" });
    expect(missing).toMatchObject({ parentId: null, content: null });
  });

  it("accepts a shared group or the user's own group as parent", async () => {
    const underShared = await createToneArticle(alice, {
      name: "Sous un groupe partagé",
      parent: String(sharedGroup.id),
      content: "Texte",
    });
    expect(underShared).toMatchObject({ parentId: sharedGroup.id, parentName: sharedGroup.name, own: true });
    const group = await createToneArticle(alice, { name: "Groupe d'Alice", parent: "none" });
    const underOwn = await createToneArticle(alice, { name: "Exemple d'Alice", parent: String(group.id) });
    expect(underOwn).toMatchObject({ parentId: group.id, parentName: "Groupe d'Alice" });
    const listed = (await listToneArticles(alice)).find((r) => r.id === underOwn.id);
    expect(listed).toMatchObject({ parentId: group.id, parentName: "Groupe d'Alice" });
  });

  it("refuses another user's group, an unknown id, a non-group and a malformed parent", async () => {
    const bobGroup = await createToneArticle(bob, { name: "Groupe de Bob", parent: "none" });
    const before = await database.query<{ count: number }>("select count(*)::int as count from tone_articles");
    await expectRefused(createToneArticle(alice, { name: "X", parent: String(bobGroup.id) }), "Parent group not found", "parent");
    await expectRefused(createToneArticle(alice, { name: "X", parent: "999999" }), "Parent group not found", "parent");
    await expectRefused(createToneArticle(alice, { name: "X", parent: String(sharedChild.id) }), "Parent group not found", "parent");
    await expectRefused(createToneArticle(alice, { name: "X", parent: "abc" }), "Parent group not found", "parent");
    const after = await database.query<{ count: number }>("select count(*)::int as count from tone_articles");
    expect(after[0].count).toBe(before[0].count);
  });

  it("requires a name of at least one character", async () => {
    await expectRefused(createToneArticle(alice, { name: "", parent: "none" }), "Name is required", "name");
    await expectRefused(createToneArticle(alice, { name: "   ", parent: "none" }), "Name is required", "name");
    const one = await createToneArticle(alice, { name: "A" });
    expect(one.name).toBe("A");
  });
});
