import { describe, expect, it } from "vitest";
import { MARK_LABEL_ROW_HEIGHT, markLabelWidth, placeMarks } from "./chart-marks";

const DAY = 86_400_000;
const domain = (from: string, days: number): [number, number] => [Date.parse(from), Date.parse(from) + days * DAY];

/** The horizontal extent of each placed label, in pixels of the plot. */
function extent(mark: ReturnType<typeof placeMarks>[number]) {
  const width = markLabelWidth(mark.label);
  return mark.anchor === "start" ? [mark.x, mark.x + width] : [mark.x - width, mark.x];
}

function overlaps(marks: ReturnType<typeof placeMarks>) {
  const found: string[] = [];
  marks.forEach((a, i) =>
    marks.slice(i + 1).forEach((b) => {
      if (a.row !== b.row) return;
      const [a0, a1] = extent(a);
      const [b0, b1] = extent(b);
      if (a0 < b1 && b0 < a1) found.push(`${a.label} / ${b.label}`);
    }),
  );
  return found;
}

describe("placeMarks (the charts' approved and published marks)", () => {
  it("makes one mark of an approval and a publication on the same day, its label naming both", () => {
    const placed = placeMarks(
      [
        { at: "2027-01-05T09:12:00.000Z", kind: "approved", pageName: "Le pain au levain" },
        { at: "2027-01-05T16:40:00.000Z", kind: "published", pageName: "Le pain au levain" },
      ],
      domain("2027-01-01T00:00:00Z", 30),
      600,
    );
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ label: "Approved, published", kind: "published", row: 0 });
    expect(placed[0]!.pageNames).toEqual(["Le pain au levain"]);
  });

  it("says each kind once when several pages are approved the same day", () => {
    const placed = placeMarks(
      [
        { at: "2027-01-05T09:00:00.000Z", kind: "approved", pageName: "A" },
        { at: "2027-01-05T10:00:00.000Z", kind: "approved", pageName: "B" },
      ],
      domain("2027-01-01T00:00:00Z", 30),
      600,
    );
    expect(placed).toEqual([expect.objectContaining({ label: "Approved", kind: "approved", pageNames: ["A", "B"] })]);
  });

  it("puts the labels of marks too close to be read side by side on rows of their own, so that no two overlap", () => {
    const marks = [
      { at: "2027-01-04T09:00:00.000Z", kind: "approved" as const, pageName: "A" },
      { at: "2027-01-05T09:00:00.000Z", kind: "published" as const, pageName: "A" },
      { at: "2027-01-06T09:00:00.000Z", kind: "approved" as const, pageName: "B" },
      { at: "2027-02-20T09:00:00.000Z", kind: "published" as const, pageName: "B" },
    ];
    // A phone's chart: about 300 pixels for two months.
    const placed = placeMarks(marks, domain("2027-01-01T00:00:00Z", 60), 300);
    expect(placed.map((m) => m.label)).toEqual(["Approved", "Published", "Approved", "Published"]);
    expect(overlaps(placed)).toEqual([]);
    expect(placed.map((m) => m.row)).toEqual([0, 1, 2, 0]);
    // On a wide chart the same marks fit on fewer rows.
    const wide = placeMarks(marks, domain("2027-01-01T00:00:00Z", 60), 2000);
    expect(overlaps(wide)).toEqual([]);
    expect(Math.max(...wide.map((m) => m.row))).toBeLessThan(2);
  });

  it("turns a label that would leave the plot on the right to the left of its line", () => {
    const placed = placeMarks(
      [{ at: "2027-01-30T09:00:00.000Z", kind: "published", pageName: "A" }],
      domain("2027-01-01T00:00:00Z", 30),
      400,
    );
    expect(placed[0]).toMatchObject({ anchor: "end" });
    expect(placed[0]!.x).toBeGreaterThan(380);
  });

  it("keeps a label row inside the chart's height: rows are a line of text apart", () => {
    expect(MARK_LABEL_ROW_HEIGHT).toBeGreaterThanOrEqual(12);
    expect(markLabelWidth("Approved, published")).toBeGreaterThan(markLabelWidth("Approved"));
  });
});
