/**
 * The article review screen (/review/:versionId) and the public viewer (/view/:versionId) — spec part 2,
 * sections 2, 4, 5 and 8; issue 3. The owner moves a version between Draft, In revision and Approved; whoever
 * has a version's public link (/view/{public id}, shown on the review screen) reads it, server-rendered with
 * its meta tags but never indexed nor cached by a shared cache; a sequential id reads nothing; article HTML
 * never runs a script on either screen; another account gets 'Article not found'. Demo articles: see
 * demo-articles.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, failedResource, test } from "./support/fixtures";
import { createArticle, postReviewAction, stateBadge, unsafeMarkupIn } from "./support/review";
import { expectToast, open } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

const ARTICLE = `
<h2>Choisir son vélo</h2>
<p>Un bon vélo de ville se choisit selon la taille du cadre, le poids et l'usage quotidien.</p>
<ul><li>Cadre adapté</li><li>Freins à disque</li></ul>
<p>Dernière phrase de l'article, pour vérifier le texte complet.</p>`;

const COMMENTS_REQUIRED = "Comments are required to send for revision";

const actionButton = (page: Page, name: string) =>
  page.getByRole("group", { name: "Review actions" }).getByRole("button", { name, exact: true });

async function expectEnabledActions(page: Page, enabled: string[]) {
  for (const name of ["Send for revision", "Cancel revision request", "Approve", "Cancel approval"]) {
    if (enabled.includes(name)) await expect(actionButton(page, name), name).toBeEnabled();
    else await expect(actionButton(page, name), name).toBeDisabled();
  }
}

/** Records every POST the page sends from now on. */
function watchPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test.describe("the review screen", () => {
  test("the owner sends a version for revision, cancels it, approves it and cancels the approval", async ({ signedInPage: page }) => {
    const article = await createArticle(page, ARTICLE);
    await open(page, `/review/${article.versionId}`);

    await expect(page.getByRole("heading", { level: 1, name: article.pageName })).toBeVisible();
    await expect(page).toHaveTitle(`Review: ${article.pageName} – SEO × IA Content`);
    await expect(page.getByRole("heading", { name: "Choisir son vélo" })).toBeVisible();
    await expect(page.getByText("Dernière phrase de l'article")).toBeVisible();
    await expect(page.getByText(/^Version du \d{2}\/\d{2}\/\d{4} \(\d{2}:\d{2}\)$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to page versions" })).toHaveAttribute(
      "href",
      `/sites/${article.siteId}/pages/${article.pageId}/page-versions`,
    );
    await expect(page.getByRole("link", { name: /Open the public view/ })).toHaveAttribute("href", new RegExp(`${article.viewPath}$`));
    await expect(stateBadge(page)).toHaveText("Draft");
    await expectEnabledActions(page, ["Send for revision", "Approve"]);

    // Send for revision, with comments.
    await actionButton(page, "Send for revision").click();
    const dialog = page.getByRole("dialog", { name: "Send for revision" });
    await dialog.getByLabel("Comments").fill("  Please shorten the introduction.  ");
    await dialog.getByRole("button", { name: "Send for revision" }).click();
    await expectToast(page, "Version sent for revision successfully");
    await expect(dialog).toHaveCount(0);
    await expect(stateBadge(page)).toHaveText("In revision");
    await expectEnabledActions(page, ["Cancel revision request"]);
    const comments = page.getByLabel("Revision comments");
    await expect(comments).toHaveValue("Please shorten the introduction.");
    await expect(comments).toHaveAttribute("readonly", "");

    // The server kept it.
    await page.reload();
    await expect(stateBadge(page)).toHaveText("In revision");
    await expect(page.getByLabel("Revision comments")).toHaveValue("Please shorten the introduction.");

    await actionButton(page, "Cancel revision request").click();
    await expectToast(page, "Revision request canceled successfully");
    await expect(stateBadge(page)).toHaveText("Draft");
    await expect(page.getByLabel("Revision comments")).toHaveCount(0);
    await expectEnabledActions(page, ["Send for revision", "Approve"]);

    await actionButton(page, "Approve").click();
    await expectToast(page, "Version approved successfully");
    await expect(stateBadge(page)).toHaveText("Approved");
    await expectEnabledActions(page, ["Cancel approval"]);

    await actionButton(page, "Cancel approval").click();
    await expectToast(page, "Approval canceled successfully");
    await expect(stateBadge(page)).toHaveText("Draft");
    await expectEnabledActions(page, ["Send for revision", "Approve"]);

    await page.reload();
    await expect(stateBadge(page)).toHaveText("Draft");
  });

  test("a long article scrolls inside a preview of 500 px at most, by mouse and by keyboard", async ({ signedInPage: page }) => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>Paragraphe ${i + 1} : un vélo de ville se choisit selon son usage.</p>`);
    const article = await createArticle(page, `<h2>Un long article</h2>\n${paragraphs.join("\n")}\n<p>Tout en bas.</p>`);
    await open(page, `/review/${article.versionId}`);

    const preview = page.getByRole("region", { name: "Article preview" });
    await expect(preview.getByRole("heading", { name: "Un long article" })).toBeVisible();
    const box = await preview.boundingBox();
    expect(box?.height, "the preview's height").toBeLessThanOrEqual(500);
    expect(box?.height, "the preview's height").toBeGreaterThan(300);
    // The article scrolls inside it: its end is there, out of view until scrolled.
    const last = preview.getByText("Tout en bas.");
    await expect(last).toBeAttached();
    await expect(last).not.toBeInViewport();
    // Reachable with the keyboard: Tab stops on it, End scrolls to the bottom.
    await expect(preview).toHaveAttribute("tabindex", "0");
    await preview.focus();
    await page.keyboard.press("End");
    await expect.poll(() => preview.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expect(last).toBeInViewport();
    // The review actions stay where they were, beside it.
    await expect(page.getByRole("group", { name: "Review actions" })).toBeInViewport();
  });

  test("empty comments are refused, in the browser and by the server; an action the state does not allow is refused", async ({
    signedInPage: page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(400), failedResource(409));
    const article = await createArticle(page, ARTICLE);
    await open(page, `/review/${article.versionId}`);
    const posts = watchPosts(page);

    await actionButton(page, "Send for revision").click();
    const dialog = page.getByRole("dialog", { name: "Send for revision" });
    const field = dialog.getByLabel("Comments");
    await dialog.getByRole("button", { name: "Send for revision" }).click();
    await expect(dialog.getByText(COMMENTS_REQUIRED)).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await field.fill("   \n  ");
    await dialog.getByRole("button", { name: "Send for revision" }).click();
    await expect(dialog.getByText(COMMENTS_REQUIRED)).toBeVisible();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(stateBadge(page)).toHaveText("Draft");

    // The server checks it again.
    const blank = await postReviewAction(page, article.versionId, "send-revision", { comments: "   " });
    expect(blank.status()).toBe(400);
    expect(await blank.text()).toContain(COMMENTS_REQUIRED);
    const missing = await postReviewAction(page, article.versionId, "send-revision");
    expect(missing.status()).toBe(400);

    // Cancel approval of a draft: refused, nothing changes.
    const wrongState = await postReviewAction(page, article.versionId, "cancel-approval");
    expect(wrongState.status()).toBe(409);
    expect(await wrongState.text()).toContain("Failed to cancel approval");
    // Approve twice: the second is refused.
    expect((await postReviewAction(page, article.versionId, "approve")).status()).toBe(200);
    expect((await postReviewAction(page, article.versionId, "approve")).status()).toBe(409);

    await page.reload();
    await expect(stateBadge(page)).toHaveText("Approved");
  });

  test("another account gets 'Article not found' and changes nothing; a visitor is sent to sign in", async ({
    signedInPage: alice,
    openContext,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(404));
    const article = await createArticle(alice, ARTICLE);

    const { page: bob } = await openContext();
    await createSignedInAccount(bob, newAccount({ fullName: "Bob Martin" }));
    const response = await bob.goto(`/review/${article.versionId}`);
    expect(response?.status()).toBe(404);
    await expect(bob.getByRole("heading", { name: "Article not found" })).toBeVisible();
    await expect(bob.getByText("The requested article could not be found.")).toBeVisible();
    await expect(bob.getByText("Dernière phrase de l'article")).toHaveCount(0);

    // A missing id and a malformed one read the same.
    for (const id of ["987654321", "abc"]) {
      expect((await bob.goto(`/review/${id}`))?.status()).toBe(404);
      await expect(bob.getByRole("heading", { name: "Article not found" })).toBeVisible();
    }

    const approve = await postReviewAction(bob, article.versionId, "approve");
    expect(approve.status()).toBe(404);
    expect(await approve.text()).not.toContain("Dernière phrase");
    expect((await postReviewAction(bob, article.versionId, "send-revision", { comments: "mine" })).status()).toBe(404);

    await open(alice, `/review/${article.versionId}`);
    await expect(stateBadge(alice)).toHaveText("Draft");

    const { page: visitor } = await openContext();
    await visitor.goto(`/review/${article.versionId}`);
    await expect(visitor).toHaveURL(/\/auth$/);
  });
});

test.describe("the public article view", () => {
  test("a signed-out visitor with the link reads the article, server-rendered, with its tags, never indexed nor cached", async ({
    signedInPage: owner,
    openContext,
  }) => {
    const article = await createArticle(owner, ARTICLE);
    // The owner finds the link on the review screen, with a button to copy it.
    await open(owner, `/review/${article.versionId}`);
    await expect(owner.getByRole("button", { name: "Copy the public link" })).toBeVisible();
    await expect(owner.getByRole("link", { name: /Open the public view/ })).toHaveAttribute("href", new RegExp(`${article.viewPath}$`));
    const { page } = await openContext();

    // The first HTML answer already holds the full text and the tags (no JavaScript needed). A client's draft:
    // no shared cache keeps it, and search engines are told not to index it.
    const raw = await page.request.get(article.viewPath);
    expect(raw.status()).toBe(200);
    expect(raw.headers()["cache-control"]).toBe("private, no-store");
    expect(raw.headers()["x-robots-tag"]).toBe("noindex");
    const html = await raw.text();
    // In the rendered markup, not only in the hydration data.
    const body = html.match(/<div class="article-content[^"]*">([\s\S]*?)<\/div>/)?.[1] ?? "";
    expect(body).toContain("<p>Un bon vélo de ville se choisit selon la taille du cadre, le poids et l'usage quotidien.</p>");
    expect(body).toContain("<li>Freins à disque</li>");
    expect(body).toContain("<p>Dernière phrase de l'article, pour vérifier le texte complet.</p>");
    expect(html).toContain(`<title>${article.pageName} – SEO × IA Content</title>`);
    expect(html).toMatch(/<meta property="og:type" content="article"\/?>/);

    await open(page, article.viewPath);
    await expect(page).toHaveTitle(`${article.pageName} – SEO × IA Content`);
    // The article has no <h1>: the page name is the heading.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.pageName);
    await expect(page.getByRole("heading", { name: "Choisir son vélo" })).toBeVisible();
    await expect(page.getByText("Dernière phrase de l'article")).toBeVisible();

    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    const description = await meta('meta[name="description"]');
    expect(description).toMatch(/^Choisir son vélo Un bon vélo de ville/);
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(await meta('meta[property="og:title"]')).toBe(article.pageName);
    expect(await meta('meta[property="og:description"]')).toBe(description);
    expect(await meta('meta[property="og:type"]')).toBe("article");
    expect(await meta('meta[property="og:url"]')).toMatch(new RegExp(`^https?://[^/]+${article.viewPath}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
    // No canonical: a draft must not compete with the client's own page.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    expect(await meta('meta[name="robots"]')).toBe("noindex");
    const personal = await owner.request.get(article.viewPath);
    expect(personal.headers()["cache-control"]).toBe("private, no-store");
    expect(await personal.text()).toContain("Dernière phrase de l'article");

    // No signed-in area: the visitor's header.
    await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  });

  test("an article with its own <h1> keeps it as the only heading; an empty article says so", async ({
    signedInPage: owner,
    openContext,
  }) => {
    const titled = await createArticle(owner, "<h1>Le grand guide du vélo</h1><p>Texte.</p>");
    const empty = await createArticle(owner, "<p> </p>", { siteId: titled.siteId });
    const { page } = await openContext();

    await open(page, titled.viewPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Le grand guide du vélo");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe("Texte.");

    await open(page, empty.viewPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(empty.pageName);
    await expect(page.getByTestId("empty-article")).toHaveText("No content available - This page doesn't have any published versions yet.");
    await open(owner, `/review/${empty.versionId}`);
    await expect(owner.getByText("No content available", { exact: true })).toBeVisible();
  });

  test("a sequential id reads nothing: a client's version by its id answers 404 like an unknown one", async ({
    signedInPage: owner,
    openContext,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(404));
    const article = await createArticle(owner, ARTICLE);
    const { page } = await openContext();
    // Walking through /view/1, /view/2... finds no draft of anybody's, signed out or signed in as the owner.
    for (const client of [page, owner]) {
      for (const path of [`/view/${article.versionId}`, `/view/${article.versionId - 1}`, "/view/1"]) {
        const response = await client.request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(404);
        expect(await response.text()).not.toContain("Dernière phrase de l'article");
      }
    }
    const response = await page.goto(`/view/${article.versionId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
  });

  test("an unknown id answers 404 'Article not found' with a link home", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResource(404));
    for (const id of ["987654321", "abc", "12abc", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const response = await page.goto(`/view/${id}`);
      expect(response?.status(), id).toBe(404);
      await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
      await expect(page.getByText("The requested article could not be found.")).toBeVisible();
      await expect(page).toHaveTitle("Article not found – SEO × IA Content");
    }
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("untrusted article HTML", () => {
  const PAYLOAD = `
<p>Texte sûr avant.</p>
<script>window.__xss=1</script>
<img src=x onerror="window.__xss=2">
<a href="javascript:window.__xss=3">x</a>
<svg onload="window.__xss=4"></svg>
<p>Texte sûr après.</p>`;

  async function expectInert(page: Page) {
    await expect(page.getByText("Texte sûr après.")).toBeVisible();
    // Give any handler a chance to run (image error, load events).
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await unsafeMarkupIn(page, ".article-content")).toEqual([]);
    const anywhere = await page.evaluate(() =>
      [...document.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)).map((a) => `${el.tagName} ${a.name}`),
      ),
    );
    expect(anywhere).toEqual([]);
    // The javascript: link is left as plain text (an <a> without href).
    await expect(page.locator(".article-content a", { hasText: /^x$/ })).toHaveCount(1);
    await expect(page.locator(".article-content a[href]")).toHaveCount(0);
  }

  test("does not run on /view nor on /review", async ({ signedInPage: owner, openContext, consoleGuard }) => {
    // <img src=x> loads a missing file.
    consoleGuard.allow(failedResource(404));
    const article = await createArticle(owner, PAYLOAD);

    const { page: visitor } = await openContext();
    await open(visitor, article.viewPath);
    await expectInert(visitor);
    const raw = await (await visitor.request.get(article.viewPath)).text();
    expect(raw).not.toContain("window.__xss");

    await open(owner, `/review/${article.versionId}`);
    await expectInert(owner);
  });
});
