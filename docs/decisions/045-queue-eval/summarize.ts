/**
 * Medians and spread of results/throughput.jsonl, per (db, candidate, workers, handler): reps 1-3 (the interleaved
 * set asked for) and, beside it, the median of all 5 (reps 4-5 ran while the crash tests were waiting). Markdown.
 */
import fs from "node:fs";

const rows = fs.readFileSync("results/throughput.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));
const groups = new Map<string, any[]>();
for (const r of rows) {
  const key = `${r.db}|${r.name}|${r.workers}|${r.handler}`;
  (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x: number) => x.toFixed(0);
console.log("| database | candidate | workers | handler | median jobs/s (reps 1-3) | min-max (1-3) | runs 1-3 | median of 5 | runs 4-5 |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [key, rs] of groups) {
  const [db, name, workers, handler] = key.split("|");
  const ok = rs.filter((r) => r.perSecond && r.done === r.jobs);
  if (ok.length !== rs.length) console.error(`${key}: ${rs.length - ok.length} failed runs`);
  const first = ok.filter((r) => r.rep <= 3).map((r) => r.perSecond);
  const later = ok.filter((r) => r.rep > 3).map((r) => r.perSecond);
  console.log(
    `| ${db} | ${name} | ${workers} | ${handler} | **${fmt(median(first))}** | ${fmt(Math.min(...first))}-${fmt(Math.max(...first))} | ${first.map(fmt).join(", ")} | ${fmt(median(ok.map((r) => r.perSecond)))} | ${later.map(fmt).join(", ")} |`,
  );
}
const loads = rows.map((r) => r.load1);
console.log(`\n1-minute load average at the start of the runs: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} (median ${median(loads).toFixed(1)}).`);
