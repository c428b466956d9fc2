/**
 * Static public pages (issue 13, docs/decisions/019): the landing pages and the pages without interaction are
 * sent without the framework's scripts; their interactive parts are islands. Visitors get the same bytes,
 * validated by an ETag and kept a minute by shared caches; a signed-in person's copy is private.
 */
import { createHash } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { createArticle } from "./support/review";
import { expectToast, open } from "./support/ui";

const LANDINGS = ["/", "/home-1", "/home-2", "/home-3", "/home-4", "/home-5", "/home-4-pricing-openai"];
const WITHOUT_ISLANDS = ["/maintenance", "/first-article-success", "/no-such-page"];

const scripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/application\/ld\+json/.test(tag));

test.describe("static pages", () => {
  test("the landing pages carry no framework: no module preloads, no hydration data, only their islands, inline and allowed by their hash", async ({
    request,
  }) => {
    let seen = 0;
    for (const path of [...LANDINGS, "/first-article"]) {
      const answer = await request.get(path);
      const html = await answer.text();
      expect(html, path).toContain("data-static");
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).not.toContain("__reactRouterContext");
      const islands = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/application\/ld\+json/.test(attributes),
      );
      seen += islands.length;
      const scriptSrc = answer.headers()["content-security-policy"]?.match(/script-src ([^;]+)/)?.[1] ?? "";
      for (const [tag, attributes, code] of islands) {
        expect(attributes, `${path}: ${tag.slice(0, 80)}`).toBe(' type="module"');
        expect(code, path).not.toMatch(/^\s*$/);
        expect(code, path).not.toMatch(/\bimport\b\s*[("{*\w]/);
        expect(scriptSrc, `${path}: the policy allows the island by its hash`).toContain(
          `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
        );
      }
    }
    expect(seen, "islands on the landing pages").toBeGreaterThan(3);
  });

  test("the pages without interaction have no script at all", async ({ request, signedInPage }) => {
    const { viewPath } = await createArticle(signedInPage, "<h1>A draft</h1><p>Shared by link.</p>");
    for (const path of [...WITHOUT_ISLANDS, viewPath]) {
      const html = await (await request.get(path)).text();
      expect(scripts(html), path).toEqual([]);
      expect(html, path).not.toContain("modulepreload");
    }
  });

  test("the browser's files are sent as compressed when built: Brotli or gzip as asked, the same bytes once decoded", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // The stylesheet (files under 1 KB are sent as they are).
    const src = html.match(/<link rel="stylesheet" href="(\/assets\/[\w-]+\.css)"/)?.[1];
    expect(src, "the stylesheet of '/'").toBeTruthy();
    const get = (encoding: string) => request.get(src!, { headers: { "Accept-Encoding": encoding } });
    const [br, gzip, plain] = await Promise.all([get("br, gzip"), get("gzip"), get("identity")]);
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers()["vary"]).toMatch(/Accept-Encoding/i);
      expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers()["content-type"]).toMatch(/^text\/css/);
    }
    expect(await br.text()).toBe(await plain.text());
    expect(await gzip.text()).toBe(await plain.text());
  });

  test("a visitor's copy has an ETag and a short shared lifetime, and a matching revalidation is answered 304", async ({ request }) => {
    const first = await request.get("/home-3");
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect((await request.get("/home-3")).headers()["etag"]).toBe(etag);
    const again = await request.get("/home-3", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    expect((await request.get("/home-3", { headers: { "If-None-Match": '"another"' } })).status()).toBe(200);
  });

  test("the server keeps a visitor's copy a few seconds and gives it again as it was: same headers, same bytes in each encoding", async ({
    request,
  }) => {
    // A query of its own: a URL no other story asked for yet.
    const url = `/home-2?kept=${Date.now()}`;
    const first = await request.get(url);
    expect(first.headers()["age"]).toBeUndefined();
    const html = await first.text();
    // Kept once compressed: the next requests without a cookie get the stored copy, which says its age.
    let kept = first;
    await expect.poll(async () => (kept = await request.get(url)).headers()["age"], { timeout: 5_000 }).toMatch(/^\d+$/);
    for (const name of ["etag", "cache-control", "content-type", "x-content-type-options", "x-frame-options", "referrer-policy"])
      expect(kept.headers()[name], name).toBe(first.headers()[name]);
    // The security headers are the request's own: a fresh nonce in the policy.
    const nonce = (answer: typeof first) => answer.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce(kept)).toBeTruthy();
    expect(nonce(kept)).not.toBe(nonce(first));
    expect(kept.headers()["vary"]).toBe(first.headers()["vary"]);
    expect(kept.headers()["content-encoding"]).toBe("br");
    expect(await kept.text()).toBe(html);
    for (const encoding of ["gzip", "identity"]) {
      const answer = await request.get(url, { headers: { "Accept-Encoding": encoding } });
      expect(answer.headers()["age"], encoding).toMatch(/^\d+$/);
      expect(answer.headers()["content-encoding"], encoding).toBe(encoding === "gzip" ? "gzip" : undefined);
      expect(await answer.text(), encoding).toBe(html);
    }
    const revalidated = await request.get(url, { headers: { "If-None-Match": first.headers()["etag"]! } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers()["age"]).toMatch(/^\d+$/);
    // A request with a cookie is rendered for itself.
    const withCookie = await request.get(url, { headers: { Cookie: "theme=dark" } });
    expect(withCookie.headers()["age"]).toBeUndefined();
    expect(await withCookie.text()).toBe(html);
  });

  test("a signed-in person's copy is private, without an ETag, and their account menu works without the app's scripts", async ({
    signedInPage: page,
    account,
  }) => {
    const answer = await page.request.get("/");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["etag"]).toBeUndefined();

    await open(page, "/home-1");
    const menu = page.getByRole("banner").locator("details");
    await menu.locator('summary[aria-label="Menu du compte"]').click();
    await expect(menu).toContainText(account.email);
    await expect(menu.getByRole("link", { name: "Profil" })).toHaveAttribute("href", "/profile");
    await menu.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);
    const notice = await expectToast(page, "Déconnecté", "Vous avez été déconnecté avec succès");
    // The notification closes without a script (before it goes by itself, 5 s after the page came).
    await notice.locator("[data-close-button]").click();
    await expect(notice).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
  });

  test("a link from a signed-in screen to a static page loads it as a document, with its islands", async ({ signedInPage: page }) => {
    await open(page, "/dashboard");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /SEO × IA Content/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("data-static", "");
    await expect(page.locator('[data-island="quiz"]')).toHaveAttribute("data-island-ready", "");
  });
});
