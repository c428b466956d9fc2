import { describe, expect, it } from "vitest";
import { NOTIFICATION_TEXTS, notificationHref } from "./notifications";

/** A month's report is announced on the next month's first days: its notification's date gives the month. */
const report = (createdAt: string, pageName: string | null = "atelier-ceramique-lyon.fr") => ({
  kind: "monthly_report" as const,
  siteId: 7,
  pageId: null,
  versionId: null,
  pageName,
  actorName: null,
  path: "/sites/7/results/report",
  createdAt,
});

describe("the monthly report's notification", () => {
  it("names the month it reports on, in French with the year, and the site", () => {
    const line = NOTIFICATION_TEXTS.fr.monthly_report.line;
    expect(line(report("2026-12-01T07:00:00.000Z"))).toBe("Votre rapport de novembre 2026 pour atelier-ceramique-lyon.fr est prêt");
    expect(line(report("2027-01-03T10:00:00.000Z", null))).toBe("Votre rapport de décembre 2026 pour votre site est prêt");
  });

  it("elides 'de' before a month that starts with a vowel", () => {
    const line = NOTIFICATION_TEXTS.fr.monthly_report.line;
    expect(line(report("2027-05-01T07:00:00.000Z"))).toBe("Votre rapport d'avril 2027 pour atelier-ceramique-lyon.fr est prêt");
    expect(line(report("2027-09-01T07:00:00.000Z"))).toBe("Votre rapport d'août 2027 pour atelier-ceramique-lyon.fr est prêt");
    expect(line(report("2027-11-01T07:00:00.000Z"))).toBe("Votre rapport d'octobre 2027 pour atelier-ceramique-lyon.fr est prêt");
  });

  it("reads in English when the person asked for English e-mails, and leads to that month's report", () => {
    expect(NOTIFICATION_TEXTS.en.monthly_report.line(report("2026-12-01T07:00:00.000Z"))).toBe(
      "Your November 2026 report for atelier-ceramique-lyon.fr is ready",
    );
    expect(notificationHref(report("2026-12-01T07:00:00.000Z"))).toBe("/sites/7/results/report?month=2026-11");
  });
});
