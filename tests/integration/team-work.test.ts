/**
 * Issue 14, the work queue: every queued action of every site, filtered and paged on the server, the stuck ones
 * first and apart; a line per provider; retrying and cancelling several at once, only from the states that
 * allow it, audited.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesActions, pagesVersions, sites, teamAuditLog, versionScores, versionSources } from "../../db/schema";
import { actionId, queueActions } from "~/jobs/queue.server";
import { NotTeamError } from "~/models/team-access.server";
import { parseWorkQuery, teamCancelWork, teamListWork, teamProviderLines, teamRetryWork, workIds } from "~/models/team-work.server";
import type { TeamMember } from "~/services/auth.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

let member: TeamMember;
let siteId: number;
let pageId: number;
const ids: Record<string, number> = {};
const marker = `Travaux${Date.now()}`;

beforeAll(async () => {
  const { db } = await database;
  const account = await insertUser(db);
  member = { ...account, image: null, role: "team", twoFactorEnabled: true };
  const client = await insertUser(db);
  const [site] = await db.insert(sites).values({ name: marker, url: "https://travaux.example", linkedUser: client.id }).returning();
  siteId = site!.id;
  const [page] = await db.insert(pages).values({ site: siteId, name: "Une page", url: "https://travaux.example/page" }).returning();
  pageId = page!.id;
  const article = await actionId("create_article");
  const serps = await actionId("serps");
  const hourAgo = (n: number) => new Date(Date.now() - n * 3_600_000);
  const rows = await db
    .insert(pagesActions)
    .values([
      {
        linkedPage: pageId,
        linkedAction: article,
        state: "done",
        startedAt: hourAgo(0.5),
        finishedAt: new Date(Date.now() - 1_000),
        costUsd: "0.0368",
        tokensIn: 1200,
        tokensOut: 900,
      },
      {
        linkedPage: pageId,
        linkedAction: article,
        state: "failed",
        attempts: 5,
        lastError: "Output contract refused twice",
        finishedAt: new Date(),
      },
      { linkedPage: pageId, linkedAction: serps, state: "queued" },
      { linkedPage: pageId, linkedAction: article, state: "running", attempts: 1, leaseUntil: hourAgo(0.1), startedAt: hourAgo(0.2) },
      {
        linkedPage: pageId,
        linkedAction: serps,
        state: "waiting",
        lastError: "Waiting for a provider",
        updatedAt: hourAgo(2),
        createdDate: hourAgo(3),
      },
    ])
    .returning({ id: pagesActions.id });
  [ids.done, ids.failed, ids.queued, ids.running, ids.waiting] = rows.map((r) => r.id);
});

const query = (params: Record<string, string>) => parseWorkQuery(new URLSearchParams({ q: marker, ...params }));

describe("the work queue", () => {
  it("lists the site's work newest first with cost and duration, the stuck ones apart and first", async () => {
    const { stuck, items, total } = await teamListWork(member, query({}));
    expect(total).toBe(5);
    // Newest first: the waiting one was made three hours ago, the others now (highest id first among equals).
    expect(items.at(-1)!.id).toBe(ids.waiting);
    expect(stuck.map((r) => r.id).sort()).toEqual([ids.running, ids.waiting].sort());
    const done = items.find((r) => r.id === ids.done)!;
    expect(done).toMatchObject({
      kind: "create_article",
      state: "done",
      costUsd: 0.0368,
      tokensIn: 1200,
      site: { id: siteId, name: marker },
      page: { id: pageId },
    });
    expect(items.find((r) => r.id === ids.failed)).toMatchObject({ attempts: 5, lastError: "Output contract refused twice", stuck: false });
  });

  it("filters by state, kind, site and age", async () => {
    expect((await teamListWork(member, query({ state: "failed" }))).items.map((r) => r.id)).toEqual([ids.failed]);
    expect((await teamListWork(member, query({ state: "stuck" }))).total).toBe(2);
    expect((await teamListWork(member, query({ kind: "serps" }))).total).toBe(2);
    expect((await teamListWork(member, parseWorkQuery(new URLSearchParams({ site: String(siteId) })))).total).toBe(5);
    expect((await teamListWork(member, query({ age: "1h" }))).items.map((r) => r.id)).toEqual([ids.waiting]);
    expect(parseWorkQuery(new URLSearchParams({ state: "nope", kind: "x", site: "-1", age: "1y" }))).toEqual({ page: 1 });
  });

  it("says for each provider whether it is configured, its last success and error, and its failures of the last hour", async () => {
    const lines = await teamProviderLines(member);
    expect(lines.map((l) => l.id)).toEqual(["openrouter", "dataforseo", "images", "mail", "wordpress", "web"]);
    const llm = lines.find((l) => l.id === "openrouter")!;
    expect(llm.kinds).toEqual(["llm_answers", "create_outline", "create_article", "modify_articles_with_instructions"]);
    expect(llm.lastSuccessAt).toBeInstanceOf(Date);
    expect(llm.lastError?.message).toBeTruthy();
    expect(llm.failureShareLastHour).toBeGreaterThan(0);
    expect(lines.find((l) => l.id === "mail")).toMatchObject({
      configured: true,
      kinds: ["contact_form", "send_email", "notification_email", "notification_digest"],
    });
    expect(lines.find((l) => l.id === "wordpress")).toMatchObject({ configured: true, kinds: ["publish_article"] });
    expect(lines.find((l) => l.id === "web")).toMatchObject({ configured: true, kinds: ["check_sources"] });
  });

  it("retries and cancels several at once, only from the states that allow it, audited", async () => {
    const retried = await teamRetryWork(member, [ids.failed!, ids.done!]);
    expect(retried).toEqual({ changed: [ids.failed], skipped: 1 });
    const [row] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, ids.failed!));
    expect(row).toMatchObject({ state: "queued", attempts: 0, lastError: null });

    const cancelled = await teamCancelWork(member, [ids.queued!, ids.waiting!, ids.running!]);
    expect(cancelled.changed.sort()).toEqual([ids.queued, ids.waiting].sort());
    expect(cancelled.skipped).toBe(1);

    const lines = await database.db
      .select()
      .from(teamAuditLog)
      .where(sql`${teamAuditLog.action} in ('work.retried', 'work.cancelled') and ${teamAuditLog.actorId} = ${member.id}`)
      .orderBy(teamAuditLog.id);
    expect(lines.map((l) => [l.action, l.details])).toEqual([
      ["work.retried", { ids: [ids.failed] }],
      ["work.cancelled", { ids: expect.arrayContaining([ids.queued, ids.waiting]) }],
    ]);
    expect(workIds(["3", "3", "x", "-1", "4"])).toEqual([3, 4]);
  });

  it("says when a batch item waits for the earlier items of its batch", async () => {
    const { db } = database;
    const [second] = await db.insert(pages).values({ site: siteId, name: "Deuxième", url: "https://travaux.example/2" }).returning();
    const batch = await queueActions(member, "create_article", [{ pageId }, { pageId: second!.id }]);
    const { items } = await teamListWork(member, query({ kind: "create_article", state: "queued" }));
    const byId = new Map(items.map((r) => [r.id, r]));
    expect(byId.get(batch[0]!.id)?.waitsForBatch).toBe(false);
    expect(byId.get(batch[1]!.id)?.waitsForBatch).toBe(true);
  });

  it("is the team's only", async () => {
    const client = { ...member, role: "client" } as unknown as TeamMember;
    await expect(teamListWork(client, query({}))).rejects.toBeInstanceOf(NotTeamError);
    await expect(teamProviderLines({ ...member, twoFactorEnabled: false })).rejects.toBeInstanceOf(NotTeamError);
    await expect(teamRetryWork(client, [ids.failed!])).rejects.toBeInstanceOf(NotTeamError);
    await expect(teamCancelWork(client, [ids.queued!])).rejects.toBeInstanceOf(NotTeamError);
  });

  it("flags what a finished writing request wrote: a score below the top pages' median, a version held for the team", async () => {
    const { db } = database;
    const [page] = await db.insert(pages).values({ site: siteId, name: "Notée", url: "https://travaux.example/notee" }).returning();
    const article = await actionId("create_article");
    const started = new Date(Date.now() - 60_000);
    const [written] = await db
      .insert(pagesVersions)
      .values({ page: page!.id, htmlContent: "<h1>Notée</h1>", createdDate: new Date(Date.now() - 30_000), heldForTeam: true })
      .returning();
    await db.insert(versionScores).values({
      version: written!.id,
      score: 41,
      topMedian: 64,
      topBest: 81,
      details: {} as never,
    });
    const [request] = await db
      .insert(pagesActions)
      .values({ linkedPage: page!.id, linkedAction: article, state: "done", startedAt: started, finishedAt: new Date() })
      .returning();
    const { items } = await teamListWork(member, parseWorkQuery(new URLSearchParams({ q: "Notée" })));
    expect(items.find((row) => row.id === request!.id)?.written).toEqual({
      id: written!.id,
      score: 41,
      median: 64,
      held: true,
      sourceProblems: 0,
    });
    // A broken source of the version is flagged too (issue 40).
    await db
      .insert(versionSources)
      .values({ version: written!.id, position: 0, url: "https://gone.example/", linkStatus: "broken", verdict: "broken" });
    const again = await teamListWork(member, parseWorkQuery(new URLSearchParams({ q: "Notée" })));
    expect(again.items.find((row) => row.id === request!.id)?.written?.sourceProblems).toBe(1);
    // A request still running has written nothing yet.
    expect(items.filter((row) => row.id !== request!.id).every((row) => row.written === null)).toBe(true);
  });
});
