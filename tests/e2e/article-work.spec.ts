/**
 * Issue 6, from the screens: with the providers configured (fake OpenRouter and image API), a new version
 * asked on the versions screen (its outline first, edited and approved by the client: issue 16), a modification with highlight, and cover images asked on the images screen
 * all run in the server's worker, and their results appear without a reload; the page and the site show
 * what the work cost.
 */
import { startFakeImages } from "../fakes/images";
import { startFakeOpenRouter } from "../fakes/openrouter";
import { fakeWriter } from "../fakes/writer";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { serverWithProviders } from "./support/provider-server";
import { readOutbox } from "./support/mail";
import { expectToast, open, openMenu, waitForHydration } from "./support/ui";
import { createSiteWithPage, modifySection, renderedArticle, versionRows, versionsPath } from "./support/versions";

test("a new version, a highlighted modification and cover images are made in the background and appear by themselves", async ({
  browser,
  clientAddress,
}) => {
  test.setTimeout(120_000);
  const openRouter = await startFakeOpenRouter();
  openRouter.answer = fakeWriter;
  const images = await startFakeImages();
  const own = await serverWithProviders(browser, clientAddress, {
    tag: "article-work",
    fullName: "Aline Auteur",
    env: {
      OPENROUTER_API_KEY: openRouter.apiKey,
      OPENROUTER_BASE_URL: openRouter.baseUrl,
      IMAGES_API_KEY: images.apiKey,
      IMAGES_API_URL: images.url,
    },
  });
  try {
    const { page } = own;
    const { siteId, pageId } = await createSiteWithPage(page, { pageName: "Le compost en appartement" });

    // create_outline first (issue 16): the outline is written, the bell rings, and the versions screen leads to it
    // (opening it reads the notification, issue 38).
    await open(page, versionsPath(siteId, pageId));
    await page.getByRole("button", { name: "Create new page version" }).click();
    await expectToast(page, "New page action created successfully");
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName("Notifications (1)", { timeout: 30_000 });
    await page.getByRole("link", { name: "Review the outline" }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages/${pageId}/outline$`));
    await expect(page.getByText("Waiting for your approval")).toBeVisible();
    await expect(bell).toHaveAccessibleName("Notifications (0)");
    await expect(page.getByLabel("Title")).toHaveValue("Le compost en appartement: the complete guide");
    await expectNoAxeViolations(page, "the outline waiting for approval");

    // The client edits it: their title, their plan (previewed as typed). A plan without headings is refused, nothing lost.
    await waitForHydration(page);
    await page.getByLabel("Title").fill("Le compost en appartement");
    const plan = page.getByLabel("Plan", { exact: true });
    await plan.fill("Pourquoi composter");
    await expect(page.getByRole("region", { name: "How the article is organised" })).toContainText(
      'Line 1: start a section with "## " or a subsection with "### ".',
    );
    await page.getByRole("button", { name: "Approve and write the article" }).click();
    await expect(plan).toHaveAttribute("aria-invalid", "true");
    await expect(plan).toHaveAccessibleDescription(/Line 1: start a section with "## " or a subsection with "### "\./);
    await expect(page.getByLabel("Title")).toHaveValue("Le compost en appartement");
    await plan.fill("## Pourquoi composter\n## Choisir son bac\n### Un bac à lombrics\n### Un bokashi\n## Les erreurs à éviter");
    const preview = page.getByRole("region", { name: "How the article is organised" });
    await expect(preview.getByRole("listitem")).toHaveText([
      /^Pourquoi composter/,
      /^Choisir son bac/,
      "Un bac à lombrics",
      "Un bokashi",
      /^Les erreurs/,
    ]);
    await page.getByRole("button", { name: "Approve and write the article" }).click();
    await expectToast(page, "Outline approved", "The article is being written from it. You will be told when it is ready for review.");
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();

    // create_article, from the approved outline: the version appears by itself, with the client's plan.
    await page.getByRole("link", { name: "See the versions" }).click();
    await expect(versionRows(page)).toHaveCount(1, { timeout: 30_000 });
    await expect(renderedArticle(page).getByRole("heading", { level: 1 })).toHaveText("Le compost en appartement");
    await expect(renderedArticle(page).getByRole("heading", { level: 2 })).toHaveText([
      "Pourquoi composter",
      "Choisir son bac",
      "Les erreurs à éviter",
    ]);
    await expect(renderedArticle(page).getByRole("heading", { level: 3 })).toHaveText(["Un bac à lombrics", "Un bokashi"]);
    // The bell rings with it (issue 16): the screen's refresh brought the number too; and an e-mail leads to the review.
    await expect(bell).toHaveAccessibleName("Notifications (1)");
    await expect(bell).toHaveText("1");
    await expect
      .poll(() =>
        readOutbox(own.email, own.dataDir).map((mail) => mail.body.includes("est prêt à relire") && /\/review\/\d+/.test(mail.body)),
      )
      .toContain(true);
    expect(readOutbox(own.email, own.dataDir).some((mail) => mail.body.includes(`/sites/${siteId}/pages/${pageId}/outline`))).toBe(true);

    // modify_articles_with_instructions, in place, with highlight: the new passage comes back marked.
    const form = modifySection(page);
    await form.getByLabel("Comments to modify").fill("Ajoute un mot sur les odeurs");
    await form.getByRole("switch", { name: "Highlight modifications", exact: true }).click();
    await form.getByRole("switch", { name: "Create new version", exact: true }).click();
    await form.getByRole("button", { name: "Update version" }).click();
    await expectToast(page, "Version updated successfully");
    const marked = renderedArticle(page).locator("mark");
    await expect(marked).toHaveText("As requested (Ajoute un mot sur les odeurs), this passage was added by the editor.", {
      timeout: 30_000,
    });
    await expect(marked).toHaveCount(1);
    // In place: still one version, whose earlier text is kept.
    await expect(versionRows(page)).toHaveCount(1);
    await expect(bell).toHaveAccessibleName("Notifications (2)");

    // The full list: the outline's read (its screen was opened), the two others marked read from there.
    await open(page, "/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link")).toHaveCount(3);
    await expect(page.getByRole("main").getByText("2 non lues.")).toBeVisible();
    await page.getByRole("button", { name: "Tout marquer comme lu" }).click();
    await expectToast(page, "Toutes les notifications sont lues");
    await expect(bell).toHaveAccessibleName("Notifications (0)");
    await expect(page.getByRole("main").getByText("Tout est lu.")).toBeVisible();
    // The bell's list: newest first; a line leads to the version to review.
    const list = await openMenu(page, bell);
    const lines = list.getByRole("menuitem").filter({ hasText: "Le compost en appartement" });
    await expect(lines).toHaveText([
      /La révision de « Le compost en appartement » est prête à relire/,
      /L'article « Le compost en appartement » est prêt à relire/,
      /Le plan de « Le compost en appartement » est prêt à valider/,
    ]);
    await lines.first().click();
    await expect(page).toHaveURL(/\/review\/\d+$/);

    // create_cover_image: two propositions appear at the site's cover size.
    await open(page, `/sites/${siteId}/pages/${pageId}/images`);
    await page.getByLabel("Number of images").fill("2");
    await page.getByRole("button", { name: "Generate Image" }).click();
    await expectToast(page, "Image generation requested successfully");
    const propositions = page.getByRole("list", { name: "Image propositions" }).getByRole("img");
    await expect(propositions).toHaveCount(2, { timeout: 30_000 });
    const size = await propositions.first().evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([1200, 630]);
    expect(images.requests[0]).toMatchObject({ n: 2, size: "1536x1024" });

    // Each request is ready; what it cost stays with the team.
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    const requests = page.getByRole("list", { name: "Requests" });
    for (const kind of ["Article outline", "Article creation", "Article modification", "Cover image"]) {
      await expect(requests.getByRole("listitem").filter({ hasText: kind })).toContainText("Ready");
    }
    await expect(page.getByRole("main")).not.toContainText(/\$\d|tokens/);
  } catch (error) {
    await test.info().attach("server output", { body: own.server.output(), contentType: "text/plain" });
    throw error;
  } finally {
    await own.close();
    await openRouter.close();
    await images.close();
  }
});

test("a failed cover image request reads as delayed (never the provider's reason), on the page and on the images screen, and Retry makes the images", async ({
  browser,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  const images = await startFakeImages();
  // The first two requests are refused (a permanent failure), the next ones succeed.
  const refused = { status: 400, body: JSON.stringify({ error: { message: "Invalid size" } }) };
  images.next.push(refused, refused);
  const own = await serverWithProviders(browser, clientAddress, {
    tag: "image-retry",
    fullName: "Rémi Essai",
    env: { IMAGES_API_KEY: images.apiKey, IMAGES_API_URL: images.url },
  });
  try {
    const { page } = own;
    const { siteId, pageId } = await createSiteWithPage(page);
    await open(page, `/sites/${siteId}/pages/${pageId}/images`);
    await page.getByLabel("Number of images").fill("1");
    await page.getByRole("button", { name: "Generate Image" }).click();
    await expectToast(page, "Image generation requested successfully");
    // The client is told the request is delayed and the team is on it, never the provider's answer.
    const alert = page.getByTestId("delayed-work").filter({ hasText: "The last cover image request is delayed: the team is on it." });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("main")).not.toContainText(/image API|gpt-image|400/);

    // Retry from the page's requests: queued again, refused again.
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    const request = page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Cover image" });
    await expect(request).toContainText("Delayed, the team is on it");
    await request.getByRole("button", { name: "Retry" }).click();
    await expectToast(page, "Request queued again");
    await expect.poll(() => images.requests.length, { timeout: 20_000 }).toBe(2);
    await expect(request.getByRole("button", { name: "Retry" })).toBeVisible({ timeout: 20_000 });
    await expect(request).toContainText("Delayed, the team is on it");

    // Retry from the images screen: this time the images are made.
    await open(page, `/sites/${siteId}/pages/${pageId}/images`);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expectToast(page, "Request queued again");
    await expect(page.getByRole("list", { name: "Image propositions" }).getByRole("img")).toHaveCount(1, { timeout: 20_000 });
    await expect(alert).toHaveCount(0);
  } finally {
    await own.close();
    await images.close();
  }
});
