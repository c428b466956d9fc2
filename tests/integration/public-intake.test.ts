/**
 * The public submissions (spec part 3): the contact form (POST /api/contact) and the first-article form
 * (POST /first-article, and POST /api/first-article as the page's island sends it), through their route actions: stored, validated with the spec's messages, guarded
 * by a honeypot and rate limited per client address. Also the demo list and the sitemap that read them.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  actions,
  contactMessages,
  locationCountries,
  locationLanguages,
  pages,
  pagesActions,
  pagesVersions,
  sites,
  teamInbox,
} from "../../db/schema";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { resetEnvForTests } from "~/services/env.server";
import { resetMailForTests } from "~/services/mail.server";
import { runOnce } from "~/jobs/run.server";
import { listDemoArticles } from "~/models/demo.server";
import { CONTACT_LIMIT, FIRST_ARTICLE_LIMIT } from "~/models/public-intake.server";
import { action as contactAction } from "~/routes/api/contact";
import { action as firstArticleApi } from "~/routes/api/first-article";
import { action as firstArticleAction } from "~/routes/public/first-article";
import { loader as sitemapLoader } from "~/routes/public/sitemap";
import { useTestDatabase } from "../setup/database";
import { insertUser, uniqueEmail, uniqueIp } from "../setup/factories";
import { mailsTo } from "../setup/outbox";
import { multipartPost, signedInUser } from "../setup/sessions";
import { routeArgs } from "../setup/route-args";

const database = useTestDatabase();

/** The reference data's ids: a country by its name, and the row of a language in a country. */
async function countryNamed(name: string): Promise<number> {
  const [row] = await database.db
    .select({ id: locationCountries.id })
    .from(locationCountries)
    .where(eq(locationCountries.countryName, name));
  return row!.id;
}
async function languageOf(code: string, country: string): Promise<number> {
  const [row] = await database.db
    .select({ id: locationLanguages.id })
    .from(locationLanguages)
    .where(and(eq(locationLanguages.languageCode, code), eq(locationLanguages.linkedCountry, await countryNamed(country))));
  return row!.id;
}

function post(path: string, fields: Record<string, string>, ip = uniqueIp()) {
  return new Request(`http://localhost:3999${path}`, {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: ip, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

type Answer = { data: unknown; init: { status?: number; headers?: HeadersInit } | null };
/** Route actions answer `data()` (a DataWithResponseInit) or a Response (a redirect). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer of its own route
async function run(fn: (args: never) => unknown, request: Request): Promise<{ status: number; body: any; headers: Headers }> {
  const result = (await fn(routeArgs(request))) as Answer | Response;
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  return { status: result.init?.status ?? 200, body: result.data, headers: new Headers(result.init?.headers) };
}

const contact = (fields: Record<string, string>, ip?: string) => run(contactAction as never, post("/api/contact", fields, ip));
/** The form as a visitor sends it: with the site's language (issue 38) unless the test says otherwise. */
const firstArticle = (fields: Record<string, string>, ip?: string) =>
  run(firstArticleAction as never, post("/first-article", { language: "en", ...fields }, ip));

describe("the contact form", () => {
  it("stores the message, records a contact_form request with the message as JSON, and mails the team", async () => {
    const email = uniqueEmail("visitor");
    const answer = await contact({
      name: "Léa Martin",
      email: email.toUpperCase(),
      message: "Can you write 8 articles a month about solar panels?",
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });

    const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ name: "Léa Martin", message: "Can you write 8 articles a month about solar panels?" });

    const [request] = await database.db
      .select({
        info2: pagesActions.info2,
        linkedPage: pagesActions.linkedPage,
        creator: pagesActions.creator,
        state: pagesActions.state,
        name: actions.name,
      })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .orderBy(desc(pagesActions.id))
      .limit(1);
    expect(request).toMatchObject({ name: "contact_form", linkedPage: null, creator: null, state: "done" });
    expect(JSON.parse(request.info2!)).toEqual({
      name: "Léa Martin",
      email,
      message: "Can you write 8 articles a month about solar panels?",
    });

    const [mail] = await mailsTo("contact@seo-ia-content.fr").then((mails) => mails.filter((m) => m.text.includes(email)));
    expect(mail.subject).toBe("Contact form: Léa Martin");
    expect(mail.text).toContain("Can you write 8 articles a month about solar panels?");
  });

  it("keeps a message whose mail fails and queues it again for the worker, which sends it later", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9"); // nothing listens there
    resetEnvForTests();
    resetMailForTests();
    const email = uniqueEmail("offline");
    let actionId: number;
    try {
      const answer = await contact({ name: "Noé", email, message: "The mail server is down right now." });
      expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      const [row] = await database.db.select().from(pagesActions).orderBy(desc(pagesActions.id)).limit(1);
      actionId = row.id;
      expect(row).toMatchObject({ state: "queued", attempts: 1 });
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() - 1000);
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
      resetMailForTests();
    }
    // Later, the worker (mail back in the outbox) sends it.
    await database.db.update(pagesActions).set({ nextAttemptAt: null }).where(eq(pagesActions.id, actionId));
    while (await runOnce("test-worker"));
    const [after] = await database.db.select().from(pagesActions).where(eq(pagesActions.id, actionId));
    expect(after).toMatchObject({ state: "done", attempts: 2 });
    expect((await mailsTo("contact@seo-ia-content.fr")).some((m) => m.text.includes(email))).toBe(true);
  });

  it("refuses invalid fields with the spec's messages and stores nothing", async () => {
    const before = await database.db.$count(contactMessages);
    const answer = await contact({ name: "L", email: "not-an-address", message: "Too short" });
    expect(answer.status).toBe(400);
    // The fields' messages, in conform's answer (shown under the fields), and no notice.
    expect(answer.body).toMatchObject({ ok: false });
    expect(Object.keys(answer.body).sort()).toEqual(["ok", "result"]);
    expect(answer.body.result.error).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      message: ["Message must be at least 10 characters"],
    });
    const missing = await contact({});
    expect(missing.body.result.error).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      message: ["Message must be at least 10 characters"],
    });
    expect(await database.db.$count(contactMessages)).toBe(before);
  });

  it("answers a filled honeypot with a quiet success and stores nothing", async () => {
    const before = await database.db.$count(contactMessages);
    const answer = await contact({
      name: "Bot",
      email: uniqueEmail("bot"),
      message: "Buy cheap links now, best offer",
      website: "http://spam.example",
    });
    expect(answer.body).toEqual({ ok: true });
    expect(await database.db.$count(contactMessages)).toBe(before);
  });

  it(`accepts ${CONTACT_LIMIT.max} messages per address in ${CONTACT_LIMIT.windowSeconds / 60} minutes, then answers 429 with Retry-After`, async () => {
    const ip = uniqueIp();
    const fields = () => ({ name: "Sam", email: uniqueEmail("sam"), message: "Hello, I would like a quote please." });
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect((await contact(fields(), ip)).status).toBe(200);
    const refused = await contact(fields(), ip);
    expect(refused).toMatchObject({ status: 429, body: { ok: false, error: "rate-limited" } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await contact(fields())).status).toBe(200);
  });
});

describe("the first-article form", () => {
  it("creates the site with exactly the spec's defaults (but its language), nobody as owner, and leads to the success page", async () => {
    const stripe = uniqueEmail("payer");
    const answer = await firstArticle({
      url: "https://www.boulangerie-lyon.example/blog/",
      stripe_email: stripe,
      email1: "Owner@Boulangerie-Lyon.example",
      additional_guidelines: "  Talk about sourdough; never mention competitors.  ",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/first-article-success");
    expect(answer.headers.get("Set-Cookie")).toMatch(/toast/i);

    const [site] = await database.db.select().from(sites).where(eq(sites.stripeEmail, stripe));
    expect(site).toMatchObject({
      name: "boulangerie-lyon.example/blog",
      url: "https://www.boulangerie-lyon.example/blog",
      imageLogo: "/placeholder.svg",
      linkedUser: null,
      additionalGuidelines: "Talk about sourdough; never mention competitors.",
      email1: "owner@boulangerie-lyon.example",
      // The spec's first form had none; the visitor now says which (issue 38): English, of the United Kingdom.
      country: await countryNamed("United Kingdom"),
      language: await languageOf("en", "United Kingdom"),
      familiarTerms: false,
      forceDefinedLanguageForSerps: false,
      serpsNbResults: 10,
      serpsImgNbResults: 5,
      addressTheReaderWithI: false,
      acceptedTopics: null,
      coverImageWidth: 1200,
      coverImageHeight: 630,
      nbImagesToCreate: 3,
      defaultTypePagePost: "post",
      defaultStatus: "draft",
      autoPublishImage: false,
      toneArticlesGroup: null,
    });
  });

  it("reaches somebody: the team gets everything submitted and the requester what happens next, both sent by the worker", async () => {
    const stripe = uniqueEmail("payer");
    const contactEmail = uniqueEmail("owner");
    const answer = await firstArticle({
      url: "https://fromagerie.example",
      stripe_email: stripe,
      email1: contactEmail,
      additional_guidelines: "Write about raw-milk cheese <b>only</b>.",
    });
    expect(answer.status).toBe(302);
    const [site] = await database.db.select().from(sites).where(eq(sites.stripeEmail, stripe));
    // Queued with the site (the visitor waits for no mail server), then sent by the worker.
    const queued = await database.db
      .select({ state: pagesActions.state, name: actions.name, linkedPage: pagesActions.linkedPage, creator: pagesActions.creator })
      .from(pagesActions)
      .innerJoin(actions, eq(actions.id, pagesActions.linkedAction))
      .orderBy(desc(pagesActions.id))
      .limit(2);
    expect(queued).toEqual([
      { state: "queued", name: "send_email", linkedPage: null, creator: null },
      { state: "queued", name: "send_email", linkedPage: null, creator: null },
    ]);
    while (await runOnce("test-worker"));

    const team = (await mailsTo("contact@seo-ia-content.fr")).find((m) => m.text.includes(stripe));
    expect(team?.subject).toBe("First-article request: fromagerie.example");
    for (const expected of [
      "https://fromagerie.example",
      stripe,
      contactEmail,
      "Write about raw-milk cheese <b>only</b>.",
      `#${site.id}`,
    ]) {
      expect(team?.text).toContain(expected);
    }
    expect(team?.html).not.toContain("<b>only</b>");
    expect(team?.headers["reply-to"]).toContain(contactEmail);

    const [confirmation] = await mailsTo(contactEmail);
    expect(confirmation.subject).toBe("We received your first-article request – SEO × IA Content");
    expect(confirmation.text).toContain("https://fromagerie.example");
    expect(confirmation.text).toContain("What happens next");
    expect(confirmation.text).toContain("24-48 hours");
    expect(await mailsTo(stripe)).toHaveLength(0);

    // Without a contact e-mail, the confirmation goes to the payment e-mail.
    const payerOnly = uniqueEmail("payer");
    await firstArticle({ url: "https://cave.example", stripe_email: payerOnly });
    while (await runOnce("test-worker"));
    expect((await mailsTo(payerOnly)).map((m) => m.subject)).toEqual(["We received your first-article request – SEO × IA Content"]);
  });

  it("accepts an address typed without https:// and keeps optional fields empty", async () => {
    const stripe = uniqueEmail("payer");
    expect((await firstArticle({ url: "example-shop.fr", stripe_email: stripe, email1: "" })).status).toBe(302);
    const [site] = await database.db.select().from(sites).where(eq(sites.stripeEmail, stripe));
    expect(site).toMatchObject({ name: "example-shop.fr", url: "https://example-shop.fr", email1: null, additionalGuidelines: null });
  });

  it("refuses missing or invalid fields with the spec's messages and creates nothing", async () => {
    const before = await database.db.$count(sites);
    const empty = await firstArticle({ url: "", stripe_email: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.result.error).toEqual({ url: ["Website URL is required"], stripe_email: ["Stripe email is required"] });
    const invalid = await firstArticle({ url: "not a url", stripe_email: "nope", email1: "also-nope" });
    expect(invalid.body.result.error).toEqual({
      url: ["Please enter a valid URL"],
      stripe_email: ["Please enter a valid email"],
      email1: ["Please enter a valid email"],
    });
    expect(await database.db.$count(sites)).toBe(before);
  });

  it("stores the site's language and country: the language's usual country when none is chosen, the chosen one when the data has the pair, and the topic on the request", async () => {
    const usual = uniqueEmail("usual");
    expect((await firstArticle({ url: "https://fournil.example", stripe_email: usual, language: "fr", country: "" })).status).toBe(302);
    const [first] = await database.db.select().from(sites).where(eq(sites.stripeEmail, usual));
    expect(first).toMatchObject({ country: await countryNamed("France"), language: await languageOf("fr", "France") });

    const chosen = uniqueEmail("chosen");
    const belgium = await countryNamed("Belgium");
    const answer = await firstArticle({
      url: "https://friterie.example",
      stripe_email: chosen,
      language: "fr",
      country: String(belgium),
      topic: "  Les meilleures frites de Bruxelles  ",
    });
    expect(answer.status).toBe(302);
    const [second] = await database.db.select().from(sites).where(eq(sites.stripeEmail, chosen));
    expect(second).toMatchObject({ country: belgium, language: await languageOf("fr", "Belgium") });
    const [line] = await database.db.select().from(teamInbox).where(eq(teamInbox.siteId, second.id));
    expect(line.topic).toBe("Les meilleures frites de Bruxelles");
    expect(first.id).not.toBe(second.id);
    const [none] = await database.db.select().from(teamInbox).where(eq(teamInbox.siteId, first.id));
    expect(none.topic).toBeNull();

    // The team's e-mail says them.
    while (await runOnce("test-worker"));
    const team = (await mailsTo("contact@seo-ia-content.fr")).find((m) => m.text.includes(chosen));
    expect(team?.text).toContain("Language: French (Belgium)");
    expect(team?.text).toContain("Topic or keyword: Les meilleures frites de Bruxelles");
  });

  it("refuses a missing language, and a country the language is not offered for, with clear messages, and creates nothing", async () => {
    const before = await database.db.$count(sites);
    const missing = await firstArticle({ url: "https://sans-langue.example", stripe_email: uniqueEmail("p"), language: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.result.error).toEqual({ language: ["Please choose the language of your website"] });
    const unknown = await firstArticle({ url: "https://klingon.example", stripe_email: uniqueEmail("p"), language: "tlh" });
    expect(unknown.body.result.error).toEqual({ language: ["Please choose the language of your website"] });
    const pair = await firstArticle({
      url: "https://paire.example",
      stripe_email: uniqueEmail("p"),
      language: "de",
      country: String(await countryNamed("France")),
    });
    expect(pair.status).toBe(400);
    expect(pair.body.result.error).toEqual({
      country: ["German is not offered for France: choose a country where German is spoken, or leave the country to us"],
    });
    const notACountry = await firstArticle({
      url: "https://pays.example",
      stripe_email: uniqueEmail("p"),
      language: "fr",
      country: "France",
    });
    expect(notACountry.body.result.error).toEqual({ country: ["Please choose a country from the list"] });
    expect(await database.db.$count(sites)).toBe(before);
  });

  it("drops a filled honeypot without creating a site", async () => {
    const stripe = uniqueEmail("bot");
    const answer = await firstArticle({ url: "https://bot.example", stripe_email: stripe, website: "x" });
    expect(answer.status).toBe(302);
    expect(await database.db.$count(sites, eq(sites.stripeEmail, stripe))).toBe(0);
  });

  it(`is rate limited per address (${FIRST_ARTICLE_LIMIT.max} an hour)`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < FIRST_ARTICLE_LIMIT.max; i++) {
      expect((await firstArticle({ url: `https://site-${i}.example`, stripe_email: uniqueEmail("p") }, ip)).status).toBe(302);
    }
    const refused = await firstArticle({ url: "https://one-more.example", stripe_email: uniqueEmail("p") }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.toast.description).toContain("There was an error submitting your information. Please try again.");
    expect(await database.db.$count(sites, eq(sites.url, "https://one-more.example"))).toBe(0);
  });
});

describe("the first-article form posted by its island (POST /api/first-article)", () => {
  const api = (fields: Record<string, string>, ip?: string) =>
    run(firstArticleApi as never, post("/api/first-article", { language: "en", ...fields }, ip));

  it("answers where to go, with the success toast's cookie, and creates the site as the page's action does", async () => {
    const stripe = uniqueEmail("island");
    const answer = await api({ url: "island-shop.example", stripe_email: stripe, additional_guidelines: "Short posts." });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, redirectTo: "/first-article-success" });
    expect(answer.headers.get("Set-Cookie")).toMatch(/seo_toast=/);
    const [site] = await database.db.select().from(sites).where(eq(sites.stripeEmail, stripe));
    expect(site).toMatchObject({ url: "https://island-shop.example", linkedUser: null, additionalGuidelines: "Short posts." });
  });

  it("refuses fields with their messages (400) and a stranger past the limit with the notice (429, Retry-After)", async () => {
    const empty = await api({ url: "", stripe_email: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      ok: false,
      result: expect.objectContaining({ error: { url: ["Website URL is required"], stripe_email: ["Stripe email is required"] } }),
    });
    const ip = uniqueIp();
    for (let i = 0; i < FIRST_ARTICLE_LIMIT.max; i++) {
      expect((await api({ url: `https://island-${i}.example`, stripe_email: uniqueEmail("p") }, ip)).status).toBe(200);
    }
    const refused = await api({ url: "https://island-more.example", stripe_email: uniqueEmail("p") }, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.body).toEqual({ ok: false, toast: expect.objectContaining({ type: "error" }) });
    expect(refused.body.toast.description).toContain("There was an error submitting your information. Please try again.");
    expect(await database.db.$count(sites, eq(sites.url, "https://island-more.example"))).toBe(0);
  });

  it("someone signed in gets the site in their list and is sent back to it, the trial offer forgotten", async () => {
    const { user, browser } = await signedInUser();
    const request = multipartPost(browser, "/api/first-article", { url: "https://mine.example", stripe_email: user.email, language: "fr" });
    const answer = await run(firstArticleApi as never, request);
    expect(answer.body).toEqual({ ok: true, redirectTo: "/sites" });
    expect(answer.headers.get("Set-Cookie")).toMatch(/seo_toast=.*seo_trial_offer=;|seo_trial_offer=;.*seo_toast=/s);
    const [site] = await database.db.select().from(sites).where(eq(sites.url, "https://mine.example"));
    expect(site?.linkedUser).toBe(user.id);
  });

  it("is not a page: a GET answers 405", async () => {
    const { loader } = await import("~/routes/api/first-article");
    const answer = loader() as unknown as Answer;
    expect(answer.init?.status).toBe(405);
  });
});

describe("the demo article list and the sitemap", () => {
  it("lists demo pages only, with their newest version, newest first, and the sitemap names them", async () => {
    const owner = await insertUser(database.db);
    const [{ id: site }] = await database.db
      .insert(sites)
      .values({ name: "Demo", url: "https://demo.example", linkedUser: owner.id })
      .returning();
    const [older, newer, hidden] = await database.db
      .insert(pages)
      .values([
        { site, name: "Older demo", url: "https://demo.example/a", hideRevisionsTextsFromPreview: true },
        { site, name: "Newer demo", url: "https://demo.example/b", hideRevisionsTextsFromPreview: true },
        { site, name: "Not a demo", url: "https://demo.example/c" },
      ])
      .returning();
    const at = (iso: string) => new Date(iso);
    const versions = await database.db
      .insert(pagesVersions)
      .values([
        { page: older.id, htmlContent: "<p>v1</p>", createdDate: at("2026-01-01T10:00:00Z") },
        { page: older.id, htmlContent: "<p>v2</p>", createdDate: at("2026-03-01T10:00:00Z") },
        { page: newer.id, htmlContent: "<p>v1</p>", createdDate: at("2026-04-01T10:00:00Z") },
        { page: hidden.id, htmlContent: "<p>v1</p>", createdDate: at("2026-05-01T10:00:00Z") },
      ])
      .returning({ id: pagesVersions.id, publicId: pagesVersions.publicId });

    const list = (await listDemoArticles()).filter((d) => [older.id, newer.id, hidden.id].includes(d.pageId));
    expect(list).toEqual([
      {
        pageId: newer.id,
        pageName: "Newer demo",
        latestPublicId: versions[2].publicId,
        latestVersionDate: "2026-04-01T10:00:00.000Z",
      },
      {
        pageId: older.id,
        pageName: "Older demo",
        latestPublicId: versions[1].publicId,
        latestVersionDate: "2026-03-01T10:00:00.000Z",
      },
    ]);

    const xml = await (await sitemapLoader()).text();
    expect(xml).toContain("<loc>http://localhost:3999/</loc>");
    expect(xml).toContain("<loc>http://localhost:3999/home-3</loc>");
    // Demo articles only, by their public id: never a sequential id, never a client's version.
    expect(xml).toContain(`<loc>http://localhost:3999/view/${versions[2].publicId}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3999/view/${versions[1].publicId}</loc>`);
    expect(xml).not.toContain(`/view/${versions[0].publicId}<`);
    expect(xml).not.toContain(`/view/${versions[3].publicId}<`);
    expect(xml).not.toMatch(/\/view\/\d+</);
    await database.db.delete(pages).where(inArray(pages.id, [older.id, newer.id, hidden.id]));
  });
});
