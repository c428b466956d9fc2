/**
 * Issue 37, finding 10: an id a form (or an address) carries that is no id. `imageId=abc` reached the model as
 * NaN and PostgreSQL's refusal answered 500 (and paged whoever watches the errors); '1e3' read as 1000, and
 * '99999999999', a safe JavaScript integer, is past PostgreSQL's integer columns. Every intent that takes an id
 * from its form is posted each malformed value here, through the route's action as a browser would post it: it
 * answers 400 with its screen's message (English or French, as the screen) saying what to do, or the answer the
 * intent documents (an unknown notification's line still leads to its page), never 500; and nothing already
 * saved changes. Ids in the address answer the screen's 404.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  keywords,
  llms,
  notifications,
  pageOutlines,
  pages,
  pagesKeywords,
  pagesVersions,
  pagesVersionsHistory,
  pagesVersionsImages,
  sites,
  toneArticles,
} from "../../db/schema";
import { createReviewLink } from "~/models/review-link.server";
import { loader as languagesLoader } from "~/routes/api/languages";
import { action as briefAction, loader as briefLoader } from "~/routes/app/brief";
import { action as imagesAction, loader as imagesLoader } from "~/routes/app/images";
import { action as keywordsAction } from "~/routes/app/keywords";
import { action as notificationsAction } from "~/routes/app/notifications";
import { action as outlineAction } from "~/routes/app/outline";
import { action as pageDetailAction } from "~/routes/app/page-detail";
import { action as versionsAction } from "~/routes/app/page-versions";
import { action as pagesAction } from "~/routes/app/pages";
import { action as importAction } from "~/routes/app/publishing-import";
import { action as reviewAction, loader as reviewLoader } from "~/routes/app/review";
import { loader as siteLayoutLoader } from "~/routes/app/site-layout";
import { action as sitesAction } from "~/routes/app/sites";
import { action as toneArticlesAction } from "~/routes/app/tone-articles";
import { loader as unsubscribeLoader } from "~/routes/public/report-unsubscribe";
import { loader as viewLoader } from "~/routes/public/view";
import { action as demoAction } from "~/routes/team/demo";
import { action as referenceAction } from "~/routes/team/reference";
import { action as teamSiteAction, loader as teamSiteLoader } from "~/routes/team/site";
import { action as workAction } from "~/routes/team/work";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import type { Browser } from "../setup/auth-client";
import { formPost, runRoute, type RouteAnswer } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { multipartPost, signedInUser } from "../setup/sessions";
import { teamMemberWithSecondFactor } from "../setup/team";
import type { TestUser } from "../setup/factories";

const database = useTestDatabase();

/** What a form's id field can hold that is no id: each is refused, none reaches the database. */
const MALFORMED = ["abc", "1e3", "-1", "0", "1.5", "99999999999999999999", "99999999999", "2147483648", " 12"];
/** A required id field: also refused empty and missing. */
const MISSING = ["", undefined];
const BAD_REQUIRED = [...MALFORMED, ...MISSING];

let owner: { user: TestUser; browser: Browser };
let member: { user: TestUser; browser: Browser };
let ids: {
  siteId: number;
  pageId: number;
  versionId: number;
  propositionId: number;
  exampleId: number;
  keywordId: number;
  linkId: number;
  notificationId: number;
  requestId: number;
  historyId: number;
  outlineId: number;
  toneGroupId: number;
  llmId: number;
};

beforeAll(async () => {
  const { db } = await database;
  owner = await signedInUser("Camille Dupont");
  // A team member whose session was opened with the second factor, as the console requires (issue 37, item 2).
  const team = await teamMemberWithSecondFactor("team", "Tom de l'équipe");
  member = { user: { id: team.member.id, email: team.member.email, name: team.member.name }, browser: team.browser };

  const [site] = await db
    .insert(sites)
    .values({ name: "Boulangerie", url: "https://boulangerie.example", linkedUser: owner.user.id })
    .returning();
  const [page] = await db
    .insert(pages)
    .values({ site: site!.id, name: "Le levain", url: "https://boulangerie.example/levain" })
    .returning();
  const [version] = await db.insert(pagesVersions).values({ page: page!.id, htmlContent: "<p>Le levain.</p>" }).returning();
  const images = await db
    .insert(pagesVersionsImages)
    .values([
      { linkedPage: page!.id, imageUrl: "/api/files/page-images/x/a.png", type: "proposition", chosen: true },
      { linkedPage: page!.id, imageUrl: "/api/files/page-images/x/b.png", type: "example" },
    ])
    .returning();
  const [keyword] = await db.insert(keywords).values({ keyword: "levain maison" }).returning();
  const [link] = await db.insert(pagesKeywords).values({ linkedPage: page!.id, linkedKeyword: keyword!.id }).returning();
  const [notification] = await db
    .insert(notifications)
    .values({ recipient: owner.user.id, kind: "article_ready", site: site!.id, page: page!.id, pageName: "Le levain" })
    .returning();
  const [request] = await database.query<{ id: number }>(
    `insert into pages_actions (linked_page, linked_action, creator, state, attempts, finished_at)
     values ($1, (select id from actions where name = 'create_article'), $2, 'failed', 5, now()) returning id`,
    [page!.id, owner.user.id],
  );
  const [history] = await db.insert(pagesVersionsHistory).values({ version: version!.id, htmlContent: "<p>Avant.</p>" }).returning();
  const [outline] = await db
    .insert(pageOutlines)
    .values({ page: page!.id, title: "Le levain", sections: [{ heading: "Nourrir", subheadings: [] }] })
    .returning();
  const [group] = await db.select({ id: toneArticles.id }).from(toneArticles).where(eq(toneArticles.name, "Professionnel")).limit(1);
  const [llm] = await db.select({ id: llms.id }).from(llms).limit(1);
  await createReviewLink(owner.user, version!.id);
  ids = {
    siteId: site!.id,
    pageId: page!.id,
    versionId: version!.id,
    propositionId: images[0]!.id,
    exampleId: images[1]!.id,
    keywordId: keyword!.id,
    linkId: link!.id,
    notificationId: notification!.id,
    requestId: request!.id,
    historyId: history!.id,
    outlineId: outline!.id,
    toneGroupId: group?.id ?? (await db.select({ id: toneArticles.id }).from(toneArticles).limit(1))[0]!.id,
    llmId: llm!.id,
  };
});

/** Every row a refused post could have changed (the file has its own database: whole tables). */
const TABLES = [
  "sites",
  "pages",
  "pages_versions",
  "pages_versions_history",
  "pages_versions_images",
  "pages_keywords",
  "pages_actions",
  "notifications",
  "review_links",
  "page_outlines",
  "site_briefs",
  "tone_articles",
  "llms",
  "team_audit_log",
];

async function snapshot() {
  const rows: Record<string, unknown[]> = {};
  for (const table of TABLES) rows[table] = await database.query(`select * from ${table} order by 1`);
  return rows;
}

/** The form's fields, with `field` set to `value` (left out when undefined). */
function withField(fields: Record<string, string>, field: string, value: string | undefined) {
  const posted = { ...fields };
  if (value === undefined) delete posted[field];
  else posted[field] = value;
  return posted;
}

type Post = (fields: Record<string, string>) => Promise<RouteAnswer>;
const as = (who: () => { browser: Browser }, fn: unknown, path: string, params: () => Record<string, string>): Post => {
  return (fields) =>
    runRoute(
      fn as never,
      formPost(
        who().browser,
        path.replace(/:(\w+)/g, (_, n) => params()[n]!),
        fields,
      ),
      params(),
    );
};
const ownerPost = (fn: unknown, path: string) =>
  as(
    () => owner,
    fn,
    path,
    () => ({ siteId: String(ids.siteId), pageId: String(ids.pageId), versionId: String(ids.versionId) }),
  );
const teamPost = (fn: unknown, path: string) =>
  as(
    () => member,
    fn,
    path,
    () => ({ siteId: String(ids.siteId) }),
  );

type Case = {
  intent: string;
  field: string;
  post: Post;
  /** The form as the screen posts it, valid except for `field`. */
  fields: () => Record<string, string>;
  values?: (string | undefined)[];
  /** What the intent answers to a value that is no id. */
  expectRefused: (answer: RouteAnswer, value: string | undefined) => void;
};

const toast = (title: string, description?: string) => ({ type: "error", title, ...(description === undefined ? {} : { description }) });

/** Posts every bad value to every case, and checks that nothing saved changed. */
function refusesEvery(cases: Case[]) {
  for (const c of cases) {
    it(`${c.intent}: ${c.field}`, async () => {
      const before = await snapshot();
      for (const value of c.values ?? BAD_REQUIRED) {
        const answer = await c.post(withField(c.fields(), c.field, value));
        expect(answer.status, `${c.field}=${JSON.stringify(value)}`).not.toBe(500);
        c.expectRefused(answer, value);
      }
      expect(await snapshot()).toEqual(before);
    });
  }
}

describe("the signed-in screens' actions refuse an id that is no id with a 400 in English, never a 500", () => {
  const images = ownerPost(imagesAction, "/sites/:siteId/pages/:pageId/images");
  const keywordsPost = ownerPost(keywordsAction, "/sites/:siteId/pages/:pageId/keywords-for-page");
  const pageDetail = ownerPost(pageDetailAction, "/sites/:siteId/pages/:pageId");
  const review = ownerPost(reviewAction, "/review/:versionId");
  const pagesPost = ownerPost(pagesAction, "/sites/:siteId/pages");
  const versions = ownerPost(versionsAction, "/sites/:siteId/pages/:pageId/page-versions");
  const outline = ownerPost(outlineAction, "/sites/:siteId/pages/:pageId/outline");
  const tones = ownerPost(toneArticlesAction, "/tone-articles");
  const importPost = ownerPost(importAction, "/sites/:siteId/publishing/import");
  const status = (code: number) => (answer: RouteAnswer) => expect(answer.status).toBe(code);
  const refusedWith = (expected: object) => (answer: RouteAnswer, value: string | undefined) => {
    expect(answer.status, JSON.stringify(value)).toBe(400);
    expect(answer.body, JSON.stringify(value)).toMatchObject(expected);
  };

  refusesEvery([
    {
      intent: "images choose",
      field: "imageId",
      post: images,
      fields: () => ({ intent: "choose", imageId: String(ids.propositionId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Failed to select image", "Reload the page, then choose the image again.") }),
    },
    {
      intent: "images delete",
      field: "imageId",
      post: images,
      fields: () => ({ intent: "delete", imageId: String(ids.exampleId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Failed to delete image", "Reload the page, then choose the image again.") }),
    },
    {
      intent: "keywords toggle",
      field: "linkId",
      post: keywordsPost,
      fields: () => ({ intent: "toggle", linkId: String(ids.linkId), value: "false" }),
      expectRefused: refusedWith({
        ok: false,
        toast: toast("Unable to update keyword search setting.", "Reload the page, then choose the keyword again."),
      }),
    },
    {
      intent: "keywords queue-serp",
      field: "keywordId",
      post: keywordsPost,
      fields: () => ({ intent: "queue-serp", keywordId: String(ids.keywordId) }),
      expectRefused: refusedWith({
        ok: false,
        toast: toast("Unable to create SERP search action.", "Reload the page, then choose the keyword again."),
      }),
    },
    {
      intent: "keywords serps",
      field: "keywordId",
      post: keywordsPost,
      fields: () => ({ intent: "serps", keywordId: String(ids.keywordId) }),
      expectRefused: refusedWith({
        ok: false,
        toast: toast("This keyword is not linked to this page.", "Reload the page, then choose the keyword again."),
      }),
    },
    {
      intent: "page detail cancel-request",
      field: "requestId",
      post: pageDetail,
      fields: () => ({ intent: "cancel-request", requestId: String(ids.requestId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Error", "Reload the page, then choose the request again.") }),
    },
    {
      intent: "page detail retry-request",
      field: "requestId",
      post: pageDetail,
      fields: () => ({ intent: "retry-request", requestId: String(ids.requestId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Error", "Reload the page, then choose the request again.") }),
    },
    {
      intent: "page detail publish",
      field: "versionId",
      post: pageDetail,
      fields: () => ({ intent: "publish", versionId: String(ids.versionId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Error", "Choose a version to publish.") }),
    },
    {
      intent: "review revoke-link",
      field: "linkId",
      post: review,
      fields: () => ({ intent: "revoke-link", linkId: "1" }),
      expectRefused: refusedWith({
        ok: false,
        intent: "revoke-link",
        toast: toast("Failed to revoke the review link", "Reload the page, then choose the link again."),
      }),
    },
    {
      intent: "pages update",
      field: "pageId",
      post: pagesPost,
      fields: () => ({ intent: "update", pageId: String(ids.pageId), name: "Renommée", url: "/renommee", status: "1" }),
      expectRefused: refusedWith({ ok: false, intent: "update", error: "Missing user or page information." }),
    },
    {
      intent: "pages delete",
      field: "pageId",
      post: pagesPost,
      fields: () => ({ intent: "delete", pageId: String(ids.pageId) }),
      expectRefused: refusedWith({ ok: false, intent: "delete", error: "Missing user or page information." }),
    },
    {
      intent: "pages create-articles",
      field: "pageId",
      post: pagesPost,
      fields: () => ({ intent: "create-articles", pageId: String(ids.pageId) }),
      expectRefused: refusedWith({ ok: false, intent: "create-articles", error: "No page IDs provided" }),
    },
    {
      intent: "pages copy-urls (documented: 'No versions found', 200)",
      field: "pageId",
      post: pagesPost,
      fields: () => ({ intent: "copy-urls", pageId: String(ids.pageId) }),
      expectRefused: (answer) => {
        status(200)(answer);
        expect(answer.body).toMatchObject({ ok: false, error: "No versions found" });
      },
    },
    {
      intent: "page versions save-edit",
      field: "versionId",
      post: versions,
      fields: () => ({ intent: "save-edit", versionId: String(ids.versionId), html: "<p>Nouveau.</p>" }),
      expectRefused: refusedWith({ ok: false, error: "Version not found" }),
    },
    {
      intent: "page versions delete",
      field: "versionId",
      post: versions,
      fields: () => ({ intent: "delete", versionId: String(ids.versionId) }),
      expectRefused: refusedWith({ ok: false, error: "Version not found" }),
    },
    {
      intent: "page versions modify",
      field: "versionId",
      post: versions,
      fields: () => ({ intent: "modify", versionId: String(ids.versionId), commentsToModify: "Plus court." }),
      expectRefused: refusedWith({ ok: false, error: "Please select a version to modify" }),
    },
    {
      intent: "page versions modify",
      field: "exampleVersionId",
      post: versions,
      fields: () => ({ intent: "modify", versionId: String(ids.versionId), commentsToModify: "Plus court.", exampleVersionId: "none" }),
      // Empty, 'none' or absent: no example, which is a valid request.
      values: MALFORMED,
      expectRefused: refusedWith({ ok: false, error: "The example version must be a version of this page." }),
    },
    {
      intent: "page versions restore-earlier",
      field: "historyId",
      post: versions,
      fields: () => ({ intent: "restore-earlier", historyId: String(ids.historyId) }),
      expectRefused: refusedWith({ ok: false, error: "This earlier text no longer exists" }),
    },
    {
      intent: "outline save",
      field: "outlineId",
      post: outline,
      fields: () => ({ intent: "save", outlineId: String(ids.outlineId), title: "Le levain", plan: "Nourrir" }),
      expectRefused: refusedWith({ ok: false, error: "This outline no longer exists." }),
    },
    {
      intent: "outline approve",
      field: "outlineId",
      post: outline,
      fields: () => ({ intent: "approve", outlineId: String(ids.outlineId), title: "Le levain", plan: "Nourrir" }),
      expectRefused: refusedWith({ ok: false, error: "This outline no longer exists." }),
    },
    {
      intent: "tone articles create",
      field: "parent",
      post: tones,
      fields: () => ({ intent: "create", name: "Mon ton", parent: String(ids.toneGroupId) }),
      // Empty, 'none' or absent: a new group, which is a valid request.
      values: MALFORMED,
      expectRefused: (answer, value) => {
        expect(answer.status, JSON.stringify(value)).toBe(400);
        expect(answer.body.error ?? answer.body.toast?.description, JSON.stringify(value)).toBe("Parent group not found");
      },
    },
    {
      intent: "publishing import",
      field: "id",
      post: importPost,
      fields: () => ({ type: "post", id: "12" }),
      expectRefused: refusedWith({ ok: false, toast: toast("Error", "Choose what to import.") }),
    },
  ]);

  it("sites update and delete: the site's id", async () => {
    const before = await snapshot();
    const post = (fields: Record<string, string>) => runRoute(sitesAction as never, multipartPost(owner.browser, "/sites", fields));
    for (const value of BAD_REQUIRED) {
      const fields = { intent: "update", siteId: String(ids.siteId), url: "https://boulangerie.example", name: "Autre nom" };
      for (const intent of ["update", "delete"]) {
        const answer = await post(withField({ ...fields, intent }, "siteId", value));
        expect(answer.status, `${intent} siteId=${JSON.stringify(value)}`).toBe(400);
        expect(answer.body).toMatchObject({ ok: false, error: "Reload the page, then choose the site again." });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("sites update: the country, language and tone group chosen", async () => {
    const before = await snapshot();
    for (const field of ["country", "language", "toneArticlesGroup"]) {
      for (const value of MALFORMED) {
        const answer = await runRoute(
          sitesAction as never,
          multipartPost(owner.browser, "/sites", {
            intent: "update",
            siteId: String(ids.siteId),
            url: "https://boulangerie.example",
            [field]: value,
          }),
        );
        expect(answer.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(answer.body.result.error[field], `${field}=${JSON.stringify(value)}`).toEqual(["Invalid choice"]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("the French screens' actions refuse an id that is no id with a 400 in French", () => {
  const notificationsPost = ownerPost(notificationsAction, "/notifications");
  const brief = ownerPost(briefAction, "/sites/:siteId/brief");
  const reference = teamPost(referenceAction, "/team/reference");
  const demo = teamPost(demoAction, "/team/demo");
  const work = teamPost(workAction, "/team/work");
  const refusedWith = (expected: object) => (answer: RouteAnswer, value: string | undefined) => {
    expect(answer.status, JSON.stringify(value)).toBe(400);
    expect(answer.body, JSON.stringify(value)).toMatchObject(expected);
  };

  refusesEvery([
    {
      intent: "notifications read",
      field: "id",
      post: notificationsPost,
      fields: () => ({ intent: "read", id: String(ids.notificationId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Erreur", "Rechargez la page, puis choisissez de nouveau la notification.") }),
    },
    {
      intent: "notifications open (documented: leads to the notification's page all the same)",
      field: "id",
      post: notificationsPost,
      fields: () => ({ intent: "open", id: String(ids.notificationId), to: "/sites/1" }),
      expectRefused: (answer) => {
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toBe("/sites/1");
      },
    },
    {
      intent: "brief save",
      field: "toneGroup",
      post: brief,
      fields: () => ({ intent: "save", audience: "Boulangers amateurs", toneGroup: "none" }),
      // Empty or 'none': no tone group; absent: the stored one is kept. Both are valid requests.
      values: MALFORMED,
      expectRefused: refusedWith({ ok: false, errors: { toneGroup: "Choisissez un groupe de ton dans la liste." } }),
    },
    {
      intent: "console reference update-llm",
      field: "id",
      post: reference,
      fields: () => ({ intent: "update-llm", id: String(ids.llmId), name: "Autre", model: "openai/gpt-4o-mini" }),
      expectRefused: refusedWith({
        ok: false,
        toast: toast("LLM non modifié", "Ce LLM n'est pas reconnu : rechargez la page, puis réessayez."),
      }),
    },
    {
      intent: "console reference update-tone",
      field: "id",
      post: reference,
      fields: () => ({ intent: "update-tone", id: String(ids.toneGroupId), name: "Autre nom" }),
      expectRefused: refusedWith({
        ok: false,
        toast: toast("Non enregistré", "Ce ton n'est pas reconnu : rechargez la page, puis réessayez."),
      }),
    },
    {
      intent: "console reference add-tone",
      field: "parent",
      post: reference,
      fields: () => ({ intent: "add-tone", name: "Nouvel article", content: "Un texte.", parent: String(ids.toneGroupId) }),
      // Absent: a new shared group, which is a valid request.
      values: [...MALFORMED, ""],
      expectRefused: refusedWith({
        ok: false,
        toast: toast("Non ajouté", "Ce groupe n'est pas reconnu : rechargez la page, puis réessayez."),
      }),
    },
    {
      intent: "console demo",
      field: "pageId",
      post: demo,
      fields: () => ({ pageId: String(ids.pageId), demo: "on" }),
      expectRefused: refusedWith({ ok: false, toast: toast("Erreur", "Page inconnue : cherchez-la de nouveau, puis réessayez.") }),
    },
    {
      intent: "console work retry",
      field: "ids",
      post: work,
      fields: () => ({ intent: "retry", ids: String(ids.requestId) }),
      expectRefused: refusedWith({ ok: false, toast: toast("Rien de sélectionné", "Cochez au moins une ligne.") }),
    },
  ]);
});

describe("an id in the address that is no id answers the screen's 404, never a 500", () => {
  const BAD_PARAMS = ["abc", "1e3", "0", "99999999999", "2147483648"];
  const request = (who: Browser, path: string, fields?: Record<string, string>) =>
    fields
      ? formPost(who, path, fields)
      : new Request(`${TEST_PUBLIC_URL}${path}`, { headers: { cookie: who.cookie, [CLIENT_IP_HEADER]: who.ip } });

  it("in the signed-in screens' loaders and actions", async () => {
    for (const bad of BAD_PARAMS) {
      const site = String(ids.siteId);
      const page = String(ids.pageId);
      const answers: [string, RouteAnswer][] = [
        [
          "brief loader",
          await runRoute(briefLoader as never, request(owner.browser, `/sites/${bad}/brief`), { siteId: bad }).catch(thrown),
        ],
        [
          "images loader (page)",
          await runRoute(imagesLoader as never, request(owner.browser, `/sites/${site}/pages/${bad}/images`), {
            siteId: site,
            pageId: bad,
          }).catch(thrown),
        ],
        [
          "images action (site)",
          await runRoute(
            imagesAction as never,
            formPost(owner.browser, `/sites/${bad}/pages/${page}/images`, { intent: "choose", imageId: String(ids.propositionId) }),
            {
              siteId: bad,
              pageId: page,
            },
          ),
        ],
        [
          "review loader",
          await runRoute(reviewLoader as never, request(owner.browser, `/review/${bad}`), {
            siteId: site,
            pageId: page,
            versionId: bad,
          }).catch(thrown),
        ],
        [
          "languages",
          await runRoute(languagesLoader as never, request(owner.browser, `/api/countries/${bad}/languages`), { countryId: bad }),
        ],
        [
          "unsubscribe",
          await runRoute(unsubscribeLoader as never, request(owner.browser, `/reports/unsubscribe/${bad}/x`), {
            siteId: bad,
            token: "x",
          }).catch(thrown),
        ],
        ["public view", await runRoute(viewLoader as never, request(owner.browser, `/view/${bad}`), { versionId: bad })],
        [
          "console site loader",
          await runRoute(teamSiteLoader as never, request(member.browser, `/team/sites/${bad}`), { siteId: bad }).catch(thrown),
        ],
        [
          "console site action",
          await runRoute(teamSiteAction as never, formPost(member.browser, `/team/sites/${bad}`, { intent: "rounds", rounds: "2" }), {
            siteId: bad,
          }).catch(thrown),
        ],
      ];
      for (const [what, answer] of answers) expect(answer.status, `${what} with ${bad}`).toBe(404);
      // The site layout reads whose site it is: nobody's.
      const layout = await runRoute(siteLayoutLoader as never, request(member.browser, `/sites/${bad}`), { siteId: bad });
      expect(layout.body, `site layout with ${bad}`).toEqual({ whoseSite: null });
    }
  });
});

/** A `data()` answer thrown by a loader (the 404 of requireOwned...), as runRoute gives answers. */
function thrown(error: unknown): RouteAnswer {
  const init = (error as { init?: { status?: number } }).init;
  if (init?.status) return { status: init.status, body: (error as { data?: unknown }).data, headers: new Headers() };
  throw error;
}
