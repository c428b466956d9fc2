/**
 * The console's reference data (issue 14): the LLMs the llm_answers work asks (add, activate, fallback model, and
 * since issue 42 whether each answers with the web search or from memory),
 * and the shared tone-of-voice groups and their articles (creator empty: every client sees them, read-only).
 * Every function checks the acting member's role itself; each change is audited.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { llms, toneArticles } from "../../db/schema";
import type { LlmInput, SharedToneInput } from "~/lib/schemas/team";
import type { TeamMember } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { writeAudit } from "~/services/team-audit.server";
import { assertTeam, auditActor } from "./team-access.server";

/** Refused: the message says why (a model already listed, a group that is not shared...). */
export class TeamReferenceError extends Error {}

export type TeamLlm = { id: number; name: string; model: string; fallback: string | null; active: boolean; webSearch: boolean };

/** An LLM's row as the console reads it. */
const llmColumns = {
  id: llms.id,
  name: llms.name,
  model: llms.nameOpenrouter,
  fallback: llms.fallbackOpenrouter,
  active: llms.active,
  webSearch: llms.webSearch,
};

/** An LLM's row as the console writes it. */
const llmValues = (input: LlmInput) => ({
  name: input.name,
  nameOpenrouter: input.model,
  fallbackOpenrouter: input.fallback,
  active: input.active,
  webSearch: input.webSearch,
});

export async function teamListLlms(member: TeamMember): Promise<TeamLlm[]> {
  assertTeam(member);
  const db = await getDb();
  return db.select(llmColumns).from(llms).orderBy(asc(llms.name), asc(llms.id));
}

async function modelTaken(db: Db, model: string, except?: number) {
  const [row] = await db.select({ id: llms.id }).from(llms).where(eq(llms.nameOpenrouter, model));
  return row !== undefined && row.id !== except;
}

export async function teamAddLlm(member: TeamMember, input: LlmInput): Promise<TeamLlm> {
  assertTeam(member);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (await modelTaken(tx, input.model)) throw new TeamReferenceError("Ce modèle est déjà dans la liste.");
    const [row] = await tx.insert(llms).values(llmValues(input)).returning(llmColumns);
    await writeAudit({ actor: auditActor(member), action: "llm.added", record: { type: "llm", id: row!.id }, details: { ...input } }, tx);
    return row!;
  });
}

export async function teamUpdateLlm(member: TeamMember, id: number, input: LlmInput): Promise<TeamLlm> {
  assertTeam(member);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (await modelTaken(tx, input.model, id)) throw new TeamReferenceError("Ce modèle est déjà dans la liste.");
    const [row] = await tx.update(llms).set(llmValues(input)).where(eq(llms.id, id)).returning(llmColumns);
    if (!row) throw new TeamReferenceError("Ce modèle n'existe plus.");
    await writeAudit({ actor: auditActor(member), action: "llm.updated", record: { type: "llm", id }, details: { ...input } }, tx);
    return row;
  });
}

export type SharedToneGroup = {
  id: number;
  name: string;
  /** How many sites use the group. */
  sitesCount: number;
  articles: { id: number; name: string; content: string | null }[];
};

/** The shared groups with their shared articles, in one query. */
export async function teamListSharedTones(member: TeamMember): Promise<SharedToneGroup[]> {
  assertTeam(member);
  const db = await getDb();
  const rows = await db
    .select({
      id: toneArticles.id,
      name: toneArticles.name,
      content: toneArticles.content,
      parent: toneArticles.parentToneArticle,
      sitesCount: sql<number>`(select count(*) from "sites" where "sites"."tone_articles_group" = "tone_articles"."id")`.mapWith(Number),
    })
    .from(toneArticles)
    .where(isNull(toneArticles.creator))
    .orderBy(asc(toneArticles.name), asc(toneArticles.id));
  const groups = rows
    .filter((r) => r.parent === null)
    .map((g) => ({ id: g.id, name: g.name, sitesCount: g.sitesCount, articles: [] as SharedToneGroup["articles"] }));
  const byId = new Map(groups.map((g) => [g.id, g]));
  for (const row of rows)
    if (row.parent !== null) byId.get(row.parent)?.articles.push({ id: row.id, name: row.name, content: row.content });
  return groups;
}

/** A shared group (no parent), or a shared article of a shared group (`parent`). */
export async function teamAddSharedTone(member: TeamMember, input: SharedToneInput, parent: number | null): Promise<{ id: number }> {
  assertTeam(member);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (parent !== null) {
      const [group] = await tx
        .select({ id: toneArticles.id })
        .from(toneArticles)
        .where(and(eq(toneArticles.id, parent), isNull(toneArticles.parentToneArticle), isNull(toneArticles.creator)));
      if (!group) throw new TeamReferenceError("Ce groupe partagé n'existe plus.");
    }
    const [row] = await tx
      .insert(toneArticles)
      .values({ name: input.name, content: parent === null ? null : input.content, parentToneArticle: parent, creator: null })
      .returning({ id: toneArticles.id });
    await writeAudit(
      {
        actor: auditActor(member),
        action: "tone.added",
        record: { type: "tone", id: row!.id },
        details: { name: input.name, group: parent },
      },
      tx,
    );
    return row!;
  });
}

/** Renames a shared group, or changes a shared article's name and text. A client's own rows are not the team's to change. */
export async function teamUpdateSharedTone(member: TeamMember, id: number, input: SharedToneInput): Promise<void> {
  assertTeam(member);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(toneArticles)
      .set({ name: input.name, content: sql`case when ${toneArticles.parentToneArticle} is null then null else ${input.content} end` })
      .where(and(eq(toneArticles.id, id), isNull(toneArticles.creator)))
      .returning({ id: toneArticles.id });
    if (!row) throw new TeamReferenceError("Cet élément partagé n'existe plus.");
    await writeAudit(
      { actor: auditActor(member), action: "tone.updated", record: { type: "tone", id }, details: { name: input.name } },
      tx,
    );
  });
}
