/**
 * Tone articles (spec part 2): the shared ones (creator null) are visible to every signed-in user;
 * a user's own ones only to them. Nobody changes another user's rows.
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { toneArticles } from "../../db/schema";
import { formErrorMap } from "~/lib/schemas/form";
import { toneArticleSchema, type ToneArticleInput } from "~/lib/schemas/tone-article";
import { getDb } from "~/services/db.server";

type Actor = { id: string };

export type ToneArticleRow = {
  id: number;
  name: string;
  content: string | null;
  parentId: number | null;
  parentName: string | null;
  /** True for the user's own rows, false for the shared ones. */
  own: boolean;
};

/** Refused input: the message is the form's, `field` the field it belongs to. */
export class ToneArticleInputError extends Error {
  constructor(
    message: string,
    readonly field: "name" | "parent" | "content" | "form",
  ) {
    super(message);
    this.name = "ToneArticleInputError";
  }
}

const visibleTo = (userId: string) => or(isNull(toneArticles.creator), eq(toneArticles.creator, userId));

/** The shared tone articles and the user's own, with their parent's name; groups first, then by name. */
export async function listToneArticles(user: Actor): Promise<ToneArticleRow[]> {
  const db = await getDb();
  const parent = alias(toneArticles, "parent");
  return db
    .select({
      id: toneArticles.id,
      name: toneArticles.name,
      content: toneArticles.content,
      parentId: toneArticles.parentToneArticle,
      parentName: parent.name,
      own: sql<boolean>`coalesce(${toneArticles.creator} = ${user.id}, false)`,
    })
    .from(toneArticles)
    .leftJoin(parent, eq(parent.id, toneArticles.parentToneArticle))
    .where(visibleTo(user.id))
    .orderBy(sql`${toneArticles.parentToneArticle} is not null`, asc(toneArticles.name), asc(toneArticles.id));
}

/**
 * Creates a tone article owned by the user. The parent, when given, must be a tone group (an article
 * without a parent) the user can see: a shared one or their own.
 */
export async function createToneArticle(user: Actor, input: ToneArticleInput): Promise<ToneArticleRow> {
  // Its refusals are the form's (the screen shows them): with the forms' safety net, as parseSubmission gives it.
  const parsed = toneArticleSchema.safeParse(input, { error: formErrorMap });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "form");
    throw new ToneArticleInputError(
      issue?.message ?? "Invalid tone article",
      field === "name" || field === "parent" || field === "content" ? field : "form",
    );
  }
  const { name, parent, content } = parsed.data;
  const db = await getDb();
  return db.transaction(async (tx) => {
    let parentName: string | null = null;
    if (parent !== null) {
      const [group] = await tx
        .select({ name: toneArticles.name })
        .from(toneArticles)
        .where(and(eq(toneArticles.id, parent), isNull(toneArticles.parentToneArticle), visibleTo(user.id)))
        .for("share");
      if (!group) throw new ToneArticleInputError("Parent group not found", "parent");
      parentName = group.name;
    }
    const [row] = await tx
      .insert(toneArticles)
      .values({ name, content, parentToneArticle: parent, creator: user.id })
      .returning({ id: toneArticles.id, name: toneArticles.name, content: toneArticles.content, parentId: toneArticles.parentToneArticle });
    return { ...row, parentName, own: true };
  });
}
