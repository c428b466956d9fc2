/**
 * The console's costs (issue 14): the money the providers reported over a period, per day, per site, per model
 * and per kind of work, from the usage ledger (every call, failed attempts included), and the cost per finished
 * article. Two queries: the four breakdowns in one (grouping sets), and the articles finished.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { TeamMember } from "~/services/auth.server";
import { getDb } from "~/services/db.server";
import { assertTeam } from "./team-access.server";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period of the costs screen: from and to, whole days (UTC), at most a year; the last 30 days by default. */
export function parseCostPeriod(params: URLSearchParams, now = new Date()): { from: string; to: string } {
  const to = day.safeParse(params.get("to")).data ?? isoDay(now);
  const defaultFrom = isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  let from = day.safeParse(params.get("from")).data ?? defaultFrom;
  if (from > to) from = to;
  const earliest = isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 365 * 86_400_000));
  if (from < earliest) from = earliest;
  return { from, to };
}

export type CostLine = { key: string; label: string; costUsd: number; calls: number; tokens: number };

export type TeamCosts = {
  period: { from: string; to: string };
  totalUsd: number;
  calls: number;
  /** Each day of the period (UTC), with what it cost; days without spend are 0. */
  byDay: { day: string; costUsd: number }[];
  bySite: CostLine[];
  byModel: CostLine[];
  byKind: CostLine[];
  articlesFinished: number;
  /** The period's spend divided by the articles finished in it; null when none was. */
  costPerArticle: number | null;
};

type Row = {
  grp: "day" | "site" | "model" | "kind";
  day: string | null;
  site_id: number | null;
  site_name: string | null;
  model: string | null;
  kind: string | null;
  cost: string | null;
  calls: number;
  tokens: string | null;
};

export async function teamCosts(member: TeamMember, period: { from: string; to: string }): Promise<TeamCosts> {
  assertTeam(member);
  const db = await getDb();
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + 86_400_000);
  const [breakdowns, finished] = await Promise.all([
    db.execute(sql`
      with g as (
        select
          case when grouping(day) = 0 then 'day' when grouping(site_id) = 0 then 'site' when grouping(model) = 0 then 'model' else 'kind' end as grp,
          day, site_id, model, kind, sum(cost_usd) as cost, count(*)::int as calls, sum(coalesce(tokens_in, 0) + coalesce(tokens_out, 0)) as tokens
        from (
          select (created_at at time zone 'UTC')::date::text as day, site_id, coalesce(model, provider) as model, kind, cost_usd, tokens_in, tokens_out
          from provider_usage where created_at >= ${start} and created_at < ${end}
        ) u
        group by grouping sets ((day), (site_id), (model), (kind))
      )
      -- The sites are named once grouped: one lookup per site line, not per call.
      select g.*, s.name as site_name from g left join sites s on g.grp = 'site' and s.id = g.site_id
    `),
    db.execute(sql`
      select count(*)::int as n from pages_actions a join actions n on n.id = a.linked_action
      where n.name = 'create_article' and a.state = 'done' and a.finished_at >= ${start} and a.finished_at < ${end}
    `),
  ]);
  const rows = (breakdowns as unknown as { rows: Row[] }).rows;
  const money = (v: string | null) => (v === null ? 0 : Number(v));
  const line = (key: string, label: string, row: Row): CostLine => ({
    key,
    label,
    costUsd: money(row.cost),
    calls: Number(row.calls),
    tokens: money(row.tokens),
  });
  const sorted = (lines: CostLine[]) => lines.sort((a, b) => b.costUsd - a.costUsd || b.calls - a.calls);
  const spentByDay = new Map(rows.filter((r) => r.grp === "day").map((r) => [r.day!, money(r.cost)]));
  const byDay: TeamCosts["byDay"] = [];
  for (let t = start.getTime(); t < end.getTime(); t += 86_400_000) {
    const d = isoDay(new Date(t));
    byDay.push({ day: d, costUsd: spentByDay.get(d) ?? 0 });
  }
  const kinds = rows.filter((r) => r.grp === "kind");
  const totalUsd = kinds.reduce((sum, r) => sum + money(r.cost), 0);
  const calls = kinds.reduce((sum, r) => sum + Number(r.calls), 0);
  const articlesFinished = Number((finished as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return {
    period,
    totalUsd,
    calls,
    byDay,
    bySite: sorted(
      rows
        .filter((r) => r.grp === "site")
        .map((r) =>
          line(String(r.site_id ?? "none"), r.site_id === null ? "Sans site (page supprimée)" : (r.site_name ?? `#${r.site_id}`), r),
        ),
    ),
    byModel: sorted(rows.filter((r) => r.grp === "model").map((r) => line(r.model ?? "?", r.model ?? "?", r))),
    byKind: sorted(rows.filter((r) => r.grp === "kind").map((r) => line(r.kind ?? "?", r.kind ?? "?", r))),
    articlesFinished,
    costPerArticle: articlesFinished ? totalUsd / articlesFinished : null,
  };
}
