/**
 * The page versions screen (spec part 2, sections 2, 4, 5, 8 and 9; issue 3): writing the first version
 * by hand (HTML or Markdown), the rendered and code views, editing that saves a NEW version, the
 * side-by-side comparison, deleting with the newest remaining version becoming active, the Modify
 * Versions form, 'Create new page version', untrusted article HTML that must not run, and ownership.
 */
import { startFakeOpenRouter } from "../fakes/openrouter";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, failedResource, test } from "./support/fixtures";
import { serverWithProviders } from "./support/provider-server";
import { expectToast, open, openDocument } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";
import {
  activeRow,
  addVersionByRequest,
  createSiteWithPage,
  expectActive,
  modifySection,
  openVersions,
  postVersionsForm,
  renderedArticle,
  replaceEditorText,
  rowIds,
  rowOf,
  sourceView,
  VERSION_LABEL,
  versionRows,
  versionsPath,
  versionsSection,
  viewer,
} from "./support/versions";

const ARTICLE = `<h1>Le guide du compost</h1>
<p>Un bon compost demande de la patience.</p>
<h2>Les bases</h2>
<ul>
  <li>Mélanger vert et brun</li>
  <li>Aérer chaque semaine</li>
</ul>`;

/** A button of the viewer's toolbar, by its exact name. */
const pressed = (page: Page, name: string) => viewer(page).getByRole("button", { name, exact: true });

test.describe("writing the first version", () => {
  test("a person adds the first version from pasted HTML; the rendered view shows it and the code view its source", async ({
    signedInPage: page,
  }) => {
    const { siteId, pageId, pageName } = await createSiteWithPage(page);
    await openVersions(page, siteId, pageId);

    await expect(page.getByRole("heading", { level: 1, name: `${pageName} - Versions` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Back to ${pageName}` })).toHaveAttribute("href", `/sites/${siteId}/pages/${pageId}`);
    await expect(versionsSection(page).getByText("No versions found")).toBeVisible();
    await expect(modifySection(page).getByText("No versions available to modify.")).toBeVisible();
    await expect(viewer(page).getByRole("button", { name: "Compare Versions" })).toBeDisabled();
    await expect(viewer(page).getByRole("button", { name: "Edit" })).toBeDisabled();

    await page.getByRole("button", { name: "Add version from HTML" }).click();
    const dialog = page.getByRole("dialog", { name: "Add version from HTML" });
    await expect(dialog.getByRole("radio", { name: "HTML" })).toBeChecked();
    // Nothing pasted: said in the dialog, nothing sent.
    await dialog.getByRole("button", { name: "Save as new version" }).click();
    await expect(dialog.getByText("Paste some content first.")).toBeVisible();
    await dialog.getByLabel("HTML content").fill(ARTICLE);
    await dialog.getByRole("button", { name: "Save as new version" }).click();
    await expectToast(page, "HTML content updated successfully");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await expect(versionRows(page)).toHaveCount(1);
    await expect(activeRow(page).getByRole("button", { name: VERSION_LABEL })).toHaveAttribute("aria-current", "true");
    await expect(renderedArticle(page).getByRole("heading", { level: 1, name: "Le guide du compost" })).toBeVisible();
    await expect(renderedArticle(page).getByRole("listitem")).toHaveText(["Mélanger vert et brun", "Aérer chaque semaine"]);
    await expect(pressed(page, "Rendered")).toHaveAttribute("aria-pressed", "true");
    await expect(modifySection(page).getByTestId("version-to-modify")).toHaveText(VERSION_LABEL);
    // One version: nothing to compare with yet.
    await expect(viewer(page).getByRole("button", { name: "Compare Versions" })).toBeDisabled();

    await pressed(page, "Code").click();
    await expect(pressed(page, "Code")).toHaveAttribute("aria-pressed", "true");
    const source = sourceView(page);
    await expect(source).toContainText("<h1>Le guide du compost</h1>");
    await expect(source).toContainText("<li>Aérer chaque semaine</li>");
    await expect(renderedArticle(page)).toHaveCount(0);

    // After a reload the version is still there, newest active.
    await openVersions(page, siteId, pageId);
    await expect(versionRows(page)).toHaveCount(1);
    await expect(renderedArticle(page)).toContainText("Un bon compost demande de la patience.");
  });

  test("Markdown is converted to HTML on the server", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    await openVersions(page, siteId, pageId);
    await page.getByRole("button", { name: "Add version from HTML" }).click();
    const dialog = page.getByRole("dialog", { name: "Add version from HTML" });
    await dialog.getByRole("radio", { name: "Markdown" }).check();
    await dialog.getByLabel("Markdown content").fill("# Titre en Markdown\n\nUn paragraphe avec **du gras**.\n\n- premier\n- second\n");
    await dialog.getByRole("button", { name: "Save as new version" }).click();
    await expectToast(page, "HTML content updated successfully");

    await expect(renderedArticle(page).getByRole("heading", { level: 1, name: "Titre en Markdown" })).toBeVisible();
    await expect(renderedArticle(page).locator("strong")).toHaveText("du gras");
    await expect(renderedArticle(page).getByRole("listitem")).toHaveText(["premier", "second"]);
    await pressed(page, "Code").click();
    await expect(sourceView(page)).toContainText("<h1>Titre en Markdown</h1>");
    await expect(sourceView(page)).toContainText("<strong>du gras</strong>");
  });
});

test.describe("editing and comparing", () => {
  test("editing saves a NEW version that becomes active, shown rendered; the old one stays", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    const first = await addVersionByRequest(page, siteId, pageId, "<h1>Première version</h1>\n<p>Ancien texte.</p>");
    await openVersions(page, siteId, pageId);
    await expectActive(page, first);

    await pressed(page, "Code").click();
    await viewer(page).getByRole("button", { name: "Edit" }).click();
    // While editing: the toggle and the comparison wait, the rows are locked, and Add version waits.
    await expect(pressed(page, "Rendered")).toBeDisabled();
    await expect(pressed(page, "Code")).toBeDisabled();
    await expect(viewer(page).getByRole("button", { name: "Compare Versions" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add version from HTML" })).toBeDisabled();
    await expect(versionsSection(page).getByText("Finish or cancel editing to switch versions.")).toBeVisible();

    // Cancel leaves everything as it was.
    await replaceEditorText(page, "<p>Abandonné</p>");
    const editor = viewer(page).getByRole("textbox", { name: "HTML code" });
    await expect(editor).toHaveText("<p>Abandonné</p>");
    // Undo brings the text back, redo replays the change.
    await page.keyboard.press("ControlOrMeta+z");
    await expect(editor).toContainText("Ancien texte.");
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expect(editor).toHaveText("<p>Abandonné</p>");
    await viewer(page).getByRole("button", { name: "Cancel" }).click();
    await expect(versionRows(page)).toHaveCount(1);
    await expect(sourceView(page)).toContainText("Ancien texte.");

    await viewer(page).getByRole("button", { name: "Edit" }).click();
    await replaceEditorText(page, "<h1>Deuxième version</h1>\n<p>Nouveau texte.</p>");
    // The meta description (issue 15): none written yet, the start of the text stands in; too long is refused.
    const description = viewer(page).getByRole("textbox", { name: "Meta description" });
    await expect(description).toHaveValue("");
    await expect(description).toHaveAttribute("placeholder", "Ancien texte.");
    await description.fill("Trop long ".repeat(17));
    await expect(viewer(page).getByText("169/160")).toBeVisible();
    await viewer(page).getByRole("button", { name: "Modify", exact: true }).click();
    await expect(viewer(page).getByText("The meta description must be at most 160 characters.")).toBeVisible();
    await expect(description).toHaveAttribute("aria-invalid", "true");
    await expect(versionRows(page)).toHaveCount(1);
    await description.fill("La deuxième version, en une phrase.");
    await viewer(page).getByRole("button", { name: "Modify", exact: true }).click();
    await expectToast(page, "HTML content updated successfully");

    await expect(versionRows(page)).toHaveCount(2);
    const [newest, older] = await rowIds(page);
    expect(older).toBe(first);
    expect(newest).toBeGreaterThan(first);
    await expectActive(page, newest);
    // The view switched to rendered.
    await expect(pressed(page, "Rendered")).toHaveAttribute("aria-pressed", "true");
    await expect(renderedArticle(page).getByRole("heading", { name: "Deuxième version" })).toBeVisible();
    const shown = viewer(page).getByTestId("meta-description");
    await expect(shown).toContainText("La deuxième version, en une phrase.");
    await expect(shown).toContainText("35/160");

    // The first version is unchanged: click its row (or use the keyboard) to see it.
    await rowOf(page, first).click();
    await expectActive(page, first);
    await expect(renderedArticle(page).getByRole("heading", { name: "Première version" })).toBeVisible();
    await expect(shown).toContainText("None written: the start of the text stands in: Ancien texte.");
    await activeRow(page).getByRole("button", { name: VERSION_LABEL }).focus();
    await page.keyboard.press("ArrowUp");
    await expectActive(page, newest);
    await expect(activeRow(page).getByRole("button", { name: VERSION_LABEL })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expectActive(page, first);
  });

  test("compare shows a side-by-side line diff of the sources, and says when versions are identical", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    const v1 = await addVersionByRequest(page, siteId, pageId, "<h1>Titre</h1>\n<p>Ligne ancienne</p>\n<p>Fin</p>");
    const v2 = await addVersionByRequest(
      page,
      siteId,
      pageId,
      "<h1>Titre</h1>\n<p>Ligne nouvelle</p>\n<script>window.__xss=3</script>\n<p>Fin</p>",
    );
    const v3 = await addVersionByRequest(
      page,
      siteId,
      pageId,
      "<h1>Titre</h1>\n<p>Ligne nouvelle</p>\n<script>window.__xss=3</script>\n<p>Fin</p>",
    );
    await openVersions(page, siteId, pageId);
    expect(await rowIds(page)).toEqual([v3, v2, v1]);

    await viewer(page).getByRole("button", { name: "Compare Versions" }).click();
    await expect(viewer(page).getByRole("button", { name: "Compare Versions" })).toHaveAttribute("aria-pressed", "true");
    // Comparing: the toggle waits and Edit is unavailable.
    await expect(pressed(page, "Rendered")).toBeDisabled();
    await expect(viewer(page).getByRole("button", { name: "Edit" })).toBeDisabled();
    // By default against the version just before the active one (v2, identical to v3).
    await expect(viewer(page).getByRole("status").filter({ hasText: "The versions are identical" })).toBeVisible();

    // Against the first version: a line diff.
    await viewer(page).getByRole("combobox", { name: "Compare with" }).click();
    const options = page.getByRole("option");
    await expect(options).toHaveCount(2);
    await options.last().click();
    const diff = viewer(page).getByRole("table", { name: "Differences between the two versions" });
    await expect(diff.getByRole("columnheader", { name: /Previous Version/ })).toBeVisible();
    await expect(diff.getByRole("columnheader", { name: /Current Version/ })).toBeVisible();
    await expect(diff.locator('[data-diff="removed"]')).toHaveText([/<p>Ligne ancienne<\/p>$/]);
    await expect(diff.locator('[data-diff="added"]')).toHaveText([/<p>Ligne nouvelle<\/p>/, /<script>window.__xss=3<\/script>/]);
    await expect(diff.locator('[data-diff="unchanged"]')).toHaveCount(4);
    // Removed lines in red on the left, added in green on the right.
    const removedColor = await diff
      .locator('[data-diff="removed"]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const addedColor = await diff
      .locator('[data-diff="added"]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(removedColor).not.toBe(addedColor);
    expect(await diff.locator("tbody tr").first().locator('[data-diff="removed"], [data-diff="added"]').count()).toBe(0);
    // The source is shown as text: the script never runs.
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();

    // The chosen version deleted meanwhile: 'Version not found' until another one is chosen.
    await rowOf(page, v1)
      .getByRole("button", { name: /^Delete / })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Version deleted successfully");
    await expect(viewer(page).getByRole("alert").filter({ hasText: "Version not found" })).toBeVisible();
    await viewer(page).getByRole("combobox", { name: "Compare with" }).click();
    await page.getByRole("option").first().click();
    await expect(viewer(page).getByRole("status").filter({ hasText: "The versions are identical" })).toBeVisible();

    // Leaving the comparison brings the toggle back.
    await viewer(page).getByRole("button", { name: "Compare Versions" }).click();
    await expect(pressed(page, "Rendered")).toBeEnabled();
    await expect(diff).toHaveCount(0);
  });
});

test.describe("telling versions apart", () => {
  test("versions saved in the same minute have labels of their own, in the table and in 'Compare with'", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push(await addVersionByRequest(page, siteId, pageId, `<p>Version ${n}</p>`));
    await openVersions(page, siteId, pageId);
    expect(await rowIds(page)).toEqual([...ids].reverse());

    const labels = await versionRows(page).getByRole("button", { name: VERSION_LABEL }).allTextContents();
    expect(labels).toHaveLength(3);
    expect(new Set(labels).size, `three different labels: ${labels.join(" | ")}`).toBe(3);
    for (const label of labels) expect(label).toMatch(VERSION_LABEL);

    await viewer(page).getByRole("button", { name: "Compare Versions" }).click();
    await viewer(page).getByRole("combobox", { name: "Compare with" }).click();
    const options = await page.getByRole("option").allTextContents();
    expect(options).toEqual(labels.slice(1));
    await page.keyboard.press("Escape");
    const diff = viewer(page).getByRole("table", { name: "Differences between the two versions" });
    await expect(diff.getByRole("columnheader", { name: /Previous Version/ })).toContainText(labels[1]);
    await expect(diff.getByRole("columnheader", { name: /Current Version/ })).toContainText(labels[0]);

    // The review screen names the version as the table does.
    await open(page, `/review/${ids[2]}`);
    await expect(page.getByText(labels[0], { exact: true })).toBeVisible();
  });
});

test.describe("deleting versions", () => {
  test("deleting asks first; deleting the active version activates the newest remaining one, or none", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    const v1 = await addVersionByRequest(page, siteId, pageId, "<p>un</p>");
    const v2 = await addVersionByRequest(page, siteId, pageId, "<p>deux</p>");
    const v3 = await addVersionByRequest(page, siteId, pageId, "<p>trois</p>");
    await openVersions(page, siteId, pageId);
    await expectActive(page, v3);

    // Cancel keeps it.
    await rowOf(page, v3)
      .getByRole("button", { name: /^Delete / })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this version?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(versionRows(page)).toHaveCount(3);

    // Deleting another version keeps the active one.
    await rowOf(page, v2).click();
    await expectActive(page, v2);
    await rowOf(page, v1)
      .getByRole("button", { name: /^Delete / })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Version deleted successfully");
    expect(await rowIds(page)).toEqual([v3, v2]);
    await expectActive(page, v2);

    // Deleting the active one: the newest remaining becomes active.
    await rowOf(page, v2)
      .getByRole("button", { name: /^Delete / })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Version deleted successfully");
    await expect(versionRows(page)).toHaveCount(1);
    await expectActive(page, v3);
    await expect(renderedArticle(page)).toHaveText("trois");

    // The last one: none active, the empty states.
    await rowOf(page, v3)
      .getByRole("button", { name: /^Delete / })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Version deleted successfully");
    await expect(versionsSection(page).getByText("No versions found")).toBeVisible();
    await expect(modifySection(page).getByText("No versions available to modify.")).toBeVisible();
    await expect(renderedArticle(page)).toHaveCount(0);

    // Deleting a version that is gone fails with the spec's text.
    const again = await postVersionsForm(page, siteId, pageId, { intent: "delete", versionId: String(v3) });
    expect(again.status()).toBe(404);
    expect(await again.text()).toContain("Failed to delete version");
  });
});

test.describe("asking for changes", () => {
  test("a request that asks for nothing is refused in the form with a clear message, and nothing is queued", async ({
    signedInPage: page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(400));
    const { siteId, pageId } = await createSiteWithPage(page);
    const target = await addVersionByRequest(page, siteId, pageId, "<p>À modifier</p>");
    await openVersions(page, siteId, pageId);
    const form = modifySection(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const message = "Say what should change in this version, or turn on 'Unhighlight modifications'.";

    // Switches alone (web search, highlight) ask for nothing to change.
    await form.getByRole("switch", { name: "Use web search", exact: true }).click();
    await form.getByRole("button", { name: "Update version" }).click();
    const comments = form.getByLabel("Comments to modify");
    await expect(comments).toHaveAccessibleDescription(message);
    await expect(comments).toHaveAttribute("aria-invalid", "true");
    await expect(comments).toBeFocused();
    await expect(page.getByText("Version updated successfully")).toHaveCount(0);
    expect(posts).toEqual([]);
    // Typing clears the message.
    await comments.fill("Plus court");
    await expect(comments).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(message)).toHaveCount(0);

    // The server holds the same rule, and queues nothing.
    const refused = await postVersionsForm(page, siteId, pageId, { intent: "modify", versionId: String(target), useWebSearch: "on" });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(message);
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await expect(page.getByRole("list", { name: "Requests" })).toHaveCount(0);
    await expect(page.getByText("No requests for this page yet.")).toBeVisible();

    // Only removing earlier highlights needs no comments.
    const unhighlight = await postVersionsForm(page, siteId, pageId, {
      intent: "modify",
      versionId: String(target),
      unhighlightModifications: "on",
    });
    expect(unhighlight.status()).toBe(200);
  });

  test("the Modify Versions form records the request on the active version and queues it", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    const example = await addVersionByRequest(page, siteId, pageId, "<p>Exemple de ton</p>");
    const target = await addVersionByRequest(page, siteId, pageId, "<p>À modifier</p>");
    await openVersions(page, siteId, pageId);
    await expectActive(page, target);

    const form = modifySection(page);
    await expect(form.getByTestId("version-to-modify")).toHaveText(VERSION_LABEL);
    await form.getByLabel("Comments to modify").fill("Raccourcir l'introduction et ajouter une section sur les prix.");
    // A new version is the default: the version the request starts from is kept (issue 38).
    await expect(form.getByRole("switch", { name: "Create new version", exact: true })).toHaveAttribute("aria-checked", "true");
    for (const name of ["Use web search", "Highlight modifications"]) {
      const toggle = form.getByRole("switch", { name, exact: true });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-checked", "true");
    }
    await expect(form.getByRole("switch", { name: "Unhighlight modifications" })).toHaveAttribute("aria-checked", "false");
    await form.getByRole("combobox", { name: "Example version" }).click();
    // The version to modify is not offered as its own example.
    await expect(page.getByRole("option")).toHaveText(["None", VERSION_LABEL]);
    await page.getByRole("option").last().click();
    await form.getByRole("button", { name: "Update version" }).click();
    await expectToast(page, "New version requested", "It is being written; the version you chose stays as it is.");
    // Recorded on the version (its last request, whole), and the form is fresh again.
    await form.getByText("Last request").click();
    await expect(form.getByText("Raccourcir l'introduction et ajouter une section sur les prix.")).toBeVisible();
    await expect(form.getByLabel("Comments to modify")).toHaveValue("");
    await expect(form.getByRole("switch", { name: "Use web search" })).toHaveAttribute("aria-checked", "false");

    // The server refuses a request without a version, and an example from another page.
    const noVersion = await postVersionsForm(page, siteId, pageId, { intent: "modify", commentsToModify: "x" });
    expect(noVersion.status()).toBe(400);
    const noVersionText = await noVersion.text();
    expect(noVersionText).toContain("Please select a version to modify");
    expect(noVersionText).toContain('"Error"');
    const other = await createSiteWithPage(page);
    const foreignExample = await addVersionByRequest(page, other.siteId, other.pageId, "<p>ailleurs</p>");
    const badExample = await postVersionsForm(page, siteId, pageId, {
      intent: "modify",
      versionId: String(target),
      commentsToModify: "Plus court",
      exampleVersionId: String(foreignExample),
    });
    expect(badExample.status()).toBe(400);
    expect(await badExample.text()).toContain("Failed to update version");
    // A version of another page cannot be modified from this page's screen.
    const wrongPage = await postVersionsForm(page, siteId, pageId, {
      intent: "modify",
      versionId: String(foreignExample),
      commentsToModify: "Plus court",
    });
    expect(wrongPage.status(), await wrongPage.text()).toBe(404);
    void example;
  });

  test("'Create new page version' queues an article creation", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    await openVersions(page, siteId, pageId);
    await page.getByRole("button", { name: "Create new page version" }).click();
    await expectToast(page, "New page action created successfully");
  });
});

test.describe("untrusted article HTML", () => {
  test("scripts, event handlers and javascript: links in an article do not run in the viewer", async ({
    signedInPage: page,
    consoleGuard,
  }) => {
    // The harmless relative image 'x' is requested (and not found).
    consoleGuard.allow(failedResource(404));
    const { siteId, pageId } = await createSiteWithPage(page);
    const payload = [
      "<h1>Article piégé</h1>",
      "<script>window.__xss=1</script>",
      '<img src=x onerror="window.__xss=2">',
      '<a href="javascript:alert(1)">Cliquez ici</a>',
      '<p onclick="window.__xss=4">Texte sûr</p>',
      '<iframe src="https://evil.example.com/frame"></iframe>',
    ].join("\n");
    await addVersionByRequest(page, siteId, pageId, payload);
    page.on("dialog", (dialog) => void dialog.dismiss());
    await openVersions(page, siteId, pageId);

    const article = renderedArticle(page);
    await expect(article.getByRole("heading", { name: "Article piégé" })).toBeVisible();
    await expect(article.getByText("Texte sûr")).toBeVisible();
    await expect(article.getByText("Cliquez ici")).toBeVisible();
    await article.getByText("Cliquez ici").click();
    await article.getByText("Texte sûr").click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('[href^="javascript:" i]').count()).toBe(0);
    expect(await article.locator("script, [onerror], [onclick], iframe[src]").count()).toBe(0);
    // Nor in the first HTML the server sent.
    const html = await (await page.request.get(versionsPath(siteId, pageId))).text();
    expect(html).not.toMatch(/<a[^>]+href="javascript:/i);
    expect(html).not.toMatch(/<img[^>]+onerror=/i);

    // The code view shows the stored source as text.
    await viewer(page).getByRole("button", { name: "Code", exact: true }).click();
    await expect(sourceView(page)).toContainText("<script>window.__xss=1</script>");
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });
});

test.describe("ownership", () => {
  test("another account gets 'Page not found' with the permission wording and changes nothing", async ({
    signedInPage: alice,
    openContext,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(404));
    const { siteId, pageId } = await createSiteWithPage(alice);
    const v1 = await addVersionByRequest(alice, siteId, pageId, "<p>Privé</p>");

    const { page: bob } = await openContext();
    await createSignedInAccount(bob, newAccount({ fullName: "Bob Martin" }));
    const response = await openDocument(bob, versionsPath(siteId, pageId));
    expect(response?.status()).toBe(404);
    await expect(bob.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(bob.getByText("The requested page does not exist or you don't have permission to access it.")).toBeVisible();
    await expect(bob.getByText("Privé")).toHaveCount(0);

    const attempts: Record<string, string>[] = [
      { intent: "add-html", format: "html", content: "<p>Bob</p>" },
      { intent: "save-edit", versionId: String(v1), html: "<p>Bob</p>" },
      { intent: "delete", versionId: String(v1) },
      { intent: "modify", versionId: String(v1), commentsToModify: "Bob" },
      { intent: "create-new-version" },
    ];
    for (const fields of attempts) {
      const answer = await postVersionsForm(bob, siteId, pageId, fields);
      expect(answer.status(), fields.intent).toBe(404);
      expect(await answer.text()).toContain("you don't have permission");
    }
    // Nor can Bob read the earlier texts of Alice's version.
    const history = await bob.request.get(`/api/versions/${v1}/history`, { failOnStatusCode: false });
    expect(history.status()).toBe(404);
    expect(await history.json()).toEqual({ ok: false, texts: [] });

    // A page of Alice's under another site id is not found either, even for her.
    const other = await createSiteWithPage(alice);
    const wrongSite = await openDocument(alice, versionsPath(other.siteId, pageId));
    expect(wrongSite?.status()).toBe(404);
    await expect(alice.getByRole("heading", { name: "Page not found" })).toBeVisible();

    await openVersions(alice, siteId, pageId);
    expect(await rowIds(alice)).toEqual([v1]);
    await expect(renderedArticle(alice)).toHaveText("Privé");
    await expect(modifySection(alice).getByText(/Last request/)).toHaveCount(0);
  });
});

test.describe("modification in the background", () => {
  test("a modification that replaces the text appears without a reload, and the earlier text stays readable", async ({
    browser,
    clientAddress,
  }) => {
    test.setTimeout(90_000);
    const openRouter = await startFakeOpenRouter();
    openRouter.answer = () =>
      "<h1>Le guide du compost</h1><p>Un compost réussi demande trois mois de patience.</p><h2>Les bases</h2><p>Aérer.</p>";
    const own = await serverWithProviders(browser, clientAddress, {
      tag: "modify",
      fullName: "Claire Petit",
      env: { OPENROUTER_API_KEY: openRouter.apiKey, OPENROUTER_BASE_URL: openRouter.baseUrl },
    });
    try {
      const { page } = own;
      const { siteId, pageId } = await createSiteWithPage(page);
      const versionId = await addVersionByRequest(page, siteId, pageId, ARTICLE);
      await openVersions(page, siteId, pageId);
      await expect(page.getByRole("button", { name: /Earlier texts/ })).toHaveCount(0);

      await modifySection(page).getByLabel("Comments to modify").fill("Parle de la durée.");
      // In place: the switch is turned off (a new version is the default).
      await modifySection(page).getByRole("switch", { name: "Create new version", exact: true }).click();
      await modifySection(page).getByRole("button", { name: "Update version" }).click();
      await expectToast(page, "Version updated successfully");
      // No reload: the screen reads its data again while the request is queued or running.
      await expect(renderedArticle(page)).toContainText("trois mois de patience", { timeout: 20_000 });
      await expect(page.getByTestId("pending-work")).toHaveCount(0);
      expect(await rowIds(page)).toEqual([versionId]);
      await expect(rowOf(page, versionId)).toContainText("1 earlier text");

      await page.getByRole("button", { name: "Earlier texts (1)" }).click();
      const earlier = page.getByRole("list", { name: "Earlier texts" }).getByRole("listitem");
      await expect(earlier).toHaveCount(1);
      await earlier.getByRole("button", { name: /^View the text replaced on/ }).click();
      await expect(earlier.locator(".article-content")).toContainText("Un bon compost demande de la patience.");
      await earlier.getByRole("button", { name: /^Hide the text replaced on/ }).click();
      await expect(earlier.locator(".article-content")).toHaveCount(0);

      // The earlier text can come back, as a new version that becomes the active one.
      await earlier.getByRole("button", { name: /^Restore the text replaced on .* as a new version$/ }).click();
      await expectToast(page, "Earlier text restored as a new version");
      await expect(versionRows(page)).toHaveCount(2);
      const restoredId = (await rowIds(page))[0];
      expect(restoredId).not.toBe(versionId);
      await expectActive(page, restoredId);
      await expect(renderedArticle(page)).toContainText("Un bon compost demande de la patience.");

      // What the AI work cost (the fake reports $0.0015 and 100 tokens per answer) is the team's, not shown here.
      await open(page, `/sites/${siteId}`);
      await expect(page.getByRole("main")).not.toContainText(/\$0\.0015|0,0015\s\$|100 tokens/);
    } finally {
      await own.close();
      await openRouter.close();
    }
  });
});

test.describe("accessibility", () => {
  test("the screen has no axe violations (empty, with versions, the dialog, code, edit and compare)", async ({ signedInPage: page }) => {
    const { siteId, pageId } = await createSiteWithPage(page);
    await openVersions(page, siteId, pageId);
    await expectNoAxeViolations(page, "no versions");
    await page.getByRole("button", { name: "Add version from HTML" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "the Add version dialog");
    await page.keyboard.press("Escape");

    await addVersionByRequest(page, siteId, pageId, ARTICLE);
    await addVersionByRequest(page, siteId, pageId, ARTICLE.replace("patience", "constance"));
    await openVersions(page, siteId, pageId);
    await expect(renderedArticle(page)).toBeVisible();
    await expectNoAxeViolations(page, "rendered view");
    await pressed(page, "Code").click();
    await expect(page.locator('[data-code-editor="ready"]')).toBeVisible();
    await expectNoAxeViolations(page, "code view");
    await viewer(page).getByRole("button", { name: "Edit" }).click();
    await expect(page.locator('[data-code-editor="ready"]')).toBeVisible();
    await expectNoAxeViolations(page, "editing");
    await viewer(page).getByRole("button", { name: "Cancel" }).click();
    await viewer(page).getByRole("button", { name: "Compare Versions" }).click();
    await expect(viewer(page).getByRole("table", { name: "Differences between the two versions" })).toBeVisible();
    await expectNoAxeViolations(page, "compare");
  });
});

test.describe("on a phone", () => {
  /** Whether the document scrolls sideways (the screen wider than the window). */
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test("nothing scrolls the screen sideways at 390 or 484 pixels, a long page name wraps (empty, rendered, code, compare)", async ({
    signedInPage: page,
  }) => {
    const { siteId, pageId, pageName } = await createSiteWithPage(page, {
      pageName: `Le guide complet de la fermentation au levain naturel pour les boulangers amateurs ${Date.now().toString(36)}`,
    });
    for (const width of [390, 484]) {
      await page.setViewportSize({ width, height: 844 });
      await openVersions(page, siteId, pageId);
      await expect(page.getByRole("link", { name: `Back to ${pageName}` })).toBeVisible();
      expect(await sideways(page), `no sideways scrolling at ${width} px (empty)`).toBeLessThanOrEqual(0);
    }
    await addVersionByRequest(page, siteId, pageId, ARTICLE);
    await addVersionByRequest(page, siteId, pageId, ARTICLE.replace("patience", "constance et une attention de tous les instants"));
    await page.setViewportSize({ width: 390, height: 844 });
    await openVersions(page, siteId, pageId);
    await expect(renderedArticle(page)).toBeVisible();
    expect(await sideways(page), "no sideways scrolling (rendered)").toBeLessThanOrEqual(0);
    // The link back wraps inside the window.
    const back = await page.getByRole("link", { name: `Back to ${pageName}` }).boundingBox();
    expect(back!.x + back!.width).toBeLessThanOrEqual(390);
    await pressed(page, "Code").click();
    await expect(page.locator('[data-code-editor="ready"]')).toBeVisible();
    expect(await sideways(page), "no sideways scrolling (code)").toBeLessThanOrEqual(0);
    await viewer(page).getByRole("button", { name: "Compare Versions" }).click();
    await expect(viewer(page).getByRole("table", { name: "Differences between the two versions" })).toBeVisible();
    expect(await sideways(page), "no sideways scrolling (compare)").toBeLessThanOrEqual(0);
  });
});
