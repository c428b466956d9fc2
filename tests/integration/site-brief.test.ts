/**
 * Issue 16, a site's brief: read with what the site's settings already say (topics, tone group, guidelines),
 * saved together with them, only by the site's owner or the team; every article of the site is written from it.
 */
import { eq, isNotNull, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, sites, toneArticles } from "../../db/schema";
import { articleContext, articlePrompt } from "~/jobs/tasks/create_article.server";
import { NotFoundError } from "~/models/access.server";
import { getSiteBrief, saveSiteBrief } from "~/models/brief.server";
import { InvalidReferenceError } from "~/models/site.server";
import { briefSchema } from "~/lib/schemas/brief";
import { action as briefAction } from "~/routes/app/brief";
import { formPost, runRoute } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { signedInUser } from "../setup/sessions";

const database = useTestDatabase();
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  owner = await insertUser(database.db, { name: "Claire Client" });
  stranger = await insertUser(database.db, { name: "Autre" });
});

async function siteOf(userId: string) {
  const [site] = await database.db
    .insert(sites)
    .values({
      name: "Boulangerie",
      url: "https://boulangerie.example",
      linkedUser: userId,
      acceptedTopics: "pain, levain",
      additionalGuidelines: "Ton chaleureux, vouvoiement.",
    })
    .returning();
  const [page] = await database.db
    .insert(pages)
    .values({ site: site!.id, name: "Le levain", url: "https://boulangerie.example/levain" })
    .returning();
  return { siteId: site!.id, pageId: page!.id };
}

const filled = briefSchema.parse({
  audience: "Boulangers amateurs qui débutent",
  offer: "Cours de boulangerie le samedi",
  toneGroup: "",
  toneSamples: "Chez nous, le pain prend son temps.",
  topicsToCover: "pain, levain, farines",
  topicsToAvoid: "régimes sans gluten",
  competitors: "La Mie Câline",
  wordsToUse: "pâte mère, pointage",
});

describe("a site's brief", () => {
  it("starts from what the site's settings say, and is saved with them", async () => {
    const { siteId } = await siteOf(owner.id);
    const before = await getSiteBrief(owner, siteId);
    expect(before.brief).toMatchObject({
      topicsToCover: "pain, levain",
      guidelines: "Ton chaleureux, vouvoiement.",
      audience: "",
      updatedAt: null,
    });
    const [group] = await database.db
      .select({ id: toneArticles.id })
      .from(toneArticles)
      .where(eq(toneArticles.name, before.toneGroups[0]!.name));
    await saveSiteBrief(owner, siteId, { ...filled, toneGroup: group!.id });
    const after = await getSiteBrief(owner, siteId);
    expect(after.brief).toMatchObject({ ...filled, toneGroup: group!.id, guidelines: "Ton chaleureux, vouvoiement." });
    const [site] = await database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(site).toMatchObject({ acceptedTopics: "pain, levain, farines", toneArticlesGroup: group!.id });
  });

  it("belongs to the site's owner: another account reads and writes nothing; a tone group must be one they may pick", async () => {
    const { siteId } = await siteOf(owner.id);
    await expect(getSiteBrief(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveSiteBrief(stranger, siteId, filled)).rejects.toBeInstanceOf(NotFoundError);
    // A tone article (not a group), and an id that names nothing.
    const [article] = await database.db
      .select({ id: toneArticles.id })
      .from(toneArticles)
      .where(isNotNull(toneArticles.parentToneArticle))
      .limit(1);
    await expect(saveSiteBrief(owner, siteId, { ...filled, toneGroup: article!.id })).rejects.toBeInstanceOf(InvalidReferenceError);
    await expect(saveSiteBrief(owner, siteId, { ...filled, toneGroup: 999_999 })).rejects.toBeInstanceOf(InvalidReferenceError);
    expect((await getSiteBrief(owner, siteId)).brief.audience).toBe("");
  });

  it("says in French what is too long, and reads blank fields as empty", () => {
    const result = briefSchema.safeParse({ audience: "x".repeat(2001) });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("Ce champ tient en 2000 caractères.");
    expect(briefSchema.parse({ toneGroup: "none" })).toMatchObject({ audience: "", toneGroup: null });
  });

  it("says who approves the outlines (issue 38): the client by default, the team after a trial started so; the brief changes it, and a form without the field keeps it", async () => {
    const { siteId } = await siteOf(owner.id);
    expect((await getSiteBrief(owner, siteId)).brief.outlineApprover).toBe("client");
    await saveSiteBrief(owner, siteId, briefSchema.parse({ outlineStep: "outline", outlineApprover: "team" }));
    expect((await getSiteBrief(owner, siteId)).brief).toMatchObject({ outlineStep: true, outlineApprover: "team" });
    await saveSiteBrief(owner, siteId, briefSchema.parse({ audience: "Boulangers" }));
    expect((await getSiteBrief(owner, siteId)).brief).toMatchObject({ audience: "Boulangers", outlineApprover: "team" });
    await saveSiteBrief(owner, siteId, briefSchema.parse({ outlineApprover: "client" }));
    expect((await getSiteBrief(owner, siteId)).brief.outlineApprover).toBe("client");
    expect(briefSchema.safeParse({ outlineApprover: "someone" }).error!.issues[0]!.message).toBe("Choisissez qui valide le plan.");
  });

  it("is what the site's articles are written from", async () => {
    const { siteId, pageId } = await siteOf(owner.id);
    await saveSiteBrief(owner, siteId, filled);
    const prompt = articlePrompt((await articleContext(pageId))!);
    expect(prompt).toContain("Write for this audience: Boulangers amateurs qui débutent.");
    expect(prompt).toContain("Cours de boulangerie le samedi");
    expect(prompt).toContain("Never write about: régimes sans gluten.");
    expect(prompt).toContain("never link to them, name them or recommend them): La Mie Câline.");
    expect(prompt).toContain("pâte mère, pointage");
    expect(prompt).toContain("Stay within these topics: pain, levain, farines.");
    expect(prompt).toContain("Texts of the site itself, whose voice to take:\nChez nous, le pain prend son temps.");
  });
});

describe("the brief screen's action (issue 37, finding 11)", () => {
  it("keeps the stored tone group when the form comes without its field, instead of a developer's message", async () => {
    const signed = await signedInUser("Claire Cliente");
    const { siteId } = await siteOf(signed.user.id);
    const [group] = await database.db
      .select({ id: toneArticles.id })
      .from(toneArticles)
      .where(isNull(toneArticles.parentToneArticle))
      .limit(1);
    await saveSiteBrief(signed.user, siteId, { ...filled, toneGroup: group!.id });
    const post = (fields: Record<string, string>) =>
      runRoute(briefAction as never, formPost(signed.browser, `/sites/${siteId}/brief`, fields), { siteId: String(siteId) });

    const answer = await post({ intent: "save", audience: "Boulangers confirmés", outlineStep: "direct" });
    expect(answer.body.toast).toEqual({
      type: "success",
      title: "Brief enregistré",
      description: "Les prochains articles en tiendront compte.",
    });
    expect(answer.status).toBe(200);
    expect((await getSiteBrief(signed.user, siteId)).brief).toMatchObject({ audience: "Boulangers confirmés", toneGroup: group!.id });

    // 'Aucun' still means none.
    expect((await post({ intent: "save", toneGroup: "none" })).status).toBe(200);
    expect((await getSiteBrief(signed.user, siteId)).brief.toneGroup).toBeNull();
  });
});
