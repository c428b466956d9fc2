/**
 * Benchmark of the team's console lists (`npm run bench:console`, issue 14): a fresh embedded database in a
 * temporary folder, opened through the app's own services, filled in bulk with SITES sites (a tenth without a
 * client), as many accounts as a tenth of them, a page per site, ACTIONS queued actions of every kind and state
 * with their usage lines, INBOX inbox items and AUDIT audit lines; then the median time (of RUNS) of each console
 * list through its model function, for a few views of each.
 *
 * Sizes: SITES (10,000), ACTIONS (100,000), INBOX (20,000), AUDIT (50,000), RUNS (9). With BENCH_DATABASE_URL it
 * runs against that PostgreSQL database instead (use an empty one: it is filled and not emptied). EXPLAIN=1 prints
 * nothing more; use psql on the PostgreSQL database for plans.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const size = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};
const SITES = size("SITES", 10_000);
const ACTIONS = size("ACTIONS", 100_000);
const INBOX = size("INBOX", 20_000);
const AUDIT = size("AUDIT", 50_000);
const RUNS = Math.max(1, size("RUNS", 9));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-bench-console-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;

const { sql } = await import("drizzle-orm");
const { closeDatabase, getDb, getDbKind } = await import("../app/services/db.server");
const { parseTeamSitesQuery, teamListSites } = await import("../app/models/team-sites.server");
const { parseTeamAccountsQuery, teamListAccounts } = await import("../app/models/team-users.server");
const { parseWorkQuery, teamListWork, teamProviderLines } = await import("../app/models/team-work.server");
const { parseInboxQuery, teamInboxCounts, teamListInbox } = await import("../app/models/team-inbox.server");
const { parseAuditQuery, teamListAudit } = await import("../app/models/team-audit.server");
const { parseCostPeriod, teamCosts } = await import("../app/models/team-costs.server");
type TeamMember = import("../app/services/auth.server").TeamMember;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main() {
  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  const db = await getDb();
  console.log(`database: ${(await getDbKind()) === "pglite" ? `PGlite in ${dataDir}` : "PostgreSQL (BENCH_DATABASE_URL)"}`);
  const clients = Math.max(1, Math.floor(SITES / 10));
  const started = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench-' || g, 'Client ' || g, 'client' || g || '@bench.example', true, case when g % 200 = 0 then 'team' else 'client' end,
      now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${clients}) g`);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, two_factor_enabled, created_at, updated_at)
    values ('bench-member', 'Membre', 'member@bench.example', true, 'admin', true, now(), now())`);
  await db.execute(sql`
    insert into sites (name, url, linked_user, stripe_email, created_at)
    select 'Site ' || g, 'https://site' || g || '.example', case when g % 10 = 0 then null else 'bench-' || (1 + g % ${clients}) end,
      case when g % 10 = 0 then 'payer' || g || '@bench.example' end, now() - (g || ' minutes')::interval
    from generate_series(1, ${SITES}) g`);
  await db.execute(sql`insert into pages (site, name, url) select id, 'Page de ' || name, url || '/page' from sites`);
  await db.execute(sql`
    insert into pages_actions (linked_page, linked_action, state, attempts, last_error, created_date, started_at, finished_at, lease_until, cost_usd, tokens_in, tokens_out, updated_at)
    select p.id, a.id,
      (array['done','done','done','done','failed','queued','running','waiting','cancelled'])[1 + g % 9],
      1 + g % 3, case when g % 9 in (4, 7) then 'Erreur du fournisseur ' || g end,
      now() - ((g % 43200) || ' minutes')::interval, now() - ((g % 43200) || ' minutes')::interval, now() - ((g % 43200) || ' minutes')::interval + interval '20 seconds',
      case when g % 9 = 6 then now() - interval '1 minute' end,
      case when g % 9 < 5 then (g % 100) / 1000.0 end, case when g % 9 < 5 then 1000 + g % 500 end, case when g % 9 < 5 then 2000 end,
      now() - ((g % 43200) || ' minutes')::interval
    from generate_series(1, ${ACTIONS}) g
    join pages p on p.id = (select min(id) from pages) + g % ${SITES}
    join actions a on a.id = (select min(id) from actions) + g % 7`);
  await db.execute(sql`
    insert into provider_usage (action_id, attempt, kind, site_id, provider, model, tokens_in, tokens_out, cost_usd, created_at)
    select a.id, 1, n.name, p.site, 'openrouter', 'model/' || (a.id % 5), a.tokens_in, a.tokens_out, a.cost_usd, a.finished_at
    from pages_actions a join actions n on n.id = a.linked_action join pages p on p.id = a.linked_page where a.cost_usd is not null`);
  await db.execute(sql`
    insert into team_inbox (kind, received_at, site_id, subject, handled_at)
    select 'first_article', now() - (g || ' minutes')::interval, s.id, s.url, case when g % 3 = 0 then now() end
    from generate_series(1, ${INBOX}) g join sites s on s.id = (select min(id) from sites) + g % ${SITES}`);
  await db.execute(sql`
    insert into team_audit_log (actor_id, actor_label, action, record_type, record_id, at)
    select 'bench-member', 'member@bench.example', (array['inbox.handled','site.invited','work.retried'])[1 + g % 3], 'site', g::text,
      now() - (g || ' seconds')::interval
    from generate_series(1, ${AUDIT}) g`);
  await db.execute(sql`analyze`);
  console.log(
    `filled: ${SITES} sites, ${clients} accounts, ${SITES} pages, ${ACTIONS} actions, their usage lines, ${INBOX} inbox items, ${AUDIT} audit lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const member: TeamMember = {
    id: "bench-member",
    email: "member@bench.example",
    name: "Membre",
    image: null,
    role: "admin",
    twoFactorEnabled: true,
  };
  const p = (o: Record<string, string>) => new URLSearchParams(o);
  const views: [string, () => Promise<unknown>][] = [
    ["sites: first page", () => teamListSites(member, parseTeamSitesQuery(p({})))],
    ["sites: search", () => teamListSites(member, parseTeamSitesQuery(p({ q: "site123" })))],
    ["sites: without a client", () => teamListSites(member, parseTeamSitesQuery(p({ owner: "unowned" })))],
    ["sites: page 300", () => teamListSites(member, parseTeamSitesQuery(p({ page: "300" })))],
    ["accounts: first page", () => teamListAccounts(member, parseTeamAccountsQuery(p({})))],
    ["accounts: search", () => teamListAccounts(member, parseTeamAccountsQuery(p({ q: "client42" })))],
    ["accounts: team only", () => teamListAccounts(member, parseTeamAccountsQuery(p({ role: "team" })))],
    ["work: first page (with the stuck)", () => teamListWork(member, parseWorkQuery(p({})))],
    ["work: failed", () => teamListWork(member, parseWorkQuery(p({ state: "failed" })))],
    ["work: one kind", () => teamListWork(member, parseWorkQuery(p({ kind: "serps" })))],
    ["work: one site", () => teamListWork(member, parseWorkQuery(p({ site: "5" })))],
    ["work: older than a week", () => teamListWork(member, parseWorkQuery(p({ age: "7d" })))],
    ["work: page 1000", () => teamListWork(member, parseWorkQuery(p({ page: "1000" })))],
    ["work: provider lines", () => teamProviderLines(member)],
    ["costs: last 30 days", () => teamCosts(member, parseCostPeriod(p({})))],
    ["inbox: open", () => teamListInbox(member, parseInboxQuery(p({})))],
    ["inbox: search", () => teamListInbox(member, parseInboxQuery(p({ q: "site77" })))],
    ["inbox: side panel counts", () => teamInboxCounts(member)],
    ["audit: first page", () => teamListAudit(member, parseAuditQuery(p({})))],
    ["audit: by action", () => teamListAudit(member, parseAuditQuery(p({ action: "site.invited" })))],
  ];
  console.log(`\nmedian of ${RUNS} runs (after one warm-up):`);
  for (const [label, run] of views) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(run));
    console.log(`  ${label.padEnd(36)} ${median(times).toFixed(1).padStart(7)} ms`);
  }
}

try {
  await main();
} finally {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
