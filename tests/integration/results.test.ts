/**
 * Results over time (issue 17): every SERP check and every answer is kept as a dated snapshot with what it means
 * for the site; the screens read them in one aggregate query each; the schedule claims each site's period once,
 * even with two workers at the same moment (PostgreSQL in `npm run test:pg`), spreads the checks and stops at the
 * monthly cap, telling the team.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actions,
  keywords,
  llmChecks,
  llms,
  notifications,
  pagePublications,
  pages,
  pagesActions,
  pagesKeywords,
  pagesLlmAnswers,
  pagesVersions,
  serpChecks,
  serps,
  siteCheckPeriods,
  siteCheckSchedules,
  sites,
  user,
} from "../../db/schema";
import { capReached, periodOf, scheduleDueChecks, spreadDelays, type ClaimOutcome } from "~/jobs/schedule.server";
import { replaceLlmAnswers } from "~/jobs/tasks/llm_answers.server";
import { replaceSerpResults } from "~/jobs/tasks/serps.server";
import { reportUnsubscribePath } from "~/jobs/notification-mail.server";
import { TASKS } from "~/jobs/queue.server";
import { runOnce } from "~/jobs/run.server";
import { NotFoundError } from "~/lib/not-found";
import { cannibalised } from "~/lib/results-rules";
import {
  aiVisibility,
  monthlyReport,
  publishEffects,
  reportMonths,
  siteOfUnsubscribeLink,
  unsubscribeFromReports,
  getCheckSchedule,
  keywordRankings,
  resultMarks,
  saveCheckFrequency,
  shareOfVoice,
} from "~/models/results.server";
import { asTeam } from "~/models/access.server";
import { setClockForTests } from "~/services/clock.server";
import type { SerpRow } from "~/services/providers/dataforseo.server";
import { action as resultsAction, loader as resultsLoader } from "~/routes/app/results";
import { loader as reportLoader } from "~/routes/app/results-report";
import { loader as unsubscribeLoader } from "~/routes/public/report-unsubscribe";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { formPost, runRoute, thrownStatus } from "../setup/accounts";
import { type Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { signedInUser } from "../setup/sessions";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { mailsTo } from "../setup/outbox";
import { routeArgs } from "../setup/route-args";

const database = useTestDatabase();
let owner: TestUser;
let stranger: TestUser;
let siteId: number;
let levain: number;
let brioche: number;
let kwLevain: number;
let kwPain: number;
let llmIds: number[];

/** Real-looking results of "pain au levain" (DataForSEO's organic items, a featured snippet and an ad), with the site at `position`. */
function results(position: number | null, extra: Partial<SerpRow>[] = []): SerpRow[] {
  const others = ["marmiton.org/recettes/levain", "fr.wikipedia.org/wiki/Levain", "www.cuisineaz.com/levain", "painmaison.fr/guide"];
  const rows: SerpRow[] = [
    {
      positionAbsolute: 1,
      title: "Levain : définition",
      url: "https://fr.wikipedia.org/wiki/Levain",
      metaDescription: null,
      type: "featured_snippet",
    },
    { positionAbsolute: 1, title: "Annonce", url: "https://www.boulangerie-dupont.fr/promo", metaDescription: null, type: "paid" },
  ];
  for (let p = 1; p <= 20; p++) {
    const url =
      p === position ? "https://boulangerie-dupont.fr/levain/?utm_source=newsletter" : `https://${others[p % others.length]}?p=${p}`;
    rows.push({ positionAbsolute: p, title: `Résultat ${p}`, url, metaDescription: null, type: "organic" });
  }
  return [
    ...rows,
    ...extra.map((row) => ({ positionAbsolute: 0, title: null, url: null, metaDescription: null, type: "organic", ...row })),
  ];
}

const at = (iso: string) => setClockForTests(new Date(iso));
/** A check asked from the page "Le levain" (/levain) of the site. */
const LEVAIN_CHECK_OF = (pageId: number) => ({ pageId, pageUrl: "/levain", siteUrl: "https://www.boulangerie-dupont.fr", requestId: null });
/** The site, as the LLM-answers task passes it. */
const SITE = () => ({ site: { id: siteId, url: "https://www.boulangerie-dupont.fr" }, requestId: null, prompts: ["Q"] });
/** An answer's asking: the first prompt, asked once, from memory. */
const ASKED = { prompt: 1, sample: 1, live: false, citationsFrom: "text" as const };

beforeAll(async () => {
  owner = await insertUser(database.db, { name: "Claire Dupont" });
  stranger = await insertUser(database.db);
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie Dupont", url: "https://www.boulangerie-dupont.fr", linkedUser: owner.id })
    .returning();
  siteId = site.id;
  [{ id: levain }, { id: brioche }] = await database.db
    .insert(pages)
    .values([
      { site: siteId, name: "Le levain", url: "/levain" },
      { site: siteId, name: "La brioche", url: "https://www.boulangerie-dupont.fr/brioche" },
    ])
    .returning({ id: pages.id });
  [{ id: kwLevain }, { id: kwPain }] = await database.db
    .insert(keywords)
    .values([{ keyword: `pain au levain ${Date.now()}` }, { keyword: `pain maison ${Date.now()}` }])
    .returning({ id: keywords.id });
  await database.db.insert(pagesKeywords).values([
    { linkedPage: levain, linkedKeyword: kwLevain },
    { linkedPage: levain, linkedKeyword: kwPain },
    { linkedPage: brioche, linkedKeyword: kwPain },
  ]);
  llmIds = (await database.db.select({ id: llms.id }).from(llms).where(eq(llms.active, true)).limit(2)).map((l) => l.id);
});
afterAll(() => setClockForTests(new Date(0)));

describe("snapshots and their history", () => {
  it("keeps every SERP check with its date and what it means for the site; the newest results stay in serps", async () => {
    at("2027-01-04T09:00:00Z");
    await replaceSerpResults(siteId, kwLevain, results(14), LEVAIN_CHECK_OF(levain));
    at("2027-01-11T09:00:00Z");
    await replaceSerpResults(siteId, kwLevain, results(6), LEVAIN_CHECK_OF(levain));
    await replaceSerpResults(
      siteId,
      kwPain,
      results(null, [
        { positionAbsolute: 3, url: "https://shop.boulangerie-dupont.fr/pain/" },
        { positionAbsolute: 8, url: "https://www.boulangerie-dupont.fr/brioche" },
      ]),
      LEVAIN_CHECK_OF(levain),
    );

    const checks = await database.db.select().from(serpChecks).where(eq(serpChecks.site, siteId)).orderBy(serpChecks.id);
    expect(checks.map((c) => [c.keyword, c.checkedAt.toISOString().slice(0, 16), c.sitePosition, c.isTarget])).toEqual([
      [kwLevain, "2027-01-04T09:00", 14, true],
      [kwLevain, "2027-01-11T09:00", 6, true],
      [kwPain, "2027-01-11T09:00", 3, false],
    ]);
    expect(checks[0].siteUrl).toBe("https://boulangerie-dupont.fr/levain/?utm_source=newsletter");
    expect(checks[0].results).toHaveLength(22);
    expect(checks[2].siteUrls).toEqual(["shop.boulangerie-dupont.fr/pain", "boulangerie-dupont.fr/brioche"]);
    // The list screens' table holds the newest results only.
    const newest = await database.db
      .select()
      .from(serps)
      .where(and(eq(serps.site, siteId), eq(serps.linkedKeyword, kwLevain)));
    expect(newest.find((r) => r.url?.includes("boulangerie-dupont.fr/levain"))?.positionAbsolute).toBe(6);
  });

  it("keeps every answer with what it says of the site: mention, citation position, other domains", async () => {
    at("2027-01-04T10:00:00Z");
    await replaceLlmAnswers(
      levain,
      [
        {
          llmId: llmIds[0],
          question: "Q",
          answer: "Try marmiton.org or https://fr.wikipedia.org/wiki/Levain.",
          mentionsSite: false,
          citedUrls: ["https://fr.wikipedia.org/wiki/Levain"],
          ...ASKED,
        },
      ],
      SITE(),
    );
    at("2027-01-11T10:00:00Z");
    const cited = ["https://fr.wikipedia.org/wiki/Levain", "https://www.boulangerie-dupont.fr/levain/"];
    await replaceLlmAnswers(
      levain,
      [
        {
          llmId: llmIds[0],
          question: "Q",
          answer: `La boulangerie dupont explique tout : ${cited.join(" et ")}. Voir aussi marmiton.org.`,
          mentionsSite: true,
          citedUrls: cited,
          ...ASKED,
        },
        { llmId: llmIds[1], question: "Q", answer: "Les Duponts de Paris, voir painmaison.fr.", mentionsSite: false, citedUrls: [], ...ASKED },
      ],
      SITE(),
    );
    const rows = await database.db.select().from(llmChecks).where(eq(llmChecks.site, siteId)).orderBy(llmChecks.id);
    expect(rows.map((r) => [r.llm, r.mentionsSite, r.siteCitation, r.domains])).toEqual([
      [llmIds[0], false, null, ["fr.wikipedia.org", "marmiton.org"]],
      [llmIds[0], true, 2, ["fr.wikipedia.org", "marmiton.org"]],
      [llmIds[1], false, null, ["painmaison.fr"]],
    ]);
    // The answers screen's table holds the newest answer per model.
    expect(await database.db.select().from(pagesLlmAnswers).where(eq(pagesLlmAnswers.linkedPage, levain))).toHaveLength(2);
  });
});

describe("what the screens read", () => {
  it("ranks each keyword in use with its trend, and flags pages that compete", async () => {
    const rankings = await keywordRankings(owner, siteId);
    const byId = new Map(rankings.map((r) => [r.keywordId, r]));
    expect(byId.get(kwLevain)).toMatchObject({ position: 6, firstPosition: 14, isTarget: true, checks: 2 });
    expect(byId.get(kwLevain)!.series.map((p) => p.position)).toEqual([14, 6]);
    expect(cannibalised(byId.get(kwLevain)!)).toBe(false);
    // Two of its URLs in the results, and two of its pages target the keyword.
    expect(cannibalised(byId.get(kwPain)!)).toBe(true);
    expect(
      byId
        .get(kwPain)!
        .targetingPages.map((p) => p.name)
        .sort(),
    ).toEqual(["La brioche", "Le levain"]);
    // A page's own.
    expect((await keywordRankings(owner, siteId, brioche)).map((r) => r.keywordId)).toEqual([kwPain]);
  });

  it("gives the AI visibility per model and week, and the share of voice", async () => {
    const points = await aiVisibility(owner, siteId);
    expect(points.filter((p) => p.week === "2027-01-11")).toEqual(
      expect.arrayContaining([expect.objectContaining({ answers: 1, mentioned: 1, cited: 1, citationPosition: 2 })]),
    );
    expect(points.filter((p) => p.week === "2027-01-04")).toEqual([
      expect.objectContaining({ answers: 1, mentioned: 0, cited: 0, citationPosition: null }),
    ]);
    const voice = await shareOfVoice(owner, siteId);
    expect(voice.total).toBe(3);
    expect(voice.domains[0]).toMatchObject({ domain: "Boulangerie Dupont", isSite: true, answers: 1 });
    expect(voice.domains.slice(1).map((d) => [d.domain, d.answers])).toEqual([
      ["fr.wikipedia.org", 2],
      ["marmiton.org", 2],
      ["painmaison.fr", 1],
    ]);
  });

  it("marks the approvals and publications", async () => {
    const [version] = await database.db
      .insert(pagesVersions)
      .values({ page: levain, htmlContent: "<h1>Levain</h1>", approved: true, approvedAt: new Date("2027-01-06T12:00:00Z") })
      .returning();
    await database.db
      .insert(pagePublications)
      .values({ pageId: levain, liveVersion: version.id, publishedAt: new Date("2027-01-07T08:00:00Z") });
    expect(await resultMarks(owner, siteId)).toEqual([
      { at: "2027-01-06T12:00:00.000Z", kind: "approved", pageId: levain, pageName: "Le levain" },
      { at: "2027-01-07T08:00:00.000Z", kind: "published", pageId: levain, pageName: "Le levain" },
    ]);
    expect(await resultMarks(owner, siteId, brioche)).toEqual([]);
  });

  it("answers nobody else", async () => {
    for (const read of [keywordRankings, aiVisibility, shareOfVoice, resultMarks, getCheckSchedule] as ((
      a: TestUser,
      s: number,
    ) => Promise<unknown>)[]) {
      await expect(read(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
    }
    await expect(saveCheckFrequency(stranger, siteId, "off")).rejects.toBeInstanceOf(NotFoundError);
  });
});

/** What a claim did for this file's site, its checks only (not the month's report). */
const checksClaims = (outcomes: ClaimOutcome[]) => outcomes.filter((o) => o.siteId === siteId && !o.period.startsWith("report:"));

describe("the schedule", () => {
  const periodsOf = () => database.db.select().from(siteCheckPeriods).where(eq(siteCheckPeriods.siteId, siteId));
  const scheduled = async () =>
    database.db
      .select({
        name: actions.name,
        page: pagesActions.linkedPage,
        info2: pagesActions.info2,
        notBefore: pagesActions.nextAttemptAt,
        queued: pagesActions.queued,
      })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(and(inArray(pagesActions.linkedPage, [levain, brioche]), isNull(pagesActions.creator)));

  it("names its periods and spreads the checks over the first half of what is left", () => {
    expect(periodOf("weekly", new Date("2027-01-13T15:00:00Z")).key).toBe("weekly:2027-01-11");
    expect(periodOf("weekly", new Date("2027-01-10T23:59:00Z")).key).toBe("weekly:2027-01-04");
    expect(periodOf("monthly", new Date("2027-02-28T23:00:00Z")).key).toBe("monthly:2027-02");
    const hours = (delays: number[]) => delays.map((d) => d / 3_600_000);
    // Over half of the week: 84 hours.
    expect(hours(spreadDelays(4, new Date("2027-01-11T00:00:00Z"), new Date("2027-01-18T00:00:00Z"), 1000))).toEqual([0, 21, 42, 63]);
    // Claimed late: half of what is left; and never more than the setting allows.
    expect(hours(spreadDelays(2, new Date("2027-01-17T00:00:00Z"), new Date("2027-01-18T00:00:00Z"), 1000))).toEqual([0, 6]);
    expect(hours(spreadDelays(2, new Date("2027-01-11T00:00:00Z"), new Date("2027-01-18T00:00:00Z"), 10))).toEqual([0, 5]);
    expect(hours(spreadDelays(3, new Date("2027-01-11T00:00:00Z"), new Date("2027-01-18T00:00:00Z"), 0))).toEqual([0, 0, 0]);
  });

  it("claims each site's period once, even with two workers at the same moment, and queues each check once", async () => {
    const now = new Date("2027-01-18T06:00:00Z");
    const [first, second] = await Promise.all([scheduleDueChecks("worker-a", now), scheduleDueChecks("worker-b", now)]);
    const mine = checksClaims([...first, ...second]);
    expect(mine).toEqual([{ siteId, period: "weekly:2027-01-18", status: "queued", queued: 5 }]);
    expect((await periodsOf()).map((p) => p.period).filter((p) => !p.startsWith("report:"))).toEqual(["weekly:2027-01-18"]);
    const queued = await scheduled();
    expect(
      queued
        .filter((q) => q.name === "serps")
        .map((q) => [q.page, Number(q.info2)])
        .sort(),
    ).toEqual(
      [
        [levain, kwLevain],
        [levain, kwPain],
        [brioche, kwPain],
      ].sort(),
    );
    expect(
      queued
        .filter((q) => q.name === "llm_answers")
        .map((q) => q.page)
        .sort(),
    ).toEqual([levain, brioche].sort());
    // Independent requests, spread over the first half of the week.
    expect(queued.every((q) => q.queued === null)).toBe(true);
    // On the queue's clock: the first at once, the last within the spread (84 hours by default).
    const times = queued.map((q) => q.notBefore!.getTime()).sort();
    expect(times[0]).toBeLessThanOrEqual(Date.now());
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(24 * 3_600_000);
    expect(times.at(-1)! - times[0]!).toBeLessThan(84 * 3_600_000);
    // The same moment again, later in the week: nothing more.
    expect(checksClaims(await scheduleDueChecks("worker-c", new Date("2027-01-20T06:00:00Z")))).toEqual([]);
  });

  it("follows the site's frequency: monthly, or off", async () => {
    await saveCheckFrequency(owner, siteId, "monthly");
    const feb = await scheduleDueChecks("worker-a", new Date("2027-02-01T06:00:00Z"));
    expect(checksClaims(feb).map((o) => o.period)).toEqual(["monthly:2027-02"]);
    expect(checksClaims(await scheduleDueChecks("worker-a", new Date("2027-02-08T06:00:00Z")))).toEqual([]);
    await saveCheckFrequency(owner, siteId, "off");
    expect(checksClaims(await scheduleDueChecks("worker-a", new Date("2027-03-01T06:00:00Z")))).toEqual([]);
    expect((await getCheckSchedule(owner, siteId)).frequency).toBe("off");
  });

  it("stops at the monthly cap and tells the team once; the cap and the spending are the team's to see", async () => {
    const member = await insertUser(database.db, { name: "Équipe" });
    await database.db.update(user).set({ role: "team" }).where(eq(user.id, member.id));
    await saveCheckFrequency(owner, siteId, "weekly");
    await database.db.update(siteCheckSchedules).set({ monthlyCapUsd: "0.05" }).where(eq(siteCheckSchedules.siteId, siteId));
    // This month's checks already cost 0.06 $.
    const [serpsAction] = await database.db.select().from(actions).where(eq(actions.name, "serps"));
    await database.db.insert(pagesActions).values({
      linkedPage: levain,
      linkedAction: serpsAction.id,
      info2: String(kwLevain),
      state: "done",
      costUsd: "0.060000",
      createdDate: new Date("2027-04-02T00:00:00Z"),
    });
    const outcome = await scheduleDueChecks("worker-a", new Date("2027-04-05T06:00:00Z"));
    expect(checksClaims(outcome)).toEqual([{ siteId, period: "weekly:2027-04-05", status: "capped", queued: 0 }]);
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.site, siteId), eq(notifications.kind, "checks_capped")));
    expect(told.map((n) => [n.recipient, n.pageName])).toContainEqual([member.id, "Boulangerie Dupont"]);
    expect(told.some((n) => n.recipient === owner.id)).toBe(false);

    // A check queued before the cap was reached stops before it asks the provider, and tells nobody again.
    const [period] = await database.db
      .insert(siteCheckPeriods)
      .values({ siteId, period: "weekly:2027-04-12", status: "queued" })
      .returning();
    expect(await capReached(siteId, period.id, new Date("2027-04-12T06:00:00Z"))).toBe(true);
    expect(await capReached(siteId, period.id, new Date("2027-04-12T07:00:00Z"))).toBe(true);
    const again = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.site, siteId), eq(notifications.kind, "checks_capped")));
    expect(again.length).toBe(told.length * 2);
    // A new month starts below the cap.
    expect(await capReached(siteId, period.id, new Date("2027-05-03T06:00:00Z"))).toBe(false);

    const team = asTeam({ id: member.id, role: "team", twoFactorEnabled: true, name: "Équipe", email: member.email, image: null } as never);
    setClockForTests(new Date("2027-04-20T00:00:00Z"));
    expect(await getCheckSchedule(team, siteId)).toMatchObject({ frequency: "weekly", capUsd: 0.05, spentUsd: 0.06 });
    expect(await getCheckSchedule(owner, siteId)).toMatchObject({ capUsd: null, spentUsd: null });
  });
});

describe("the monthly report", () => {
  it("gives the month's moves, new citations, visibility and articles, the cost for the team only", async () => {
    const report = (await monthlyReport(owner, siteId, "2027-01"))!;
    expect(report.movers.find((m) => m.keyword.startsWith("pain au levain"))).toMatchObject({ before: 14, after: 6, checks: 2 });
    expect(report.newCitations).toEqual([
      expect.objectContaining({ pageName: "Le levain", url: "https://www.boulangerie-dupont.fr/levain/" }),
    ]);
    expect(report.visibility.reduce((n, v) => n + v.answers, 0)).toBe(3);
    expect(report.articles).toEqual([{ pageId: levain, pageName: "Le levain", versions: expect.any(Number), approved: 1, costUsd: null }]);
    expect(report.marks.map((m) => m.kind)).toEqual(["approved", "published"]);
    expect(await monthlyReport(owner, siteId, "2027-13")).toBeNull();
    await expect(monthlyReport(stranger, siteId, "2027-01")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("is announced once on the month's first days, to the owner, with a link that unsubscribes without signing in", async () => {
    const reports = (outcomes: ClaimOutcome[]) => outcomes.filter((o) => o.siteId === siteId && o.period.startsWith("report:"));
    expect(reports(await scheduleDueChecks("worker-a", new Date("2027-06-01T06:00:00Z")))).toEqual([
      { siteId, period: "report:2027-05", status: "skipped", queued: 0 },
    ]);
    // January had checks: its report goes out (an earlier test's February claim did it once; made again here).
    const toldBefore = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.site, siteId), eq(notifications.kind, "monthly_report")));
    await database.db
      .delete(siteCheckPeriods)
      .where(and(eq(siteCheckPeriods.siteId, siteId), eq(siteCheckPeriods.period, "report:2027-01")));
    const [first, second] = await Promise.all([
      scheduleDueChecks("worker-a", new Date("2027-02-01T06:00:00Z")),
      scheduleDueChecks("worker-b", new Date("2027-02-01T06:00:00Z")),
    ]);
    expect(reports([...first, ...second])).toEqual([{ siteId, period: "report:2027-01", status: "sent", queued: 0 }]);
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.site, siteId), eq(notifications.kind, "monthly_report")));
    expect(told.slice(toldBefore.length).map((n) => [n.recipient, n.pageName])).toEqual([[owner.id, "Boulangerie Dupont"]]);
    // Its e-mail names the month it reports on, in French, and leads to that month's report.
    while (await runOnce("mail-worker", { notification_email: TASKS.notification_email }));
    const mail = (await mailsTo(owner.email)).findLast((m) => m.subject.includes("rapport"));
    expect(mail?.subject).toBe("Votre rapport de janvier 2027 pour Boulangerie Dupont est prêt");
    expect(mail?.text).toContain(`Lire le rapport : ${TEST_PUBLIC_URL}/sites/${siteId}/results/report?month=2027-01`);

    expect(await siteOfUnsubscribeLink(siteId, "forged")).toBeNull();
    const token = reportUnsubscribePath(siteId).split("/").at(-1)!;
    expect(await siteOfUnsubscribeLink(siteId + 1, token)).toBeNull();
    expect(await siteOfUnsubscribeLink(siteId, token)).toEqual({ name: "Boulangerie Dupont", subscribed: true });
    expect(await unsubscribeFromReports(siteId, token)).toBe(true);
    expect(await siteOfUnsubscribeLink(siteId, token)).toEqual({ name: "Boulangerie Dupont", subscribed: false });
    expect(reports(await scheduleDueChecks("worker-a", new Date("2027-07-01T06:00:00Z")))).toEqual([]);
  });
});

const get = (path: string, b: Browser | null) =>
  new Request(`${TEST_PUBLIC_URL}${path}`, { headers: b?.cookie ? { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } : {} });

describe("the report's months", () => {
  it("go from the site's creation, or its first check when that is earlier, to the current month", async () => {
    at("2027-03-10T00:00:00Z");
    await database.db
      .update(sites)
      .set({ createdAt: new Date("2026-12-15T00:00:00Z") })
      .where(eq(sites.id, siteId));
    expect(await reportMonths(owner, siteId)).toEqual(["2027-03", "2027-02", "2027-01", "2026-12"]);
    // Its first check (January) before its recorded creation: the checks' first month opens the list.
    await database.db
      .update(sites)
      .set({ createdAt: new Date("2027-02-20T00:00:00Z") })
      .where(eq(sites.id, siteId));
    expect(await reportMonths(owner, siteId)).toEqual(["2027-03", "2027-02", "2027-01"]);
    await expect(reportMonths(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("are what the report's screen offers, and a month outside them shows the last complete one (or the current)", async () => {
    at("2027-03-10T00:00:00Z");
    const client = await signedInUser("Rapport Récent");
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Récent", url: "https://recent.example", linkedUser: client.user.id, createdAt: new Date("2027-01-20T00:00:00Z") })
      .returning();
    const params = { siteId: String(site.id) };
    const report = (query: string) =>
      runRoute(reportLoader as never, get(`/sites/${site.id}/results/report${query}`, client.browser), params);
    const asked = await report("?month=2027-01");
    expect(asked.body).toMatchObject({ months: ["2027-03", "2027-02", "2027-01"], report: { month: "2027-01" } });
    expect((await report("?month=2026-06")).body).toMatchObject({ report: { month: "2027-02" } });
    expect((await report("")).body).toMatchObject({ report: { month: "2027-02" } });
    // Made this month: no complete month yet, the current one is shown.
    await database.db
      .update(sites)
      .set({ createdAt: new Date("2027-03-02T00:00:00Z") })
      .where(eq(sites.id, site.id));
    expect((await report("")).body).toMatchObject({ months: ["2027-03"], report: { month: "2027-03" } });
  });
});

describe("the results routes", () => {
  it("answer only the site's owner: another account gets 404, nobody signed in goes to /auth", async () => {
    const other = await signedInUser("Autre Compte");
    const params = { siteId: String(siteId) };
    for (const [loader, path] of [
      [resultsLoader, `/sites/${siteId}/results`],
      [reportLoader, `/sites/${siteId}/results/report?month=2027-01`],
    ] as const) {
      const anonymous = await runRoute(loader as never, get(path, null), params);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
      expect(await thrownStatus(loader(routeArgs(get(path, other.browser), params)))).toBe(404);
    }
    for (const fields of <Record<string, string>[]>[{ intent: "check-now" }, { intent: "schedule", frequency: "off" }]) {
      const refused = await runRoute(resultsAction as never, formPost(other.browser, `/sites/${siteId}/results`, fields), params);
      expect(refused.status).toBe(404);
    }
  });

  it("refuses a frequency that is not one, and says there is nothing to check without keywords", async () => {
    const client = await signedInUser("Sans Mots-clés");
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Vide", url: "https://vide.example", linkedUser: client.user.id })
      .returning();
    const params = { siteId: String(site.id) };
    const path = `/sites/${site.id}/results`;
    const bad = await runRoute(resultsAction as never, formPost(client.browser, path, { intent: "schedule", frequency: "daily" }), params);
    expect(bad.status).toBe(400);
    expect(bad.body.toast.description).toBe("Choose off, weekly or monthly.");
    const none = await runRoute(resultsAction as never, formPost(client.browser, path, { intent: "check-now" }), params);
    expect(none.status).toBe(400);
    expect(none.body.toast.title).toBe("No check queued");
    const shown = await runRoute(resultsLoader as never, get(path, client.browser), params);
    expect(shown.body).toMatchObject({
      rankings: [],
      visibility: [],
      voice: { total: 0 },
      schedule: { frequency: "weekly", capUsd: null },
    });
  });

  it("the unsubscribe page answers a forged link like a missing page, and is never indexed", async () => {
    const page = (id: string, token: string) =>
      runRoute(unsubscribeLoader as never, new Request(`${TEST_PUBLIC_URL}/reports/unsubscribe/${id}/${token}`), { siteId: id, token });
    expect(
      await thrownStatus(
        unsubscribeLoader(routeArgs(new Request(TEST_PUBLIC_URL), { siteId: String(siteId), token: "forged" })),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(
        unsubscribeLoader(routeArgs(new Request(TEST_PUBLIC_URL), { siteId: "x", token: "y" })),
      ),
    ).toBe(404);
    const token = reportUnsubscribePath(siteId).split("/").at(-1)!;
    const shown = await page(String(siteId), token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("a site without keywords", () => {
  it("is not claimed until it has one: its first keyword, mid-week, is checked that week", async () => {
    const client = await insertUser(database.db);
    const [site] = await database.db.insert(sites).values({ name: "Neuf", url: "https://neuf.example", linkedUser: client.id }).returning();
    const [page] = await database.db.insert(pages).values({ site: site.id, name: "Accueil", url: "/" }).returning();
    const mine = (outcomes: ClaimOutcome[]) => outcomes.filter((o) => o.siteId === site.id && !o.period.startsWith("report:"));
    expect(mine(await scheduleDueChecks("worker-a", new Date("2027-08-02T06:00:00Z")))).toEqual([]);
    const [keyword] = await database.db
      .insert(keywords)
      .values({ keyword: `neuf ${Date.now()}` })
      .returning();
    await database.db.insert(pagesKeywords).values({ linkedPage: page.id, linkedKeyword: keyword.id });
    expect(mine(await scheduleDueChecks("worker-a", new Date("2027-08-04T06:00:00Z")))).toEqual([
      { siteId: site.id, period: "weekly:2027-08-02", status: "queued", queued: 2 },
    ]);
  });

  it("does not queue a check that is already waiting: a search its owner just asked for is not made twice", async () => {
    const client = await insertUser(database.db);
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Pressé", url: "https://presse.example", linkedUser: client.id })
      .returning();
    const [page] = await database.db.insert(pages).values({ site: site.id, name: "Accueil", url: "/" }).returning();
    const [asked, other] = await database.db
      .insert(keywords)
      .values([{ keyword: `pressé ${Date.now()}` }, { keyword: `autre ${Date.now()}` }])
      .returning();
    await database.db.insert(pagesKeywords).values([
      { linkedPage: page.id, linkedKeyword: asked.id },
      { linkedPage: page.id, linkedKeyword: other.id },
    ]);
    // The owner's 'Search SERPs' for the first keyword, still waiting for a provider; the schedule's tick follows.
    const [serpsAction] = await database.db.select({ id: actions.id }).from(actions).where(eq(actions.name, "serps"));
    await database.db
      .insert(pagesActions)
      .values({ linkedPage: page.id, linkedAction: serpsAction.id, info2: String(asked.id), creator: client.id, state: "waiting" });
    const mine = (outcomes: ClaimOutcome[]) => outcomes.filter((o) => o.siteId === site.id && !o.period.startsWith("report:"));
    expect(mine(await scheduleDueChecks("worker-a", new Date("2027-09-08T06:00:00Z")))).toEqual([
      { siteId: site.id, period: "weekly:2027-09-06", status: "queued", queued: 2 },
    ]);
    const requests = await database.db
      .select({ name: actions.name, info2: pagesActions.info2, creator: pagesActions.creator })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(eq(pagesActions.linkedPage, page.id));
    expect(requests.filter((r) => r.name === "serps").map((r) => [r.info2, r.creator])).toEqual(
      expect.arrayContaining([
        [String(asked.id), client.id],
        [String(other.id), null],
      ]),
    );
    expect(requests.filter((r) => r.name === "serps")).toHaveLength(2);
    expect(requests.filter((r) => r.name === "llm_answers")).toHaveLength(1);
  });
});

describe("AI visibility that can be trusted (issue 42)", () => {
  let site2: number;
  let page2: number;
  let kwOverview: number;
  let kwOld: number;
  const SITE2 = () => ({ site: { id: site2, url: "https://velo-lyon.example" }, requestId: null, prompts: ["Q1", "Q2", "Q3"] });
  /** Nine answers of one LLM about the page (3 prompts x 3 samples), `cited` of them citing the site. */
  const nine = (llmId: number, cited: number, live: boolean) =>
    Array.from({ length: 9 }, (_, i) => ({
      llmId,
      question: `Q${Math.floor(i / 3) + 1}`,
      prompt: Math.floor(i / 3) + 1,
      sample: (i % 3) + 1,
      live,
      citationsFrom: live ? ("annotations" as const) : ("text" as const),
      answer: i < cited ? "Voir https://velo-lyon.example/guide et https://autre.example." : "Voir https://autre.example.",
      mentionsSite: i < cited,
      citedUrls: i < cited ? ["https://velo-lyon.example/guide", "https://autre.example/"] : ["https://autre.example/"],
    }));

  beforeAll(async () => {
    const [site] = await database.db
      .insert(sites)
      .values({ name: "Vélo Lyon", url: "https://velo-lyon.example", linkedUser: owner.id })
      .returning();
    site2 = site.id;
    [{ id: page2 }] = await database.db.insert(pages).values({ site: site2, name: "Vélo électrique", url: "/velo" }).returning({ id: pages.id });
    [{ id: kwOverview }, { id: kwOld }] = await database.db
      .insert(keywords)
      .values([{ keyword: `vélo électrique ${Date.now()}` }, { keyword: `vélo cargo ${Date.now()}` }])
      .returning({ id: keywords.id });
    await database.db.insert(pagesKeywords).values([
      { linkedPage: page2, linkedKeyword: kwOverview },
      { linkedPage: page2, linkedKeyword: kwOld },
    ]);
    const check = { pageId: page2, pageUrl: "/velo", siteUrl: "https://velo-lyon.example", requestId: null };
    at("2027-02-01T09:00:00Z");
    // A check made before the results' features were kept: no AI Overview line.
    await replaceSerpResults(site2, kwOld, results(null), check);
    // No AI Overview in the results, then one that cites the site and two other domains.
    await replaceSerpResults(site2, kwOverview, results(null), {
      ...check,
      features: { peopleAlsoAsk: [], relatedSearches: [], featuredSnippet: null, aiOverview: null },
    });
    at("2027-02-08T09:00:00Z");
    await replaceSerpResults(site2, kwOverview, results(null), {
      ...check,
      features: {
        peopleAlsoAsk: [],
        relatedSearches: [],
        featuredSnippet: null,
        aiOverview: {
          text: "Un vélo électrique...",
          references: [
            { url: "https://www.velo-lyon.example/guide", title: "Guide", source: "Vélo Lyon" },
            { url: "https://fr.wikipedia.org/wiki/Vélo", title: null, source: null },
            { url: "https://www.ademe.fr/velo", title: null, source: null },
            { url: "https://fr.wikipedia.org/wiki/VAE", title: null, source: null },
          ],
        },
      },
    });
    // January: one answer per LLM (the history before samples); February's first week: 9 each, none citing; then 9 each, most citing.
    at("2027-01-25T10:00:00Z");
    await replaceLlmAnswers(page2, [{ ...nine(llmIds[0], 0, false)[0] }, { ...nine(llmIds[1], 1, false)[0] }], SITE2());
    at("2027-02-01T10:00:00Z");
    await replaceLlmAnswers(page2, [...nine(llmIds[0], 0, true), ...nine(llmIds[1], 1, false)], SITE2());
    const [version] = await database.db
      .insert(pagesVersions)
      .values({ page: page2, htmlContent: "<h1>Vélo</h1>", approved: true, approvedAt: new Date("2027-02-03T12:00:00Z") })
      .returning();
    await database.db
      .insert(pagePublications)
      .values({ pageId: page2, liveVersion: version.id, publishedAt: new Date("2027-02-04T08:00:00Z") });
    at("2027-02-08T10:00:00Z");
    await replaceLlmAnswers(page2, [...nine(llmIds[0], 7, true), ...nine(llmIds[1], 2, false)], SITE2());
  });

  it("gives each keyword's AI Overview at its newest check: whether there is one, the site's URL it cites, the other domains", async () => {
    const byId = new Map((await keywordRankings(owner, site2)).map((r) => [r.keywordId, r]));
    expect(byId.get(kwOverview)!.aiOverview).toEqual({
      present: true,
      siteUrls: ["https://www.velo-lyon.example/guide"],
      domains: ["fr.wikipedia.org", "ademe.fr"],
    });
    expect(byId.get(kwOld)!.aiOverview).toBeNull();
    // At each check: none at the first, then one citing the site; the older check recorded none of it.
    expect(byId.get(kwOverview)!.series.map((p) => [p.aiOverview?.present, p.aiOverview?.siteUrls.length])).toEqual([
      [false, 0],
      [true, 1],
    ]);
    expect(byId.get(kwOld)!.series.map((p) => p.aiOverview)).toEqual([null]);
  });

  it("counts each week's answers, the live ones apart, and calls a change only where it is clear", async () => {
    const points = await aiVisibility(owner, site2);
    const feb8 = points.filter((p) => p.week === "2027-02-08");
    expect(feb8.map((p) => [p.answers, p.cited, p.live]).sort()).toEqual([
      [9, 2, 0],
      [9, 7, 9],
    ]);
    // The history made before samples reads as one answer per model and week.
    expect(points.filter((p) => p.week === "2027-01-25").map((p) => p.answers)).toEqual([1, 1]);
    const { visibilityTrends } = await import("~/lib/visibility/figures");
    const trends = visibilityTrends(points);
    expect(trends[0]).toMatchObject({ llm: null, week: "2027-02-08", previousWeek: "2027-02-01", liveness: "mixed" });
    expect(trends[0]!.cited).toMatchObject({ k: 9, n: 18 });
    // All together, then each model (0 then 7 of 9: clear; 1 then 2 of 9: not).
    expect(trends[0]!.citedChange?.words).toBe("Clear rise");
    expect(
      trends
        .slice(1)
        .map((t) => t.citedChange?.words)
        .sort(),
    ).toEqual(["Clear rise", "No clear change"]);
  });

  it("compares the answers about a page in the four weeks before its newest publication and since", async () => {
    expect(await publishEffects(owner, site2)).toEqual([
      {
        pageId: page2,
        pageName: "Vélo électrique",
        publishedAt: "2027-02-04T08:00:00.000Z",
        before: { answers: 20, mentioned: 2, cited: 2 },
        after: { answers: 18, mentioned: 9, cited: 9 },
      },
    ]);
    expect(await publishEffects(owner, site2, page2)).toHaveLength(1);
    expect(await publishEffects(owner, siteId, brioche)).toEqual([]);
    await expect(publishEffects(stranger, site2)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("gives the monthly report the month before's answers to compare with, and the AI Overview beside the position", async () => {
    const report = (await monthlyReport(owner, site2, "2027-02"))!;
    const first = report.visibility.find((v) => v.answers === 18 && v.live === 18);
    expect(first).toMatchObject({ cited: 7, previous: { answers: 1, mentioned: 0, cited: 0 } });
    expect(report.movers.find((m) => m.keyword.startsWith("vélo électrique"))!.aiOverview).toMatchObject({ present: true });
  });
});
