/**
 * What the screens' actions answer to requests a browser could send but the screens' own forms never do
 * (a file that only pretends to be an image, a blank form, no session): checked on the route modules'
 * actions and loaders with hand-built requests, where only the answer and the database matter. Moved here
 * from end-to-end stories that did nothing but post and read the answer:
 * - sites.spec.ts "the server checks the logo by its content and size, and requires one"
 * - pages.spec.ts "the server checks the form and falls back to status 1 for an unknown status"
 * - images.spec.ts "refuses a text file pretending to be an image on the server, storing nothing"
 * And the account screen's action (/auth): a form its schema refuses (posted without the browser's check),
 * an unknown intent, and the limits per e-mail address.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesVersionsImages, sites } from "../../db/schema";
import { PASSWORD_MISMATCH } from "~/lib/schemas/auth";
import { action as imagesAction } from "~/routes/app/images";
import { action as pagesAction, loader as pagesLoader } from "~/routes/app/pages";
import { action as sitesAction } from "~/routes/app/sites";
import { action as authAction } from "~/routes/auth/auth";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { browser, type Browser } from "../setup/auth-client";
import { formPost, runRoute } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { pngBytes } from "../setup/images";
import { multipartPost, signedInUser } from "../setup/sessions";
import { uniqueEmail, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let owner: { user: TestUser; browser: Browser };

beforeAll(async () => {
  owner = await signedInUser("Camille Dupont");
});

/** The files stored under DATA_DIR/storage/<bucket>/<folder> (none when the folder does not exist). */
function storedFiles(bucket: string, folder = ""): string[] {
  const dir = path.join(process.env.DATA_DIR!, "storage", bucket, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : [];
}

const textPretendingToBeImage = (name: string) => new File(["This is not an image at all.\n"], name, { type: "image/png" });

async function siteOf(user: TestUser, name = "Site de Camille") {
  const [site] = await database.db
    .insert(sites)
    .values({ name, url: `https://${name.toLowerCase().replace(/[^a-z]+/g, "-")}.example.com`, linkedUser: user.id })
    .returning({ id: sites.id });
  return site.id;
}

describe("the sites screen's action: the server checks the logo by its content and size, and requires one", () => {
  const FORMAT_ERROR = "Unsupported file format. Please use JPG, PNG, GIF, or WebP.";
  const SIZE_ERROR = "File is too large. Maximum size is 5MB.";
  const LOGO_REQUIRED = "Please upload a logo image.";
  const create = (b: Browser, fields: Record<string, string | Blob>) =>
    runRoute(sitesAction as never, multipartPost(b, "/sites", { intent: "create", ...fields }));

  it("refuses a text file under an image's name and type, a file over 5 MB and a missing logo, and no session; creates nothing", async () => {
    const text = await create(owner.browser, { url: "https://text.example.org", logo: textPretendingToBeImage("logo.png") });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe(FORMAT_ERROR);
    expect(text.body.toast.description).toBe(FORMAT_ERROR);

    // A real PNG, padded to just over 5 MB.
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pngBytes());
    const oversized = await create(owner.browser, {
      url: "https://big.example.org",
      logo: new File([big], "big.png", { type: "image/png" }),
    });
    expect(oversized.status).toBe(400);
    expect(oversized.body.error).toBe(SIZE_ERROR);

    const none = await create(owner.browser, { url: "https://none.example.org" });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(LOGO_REQUIRED);
    // The field's own message, in conform's answer (shown under the logo field).
    expect(none.body.result.error.logo).toEqual([LOGO_REQUIRED]);

    // Nobody signed in (a request without the session cookie), with a valid logo.
    const anonymous = await create(browser(), {
      url: "https://anon.example.org",
      logo: new File([pngBytes()], "logo.png", { type: "image/png" }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("You must be logged in to create a site.");

    // None of them created a site, nor kept a file.
    expect(await database.db.select({ id: sites.id }).from(sites).where(eq(sites.linkedUser, owner.user.id))).toEqual([]);
    expect(await database.query("select id from sites where url like '%.example.org'")).toEqual([]);
    expect(storedFiles("seo1", "logos")).toEqual([]);
  });
});

describe("the pages list's action: the server checks the form and falls back to status 1 for an unknown status", () => {
  it("refuses a blank name and URL with both messages, and stores an unknown or missing status as 1 (Published)", async () => {
    const siteId = await siteOf(owner.user, "Site des pages");
    const post = (fields: Record<string, string>) =>
      runRoute(pagesAction as never, formPost(owner.browser, `/sites/${siteId}/pages`, fields), { siteId: String(siteId) });

    const missing = await post({ intent: "create", name: "  ", url: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.result.error).toMatchObject({ name: ["Page name is required"], url: ["Page URL is required"] });

    for (const [name, status] of [
      ["Unknown status", "999"],
      ["No status", ""],
    ]) {
      const created = await post({ intent: "create", name, url: `/blog/${name.toLowerCase().replace(/ /g, "-")}`, status });
      expect(created.status, name).toBe(200);
      expect(created.body.pageId, name).toBeGreaterThan(0);
    }

    // As the list shows them: status 1, which the statuses table names 'Published'.
    const listRequest = new Request(`${TEST_PUBLIC_URL}/sites/${siteId}/pages`, {
      headers: { cookie: owner.browser.cookie, [CLIENT_IP_HEADER]: owner.browser.ip },
    });
    const list = await runRoute(pagesLoader as never, listRequest, { siteId: String(siteId) });
    expect(list.status).toBe(200);
    const listed: { name: string; status: number }[] = list.body.list.rows;
    expect(listed.map((p) => [p.name, p.status]).sort()).toEqual([
      ["No status", 1],
      ["Unknown status", 1],
    ]);
    expect(list.body.statuses.rows.find((s: { id: number }) => s.id === 1)?.name).toBe("Published");
    expect(await database.db.select({ status: pages.status }).from(pages).where(eq(pages.site, siteId))).toEqual([
      { status: 1 },
      { status: 1 },
    ]);
  });
});

describe("the pages list's loader: the view comes from the URL, and only its rows go to the browser", () => {
  it("reads q, status, sort, dir, page and size; an invalid value falls back to its default, never an error", async () => {
    const siteId = await siteOf(owner.user, "Site paginé");
    await database.db.insert(pages).values(
      Array.from({ length: 12 }, (_, i) => ({
        site: siteId,
        name: `Fiche ${i + 1}`,
        url: `https://pagine.example.com/fiche-${i + 1}`,
        status: i < 9 ? 1 : 2,
        dateModified: new Date(Date.UTC(2026, 0, i + 1)),
      })),
    );
    const load = async (search: string) => {
      const request = new Request(`${TEST_PUBLIC_URL}/sites/${siteId}/pages${search}`, {
        headers: { cookie: owner.browser.cookie, [CLIENT_IP_HEADER]: owner.browser.ip },
      });
      const answer = await runRoute(pagesLoader as never, request, { siteId: String(siteId) });
      expect(answer.status, search).toBe(200);
      return answer.body as { query: unknown; list: { rows: { name: string }[]; total: number; page: number; pageCount: number } };
    };

    const first = await load("");
    expect(first.list.rows.map((r) => r.name)).toEqual([
      "Fiche 12",
      "Fiche 11",
      "Fiche 10",
      "Fiche 9",
      "Fiche 8",
      "Fiche 7",
      "Fiche 6",
      "Fiche 5",
      "Fiche 4",
      "Fiche 3",
    ]);
    expect(first.list).toMatchObject({ total: 12, page: 1, pageCount: 2 });

    const view = await load("?q=fiche+1&status=published&sort=name&dir=desc&page=1&size=5");
    expect(view.query).toEqual({ search: "fiche 1", status: "published", sort: { id: "name", desc: true }, page: 1, pageSize: 5 });
    expect(view.list.rows.map((r) => r.name)).toEqual(["Fiche 1"]);
    expect((await load("?q=fiche+1&sort=name")).list.rows.map((r) => r.name)).toEqual(["Fiche 1", "Fiche 10", "Fiche 11", "Fiche 12"]);
    expect((await load("?status=draft")).list.rows.map((r) => r.name)).toEqual(["Fiche 12", "Fiche 11", "Fiche 10"]);
    expect((await load("?size=5&page=3")).list.rows.map((r) => r.name)).toEqual(["Fiche 2", "Fiche 1"]);

    // Past the end: the last page. Nonsense: the defaults.
    expect((await load("?size=5&page=40")).list).toMatchObject({ page: 3, pageCount: 3 });
    const nonsense = await load("?status=archived&sort=secret&dir=up&page=-2&size=1000");
    expect(nonsense.query).toEqual({ search: "", status: "all", sort: { id: "dateModified", desc: true }, page: 1, pageSize: 10 });
    expect(nonsense.list.rows).toHaveLength(10);
  });
});

describe("the images screen's action: a text file pretending to be an image", () => {
  it("is refused on the server, and nothing is stored", async () => {
    const siteId = await siteOf(owner.user, "Site des images");
    const [page] = await database.db
      .insert(pages)
      .values({ site: siteId, name: "Article illustré", url: "https://images.example.com/article", creator: owner.user.id })
      .returning({ id: pages.id });
    const path = `/sites/${siteId}/pages/${page.id}/images`;
    const answer = await runRoute(
      imagesAction as never,
      multipartPost(owner.browser, path, { intent: "upload", files: textPretendingToBeImage("fake.png") }),
      { siteId: String(siteId), pageId: String(page.id) },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.toast.title).toBe("Failed to upload images");
    expect(await database.db.select().from(pagesVersionsImages).where(eq(pagesVersionsImages.linkedPage, page.id))).toEqual([]);
    expect(storedFiles("page-images")).toEqual([]);
  });
});

describe("the account screen's action (/auth)", () => {
  const post = (fields: Record<string, string>) => runRoute(authAction as never, formPost(browser(), "/auth", fields));

  it("refuses a sign-up its schema refuses: the messages on their fields, the first as the form's toast, no password sent back", async () => {
    const answer = await post({ intent: "signup", email: "not-an-address", password: "first secret", confirmPassword: "second secret" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      intent: "signup",
      toast: { type: "error", title: "Erreur d'inscription", description: "Veuillez saisir une adresse e-mail valide" },
    });
    expect(answer.body.result.error).toEqual({
      email: ["Veuillez saisir une adresse e-mail valide"],
      confirmPassword: [PASSWORD_MISMATCH],
    });
    for (const secret of ["first secret", "second secret"]) expect(JSON.stringify(answer.body)).not.toContain(secret);
  });

  it("answers an unknown intent 400 'Action inconnue.'", async () => {
    const answer = await post({ intent: "delete-everything", email: "a@b.co" });
    expect(answer.status).toBe(400);
    expect(answer.body.toast).toEqual({ type: "error", title: "Erreur", description: "Action inconnue." });
  });

  it("limits sign-ups to 5 and reset requests to 3 an hour per e-mail address, whatever the client address", async () => {
    const email = uniqueEmail("per-email");
    const signUp = () => post({ intent: "signup", email, password: "a long passphrase", confirmPassword: "a long passphrase" });
    for (let i = 0; i < 5; i++) expect((await signUp()).status).toBe(200);
    const signUpLimited = await signUp();
    expect(signUpLimited.status).toBe(429);
    expect(signUpLimited.body.toast).toMatchObject({
      title: "Erreur d'inscription",
      description: expect.stringMatching(/^Trop de tentatives\. Réessayez dans /),
    });

    const reset = () => post({ intent: "reset", email: email.toUpperCase() });
    for (let i = 0; i < 3; i++) expect((await reset()).body).toMatchObject({ ok: true, intent: "reset" });
    const resetLimited = await reset();
    expect(resetLimited.status).toBe(429);
    expect(resetLimited.body.toast).toMatchObject({
      title: "Erreur",
      description: expect.stringMatching(/^Trop de tentatives\. Réessayez dans /),
    });
  });
});
