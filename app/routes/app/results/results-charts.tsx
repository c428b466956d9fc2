/**
 * The results' charts (issue 17), drawn with recharts as SVG in the browser: loaded with the results screens only
 * (their route modules), never by the public pages. Each chart has a table beside it with the same figures, for
 * screen readers and for anyone who reads numbers better than lines; the chart itself is one labelled image.
 */
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, usePlotArea, XAxis, YAxis } from "recharts";
import { formatDate } from "~/lib/format";
import { MARK_LABEL_FONT_SIZE, MARK_LABEL_ROW_HEIGHT, placeMarks, type ChartMark } from "./chart-marks";

export type { ChartMark };

/** The days on the time axis (dd/mm) and in the tooltips (dd/mm/yyyy), as every date of the results and the report. */
const TICK_DAY = (t: string | number) => formatDate(new Date(t)).slice(0, 5);
const DAY = (t: string | number) => formatDate(new Date(t));

/** Lines of the models, told apart by colour and by dash (never by colour alone). */
const SERIES_STYLES = [
  { stroke: "var(--primary)", dash: undefined },
  { stroke: "#0f766e", dash: "6 3" },
  { stroke: "#b45309", dash: "2 3" },
  { stroke: "#7c3aed", dash: "8 3 2 3" },
  { stroke: "#be123c", dash: "1 2" },
];

/** The marks, one per day, their labels on rows that never overlap at the plot's width (chart-marks.ts). */
function Marks({ marks, domain }: { marks: ChartMark[]; domain: [number, number] }) {
  const plot = usePlotArea();
  return placeMarks(marks, domain, plot?.width ?? 720).map((mark) => (
    <ReferenceLine
      key={mark.t}
      x={mark.t}
      stroke={mark.kind === "published" ? "#15803d" : "#64748b"}
      strokeDasharray={mark.kind === "published" ? undefined : "4 4"}
      label={({ viewBox }: { viewBox?: { x?: number; y?: number } }) => (
        <g>
          <title>{`${mark.label}: ${mark.pageNames.join(", ")}`}</title>
          <text
            x={(viewBox?.x ?? 0) + (mark.anchor === "start" ? 4 : -4)}
            y={(viewBox?.y ?? 0) + MARK_LABEL_ROW_HEIGHT * (mark.row + 1) - 3}
            textAnchor={mark.anchor}
            fontSize={MARK_LABEL_FONT_SIZE}
            fill="currentColor"
          >
            {mark.label}
          </text>
        </g>
      )}
    />
  ));
}

/** The time axis spans the checks and the marks. */
function timeDomain(times: number[]): [number, number] {
  if (times.length === 0) return [Date.now() - 7 * 86_400_000, Date.now()];
  const min = Math.min(...times);
  const max = Math.max(...times);
  return min === max ? [min - 3 * 86_400_000, max + 3 * 86_400_000] : [min, max];
}

/**
 * A line chart over time with the marks: one labelled image (the table beside it gives the figures), the time axis
 * spanning the points and the marks. The caller gives the value axis, the tooltip and the lines.
 */
function TimeChart({
  label,
  data,
  marks,
  children,
}: {
  label: string;
  data: { t: number }[];
  marks: ChartMark[];
  children: React.ReactNode;
}) {
  const domain = timeDomain([...data.map((d) => d.t), ...marks.map((m) => new Date(m.at).getTime())]);
  return (
    <div className="h-64 w-full" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 720, height: 256 }}>
        <LineChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={domain}
            tickFormatter={TICK_DAY}
            tick={{ fontSize: 12 }}
            stroke="var(--muted-foreground)"
          />
          <Marks marks={marks} domain={domain} />
          {children}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A keyword's position over time (1 at the top); a check where the site is absent leaves a gap. */
export function RankingChart({
  keyword,
  series,
  marks,
}: {
  keyword: string;
  series: { at: string; position: number | null }[];
  marks: ChartMark[];
}) {
  const data = series.map((point) => ({ t: new Date(point.at).getTime(), position: point.position }));
  const worst = Math.max(10, ...series.map((p) => p.position ?? 0));
  return (
    <TimeChart label={`Position of “${keyword}” over time (the table below gives the same figures)`} data={data} marks={marks}>
      <YAxis reversed domain={[1, worst]} allowDecimals={false} tick={{ fontSize: 12 }} width={40} stroke="var(--muted-foreground)" />
      <Tooltip labelFormatter={(t) => DAY(Number(t))} formatter={(value) => [value ?? "not in the results", "Position"]} />
      <Line dataKey="position" stroke="var(--primary)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} connectNulls={false} />
    </TimeChart>
  );
}

/** One line per model of a share (0 to 100 %) over the weeks. */
export function ShareChart({
  label,
  models,
  weeks,
  value,
  marks,
}: {
  label: string;
  models: string[];
  weeks: { week: string; byModel: Record<string, { answers: number; mentioned: number; cited: number }> }[];
  value: (point: { answers: number; mentioned: number; cited: number }) => number;
  marks: ChartMark[];
}) {
  const data = weeks.map((w) => ({
    t: new Date(w.week).getTime(),
    ...Object.fromEntries(models.map((m) => [m, w.byModel[m] ? Math.round(value(w.byModel[m]) * 100) : null])),
  }));
  return (
    <TimeChart label={`${label}, per model and week (the table below gives the same figures)`} data={data} marks={marks}>
      <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12 }} width={44} stroke="var(--muted-foreground)" />
      <Tooltip labelFormatter={(t) => `Week of ${DAY(Number(t))}`} formatter={(v, name) => [v === null ? "—" : `${String(v)}%`, name]} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {models.map((model, i) => {
        const style = SERIES_STYLES[i % SERIES_STYLES.length]!;
        return (
          <Line
            key={model}
            dataKey={model}
            name={model}
            stroke={style.stroke}
            strokeDasharray={style.dash}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
        );
      })}
    </TimeChart>
  );
}
