/**
 * Issue 17, with the fakes and a simulated clock: the site's weekly checks run by themselves; the fakes answer the
 * page ranking 14th, then 6th (and the assistants and Google's AI Overview citing the site) after a version is
 * published. The Results screen shows the move, its chart marks the publication, the month's report prints, and
 * the monthly e-mail reaches the outbox with a link that unsubscribes without signing in. Issue 42: each share
 * with its number of answers and its 95% range, which figures are live, the AI Overview's line, and a change
 * called clear only when it is.
 */
import type { Locator, Page } from "@playwright/test";
import { startFakeDataForSeo } from "../fakes/dataforseo";
import { startFakeOpenRouter } from "../fakes/openrouter";
import { startFakeWebhook } from "../fakes/webhook";
import { fakeWriter } from "../fakes/writer";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { readOutbox } from "./support/mail";
import { createPageByRequest, slug, unique } from "./support/pages";
import { postReviewAction } from "./support/review";
import { createSiteByRequest, siteIdOf } from "./support/sites";
import { serverWithProviders } from "./support/provider-server";
import { TEST_SIGN_IN_HEADER, testSignInToken } from "./support/server";
import { expectToast, open, waitForHydration } from "./support/ui";
import { addVersionByRequest } from "./support/versions";

/** Moves the server's clock (its test-only route) and lets it claim the checks then due. */
async function clockTo(page: Page, iso: string) {
  const moved = await page.request.post("/__e2e/clock", { headers: { [TEST_SIGN_IN_HEADER]: testSignInToken() }, data: { to: iso } });
  expect(moved.status(), await moved.text()).toBe(200);
  return (await moved.json()) as { claims: { siteId: number; period: string; status: string; queued: number }[] };
}

/** Whether a part of the screen is shown whole: inside the window and not clipped by a scrolling box around it. */
async function expectShownWhole(part: Locator) {
  const clipped = await part.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.left < 0 || box.right > document.documentElement.clientWidth) return "outside the window";
    for (let around = element.parentElement; around; around = around.parentElement) {
      if (getComputedStyle(around).overflowX === "visible") continue;
      const frame = around.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1) return `clipped by ${around.tagName.toLowerCase()}.${around.className}`;
    }
    return null;
  });
  expect(clipped).toBeNull();
}

/** The months from `from`'s (UTC) to `to` ('YYYY-MM'), newest first, in words as the report's picker says them. */
function monthsSince(from: Date, to: string): string[] {
  const months: string[] = [];
  for (
    let at = new Date(`${to}-01T00:00:00Z`);
    at >= new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    at.setUTCMonth(at.getUTCMonth() - 1)
  )
    months.push(at.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }));
  return months;
}

/** The labels of a chart's marks (the days a version was approved or published). */
const markLabels = (chart: Locator) => chart.locator("svg text").filter({ hasText: /^(Approved|Published|Approved, published)$/ });

/** The chart's mark labels, as the browser lays them out, overlap nowhere. */
async function expectNoOverlappingLabels(chart: Locator) {
  const boxes = await markLabels(chart).evaluateAll((labels) =>
    labels.map((label) => {
      const box = label.getBoundingClientRect();
      return { text: label.textContent ?? "", left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
  const overlapping = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      .map((b) => `${a.text} / ${b.text}`),
  );
  expect(overlapping).toEqual([]);
}

test("weekly checks over simulated weeks show the page climbing after its publication, in the chart, the report and its e-mail", async ({
  browser,
  clientAddress,
}) => {
  test.setTimeout(150_000);
  const serp = await startFakeDataForSeo();
  const openRouter = await startFakeOpenRouter();
  const hook = await startFakeWebhook();
  let published = false;
  let siteUrl = "";
  serp.rank = () => ({ url: `${siteUrl}/blog/levain`, position: published ? 6 : 14 });
  serp.overviewCites = () => (published ? `${siteUrl}/blog/levain` : null);
  openRouter.answer = (model, question) => {
    const answer = fakeWriter(model, question);
    if (!answer.startsWith("Here is what") || !published) return answer;
    return `${answer} See also ${siteUrl}/blog/levain for a complete method.`;
  };
  const own = await serverWithProviders(browser, clientAddress, {
    tag: "results",
    fullName: "Rémi Résultats",
    env: {
      DATAFORSEO_LOGIN: serp.login,
      DATAFORSEO_PASSWORD: serp.password,
      DATAFORSEO_URL: serp.url,
      OPENROUTER_API_KEY: openRouter.apiKey,
      OPENROUTER_BASE_URL: openRouter.baseUrl,
      CHECKS_SPREAD_HOURS: "0",
    },
  });
  try {
    const { page } = own;
    // Its searches read the first two pages of results (20), where the page starts.
    const siteName = unique("Fournil");
    siteUrl = `https://${slug(siteName)}.example.com`;
    await createSiteByRequest(page, { url: siteUrl, name: siteName, extra: { serpsNbResults: "20" } });
    await open(page, "/sites");
    const siteId = await siteIdOf(page, siteName);
    const site = { siteName };
    const pageId = await createPageByRequest(page, siteId, { name: "Le pain au levain", url: "/blog/levain" });
    const added = await page.request.post(`/sites/${siteId}/pages/${pageId}/keywords-for-page.data`, {
      multipart: { intent: "add", keyword: "pain au levain" },
    });
    expect(added.status(), await added.text()).toBe(200);

    // Week 1 (Monday 4 January 2027): the schedule queues the site's checks; the page ranks 14th.
    const week1 = await clockTo(page, "2027-01-04T08:00:00Z");
    expect(week1.claims).toContainEqual({ siteId, period: "weekly:2027-01-04", status: "queued", queued: 2 });
    await open(page, `/sites/${siteId}/results`);
    const row = page.getByRole("table", { name: "Search ranking" }).getByRole("row", { name: /pain au levain/ });
    await expect(row.getByRole("cell").first()).toHaveText(/^14/, { timeout: 30_000 });
    await expect(row).toContainText("/blog/levain");
    await expect(row.getByTestId("ai-overview")).toHaveText("AI Overview: does not cite the site; also cites source1.example, source2.example");
    // Each of the page's 3 prompts asked 3 times of each of the 6 assistants: 54 answers, none citing the site yet.
    const all = page.getByTestId("trend-all");
    await expect(all).toContainText("0 of 54 answers: 0%, 0-7%", { timeout: 30_000 });
    await expect(all).toContainText("Partly live");
    await expect(all).toContainText("First week: nothing to compare yet");

    // The article is approved, then published (to the site's webhook) the same day.
    const versionId = await addVersionByRequest(page, siteId, pageId, "<h1>Le pain au levain</h1><p>La méthode complète.</p>");
    expect(versionId).toBeGreaterThan(0);
    expect((await postReviewAction(page, versionId, "approve")).status()).toBe(200);
    await open(page, `/sites/${siteId}/publishing`);
    await waitForHydration(page);
    await page.getByLabel("Webhook address").fill(hook.url);
    await page.getByRole("button", { name: "Use this webhook" }).click();
    await expectToast(page, "Webhook saved");
    await open(page, `/sites/${siteId}/pages/${pageId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send to the webhook" }).click();
    await expect(page.getByTestId("wordpress-status")).toHaveText("Sent as draft", { timeout: 20_000 });
    published = true;

    // Week 2: the page is 6th, and an assistant cites it.
    const week2 = await clockTo(page, "2027-01-11T08:00:00Z");
    expect(week2.claims).toContainEqual({ siteId, period: "weekly:2027-01-11", status: "queued", queued: 2 });
    await open(page, `/sites/${siteId}/results`);
    await expect(row.getByRole("cell").first()).toHaveText(/^6\s*up 8/, { timeout: 30_000 });
    await expect(row.getByTestId("ai-overview")).toContainText(`AI Overview: cites the site (${siteUrl.replace("https://", "")}/blog/levain)`);
    // Every answer now cites it: a clear rise, for all assistants together and for each, live (web search) or from memory.
    await expect(all).toContainText("54 of 54 answers: 100%, 93-100%", { timeout: 30_000 });
    await expect(all).toContainText("Clear rise");
    const trends = page.getByRole("table", { name: /AI visibility in the week of 11\/01\/2027, per assistant/ });
    await expect(trends.getByRole("row", { name: /Perplexity Sonar/ })).toContainText("Live (searches the web)");
    await expect(trends.getByRole("row", { name: /Mistral Large/ })).toContainText("From memory");
    await expect(trends.getByRole("row", { name: /Mistral Large/ })).toContainText("9 of 9 answers: 100%, 70-100%");
    const effects = page.getByRole("table", { name: "Citations before and after publishing" });
    await expect(effects.getByRole("row", { name: /Le pain au levain/ })).toContainText("Clear rise");
    await expect(row.getByRole("img", { name: /from 14 to 6 over 2 checks/ })).toBeVisible();
    // The chart, opened: the move and the publication's mark.
    await waitForHydration(page);
    await row.getByRole("button", { name: /Chart/ }).click();
    const chart = page.getByRole("img", { name: /Position of “pain au levain” over time/ });
    await expect(chart.locator("svg .recharts-line")).toHaveCount(1);
    // The day's approval and publication are one mark, whose label no other label covers.
    await expect(markLabels(chart)).toHaveText(["Approved, published"]);
    await expectNoOverlappingLabels(chart);
    await page.getByText("The figures", { exact: true }).first().click();
    const checks = page.getByRole("table", { name: "Position of “pain au levain” at each check" });
    await expect(checks).toContainText("14");
    // Google's AI Overview at each check: it did not cite the site, then it did.
    await expect(checks.getByRole("row").nth(1)).toContainText("Does not cite the site");
    await expect(checks.getByRole("row").nth(2)).toContainText("Cites the site");
    // AI visibility: the share of voice names the site, cited in the second week's answers.
    const voice = page.getByRole("table").filter({ hasText: "Your site" });
    await expect(voice).toContainText(site.siteName);
    await expectNoAxeViolations(page, "the results");
    // Dates read dd/mm/yyyy, the weeks' too.
    await expect(page.getByRole("main")).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await page.getByText("The figures, per model and week", { exact: true }).click();
    await expect(page.getByRole("table", { name: "AI visibility per model and week, each share with its 95% range" })).toContainText(
      "11/01/2027",
    );
    // The charts draw the share inside its band; one assistant's alone on request.
    const cited = page.getByRole("img", { name: /Share of answers that cite the site \(all assistants\)/ });
    await expect(cited.locator("svg .recharts-area")).toHaveCount(1);
    await page.getByLabel("Charts of").selectOption("Mistral Large");
    await expect(page.getByRole("img", { name: /Share of answers that cite the site \(Mistral Large\)/ })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    // The charts follow the new width once their container is measured again.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every column of the ranking is shown on a phone: the best URL and the trend are not hidden in a sideways scroller.
    await expectShownWhole(row.getByTestId("ai-overview").getByRole("link"));
    await expectShownWhole(row.getByRole("link", { name: /\/blog\/levain/ }).last());
    await expectShownWhole(row.getByRole("img", { name: /Trend of “pain au levain”/ }));
    await page.setViewportSize({ width: 1280, height: 800 });

    // February's first day: January's report is announced by e-mail, and the page prints.
    const february = await clockTo(page, "2027-02-01T07:00:00Z");
    expect(february.claims).toContainEqual({ siteId, period: "report:2027-01", status: "sent", queued: 0 });
    await expect
      .poll(() => readOutbox(own.email, own.dataDir).find((mail) => mail.body.includes(`/sites/${siteId}/results/report`)), {
        timeout: 20_000,
      })
      .toBeTruthy();
    const mail = readOutbox(own.email, own.dataDir).find((m) => m.body.includes(`/sites/${siteId}/results/report`))!;
    expect(mail.subject).toBe(`Votre rapport de janvier 2027 pour ${site.siteName} est prêt`);
    expect(mail.body).toContain(`/sites/${siteId}/results/report?month=2027-01`);
    const unsubscribe = mail.body.match(/https?:\/\/[^\s"'<>]+\/reports\/unsubscribe\/\d+\/[A-Za-z0-9_-]+/)?.[0];
    expect(unsubscribe, mail.body).toBeTruthy();

    await open(page, `/sites/${siteId}/results/report?month=2027-01`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${site.siteName} — January 2027`);
    // The months offered: from the site's creation (today, before the simulated weeks) to the simulated clock's month.
    await expect(page.getByLabel("Month").locator("option")).toHaveText(monthsSince(new Date(), "2027-02"));
    await expect(page.getByRole("main")).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    const movers = page.getByRole("table").filter({ hasText: "End of month" });
    await expect(movers.getByRole("row", { name: /pain au levain/ })).toContainText("up 8");
    await expect(movers.getByRole("row", { name: /pain au levain/ })).toContainText("AI Overview: cites the site");
    const visibility = page.getByRole("table", { name: "Answers of each assistant this month that name or cite the site" });
    await expect(visibility.getByRole("row", { name: /Mistral Large/ })).toContainText("9 of 18 answers: 50%, 29-71%");
    await expect(visibility.getByRole("row", { name: /Mistral Large/ })).toContainText("No answer the month before");
    await expect(page.getByText(/cites .*\/blog\/levain about “Le pain au levain”/).first()).toBeVisible();
    await expectNoAxeViolations(page, "the monthly report");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.byteLength).toBeGreaterThan(10_000);
    await page.emulateMedia({ media: "screen" });

    // The e-mail's unsubscribe link works without signing in.
    const outsider = await browser.newContext({ baseURL: own.server.url, extraHTTPHeaders: { "X-Forwarded-For": clientAddress } });
    const stranger = await outsider.newPage();
    await stranger.goto(unsubscribe!);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText(`Rapport mensuel de ${site.siteName}`);
    await stranger.getByRole("button", { name: "Ne plus recevoir ce rapport" }).click();
    await expect(stranger.getByRole("status")).toContainText("vous ne recevrez plus le rapport mensuel");
    await outsider.close();
  } catch (error) {
    await test.info().attach("server output", { body: own.server.output(), contentType: "text/plain" });
    throw error;
  } finally {
    await own.close();
    await serp.close();
    await openRouter.close();
    await hook.close();
  }
});
