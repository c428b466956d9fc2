/**
 * Security underneath (issue 2, "What must be true underneath"): security headers with a content
 * security policy, and the session cookie's attributes.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createTeamMember } from "./support/team";
import { open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

test("idle connections are kept 65 s, longer than a proxy's idle timeout, so a reused one is never cut", async ({ request }) => {
  // Node's default is 5 s: a client or proxy reusing a connection the server was closing met ECONNRESET.
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["keep-alive"]).toBe("timeout=65");
});

test("the home page is served with a nonce-based content security policy and nosniff", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp, "Content-Security-Policy header").toBeTruthy();
  const directives = Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values];
      }),
  );
  expect(directives["frame-ancestors"]).toEqual(["'none'"]);
  expect(directives["object-src"]).toEqual(["'none'"]);
  const nonce = directives["script-src"]?.find((v: string) => v.startsWith("'nonce-"));
  expect(nonce, "script-src carries a nonce").toMatch(/^'nonce-[A-Za-z0-9+/=_-]{16,}'$/);
  expect(directives["script-src"]).not.toContain("'unsafe-inline'");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  // The home page is static (decision 019): its only scripts are its islands, inline, each allowed by its
  // hash (decision 023), never by the nonce nor 'unsafe-inline'. A hydrated page (/auth) carries the nonce on every script, and the nonce changes on each
  // response. (JSON-LD data blocks are not scripts the browser runs: the CSP does not apply to them.)
  const scriptTags = (html: string) =>
    [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
  const home = scriptTags(await response.text());
  expect(home.length).toBeGreaterThan(0);
  for (const tag of home) expect(tag).toBe('<script type="module">');
  const hashes = directives["script-src"]?.filter((v: string) => v.startsWith("'sha256-")) ?? [];
  expect(hashes.length, "script-src allows the islands by their hashes").toBeGreaterThan(0);

  const auth = await request.get("/auth");
  const value = /'nonce-([^']+)'/.exec(auth.headers()["content-security-policy"])![1];
  const scripts = scriptTags(await auth.text());
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${value}"`);
  const again = await request.get("/auth");
  expect(again.headers()["content-security-policy"]).not.toContain(value);
});

test.describe("signing in through the form", () => {
  // The cookie under test is the one the sign-in sets, not one put in by the test-only sign-in route.
  test.use({ signInThrough: "ui" });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ signedInPage: page, context }) => {
    const cookies = await context.cookies();
    const session = cookies.find((c) => /session_token$/.test(c.name));
    expect(session, `a session cookie among ${cookies.map((c) => c.name).join(", ")}`).toBeTruthy();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
    expect(session!.path).toBe("/");
    // Not readable from the page's scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain(session!.name);
  });
});

test.describe("answers behind sign-in are never stored by a cache", () => {
  const NO_STORE = "private, no-store";

  test("signed-in documents, their .data answers and redirects carry Cache-Control: private, no-store", async ({ signedInPage: page }) => {
    const request = page.request;
    for (const path of ["/sites", "/dashboard", "/profile", "/settings", "/notifications", "/tone-articles", "/auth/update-password"]) {
      const document = await request.get(path, { maxRedirects: 0 });
      expect(document.status(), `GET ${path}`).toBe(200);
      expect(document.headers()["cache-control"], `GET ${path}`).toBe(NO_STORE);
    }
    // The root's own data address is "/_.data" (React Router's future.v8_trailingSlashAwareDataRequests).
    for (const path of ["/sites.data", "/profile.data", "/_.data"]) {
      const single = await request.get(path, { maxRedirects: 0 });
      expect(single.status(), `GET ${path}`).toBeLessThan(300);
      expect(single.headers()["cache-control"], `GET ${path}`).toBe(NO_STORE);
    }
    // A resource route with the user's data, and a redirect made for a signed-in person.
    const toneGroups = await request.get("/api/tone-groups");
    expect(toneGroups.headers()["cache-control"]).toBe(NO_STORE);
    const toDashboard = await request.get("/auth", { maxRedirects: 0 });
    expect(toDashboard.status()).toBe(302);
    expect(toDashboard.headers()["cache-control"]).toBe(NO_STORE);
    // Even a public page shows who is signed in in its header.
    expect((await request.get("/")).headers()["cache-control"]).toBe(NO_STORE);
  });

  test("a signed-out visitor's redirect away from a signed-in screen is not stored either", async ({ request }) => {
    const answer = await request.get("/sites", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["cache-control"]).toBe(NO_STORE);
    const single = await request.get("/sites.data", { maxRedirects: 0 });
    expect(single.headers()["cache-control"]).toBe(NO_STORE);
  });

  test("public answers keep their own caching for visitors", async ({ request }) => {
    expect((await request.get("/robots.txt")).headers()["cache-control"]).toBe("public, max-age=3600");
    expect((await request.get("/sitemap.xml")).headers()["cache-control"]).toBe("public, max-age=600");
    expect((await request.get("/")).headers()["cache-control"] ?? "").not.toContain("no-store");
  });
});

test("the console is an unknown address for anyone not of the team: the same not-found page, and no console route from React Router's route discovery", async ({
  page,
  openContext,
}) => {
  // React Router's lazy route discovery answers `/__manifest?paths=...` with the route modules of the paths asked for.
  await open(page, "/auth");
  const version = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
  );
  const ask = async (request: APIRequestContext) => {
    const answer = await request.get(`/__manifest?paths=${encodeURIComponent("/team/sites,/team,/TEAM/inbox,/sites")}&version=${version}`);
    expect(answer.status()).toBe(200);
    return { routes: Object.keys((await answer.json()) as Record<string, unknown>), cacheControl: answer.headers()["cache-control"] };
  };
  const teamRoutes = (routes: string[]) => routes.filter((id) => id.startsWith("routes/team/"));

  // A console address is, for anyone not of the team, an unknown address: the same page, the same `.data` answer.
  const sameAsUnknown = async (request: APIRequestContext) => {
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    const unknown = await request.get("/no-such-page");
    // As React Router matches them: without case, decoded, with doubled slashes.
    for (const path of ["/team", "/team/sites", "/team/accounts?q=x", "/TEAM/Sites", "/%74eam/sites", "/team//sites"]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(withoutNonces(await answer.text()), path).toBe(withoutNonces(await unknown.text()));
    }
    const posted = await request.post("/team/sites", { form: { intent: "create" } });
    expect(posted.status()).toBe(404);
    const unknownData = await request.get("/no-such-page.data");
    const data = await request.get("/team/sites.data");
    expect([data.status(), await data.text()]).toEqual([unknownData.status(), await unknownData.text()]);
  };
  await sameAsUnknown(page.request);

  const visitor = await ask(page.request);
  expect(teamRoutes(visitor.routes)).toEqual([]);
  expect(visitor.routes).toContain("sites");
  expect(visitor.cacheControl).toBe("private, no-store");

  const { page: client } = await openContext();
  await createSignedInAccount(client, newAccount({ fullName: "Client Curieux" }), { startOn: null });
  expect(teamRoutes((await ask(client.request)).routes)).toEqual([]);
  await sameAsUnknown(client.request);

  const { page: team } = await openContext();
  await createTeamMember(team, "team");
  expect(teamRoutes((await ask(team.request)).routes)).toEqual(expect.arrayContaining(["routes/team/layout", "routes/team/sites"]));
  expect((await team.request.get("/team/sites")).status()).toBe(200);
});
