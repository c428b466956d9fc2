/**
 * Issue 15, a version as a file for sites without WordPress: GET .../page-versions/:versionId/download gives the
 * cleaned article as an HTML document or as Markdown, as an attachment never kept by a cache; another account's
 * version, or a version under another page's address, answers 404 like a missing one.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages, pagesVersions, sites } from "../../db/schema";
import { loader } from "~/routes/app/version-download";
import { runRoute } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";
import type { Browser } from "../setup/auth-client";
import { routeArgs } from "../setup/route-args";

const database = useTestDatabase();
let owner: Browser;
let stranger: Browser;
let siteId: number;
let pageId: number;
let otherPageId: number;
let versionId: number;

const get = (b: Browser, path: string, params: Record<string, string>) =>
  runRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie: b.cookie } }), params);

beforeAll(async () => {
  const signedIn = await signedInUser("Claire Client");
  owner = signedIn.browser;
  stranger = (await signedInUser("Intrus")).browser;
  const [site] = await database.db
    .insert(sites)
    .values({ name: "Boulangerie", url: "https://boulangerie.example", linkedUser: signedIn.user.id })
    .returning();
  siteId = site!.id;
  const [page, other] = await database.db
    .insert(pages)
    .values([
      { site: siteId, name: "Pain <au> levain", url: "https://boulangerie.example/blog/pain-au-levain/" },
      { site: siteId, name: "Autre", url: "https://boulangerie.example/autre" },
    ])
    .returning();
  pageId = page!.id;
  otherPageId = other!.id;
  const [version] = await database.db
    .insert(pagesVersions)
    .values({ page: pageId, htmlContent: "<h1>Le pain au levain</h1><p>Une mie <em>dense</em>.</p><script>x()</script>" })
    .returning();
  versionId = version!.id;
});

describe("downloading a version", () => {
  const path = (format: string, page = pageId) => `/sites/${siteId}/pages/${page}/page-versions/${versionId}/download?format=${format}`;
  const params = (page = pageId) => ({ siteId: String(siteId), pageId: String(page), versionId: String(versionId) });

  it("gives the owner an HTML document and a Markdown file, as attachments that no cache keeps", async () => {
    const html = await get(owner, path("html"), params());
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("content-disposition")).toBe(`attachment; filename="pain-au-levain-${versionId}.html"`);
    expect(html.headers.get("cache-control")).toBe("private, no-store");

    const response = (await loader(routeArgs(new Request(`http://localhost${path("markdown")}`, { headers: { cookie: owner.cookie } }), params()))) as Response;
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="pain-au-levain-${versionId}.md"`);
    // Front matter for static site generators: the page's name and the description (from the text: none written).
    expect(await response.text()).toBe(
      '---\ntitle: "Pain <au> levain"\ndescription: "Une mie dense."\n---\n\n# Le pain au levain\n\nUne mie *dense*.\n',
    );

    const page = (await loader(routeArgs(new Request(`http://localhost${path("html")}`, { headers: { cookie: owner.cookie } }), params()))) as Response;
    const text = await page.text();
    expect(text).toContain("<title>Pain &lt;au&gt; levain</title>");
    expect(text).toContain('<meta name="description" content="Une mie dense.">');
    expect(text).toContain("<h1>Le pain au levain</h1><p>Une mie <em>dense</em>.</p>");
    expect(text).not.toContain("<script");
  });

  it("carries the version's own meta description when it has one", async () => {
    await database.db.update(pagesVersions).set({ metaDescription: 'Le levain "maison" & sa mie' }).where(eq(pagesVersions.id, versionId));
    const download = async (format: string) =>
      (
        (await loader(routeArgs(new Request(`http://localhost${path(format)}`, { headers: { cookie: owner.cookie } }), params()))) as Response
      ).text();
    const html = await download("html");
    expect(html).toContain('<meta name="description" content="Le levain &quot;maison&quot; &amp; sa mie">');
    const markdown = await download("markdown");
    expect(markdown).toContain('description: "Le levain \\"maison\\" & sa mie"\n');
    await database.db.update(pagesVersions).set({ metaDescription: null }).where(eq(pagesVersions.id, versionId));
  });

  it("answers another account, or another page's address, like a missing version", async () => {
    await expect(get(stranger, path("html"), params())).rejects.toMatchObject({ init: { status: 404 } });
    await expect(get(owner, path("html", otherPageId), params(otherPageId))).rejects.toMatchObject({ init: { status: 404 } });
  });
});
