/**
 * Readable by machines (issue 5): every public route answers its full text in the first HTML response,
 * with a specific title, a meta description, a canonical link, Open Graph and Twitter tags and schema.org
 * data, without running any JavaScript (as AI crawlers read it). Also robots.txt and sitemap.xml.
 */
import { expect, test } from "./support/fixtures";
import { INDEXED_PUBLIC_PATHS } from "../../app/lib/public-pages";
import { publicPathOf } from "./support/review";
import { addVersionByRequest, createSiteWithPage } from "./support/versions";

/** The landing pages: the sitemap's public pages except the form. */
const LANDINGS = INDEXED_PUBLIC_PATHS.filter((path) => path !== "/first-article");

/** The HTML a crawler receives (GPTBot: a bot, so the server sends the whole document at once). */
async function crawl(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(path, {
    headers: { "User-Agent": "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)" },
    maxRedirects: 0,
  });
  // React separates adjacent text parts with empty comments ('© <!-- -->2025'): read the text without them.
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const doc = {
    status: response.status(),
    html,
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "",
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "",
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? "",
    h1: [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1].replace(/<[^>]+>/g, "").trim()),
    lang: html.match(/<html lang="([^"]+)"/)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    ),
  };
  return doc;
}

test.describe("a crawler that runs no JavaScript", () => {
  test("reads every landing page: one heading, its own title and description, canonical, social tags, Organization and Offer data", async ({
    request,
    baseURL,
  }) => {
    const titles = new Set<string>();
    for (const path of LANDINGS) {
      const doc = await crawl(request, path);
      expect(doc.status, path).toBe(200);
      expect(doc.h1, `${path} has one <h1>`).toHaveLength(1);
      expect(doc.h1[0].length, `${path} <h1>`).toBeGreaterThan(10);
      expect(doc.title.length, `${path} <title>`).toBeGreaterThan(15);
      titles.add(doc.title);
      expect(doc.description.length, `${path} description`).toBeGreaterThan(50);
      expect(doc.canonical, path).toBe(`${baseURL}${path}`);
      for (const tag of [
        'property="og:title"',
        'property="og:description"',
        'property="og:url"',
        'property="og:image"',
        'name="twitter:card"',
      ]) {
        expect(doc.html, `${path} ${tag}`).toContain(tag);
      }
      const types = doc.jsonLd.map((d) => d["@type"]);
      expect(types, path).toContain("Organization");
      expect(types, path).toContain("Service");
      const service = doc.jsonLd.find((d) => d["@type"] === "Service") as { offers: { price: string; priceCurrency: string }[] };
      expect(service.offers.length, path).toBeGreaterThan(0);
      expect(service.offers[0].priceCurrency).toBe("EUR");
      expect(types, `${path} carries its FAQ as FAQPage data`).toContain("FAQPage");
      const faq = doc.jsonLd.find((d) => d["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      for (const question of faq.mainEntity)
        expect(doc.html, `${path}: the answer to '${question.name}' is in the page`).toContain(
          question.name.replace(/'/g, "&#x27;").slice(0, 20),
        );
      // The whole page is there: the footer's copyright comes last.
      expect(doc.html, path).toContain("© 2025");
    }
    expect(titles.size, "each landing page has its own title").toBe(LANDINGS.length);
  });

  test("reads the main page's sections, the quiz's first question and the demo list without a loading state", async ({ request }) => {
    for (const path of ["/", "/home-4-pricing-google-2-why-ai"]) {
      const doc = await crawl(request, path);
      for (const text of [
        "Meet the team",
        "Why Not Use AI SEO Tools Directly Myself?",
        "Are you our ideal client?",
        "View below some demo articles",
        "How old is your website?",
      ]) {
        expect(doc.html, `${path}: ${text}`).toContain(text.replace(/'/g, "&#x27;"));
      }
      expect(doc.html).toContain("Not ready to buy your trial article for 1€ ? Or want to contact us directly?");
      expect(doc.html).not.toContain("Loading demo articles...");
      // The duplicate points search engines to '/'.
      expect(doc.canonical.endsWith("/")).toBe(true);
    }
    expect((await crawl(request, "/home-2")).lang).toBe("fr");
    expect((await crawl(request, "/home-3")).lang).toBe("en");
  });

  test("reads the other public screens with their headings", async ({ request }) => {
    const screens: [string, string, number][] = [
      ["/first-article", "Set up your first article", 200],
      ["/first-article-success", "Thank you! We're on it.", 200],
      ["/maintenance", "Site en cours de développement", 200],
      ["/auth", "", 200],
      ["/no-such-page", "Oops! Page not found", 404],
    ];
    for (const [path, heading, status] of screens) {
      const doc = await crawl(request, path);
      expect(doc.status, path).toBe(status);
      if (heading) expect(doc.h1.join(" | ").replace(/&#x27;/g, "'"), path).toContain(heading);
      expect(doc.title.length, path).toBeGreaterThan(5);
    }
    expect((await crawl(request, "/maintenance")).html).toContain("Lancement prévu prochainement");
    for (const [path, to] of [
      ["/login", "/auth"],
      ["/signup", "/auth?tab=signup"],
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(to);
    }
  });

  test("finds robots.txt open to every crawler, AI crawlers named, and a sitemap without any client's page", async ({
    page,
    request,
    baseURL,
    signedInPage,
  }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("User-agent: *\nAllow: /");
    for (const bot of ["GPTBot", "ClaudeBot", "PerplexityBot", "Google-Extended"]) expect(text).toContain(`User-agent: ${bot}`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    // The sitemap lists the public pages and the service's demo articles only (demo-articles.spec.ts): a client's
    // page never, even when its owner posts the demo flag.
    const { siteId, pageId } = await createSiteWithPage(signedInPage);
    const form = await signedInPage.request.post(`/sites/${siteId}/pages.data`, {
      multipart: {
        intent: "update",
        pageId: String(pageId),
        name: "Sitemap demo",
        url: "/blog/sitemap-demo",
        status: "1",
        hideRevisionsTextsFromPreview: "on",
      },
      failOnStatusCode: false,
    });
    expect([200, 204]).toContain(form.status());
    const versionId = await addVersionByRequest(page, siteId, pageId, "<h1>Sitemap demo</h1><p>Demo body.</p>");

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of LANDINGS) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/first-article</loc>`);
    expect(xml).not.toContain("/home-4-pricing-google-2-why-ai");
    expect(xml).not.toMatch(/\/view\/\d+</);
    expect(xml).not.toContain(await publicPathOf(signedInPage, versionId));
  });
});
