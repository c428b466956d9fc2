/**
 * Where the results charts draw their marks (the days a version was approved or published) and their labels. An
 * approval and a publication on the same day are one mark, "Approved, published", rather than two lines whose
 * labels print over each other; marks of different days whose labels would still touch at the chart's width
 * put their labels on rows below one another; a label that would leave the plot on the right sits left of its
 * line. Pure, so that it is tested without drawing.
 */

/** A date on which a version of a page was approved or published: a vertical mark on the charts. */
export type ChartMark = { at: string; kind: "approved" | "published"; pageName: string };

export type PlacedMark = {
  /** Where the line is drawn (milliseconds, on the time axis): the day's first mark. */
  t: number;
  /** Its x in pixels from the plot's left edge. */
  x: number;
  label: string;
  /** The line's style: a publication's when the day has one. */
  kind: ChartMark["kind"];
  pageNames: string[];
  /** The label's row: 0 at the top of the plot, each next one a line of text lower. */
  row: number;
  /** Whether the label starts at the line (on its right) or ends there (on its left). */
  anchor: "start" | "end";
};

/** The labels' font size (px), the height of a row of labels and the room kept on either side of a label. */
export const MARK_LABEL_FONT_SIZE = 11;
export const MARK_LABEL_ROW_HEIGHT = 14;
const LABEL_PADDING = 4;

/** A label's width, measured generously (0.6em a character at 11 px): no browser needed to place it. */
export const markLabelWidth = (label: string) => Math.ceil(label.length * MARK_LABEL_FONT_SIZE * 0.6) + 2 * LABEL_PADDING;

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

function labelOf(kinds: Set<ChartMark["kind"]>) {
  if (kinds.has("approved") && kinds.has("published")) return "Approved, published";
  return kinds.has("published") ? "Published" : "Approved";
}

/**
 * The marks to draw on a time axis spanning `domain` over `plotWidth` pixels: one per day (UTC, as the axis's
 * ticks), in time order, each label on the first row where it overlaps no other.
 */
export function placeMarks(marks: readonly ChartMark[], domain: [number, number], plotWidth: number): PlacedMark[] {
  const days = new Map<string, { t: number; kinds: Set<ChartMark["kind"]>; pageNames: string[] }>();
  for (const mark of [...marks].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const t = Date.parse(mark.at);
    const day = days.get(dayOf(t)) ?? { t, kinds: new Set(), pageNames: [] };
    day.kinds.add(mark.kind);
    if (!day.pageNames.includes(mark.pageName)) day.pageNames.push(mark.pageName);
    days.set(dayOf(t), day);
  }
  const [from, to] = domain;
  const span = Math.max(1, to - from);
  /** The right end (px) of the last label on each row. */
  const rowEnds: number[] = [];
  return [...days.values()].map(({ t, kinds, pageNames }) => {
    const label = labelOf(kinds);
    const x = ((t - from) / span) * plotWidth;
    const width = markLabelWidth(label);
    const anchor = x + width > plotWidth && x - width >= 0 ? "end" : "start";
    const [left, right] = anchor === "start" ? [x, x + width] : [x - width, x];
    let row = rowEnds.findIndex((end) => end <= left);
    if (row === -1) row = rowEnds.length;
    rowEnds[row] = right;
    return { t, x, label, kind: kinds.has("published") ? "published" : "approved", pageNames, row, anchor };
  });
}
