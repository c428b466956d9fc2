/**
 * Issue 40, a version's sources: writing a version that links out queues their check; the check follows each link
 * (a page that answers, one that is missing, one that redirects), finds a quotation word for word and refuses a
 * misquotation, judges the other claims (lexically without a model; with the model's answer, refusing a quote that
 * is not in the page), and keeps each with the source's own words; the review screen's model reads them, nobody
 * else's; publishing a version with a broken or unsupported source asks to confirm, or is refused where the team
 * set the site so.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actions, pagesActions, sitePublishing, sites, teamAuditLog, versionSources } from "../../db/schema";
import { checkSourcesTask } from "~/jobs/tasks/check_sources.server";
import { NotFoundError } from "~/lib/not-found";
import { createPage } from "~/models/page.server";
import { queuePublish, SourcesProblemError } from "~/models/publication.server";
import { versionSourcesOf } from "~/models/sources.server";
import { teamSetRefuseUncheckedSources } from "~/models/team-sites.server";
import { createVersion } from "~/models/version.server";
import type { TeamMember } from "~/services/auth.server";
import { UsageTally } from "~/lib/usage";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeOpenRouter, type FakeOpenRouter } from "../fakes/openrouter";
import { startFakePages, type FakePages } from "../fakes/pages";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();
let owner: TestUser;
let stranger: TestUser;
let siteId: number;
let pageId: number;
let pages: FakePages;

/** The first long sentence of the fixture's first article (real text of travail-emploi.gouv.fr). */
const fixture = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/pages/fiches-travail.json"), "utf8")) as {
  pages: { intro: string }[];
};
const introText = fixture.pages[0]!.intro.replace(/<[^>]+>/g, " ")
  .replace(/\s+/g, " ")
  .trim();
const REAL = introText.split(/(?<=\.)\s/)[0]!;
const QUOTE = REAL.split(" ").slice(2, 14).join(" ");
const MISQUOTE = QUOTE.replace("employeur", "salarié");

/** A version that cites: a real sentence, a quotation, a misquotation, a missing page, a redirect, an invented figure. */
const article = () => `<h1>La période d'essai</h1>
<p>${REAL} <a href="${pages.at("/articles/0")}">Ministère du Travail</a>.</p>
<p>Le ministère le dit : « ${QUOTE} » (<a href="${pages.at("/articles/0")}">source</a>).</p>
<p>Un guide écrit : « ${MISQUOTE} » (<a href="${pages.at("/articles/0")}">guide</a>).</p>
<p>Les règles sont détaillées <a href="${pages.at("/missing")}">dans ce guide</a>.</p>
<p>La rupture est encadrée, voir <a href="${pages.at("/redirect/2")}">cette page</a>.</p>
<p>En 2025, 87 % des salariés ont eu une période d'essai de 9 mois selon <a href="${pages.at("/articles/3")}">cette étude</a>.</p>`;

/** Runs the check of a version as the worker would, and ends its request. */
async function check(versionId: number) {
  const task = checkSourcesTask();
  const payload = task.payload.parse({ page: null, version: versionId, info: null, info2: null });
  await task.run({ id: 0, payload, signal: new AbortController().signal, usage: new UsageTally() } as never);
  await database.db.update(pagesActions).set({ state: "done" }).where(eq(pagesActions.linkedPagesVersion, versionId));
}

beforeAll(async () => {
  pages = await startFakePages();
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
  owner = await insertUser(database.db);
  stranger = await insertUser(database.db);
  [{ id: siteId }] = await database.db
    .insert(sites)
    .values({ name: "Droit pratique", url: "https://droit-pratique.example", linkedUser: owner.id })
    .returning({ id: sites.id });
  ({ id: pageId } = await createPage(owner, siteId, { name: "La période d'essai", url: "/periode-essai", status: 1 } as never));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await pages.close();
});
beforeEach(() => database.db.delete(pagesActions));

describe("a version's sources", () => {
  it("are checked once it is written: links followed, quotations found word for word, claims judged, the source's words kept", async () => {
    const version = await createVersion(owner, pageId, article());
    const queued = await database.db
      .select({ id: pagesActions.id })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .where(and(eq(actions.name, "check_sources"), eq(pagesActions.linkedPagesVersion, version.id)));
    expect(queued).toHaveLength(1);
    expect((await versionSourcesOf(owner, version.id)).pending).toBe(true);

    await check(version.id);
    const { sources, counts, pending } = await versionSourcesOf(owner, version.id);
    expect(pending).toBe(false);
    const byAnchor = (anchor: string) => sources.find((s) => s.anchor === anchor)!;
    expect(byAnchor("Ministère du Travail")).toMatchObject({ linkStatus: "resolves", verdict: "supported", method: "lexical" });
    expect(byAnchor("Ministère du Travail").passage).toBeTruthy();
    expect(byAnchor("source")).toMatchObject({ kind: "quotation", verdict: "supported", method: "quotation" });
    expect(byAnchor("source").passage).toContain(QUOTE.split(" ").slice(-3).join(" "));
    expect(byAnchor("guide")).toMatchObject({ kind: "quotation", verdict: "not_supported" });
    expect(byAnchor("dans ce guide")).toMatchObject({ linkStatus: "broken", httpStatus: 404, verdict: "broken" });
    expect(byAnchor("cette page")).toMatchObject({ linkStatus: "redirects" });
    expect(byAnchor("cette page").finalUrl).toContain("/articles/1");
    expect(byAnchor("cette étude")).toMatchObject({ kind: "statistic", verdict: "not_supported" });
    expect(counts).toMatchObject({ total: 6, broken: 1 });
    expect(counts.notSupported).toBeGreaterThanOrEqual(2);
    await expect(versionSourcesOf(stranger, version.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("are not checked for a text without outbound links, and an earlier text's results go when the text changes", async () => {
    const version = await createVersion(owner, pageId, "<h1>Sans lien</h1><p>Rien à vérifier.</p>");
    expect((await versionSourcesOf(owner, version.id)).pending).toBe(false);
    expect((await versionSourcesOf(owner, version.id)).sources).toEqual([]);
  });

  it("hold publishing: a broken or unsupported source asks to confirm, or is refused where the team set the site so", async () => {
    const version = await createVersion(owner, pageId, article());
    await check(version.id);
    await database.db.insert(sitePublishing).values({ siteId, target: "webhook", webhookUrl: "https://hooks.example/publish" });
    const asked = await queuePublish(owner, version.id).catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(SourcesProblemError);
    expect((asked as SourcesProblemError).refused).toBe(false);
    expect((asked as SourcesProblemError).problems.map((p) => p.verdict)).toContain("broken");
    expect((await queuePublish(owner, version.id, { confirmSources: true })).requestId).toBeGreaterThan(0);

    await database.db.delete(pagesActions);
    // The team sets the site to refuse them (console, the site's screen), audited.
    const account = await insertUser(database.db);
    const member = { ...account, image: null, role: "team", twoFactorEnabled: true } as TeamMember;
    await teamSetRefuseUncheckedSources(member, siteId, true);
    const [audit] = await database.db.select().from(teamAuditLog).where(eq(teamAuditLog.action, "site.sources_refusal_set"));
    expect(audit).toMatchObject({ actorId: account.id, recordId: String(siteId), details: { from: false, to: true } });
    const refused = await queuePublish(owner, version.id, { confirmSources: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SourcesProblemError);
    expect((refused as SourcesProblemError).refused).toBe(true);
    await database.db.update(sites).set({ refuseUncheckedSources: false }).where(eq(sites.id, siteId));
    await database.db.delete(sitePublishing).where(eq(sitePublishing.siteId, siteId));
  });
});

describe("the model judge", () => {
  let fake: FakeOpenRouter;
  beforeAll(async () => {
    fake = await startFakeOpenRouter();
    vi.stubEnv("OPENROUTER_API_KEY", fake.apiKey);
    vi.stubEnv("OPENROUTER_BASE_URL", fake.baseUrl);
    vi.stubEnv("SOURCE_JUDGE_MODEL", "test/judge");
    resetEnvForTests();
  });
  afterAll(async () => {
    vi.stubEnv("OPENROUTER_API_KEY", "");
    resetEnvForTests();
    await fake.close();
  });

  it("keeps the model's verdict with the page's own words, and refuses a quote that is not in the page", async () => {
    const html = `<h1>Essai</h1><p>${REAL} <a href="${pages.at("/articles/0")}">un</a>.</p><p>La période d'essai dure dix ans selon <a href="${pages.at("/articles/0")}">deux</a>.</p>`;
    fake.script.set("test/judge", [
      { content: JSON.stringify({ verdict: "supported", quote: QUOTE }) },
      { content: `Voici : ${JSON.stringify({ verdict: "supported", quote: "La période d'essai dure dix ans." })}` },
    ]);
    const version = await createVersion(owner, pageId, html);
    await check(version.id);
    const { sources } = await versionSourcesOf(owner, version.id);
    expect(sources.map((s) => [s.anchor, s.verdict, s.method])).toEqual([
      ["un", "supported", "model"],
      ["deux", "not_supported", "model"],
    ]);
    expect(sources[0]!.passage).toContain(QUOTE.split(" ").slice(-3).join(" "));
    const [refused] = await database.db
      .select({ judge: versionSources.judge })
      .from(versionSources)
      .where(eq(versionSources.id, sources[1]!.id));
    expect(refused!.judge).toMatchObject({ quoteRefused: true });
  });
});
