/**
 * Issue 15, a site's WordPress connection, as a client sets it up: from the site's page to its Publishing
 * screen; a form refused in place; 'Connect and test' against a fake WordPress speaking the REST API (the
 * user's name comes back, the password field is empty again and says one is stored); a wrong password and a
 * security plugin's page said plainly; 'Disconnect' asks first. Then a page published from its detail screen:
 * one post on WordPress, updated (never duplicated) by a later publish; a post deleted on WordPress said plainly,
 * and made again on request. Works on a phone.
 */
import { verifyWebhookSignature } from "../../app/services/publishing/webhook.server";
import { startFakeWebhook } from "../fakes/webhook";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { expect, failedResource, test } from "./support/fixtures";
import { addVersionByRequest, createPageByRequest, createSite, unique } from "./support/pages";
import { postReviewAction, stateBadge } from "./support/review";
import { expectToast, open, waitForHydration } from "./support/ui";
import { openVersions, replaceEditorText, rowIds, rowOf, viewer } from "./support/versions";

const PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";

let wp: FakeWordPress;
test.beforeAll(async () => {
  wp = await startFakeWordPress();
});
test.afterAll(() => wp.close());

test("a client connects the site's WordPress, tests it, sees each problem in plain words, and disconnects", async ({
  signedInPage: page,
  consoleGuard,
}) => {
  // The server's refusal of a form without a password is a 400, which Chrome logs; so is the import list's 502
  // when it is read again (after each action of the screen) while the site answers with a security plugin's page,
  // and its 409 when it is read again after 'Disconnect' (WordPress no longer connected).
  consoleGuard.allow(failedResource(400), failedResource(502), failedResource(409));
  const { siteId } = await createSite(page, unique("Publier"));
  await open(page, `/sites/${siteId}`);
  await expect(page.getByTestId("publishing-state")).toHaveText("Not connected");
  await page.getByRole("link", { name: /Publishing/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/publishing$`));
  await expect(page.getByRole("heading", { name: "Publishing", level: 1 })).toBeVisible();
  await expect(page.getByText("Not connected")).toBeVisible();
  await waitForHydration(page);

  // Refused in place: no user name, no password.
  const address = page.getByLabel("WordPress site address");
  await expect(address).toHaveValue(/^https:\/\/publier-.+\.example\.com$/);
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expect(page.getByLabel("WordPress user name")).toHaveAccessibleDescription("Enter the WordPress user name");
  await expect(page.getByLabel("WordPress user name")).toBeFocused();

  await address.fill(wp.url);
  await page.getByLabel("WordPress user name").fill("editor");
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expect(page.getByLabel("Application password")).toHaveAccessibleDescription(/^Enter the application password\./);
  await page.getByLabel("Application password").fill(PASSWORD);
  await page.getByLabel("Publish on approval").check();
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expectToast(page, "Connection saved", "Connected as Éditrice: ready to publish.");
  await expect(page.getByTestId("connection-check")).toContainText("Connected as Éditrice: ready to publish.");
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  const password = page.getByLabel("Application password");
  await expect(password).toHaveValue("");
  await expect(password).toHaveAttribute("placeholder", "Stored: leave empty to keep it");
  await expect(page.getByLabel("Publish on approval")).toBeChecked();
  expect(await page.content(), "the password never reaches the browser").not.toContain("EFGH");

  // Import: the site's existing posts, listed and searched on WordPress; the chosen one becomes a page.
  const existing = wp.addContent({ title: `Recette existante ${unique("r")}`, content: "<p>Déjà en ligne.</p>" });
  const importCard = page.getByRole("region", { name: "Import from WordPress" });
  await importCard.getByLabel("Search on WordPress").fill(existing.title);
  await importCard.getByRole("button", { name: "List the site's content" }).click();
  const line = importCard.getByRole("list", { name: "Content on WordPress" }).getByRole("listitem").filter({ hasText: existing.title });
  await expect(line).toHaveCount(1);
  await line.getByRole("checkbox").check();
  await importCard.getByRole("button", { name: "Import selected (1)" }).click();
  await expectToast(page, "1 page imported");
  await expect(line.getByRole("link", { name: "Already a page" })).toBeVisible();
  await expect(line.getByRole("checkbox")).toBeDisabled();

  // A wrong password: the stored one is replaced, and the screen says what is wrong.
  await password.fill("not the password");
  await page.getByRole("button", { name: "Save and test" }).click();
  await expectToast(page, "WordPress connection problem");
  await expect(page.getByTestId("connection-check")).toContainText("WordPress refused the user name or the application password.");
  await expect(page.getByText("Connection problem", { exact: true })).toBeVisible();
  await expect(password, "what was typed is not kept in the field").toHaveValue("");
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Save and test" }).click();
  await expect(page.getByTestId("connection-check")).toContainText("Connected as Éditrice");

  // The site changes: a security plugin answers with its own page.
  wp.fault = "html";
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection-check")).toContainText("a security plugin or a firewall may be blocking the API");
  wp.fault = "none";
  await open(page, `/sites/${siteId}`);
  await expect(page.getByTestId("publishing-state")).toHaveText("WordPress: connection problem");

  // Disconnect asks first; with the import list open (its list is read again after the action, and then said that
  // WordPress is no longer connected instead of replacing the screen with a 404: issue 37).
  await open(page, `/sites/${siteId}/publishing`);
  await waitForHydration(page);
  await importCard.getByRole("button", { name: "List the site's content" }).click();
  await expect(importCard.getByRole("list", { name: "Content on WordPress" }).getByRole("listitem").first()).toBeVisible();
  await page.getByRole("button", { name: "Disconnect" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Disconnect WordPress?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Connection problem", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Disconnect" }).click();
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expectToast(page, "Disconnected", "The connection and its stored secret were removed.");
  await expect(page.getByText("Not connected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect and test" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Test connection" })).toHaveCount(0);
});

test("a page is published to WordPress, updated in place, and made again after it was deleted there", async ({ signedInPage: page }) => {
  const { siteId } = await createSite(page, unique("Billets"));
  const pageId = await createPageByRequest(page, siteId, { name: "Pain au levain", url: "/blog/pain-au-levain" });
  await addVersionByRequest(page, siteId, pageId, "<h1>Le pain au levain</h1><p>Première version.</p>");

  // Not connected: the page says so and leads to the Publishing screen.
  await open(page, `/sites/${siteId}/pages/${pageId}`);
  await expect(page.getByTestId("wordpress-status")).toHaveText("Not published");
  await page.getByRole("link", { name: "Connect WordPress" }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/publishing$`));
  await waitForHydration(page);
  await page.getByLabel("WordPress site address").fill(wp.url);
  await page.getByLabel("WordPress user name").fill("editor");
  await page.getByLabel("Application password").fill(PASSWORD);
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expect(page.getByTestId("connection-check")).toContainText("Connected as Éditrice");

  // Published: one draft post (the site's default status), titled from the h1.
  const before = wp.content.size;
  await open(page, `/sites/${siteId}/pages/${pageId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Publish to WordPress" }).click();
  await expectToast(page, "Publishing to WordPress");
  await expect(page.getByTestId("wordpress-status")).toHaveText("Draft on WordPress", { timeout: 20_000 });
  await expect(page.getByText(/The newest version is on WordPress, published .+ by Camille Dupont\./)).toBeVisible();
  expect(wp.content.size).toBe(before + 1);
  const post = [...wp.content.values()].at(-1)!;
  expect(post).toMatchObject({ title: "Le pain au levain", content: "<p>Première version.</p>", slug: "pain-au-levain", status: "draft" });
  await expect(page.getByRole("link", { name: "View the post" })).toHaveAttribute("href", `${wp.url}/pain-au-levain/`);

  // A new version, published again: the same post, updated.
  await addVersionByRequest(page, siteId, pageId, "<h1>Le pain au levain</h1><p>Deuxième version.</p>");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(/An earlier version is on WordPress/)).toBeVisible();
  await page.getByRole("button", { name: "Publish the newest version again" }).click();
  await expect(page.getByText(/The newest version is on WordPress/)).toBeVisible({ timeout: 20_000 });
  expect(wp.content.size, "never a second post").toBe(before + 1);
  expect(wp.content.get(post.id)!.content).toBe("<p>Deuxième version.</p>");
  const updatedAt = wp.content.get(post.id)!.modified;
  await new Promise((resolve) => setTimeout(resolve, 1100)); // WordPress's times are to the second

  // From the versions screen too: the version shown is published over the same post.
  await open(page, `/sites/${siteId}/pages/${pageId}/page-versions`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Publish to WordPress" }).click();
  await expectToast(page, "Publishing to WordPress");
  await expect.poll(() => wp.content.get(post.id)!.modified, { timeout: 20_000 }).not.toBe(updatedAt);
  expect(wp.content.size, "still one post").toBe(before + 1);
  await open(page, `/sites/${siteId}/pages/${pageId}`);
  await waitForHydration(page);

  // Deleted on WordPress: the next publish says so, and makes it again when asked.
  wp.deleteRemotely(post.id);
  await page.getByRole("button", { name: "Publish the newest version again" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "The last publish failed." });
  await expect(failure).toContainText("The post was deleted on WordPress (or moved to its trash).", { timeout: 20_000 });
  // The page's requests point to the card that says why, not to the team.
  await expect(
    page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Publishing to WordPress" }).first(),
  ).toContainText("Not published, see why above");
  await failure.getByRole("button", { name: "Create it again" }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByText("Publishing to WordPress...")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/The newest version is on WordPress/)).toBeVisible();
  const remade = [...wp.content.values()].filter((c) => c.title === "Le pain au levain");
  expect(remade).toHaveLength(1);
  expect(remade[0]!.id).not.toBe(post.id);
});

test("a site without WordPress downloads a version as HTML or Markdown from the versions screen", async ({
  signedInPage: page,
  consoleGuard,
}) => {
  // Publishing without a connection is refused with a 400, which Chrome logs.
  consoleGuard.allow(failedResource(400));
  const { siteId } = await createSite(page, unique("Fichiers"));
  const pageId = await createPageByRequest(page, siteId, { name: "Croissants", url: "/blog/croissants" });
  const versionId = await addVersionByRequest(page, siteId, pageId, "<h1>Les croissants</h1><p>Feuilletés <strong>au beurre</strong>.</p>");
  await open(page, `/sites/${siteId}/pages/${pageId}/page-versions`);
  await waitForHydration(page);
  const [markdown] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download this version as Markdown" }).click(),
  ]);
  expect(markdown.suggestedFilename()).toBe(`croissants-${versionId}.md`);
  const fs = await import("node:fs/promises");
  expect(await fs.readFile((await markdown.path())!, "utf8")).toBe(
    '---\ntitle: "Croissants"\ndescription: "Feuilletés au beurre."\n---\n\n# Les croissants\n\nFeuilletés **au beurre**.\n',
  );
  const [html] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download this version as HTML" }).click(),
  ]);
  expect(html.suggestedFilename()).toBe(`croissants-${versionId}.html`);
  expect(await fs.readFile((await html.path())!, "utf8")).toContain("<h1>Les croissants</h1><p>Feuilletés <strong>au beurre</strong>.</p>");

  // Publishing needs the site's WordPress first, and says so.
  await page.getByRole("button", { name: "Publish to WordPress" }).click();
  await expectToast(page, "Not published", "Connect the site's WordPress (or set its webhook) first, on the site's Publishing screen.");
});

test("a site without WordPress publishes to its webhook: the secret shown once, a signed test event, a signed article", async ({
  signedInPage: page,
}) => {
  const hook = await startFakeWebhook();
  try {
    const { siteId } = await createSite(page, unique("Crochet"));
    const pageId = await createPageByRequest(page, siteId, { name: "Tomme", url: "/fromages/tomme" });
    await addVersionByRequest(page, siteId, pageId, "<h1>La tomme</h1><p>Une pâte <em>souple</em>.</p>");
    await open(page, `/sites/${siteId}/publishing`);
    await waitForHydration(page);
    await page.getByLabel("Webhook address").fill(hook.url);
    await page.getByRole("button", { name: "Use this webhook" }).click();
    await expectToast(page, "Webhook saved", "Copy its signing secret now: it is not shown again.");
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText("In use", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Send a test event" }).click();
    await expect(page.getByTestId("connection-check")).toContainText("The webhook answered HTTP 200: ready to publish.");
    const ping = hook.deliveries.at(-1)!;
    expect(verifyWebhookSignature(secret, ping.raw, String(ping.headers["x-webhook-signature"]))).toBe(true);
    await page.reload();
    await expect(page.getByTestId("webhook-secret"), "not shown again").toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send to the webhook" }).click();
    await expect(page.getByTestId("wordpress-status")).toHaveText("Sent as draft", { timeout: 20_000 });
    const article = hook.deliveries.at(-1)!;
    expect(article.body).toMatchObject({ event: "article.published", title: "La tomme", slug: "tomme", markdown: "Une pâte *souple*.\n" });
    expect(verifyWebhookSignature(secret, article.raw, String(article.headers["x-webhook-signature"]))).toBe(true);

    // Disconnecting asks first.
    await open(page, `/sites/${siteId}/publishing`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("alertdialog", { name: "Stop using this webhook?" }).getByRole("button", { name: "Disconnect" }).click();
    await expectToast(page, "Disconnected");
    await expect(page.getByText("Not in use", { exact: true })).toBeVisible();
  } finally {
    await hook.close();
  }
});

test("an edited copy of an approved version is told apart and needs its own approval: the Publish button says so", async ({
  signedInPage: page,
}) => {
  const hook = await startFakeWebhook();
  try {
    const { siteId } = await createSite(page, unique("Relu"));
    const pageId = await createPageByRequest(page, siteId, { name: "Comté", url: "/fromages/comte" });
    const approved = await addVersionByRequest(page, siteId, pageId, "<h1>Le comté</h1><p>Affiné douze mois.</p>");
    expect((await postReviewAction(page, approved, "approve")).status()).toBe(200);
    await open(page, `/sites/${siteId}/publishing`);
    await waitForHydration(page);
    await page.getByLabel("Webhook address").fill(hook.url);
    await page.getByRole("button", { name: "Use this webhook" }).click();
    await expectToast(page, "Webhook saved");
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await expect(page.getByRole("button", { name: "Send to the webhook", exact: true })).toBeVisible();

    // Edited after its approval: a new version, said to be an edit, whose review starts over.
    await openVersions(page, siteId, pageId);
    await viewer(page).getByRole("button", { name: "Code", exact: true }).click();
    await viewer(page).getByRole("button", { name: "Edit" }).click();
    await replaceEditorText(page, "<h1>Le comté</h1><p>Affiné dix-huit mois.</p>");
    await viewer(page).getByRole("button", { name: "Modify", exact: true }).click();
    await expectToast(page, "HTML content updated successfully");
    await expect.poll(() => rowIds(page)).toHaveLength(2);
    const [edited] = await rowIds(page);
    await expect(rowOf(page, edited!)).toContainText("First draft, edited");
    await expect(rowOf(page, approved)).not.toContainText("edited");
    await open(page, `/review/${edited}`);
    await expect(stateBadge(page)).toHaveText("Draft");
    await expect(page.getByRole("main").getByText(/· First draft, edited/)).toBeVisible();

    // The page detail says the newest version is not approved, on its button and in the toast.
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send to the webhook (not approved yet)" }).click();
    await expectToast(page, "Publishing to WordPress", /not approved yet/);
    await expect(page.getByTestId("wordpress-status")).toHaveText("Sent as draft", { timeout: 20_000 });
    expect(hook.deliveries.at(-1)!.body).toMatchObject({ version_id: edited });

    // Approved, the button says nothing more.
    expect((await postReviewAction(page, edited!, "approve")).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("button", { name: "Publish the newest version again", exact: true })).toBeVisible();
  } finally {
    await hook.close();
  }
});

test("the publishing screen is usable on a phone", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { siteId } = await createSite(page, unique("Mobile"));
  await open(page, `/sites/${siteId}/publishing`);
  await expect(page.getByRole("heading", { name: "Publishing", level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "no sideways scrolling").toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Connect and test" })).toBeVisible();
});
