/**
 * A keyword's trend in a table row: its positions as a small line (higher is better, so position 1 is at the
 * top), drawn as plain SVG without the chart library. Checks where the site was not in the results break the
 * line. Its label says the first and last positions in words.
 */
export function Sparkline({ series, label }: { series: { at: string; position: number | null }[]; label: string }) {
  const width = 96;
  const height = 28;
  const ranked = series.filter((p) => p.position !== null);
  if (series.length < 2 || ranked.length === 0)
    return <span className="text-xs text-muted-foreground">{series.length ? "One check" : "—"}</span>;
  const worst = Math.max(10, ...ranked.map((p) => p.position!));
  const x = (i: number) => 2 + (i * (width - 4)) / (series.length - 1);
  const y = (position: number) => 2 + ((position - 1) * (height - 4)) / (worst - 1);
  // One path, with a gap wherever the site was not in the results.
  let d = "";
  let drawing = false;
  series.forEach((point, i) => {
    if (point.position === null) {
      drawing = false;
      return;
    }
    d += `${drawing ? "L" : "M"}${x(i).toFixed(1)} ${y(point.position).toFixed(1)} `;
    drawing = true;
  });
  const first = series[0]!.position;
  const last = series.at(-1)!.position;
  const words = `${label}: from ${first ?? "not ranked"} to ${last ?? "not ranked"} over ${series.length} checks`;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={words} className="overflow-visible">
      <title>{words}</title>
      <path d={d.trim()} fill="none" stroke="var(--primary)" strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" />
      {last !== null ? <circle cx={x(series.length - 1)} cy={y(last)} r={2.5} fill="var(--primary)" /> : null}
    </svg>
  );
}
