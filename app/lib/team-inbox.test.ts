import { describe, expect, it } from "vitest";
import { durationText, firstArticleDue, firstArticleDueText } from "./team-inbox";

const received = new Date("2026-11-20T10:00:00Z");
const after = (hours: number, minutes = 0) => new Date(received.getTime() + hours * 3_600_000 + minutes * 60_000);

describe("the first-article promise", () => {
  it("counts down the 24 hours first", () => {
    expect(firstArticleDue(received, after(0))).toEqual({ stage: "24h", msLeft: 24 * 3_600_000 });
    expect(firstArticleDueText(received, after(18, 50))).toEqual({ text: "24 h : reste 5 h 10", overdue: false });
  });

  it("then the 48 hours, from the 24th hour on", () => {
    expect(firstArticleDue(received, after(24)).stage).toBe("48h");
    expect(firstArticleDueText(received, after(45))).toEqual({ text: "48 h : reste 3 h 00", overdue: false });
  });

  it("is overdue from the 48th hour, by how long", () => {
    expect(firstArticleDue(received, after(48)).stage).toBe("overdue");
    expect(firstArticleDueText(received, after(50, 15))).toEqual({ text: "En retard de 2 h 15", overdue: true });
  });
});

describe("durationText", () => {
  it("says minutes, hours, then days", () => {
    expect(durationText(45 * 60_000)).toBe("45 min");
    expect(durationText(-(3 * 60 + 5) * 60_000)).toBe("3 h 05");
    expect(durationText((52 * 60 + 30) * 60_000)).toBe("2 j 4 h");
  });
});
