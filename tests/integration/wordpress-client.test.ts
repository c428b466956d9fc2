/**
 * Issue 15, the WordPress REST client against a fake WordPress speaking the API (tests/fakes/wordpress.ts):
 * 'Test connection' finds the API under both permalink styles and says plainly what is wrong (REST API turned
 * off or absent, a security plugin's page, no HTTPS, wrong credentials, a user who cannot publish or upload, a
 * server error, a time-out).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkConnection,
  discover,
  normalizeSiteUrl,
  routeUrl,
  WordPressError,
  type WordPressProblem,
} from "~/services/publishing/wordpress.server";
import { resetEnvForTests } from "~/services/env.server";
import { CONTRIBUTOR, startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";

let wp: FakeWordPress;
const editor = () => ({ siteUrl: wp.url, username: "editor", applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX" });
const asPost = { contentType: "post" as const, needsImages: true };

async function problemOf(promise: Promise<unknown>): Promise<{ problem: WordPressProblem; message: string; retryable: boolean }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WordPressError) return { problem: err.problem, message: err.message, retryable: err.retryable };
    throw err;
  }
  throw new Error("expected a WordPressError");
}

beforeAll(async () => {
  wp = await startFakeWordPress();
});
// The fake listens on 127.0.0.1, which publishing refuses unless told (here by the old name of OUTBOUND_ALLOW_PRIVATE_HOSTS, still accepted).
beforeEach(() => {
  vi.stubEnv("PUBLISHING_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
});
afterEach(() => {
  wp.fault = "none";
  wp.permalinks = "pretty";
  wp.applicationPasswords = true;
  wp.users[0]!.capabilities = { edit_posts: true, publish_posts: true, edit_pages: true, publish_pages: true, upload_files: true };
  wp.script.clear();
  vi.unstubAllEnvs();
  resetEnvForTests();
});
afterAll(() => wp.close());

describe("the site's address and the API's routes", () => {
  it("keeps an http(s) address without its trailing slash, query or fragment, and refuses anything else", () => {
    expect(normalizeSiteUrl(" https://example.com/blog/?x=1#top ")).toBe("https://example.com/blog");
    for (const bad of ["example.com", "ftp://example.com", "https://user:pw@example.com", "javascript:alert(1)"])
      expect(() => normalizeSiteUrl(bad), bad).toThrow(WordPressError);
  });

  it("writes routes under /wp-json/ or as ?rest_route= for sites without pretty permalinks", () => {
    expect(
      routeUrl({ siteUrl: "https://a.example/blog", root: "https://a.example/blog/wp-json/", style: "pretty" }, "/wp/v2/posts", {
        page: 2,
      }),
    ).toBe("https://a.example/blog/wp-json/wp/v2/posts?page=2");
    expect(
      routeUrl({ siteUrl: "https://a.example", root: "https://a.example/", style: "plain" }, "/wp/v2/posts", { search: "pain & co" }),
    ).toBe("https://a.example/?rest_route=%2Fwp%2Fv2%2Fposts&search=pain+%26+co");
  });
});

describe("Test connection", () => {
  it("finds the API with pretty permalinks and reports the user and their rights", async () => {
    const report = await checkConnection(editor(), asPost);
    expect(report).toEqual({ style: "pretty", userName: "Éditrice", canPublishPosts: true, canPublishPages: true, canUploadFiles: true });
    expect(wp.seen.at(-1)).toEqual({ method: "GET", route: "/wp/v2/users/me", user: "editor" });
  });

  it("finds it at ?rest_route= when the site has plain permalinks", async () => {
    wp.permalinks = "plain";
    expect((await checkConnection(editor(), asPost)).style).toBe("plain");
    expect((await discover(wp.url)).api.root).toBe(`${wp.url}/`);
  });

  it("accepts the application password with or without its spaces, and a trailing slash on the address", async () => {
    const compact = { ...editor(), siteUrl: `${wp.url}/`, applicationPassword: "abcdEFGHijklMNOPqrstUVWX" };
    expect((await checkConnection(compact, asPost)).userName).toBe("Éditrice");
  });

  it("says the credentials are wrong (a wrong password, an unknown user)", async () => {
    for (const credentials of [
      { ...editor(), applicationPassword: "wrong" },
      { ...editor(), username: "nobody" },
    ]) {
      const found = await problemOf(checkConnection(credentials, asPost));
      expect(found.problem).toBe("credentials");
      expect(found.message).toMatch(/refused the user name or the application password/);
      expect(found.retryable).toBe(false);
    }
  });

  it("says when the user may not publish the site's kind of content, or upload its featured image", async () => {
    wp.users[0]!.capabilities = CONTRIBUTOR;
    expect(await problemOf(checkConnection(editor(), asPost))).toMatchObject({
      problem: "cannot_publish",
      message: 'The WordPress user "Éditrice" may not publish posts (give them the Editor or Author role).',
    });
    wp.users[0]!.capabilities = { edit_posts: true, publish_posts: true };
    expect((await problemOf(checkConnection(editor(), { contentType: "page", needsImages: false }))).problem).toBe("cannot_publish");
    expect((await problemOf(checkConnection(editor(), asPost))).problem).toBe("cannot_upload");
    expect((await checkConnection(editor(), { contentType: "post", needsImages: false })).canUploadFiles).toBe(false);
  });

  it("says the site must be on HTTPS when it offers no application passwords over plain HTTP", async () => {
    wp.applicationPasswords = false;
    expect(await problemOf(checkConnection(editor(), asPost))).toMatchObject({
      problem: "needs_https",
      message: "The site is not on HTTPS, and WordPress offers application passwords only over HTTPS.",
    });
  });

  it("says the REST API is turned off when a plugin blocks it", async () => {
    wp.fault = "rest_disabled";
    const found = await problemOf(checkConnection(editor(), asPost));
    expect(found.problem).toBe("rest_disabled");
    expect(found.message).toContain("DRA: Only authenticated users can access the REST API.");
  });

  it("passes a plugin that closes the API to visitors only, since it asks as the user", async () => {
    wp.fault = "rest_for_users";
    expect((await problemOf(discover(wp.url))).problem).toBe("rest_disabled");
    expect((await checkConnection(editor(), asPost)).userName).toBe("Éditrice");
  });

  it("says no API was found when neither address answers one", async () => {
    wp.fault = "no_api";
    expect(await problemOf(checkConnection(editor(), asPost))).toMatchObject({
      problem: "rest_not_found",
      message: "No WordPress REST API was found at this address (neither /wp-json/ nor ?rest_route=/).",
    });
  });

  it("says a security plugin or a firewall answered with a web page", async () => {
    wp.fault = "html";
    const found = await problemOf(checkConnection(editor(), asPost));
    expect(found.problem).toBe("not_json");
    expect(found.message).toMatch(/web page instead of the REST API's data: a security plugin or a firewall/);
  });

  it("says the site failed (500), and that another attempt may pass", async () => {
    wp.fault = "server_error";
    expect(await problemOf(checkConnection(editor(), asPost))).toMatchObject({ problem: "server_error", retryable: true });
    wp.fault = "none";
    wp.script.set("GET /wp/v2/users/me", [{ status: 503, json: { code: "busy", message: "Maintenance", data: { status: 503 } } }]);
    expect(await problemOf(checkConnection(editor(), asPost))).toMatchObject({ problem: "server_error", retryable: true });
  });

  it("gives up after the provider time-out when the site never answers", async () => {
    vi.stubEnv("PROVIDER_TIMEOUT_MS", "1000");
    resetEnvForTests();
    wp.fault = "hang";
    expect(await problemOf(checkConnection(editor(), asPost))).toMatchObject({
      problem: "timeout",
      message: "The site did not answer within 1 s.",
      retryable: true,
    });
  });

  it("refuses an address of this machine or of a private network unless they are allowed", async () => {
    vi.stubEnv("PUBLISHING_ALLOW_PRIVATE_HOSTS", "false");
    resetEnvForTests();
    const seen = wp.seen.length;
    for (const siteUrl of [wp.url, "http://localhost:8080", "http://169.254.169.254", "http://[::1]:8080", "http://10.1.2.3"]) {
      const found = await problemOf(checkConnection({ ...editor(), siteUrl }, asPost));
      expect(found, siteUrl).toMatchObject({ problem: "blocked_host", retryable: false });
      expect(found.message).toMatch(/is on a private network or on this server: publishing does not call it\.$/);
    }
    expect(wp.seen.length, "no request reached the site").toBe(seen);
  });

  it("says a site that does not exist could not be reached", async () => {
    const found = await problemOf(checkConnection({ ...editor(), siteUrl: "http://127.0.0.1:9" }, asPost));
    expect(found).toMatchObject({ problem: "unreachable", retryable: true });
  });
});
