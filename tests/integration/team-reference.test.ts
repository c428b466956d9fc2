/**
 * Issue 14, reference data: the LLMs asked (add, pause, fallback; since issue 42 with the web search or from memory)
 * and the shared tone groups, by the team only, audited.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { llms, teamAuditLog, toneArticles } from "../../db/schema";
import { llmSchema } from "~/lib/schemas/team";
import { NotTeamError } from "~/models/team-access.server";
import {
  teamAddLlm,
  teamAddSharedTone,
  teamListLlms,
  teamListSharedTones,
  TeamReferenceError,
  teamUpdateLlm,
  teamUpdateSharedTone,
} from "~/models/team-reference.server";
import { listToneArticles } from "~/models/tone-article.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

describe("reference data in the console", () => {
  it("adds an LLM, pauses it, gives it a fallback; refuses a model listed twice and a malformed one", async () => {
    const { db } = await database;
    const account = await insertUser(db);
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    const model = `test/model-${Date.now()}`;
    const added = await teamAddLlm(member, llmSchema.parse({ name: "Essai", model, active: "on", webSearch: "web" }));
    expect(added).toMatchObject({ name: "Essai", model, active: true, fallback: null, webSearch: true });
    await expect(teamAddLlm(member, llmSchema.parse({ name: "Doublon", model }))).rejects.toBeInstanceOf(TeamReferenceError);
    await teamUpdateLlm(member, added.id, llmSchema.parse({ name: "Essai", model, fallback: "openai/gpt-4o-mini" }));
    const [row] = await db.select().from(llms).where(eq(llms.id, added.id));
    // Unchecked and without a mode: paused, and from memory.
    expect(row).toMatchObject({ active: false, fallbackOpenrouter: "openai/gpt-4o-mini", webSearch: false });
    expect((await teamListLlms(member)).map((l) => l.id)).toContain(added.id);
    expect(llmSchema.safeParse({ name: "x", model: "pas un modèle" }).error?.issues[0]?.message).toContain("fournisseur/modèle");
    expect(llmSchema.safeParse({ name: "x", model: "a/b", webSearch: "les deux" }).error?.issues[0]?.message).toBe(
      "Choisissez « Recherche web » ou « Mémoire ».",
    );
    const lines = await db
      .select()
      .from(teamAuditLog)
      .where(eq(teamAuditLog.recordId, String(added.id)));
    const llmLines = lines.filter((l) => l.recordType === "llm");
    expect(llmLines.map((l) => l.action)).toEqual(["llm.added", "llm.updated"]);
    // What changed is in the log, the mode too.
    expect(llmLines.map((l) => (l.details as { webSearch?: boolean }).webSearch)).toEqual([true, false]);
    await expect(teamListLlms({ ...member, twoFactorEnabled: false })).rejects.toBeInstanceOf(NotTeamError);
  });

  it("adds and edits shared tone groups and articles, which clients see read-only; a client's own row is not the team's", async () => {
    const { db } = await database;
    const account = await insertUser(db);
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    const client = await insertUser(db);
    const name = `Chaleureux ${Date.now()}`;
    const group = await teamAddSharedTone(member, { name, content: "ignoré" }, null);
    const article = await teamAddSharedTone(member, { name: "Exemple", content: "<p>Bonjour</p>" }, group.id);
    await teamUpdateSharedTone(member, article.id, { name: "Exemple chaleureux", content: "<p>Bonjour à tous</p>" });
    const listed = (await teamListSharedTones(member)).find((g) => g.id === group.id)!;
    expect(listed).toMatchObject({
      name,
      sitesCount: 0,
      articles: [{ id: article.id, name: "Exemple chaleureux", content: "<p>Bonjour à tous</p>" }],
    });
    const [stored] = await db.select().from(toneArticles).where(eq(toneArticles.id, group.id));
    expect(stored).toMatchObject({ creator: null, content: null });
    // The client sees them, not as their own.
    const seen = await listToneArticles(client);
    expect(seen.find((r) => r.id === article.id)).toMatchObject({ own: false, parentName: name });
    // A client's own group cannot be reached through these functions.
    const [own] = await db.insert(toneArticles).values({ name: "Le mien", creator: client.id }).returning();
    await expect(teamUpdateSharedTone(member, own!.id, { name: "Changé", content: null })).rejects.toBeInstanceOf(TeamReferenceError);
    await expect(teamAddSharedTone(member, { name: "Dans le sien", content: null }, own!.id)).rejects.toBeInstanceOf(TeamReferenceError);
  });
});
