/**
 * The stories' accessibility check: axe-core's WCAG 2 A and AA rules on the page as it is, once its animations
 * have ended (a dialog fading in has its final colours).
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

/** Fails with one paragraph per violated rule (its impact, its help, and each node with what to fix) on `what`. */
export async function expectNoAxeViolations(page: Page, what: string, options: { include?: string } = {}) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`).join("\n"),
  );
  expect(report, `axe violations on ${what}:\n${report.join("\n")}`).toEqual([]);
}
