/**
 * Issue 42 in the console: a site's pages with keywords in use and their prompts (the defaults in the site's
 * language, or the team's), rewritten and set back by the team, audited; the site's sample size; what its automatic
 * checks cost per month at its settings, priced by the calls measured over the last 90 days (a model never measured
 * named, and the total a lower bound), against its cap. Nobody but the team signed in with two factors reaches any of it.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  keywords,
  llms,
  locationLanguages,
  pagePrompts,
  pages,
  pagesActions,
  pagesKeywords,
  providerUsage,
  siteCheckSchedules,
  sites,
  teamAuditLog,
} from "../../db/schema";
import { actionId } from "~/jobs/queue.server";
import { pagePromptsSchema, samplesSchema, TEAM_PROMPT_PAGES_PAGE_SIZE } from "~/lib/schemas/team";
import { WEEKS_PER_MONTH } from "~/lib/visibility/cost";
import { defaultPrompts, SAMPLES_ERROR } from "~/lib/visibility/prompts";
import { PromptsError, teamSavePagePrompts, teamSetSamples } from "~/models/prompts.server";
import { NotFoundError } from "~/lib/not-found";
import { NotTeamError } from "~/models/team-access.server";
import { teamSetChecksCap } from "~/models/team-sites.server";
import { parseTeamPromptPagesQuery, teamChecksCostEstimate, teamListPromptPages } from "~/models/team-visibility.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";
import { countQueries } from "../setup/query-count";

const database = useTestDatabase();

const DAY_MS = 86_400_000;

let member: TeamMember;
let client: TeamMember;
let withoutTwoFactor: TeamMember;
let french: number;

beforeAll(async () => {
  const { db } = await database;
  const account = await insertUser(db, { name: "Noé Équipe" });
  member = { ...account, image: null, role: "team", twoFactorEnabled: true };
  withoutTwoFactor = { ...member, twoFactorEnabled: false };
  const owner = await insertUser(db, { name: "Claire Client" });
  client = { ...owner, image: null, role: "client", twoFactorEnabled: true } as unknown as TeamMember;
  const [fr] = await db
    .select({ id: locationLanguages.id })
    .from(locationLanguages)
    .where(eq(locationLanguages.languageCode, "fr"))
    .limit(1);
  french = fr!.id;
});

let sequence = 0;

/**
 * A site of the client's, in French, with pages: each named with its keywords (`used`: in use; `unused`: not) and
 * the team's prompts if any. Returns the site's id and its pages' ids by name.
 */
async function siteWith(list: { name: string; used?: string[]; unused?: string[]; prompts?: string[] }[]) {
  const { db } = await database;
  const tag = `${Date.now().toString(36)}-${++sequence}`;
  const [site] = await db
    .insert(sites)
    .values({ name: `Boulangerie ${tag}`, url: `https://boulangerie-${tag}.example`, linkedUser: client.id, language: french })
    .returning({ id: sites.id });
  const ids = new Map<string, number>();
  for (const page of list) {
    const [row] = await db
      .insert(pages)
      .values({ site: site!.id, name: page.name, url: `https://boulangerie-${tag}.example/${ids.size}` })
      .returning({ id: pages.id });
    ids.set(page.name, row!.id);
    const words = [...(page.used ?? []).map((k) => [k, true] as const), ...(page.unused ?? []).map((k) => [k, false] as const)];
    for (const [keyword, toSearch] of words) {
      const [k] = await db
        .insert(keywords)
        .values({ keyword: `${keyword} ${tag}` })
        .returning({ id: keywords.id });
      await db.insert(pagesKeywords).values({ linkedPage: row!.id, linkedKeyword: k!.id, toSearch });
    }
    if (page.prompts?.length)
      await db.insert(pagePrompts).values(page.prompts.map((prompt, i) => ({ page: row!.id, position: i + 1, prompt })));
  }
  return { siteId: site!.id, tag, page: (name: string) => ids.get(name)! };
}

async function auditOf(recordType: string, recordId: number) {
  const lines = await database.db
    .select()
    .from(teamAuditLog)
    .where(and(eq(teamAuditLog.recordType, recordType), eq(teamAuditLog.recordId, String(recordId))))
    .orderBy(teamAuditLog.id);
  return lines.map((l) => ({ action: l.action, actor: l.actorLabel, details: l.details }));
}

const firstPage = parseTeamPromptPagesQuery(new URLSearchParams());

describe("the console's AI visibility functions", () => {
  it("refuse a client and a team member without two-factor sign-in, and change nothing", async () => {
    const { siteId, page } = await siteWith([{ name: "Levain", used: ["levain"] }]);
    for (const who of [client, withoutTwoFactor]) {
      await expect(teamChecksCostEstimate(who, siteId)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamListPromptPages(who, siteId, firstPage)).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamSavePagePrompts(who, siteId, page("Levain"), ["Quel levain choisir pour débuter ?"])).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamSavePagePrompts(who, siteId, page("Levain"), [])).rejects.toBeInstanceOf(NotTeamError);
      await expect(teamSetSamples(who, siteId, 5)).rejects.toBeInstanceOf(NotTeamError);
    }
    const { db } = database;
    expect(
      await db
        .select()
        .from(pagePrompts)
        .where(eq(pagePrompts.page, page("Levain"))),
    ).toEqual([]);
    expect(await db.select().from(siteCheckSchedules).where(eq(siteCheckSchedules.siteId, siteId))).toEqual([]);
    expect(await auditOf("site", siteId)).toEqual([]);
  });

  it("lists the pages with a keyword in use, each with its prompts (the defaults in the site's language, or the team's), in three queries", async () => {
    const { siteId, tag, page } = await siteWith([
      { name: "Croissant", used: ["croissant", "croissant au beurre"], unused: ["viennoiserie"] },
      { name: "Baguette", used: ["baguette"], prompts: ["Où trouver une bonne baguette ?", "Comment garder une baguette fraîche ?"] },
      { name: "Brioche", unused: ["brioche"] },
      { name: "Contact" },
    ]);
    const { result: listed, queries } = await countQueries(database.db, () => teamListPromptPages(member, siteId, firstPage));
    expect(queries).toBe(3);
    expect(listed!.total).toBe(2);
    expect(listed!.site).toMatchObject({ id: siteId, samples: 3 });
    expect(listed!.pages.map((p) => [p.name, p.keywords, p.custom])).toEqual([
      ["Baguette", [`baguette ${tag}`], true],
      ["Croissant", [`croissant ${tag}`, `croissant au beurre ${tag}`], false],
    ]);
    const [baguette, croissant] = listed!.pages;
    expect(baguette).toMatchObject({
      id: page("Baguette"),
      prompts: ["Où trouver une bonne baguette ?", "Comment garder une baguette fraîche ?"],
    });
    expect(baguette!.updatedAt).toBeInstanceOf(Date);
    expect(croissant).toMatchObject({
      prompts: defaultPrompts({ pageName: "Croissant", keywords: croissant!.keywords, languageCode: "fr" }),
      updatedAt: null,
    });
    expect(croissant!.prompts[0]).toMatch(/^Je me renseigne sur « Croissant, croissant/);
    expect(await teamListPromptPages(member, 2_000_000_000, firstPage)).toBeNull();
  });

  it("pages the list by 20, by name, in as many queries whatever the page; past the end, says how many there are", async () => {
    const names = Array.from({ length: TEAM_PROMPT_PAGES_PAGE_SIZE + 2 }, (_, i) => `Page ${String(i + 1).padStart(2, "0")}`);
    const { siteId } = await siteWith(names.map((name) => ({ name, used: [name.toLowerCase()] })));
    const { result: one, queries } = await countQueries(database.db, () => teamListPromptPages(member, siteId, firstPage));
    expect(queries).toBe(3);
    expect(one!.pages.map((p) => p.name)).toEqual(names.slice(0, TEAM_PROMPT_PAGES_PAGE_SIZE));
    expect(one!.total).toBe(names.length);
    const two = await teamListPromptPages(member, siteId, parseTeamPromptPagesQuery(new URLSearchParams({ page: "2" })));
    expect(two!.pages.map((p) => p.name)).toEqual(names.slice(TEAM_PROMPT_PAGES_PAGE_SIZE));
    const past = await teamListPromptPages(member, siteId, parseTeamPromptPagesQuery(new URLSearchParams({ page: "3" })));
    expect(past).toMatchObject({ pages: [], total: names.length });
  });

  it("saves a page's prompts as typed (trimmed, blanks left out), refuses bad ones in French, sets them back; each step audited", async () => {
    const { siteId, page } = await siteWith([{ name: "Pain de seigle", used: ["pain de seigle", "seigle"] }]);
    const pageId = page("Pain de seigle");
    // As the form posts them: five fields, some left blank.
    const typed = ["  Quel pain de seigle  choisir ? ", "", "Comment conserver un pain de seigle ?", "", ""];
    const parsed = pagePromptsSchema.parse({ page: String(pageId), prompts: typed });
    expect(parsed.prompts).toEqual(["Quel pain de seigle choisir ?", "Comment conserver un pain de seigle ?"]);
    const saved = await teamSavePagePrompts(member, siteId, pageId, parsed.prompts);
    expect(saved).toMatchObject({ prompts: ["Quel pain de seigle choisir ?", "Comment conserver un pain de seigle ?"], custom: true });
    const listed = (await teamListPromptPages(member, siteId, firstPage))!.pages[0]!;
    expect(listed).toMatchObject({ custom: true, prompts: saved.prompts });

    // Refused, with the reason in French: nothing changes.
    await expect(teamSavePagePrompts(member, siteId, pageId, ["Seigle ?"])).rejects.toThrow(
      new PromptsError("La question 1 est trop courte (10 caractères au moins)."),
    );
    expect(pagePromptsSchema.safeParse({ page: String(pageId), prompts: ["", " "] }).error?.issues[0]?.message).toBe(
      "Écrivez au moins une question.",
    );
    expect((await teamListPromptPages(member, siteId, firstPage))!.pages[0]!.prompts).toEqual(saved.prompts);

    // Another site's page answers like a missing one.
    const other = await siteWith([{ name: "Baguette", used: ["baguette"] }]);
    await expect(teamSavePagePrompts(member, other.siteId, pageId, [])).rejects.toBeInstanceOf(NotFoundError);
    expect((await teamListPromptPages(member, siteId, firstPage))!.pages[0]!.prompts).toEqual(saved.prompts);

    // Back to the defaults.
    const reset = await teamSavePagePrompts(member, siteId, pageId, []);
    expect(reset).toMatchObject({ custom: false, updatedAt: null });
    expect((await teamListPromptPages(member, siteId, firstPage))!.pages[0]).toMatchObject({ custom: false, prompts: reset.prompts });
    expect(await auditOf("page", pageId)).toEqual([
      { action: "page.prompts_saved", actor: member.email, details: { siteId, prompts: saved.prompts } },
      { action: "page.prompts_reset", actor: member.email, details: { siteId, prompts: [] } },
    ]);
  });

  it("sets the site's sample size from 1 to 10, audited; refuses anything else in French and keeps the size", async () => {
    const { siteId } = await siteWith([{ name: "Fougasse", used: ["fougasse"] }]);
    await teamSetSamples(member, siteId, 5);
    for (const bad of [0, 11, 2.5, Number.NaN])
      await expect(teamSetSamples(member, siteId, bad)).rejects.toThrow(new PromptsError(SAMPLES_ERROR));
    const [schedule] = await database.db.select().from(siteCheckSchedules).where(eq(siteCheckSchedules.siteId, siteId));
    expect(schedule).toMatchObject({ samples: 5, frequency: "weekly", monthlyCapUsd: "10.00" });
    expect((await teamListPromptPages(member, siteId, firstPage))!.site.samples).toBe(5);
    expect(await auditOf("site", siteId)).toEqual([{ action: "site.samples_set", actor: member.email, details: { samples: 5 } }]);
    // The form says the same, before the model is asked.
    for (const typed of ["0", "11", "2,5", "", "trois"])
      expect(samplesSchema.safeParse({ samples: typed }).error?.issues[0]?.message).toBe(SAMPLES_ERROR);
    expect(samplesSchema.parse({ samples: " 10 " })).toEqual({ samples: 10 });
  });

  it("estimates a month of checks at the site's settings, priced by the calls of the last 90 days, a model not measured named", async () => {
    const { db } = database;
    const { siteId, page } = await siteWith([
      { name: "Croissant", used: ["croissant", "croissant au beurre"], unused: ["viennoiserie"] },
      { name: "Baguette", used: ["baguette"], prompts: ["Où trouver une bonne baguette ?", "Comment garder une baguette fraîche ?"] },
      { name: "Brioche", unused: ["brioche"] },
      { name: "Contact" },
    ]);
    await teamSetSamples(member, siteId, 2);
    // The LLMs asked: one measured (with the web search), one never measured; another one paused.
    await db.update(llms).set({ active: false });
    await db.insert(llms).values([
      { name: "Alpha", nameOpenrouter: "test/alpha", webSearch: true },
      { name: "Beta", nameOpenrouter: "test/beta", webSearch: false },
      { name: "Gamma", nameOpenrouter: "test/gamma", active: false },
    ]);
    await db.delete(providerUsage);
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const serps = await actionId("serps");
    const checks = await db
      .insert(pagesActions)
      .values([1, 2, 3].map(() => ({ linkedPage: page("Croissant"), linkedAction: serps, state: "done" })))
      .returning({ id: pagesActions.id });
    const [first, second, old] = checks.map((c) => c.id);
    await db.insert(providerUsage).values([
      // Alpha: 0.01 and 0.03 measured lately (mean 0.02); older calls, other kinds, other providers and unknown costs do not count.
      { kind: "llm_answers", provider: "openrouter", model: "test/alpha", costUsd: "0.010000", createdAt: ago(1) },
      { kind: "llm_answers", provider: "openrouter", model: "test/alpha", costUsd: "0.030000", createdAt: ago(89) },
      { kind: "llm_answers", provider: "openrouter", model: "test/alpha", costUsd: "1.000000", createdAt: ago(91) },
      { kind: "llm_answers", provider: "openrouter", model: "test/alpha", costUsd: null, createdAt: ago(1) },
      { kind: "create_article", provider: "openrouter", model: "test/alpha", costUsd: "5.000000", createdAt: ago(1) },
      { kind: "llm_answers", provider: "other", model: "test/beta", costUsd: "5.000000", createdAt: ago(1) },
      { kind: "llm_answers", provider: "openrouter", model: "test/gamma", costUsd: "5.000000", createdAt: ago(1) },
      // SERP checks: 0.002 + 0.001 (the search and its reading of the top pages), and 0.005: 0.004 a check.
      { kind: "serps", provider: "dataforseo", actionId: first, costUsd: "0.002000", createdAt: ago(2) },
      { kind: "serps", provider: "dataforseo", model: "content-parsing", actionId: first, costUsd: "0.001000", createdAt: ago(2) },
      { kind: "serps", provider: "dataforseo", actionId: second, costUsd: "0.005000", createdAt: ago(3) },
      { kind: "serps", provider: "dataforseo", actionId: old, costUsd: "9.000000", createdAt: ago(120) },
    ]);

    const { result: estimate, queries } = await countQueries(db, () => teamChecksCostEstimate(member, siteId));
    expect(queries).toBe(2);
    // 2 pages with keywords in use: 3 default prompts + 2 of the team's; 3 keywords in use; 2 answers a prompt; weekly.
    const perModel = 5 * 2 * WEEKS_PER_MONTH;
    expect(estimate).toMatchObject({
      frequency: "weekly",
      samples: 2,
      pages: 2,
      prompts: 5,
      keywords: 3,
      owned: true,
      assumedWeekly: false,
    });
    expect(estimate.answersPerMonth).toBeCloseTo(2 * perModel, 9);
    expect(estimate.liveAnswersPerMonth).toBeCloseTo(perModel, 9);
    expect(estimate.serpChecksPerMonth).toBeCloseTo(3 * WEEKS_PER_MONTH, 9);
    expect(estimate.models.map((m) => [m.name, m.webSearch, m.meanCostUsd, m.calls])).toEqual([
      ["Alpha", true, 0.02, 2],
      ["Beta", false, null, 0],
    ]);
    expect(estimate.serp).toMatchObject({ meanCostUsd: 0.004, checks: 2 });
    expect(estimate.costPerMonthUsd).toBeCloseTo(0.02 * perModel + 0.004 * 3 * WEEKS_PER_MONTH, 9);
    expect(estimate).toMatchObject({ lowerBound: true, unmeasuredModels: ["Beta"], serpUnmeasured: false });
    expect(estimate.cap).toEqual({ capUsd: 10, state: "unknown", stopDay: null });

    // Under a cap the measured part already passes, the cap stops the checks around the 17th.
    await teamSetChecksCap(member, siteId, 0.5);
    expect((await teamChecksCostEstimate(member, siteId)).cap).toEqual({ capUsd: 0.5, state: "over", stopDay: 17 });

    // Monthly: one period a month; off: what weekly checks would cost.
    await db.update(siteCheckSchedules).set({ frequency: "monthly" }).where(eq(siteCheckSchedules.siteId, siteId));
    expect(await teamChecksCostEstimate(member, siteId)).toMatchObject({ periodsPerMonth: 1, answersPerMonth: 20, serpChecksPerMonth: 3 });
    await db.update(siteCheckSchedules).set({ frequency: "off" }).where(eq(siteCheckSchedules.siteId, siteId));
    const off = await teamChecksCostEstimate(member, siteId);
    expect(off).toMatchObject({ frequency: "off", assumedWeekly: true });
    expect(off.answersPerMonth).toBeCloseTo(2 * perModel, 9);

    // Measured at last: the estimate is whole.
    await db.insert(providerUsage).values({ kind: "llm_answers", provider: "openrouter", model: "test/beta", costUsd: "0.001000" });
    expect(await teamChecksCostEstimate(member, siteId)).toMatchObject({ lowerBound: false, unmeasuredModels: [] });
    await expect(teamChecksCostEstimate(member, 2_000_000_000)).rejects.toThrow("site not found");
  });
});
