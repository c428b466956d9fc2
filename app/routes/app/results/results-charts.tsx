/**
 * The results' charts (issue 17), drawn with recharts as SVG in the browser: loaded with the results screens only
 * (their route modules), never by the public pages. Each chart has a table beside it with the same figures, for
 * screen readers and for anyone who reads numbers better than lines; the chart itself is one labelled image.
 */
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, usePlotArea, XAxis, YAxis } from "recharts";
import { formatDate } from "~/lib/format";
import { MARK_LABEL_FONT_SIZE, MARK_LABEL_ROW_HEIGHT, placeMarks, type ChartMark } from "./chart-marks";

export type { ChartMark };

/** The days on the time axis (dd/mm) and in the tooltips (dd/mm/yyyy), as every date of the results and the report. */
const TICK_DAY = (t: string | number) => formatDate(new Date(t)).slice(0, 5);
const DAY = (t: string | number) => formatDate(new Date(t));

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
        <ComposedChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
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
        </ComposedChart>
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

/** One week of a share: the share and its 95 % interval (0 to 100), and how many answers it rests on. */
export type SharePoint = { week: string; share: number | null; low: number | null; high: number | null; answers: number };

/**
 * A share (0 to 100 %) over the weeks, as a line inside its 95 % interval drawn as a band: a wide band is a figure
 * that rests on few answers. The tooltip says the share, its range and its number of answers.
 */
export function ShareChart({ label, series, marks }: { label: string; series: SharePoint[]; marks: ChartMark[] }) {
  const pct = (x: number | null) => (x === null ? null : Math.round(x * 100));
  const data = series.map((p) => ({
    t: new Date(p.week).getTime(),
    share: pct(p.share),
    band: p.low === null || p.high === null ? null : [pct(p.low), pct(p.high)],
    answers: p.answers,
  }));
  return (
    <TimeChart label={`${label}, per week, with its 95% range (the table below gives the same figures)`} data={data} marks={marks}>
      <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12 }} width={44} stroke="var(--muted-foreground)" />
      <Tooltip
        labelFormatter={(t) => `Week of ${DAY(Number(t))}`}
        formatter={(value, name, item) => {
          const answers = (item?.payload as { answers?: number } | undefined)?.answers ?? 0;
          if (name === "95% range" && Array.isArray(value)) return [`${value[0]}-${value[1]}%`, name];
          return [value === null ? "—" : `${String(value)}% of ${answers} answers`, name];
        }}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Area
        dataKey="band"
        name="95% range"
        stroke="none"
        fill="var(--primary)"
        fillOpacity={0.15}
        isAnimationActive={false}
        connectNulls
        activeDot={false}
      />
      <Line
        dataKey="share"
        name="Share"
        stroke="var(--primary)"
        strokeWidth={2}
        dot={{ r: 3 }}
        isAnimationActive={false}
        connectNulls
      />
    </TimeChart>
  );
}
