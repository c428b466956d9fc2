import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatUsd } from "~/lib/format";

const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The spend per day, as bars (recharts, drawn in the browser: loaded with the console's costs screen only, never by
 * the public pages).
 * The table beside it carries the same figures for anyone who does not read the chart.
 */
export function DailyChart({ days }: { days: { day: string; costUsd: number }[] }) {
  // Enough decimals for the axis to tell its lines apart: small spends are fractions of a cent.
  const max = Math.max(0, ...days.map((d) => d.costUsd));
  const decimals = max >= 10 ? 0 : max >= 0.5 ? 2 : max >= 0.05 ? 3 : 4;
  return (
    <div className="h-64 w-full" role="img" aria-label="Dépenses par jour (le tableau ci-dessous donne les mêmes chiffres)">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 256 }}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} stroke="var(--muted-foreground)" />
          <YAxis
            tickFormatter={(v: number) => formatUsd(v, { decimals })}
            tick={{ fontSize: 12 }}
            width={64}
            stroke="var(--muted-foreground)"
          />
          <Tooltip
            formatter={(value) => [formatUsd(Number(value)), "Dépense"]}
            labelFormatter={(label) => shortDay(String(label))}
            cursor={{ fill: "var(--muted)" }}
          />
          <Bar dataKey="costUsd" fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
