/**
 * The stories' accessibility check: axe-core's WCAG 2 A and AA rules on the page as it is, once its animations
 * have ended (a dialog fading in has its final colours), and again if one started while axe was reading the page.
 *
 * axe runs in the page itself (@axe-core/playwright's legacy mode: `axe.run`), not in its default way of a
 * partial run per frame whose results are put together in a blank page that it opens for each check. The app's
 * pages have no frames, so both ways apply the same rules to the same nodes and give the same results (compared
 * on the landing page, 2026-11-27); the blank page cost about half of each check's time, and the run makes
 * about seventy checks. docs/performance.md, "axe in the page".
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa"];

/** How many times a check is made again when something on the page started to move while axe read it. */
const ATTEMPTS = 3;

type Watched = Window & { __axeSawMotion?: boolean };

/** Fails with one paragraph per violated rule (its impact, its help, and each node with what to fix) on `what`. */
export async function expectNoAxeViolations(page: Page, what: string, options: { include?: string } = {}) {
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  if (options.include) builder.include(options.include);
  let results: Awaited<ReturnType<AxeBuilder["analyze"]>>;
  for (let attempt = 1; ; attempt++) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    // Something that starts to move during the check (a notification arriving from the bell's poll, fading in) is
    // read half-drawn, in colours it never keeps: the check is made again once it has ended.
    await page.evaluate(() => {
      const watched = window as Watched;
      if (watched.__axeSawMotion === undefined) {
        const saw = () => (watched.__axeSawMotion = true);
        document.addEventListener("transitionrun", saw, true);
        document.addEventListener("animationstart", saw, true);
      }
      watched.__axeSawMotion = false;
    });
    results = await builder.analyze();
    const moved = await page.evaluate(() => (window as Watched).__axeSawMotion === true);
    if (!moved || attempt === ATTEMPTS) break;
  }
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`).join("\n"),
  );
  expect(report, `axe violations on ${what}:\n${report.join("\n")}`).toEqual([]);
}
