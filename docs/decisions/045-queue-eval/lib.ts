// Shared helpers for the queue evaluation benches.
import pg from "pg";

export const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:55439/postgres";
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: any[] }>;

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : (process.env[name.toUpperCase()] ?? fallback);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database per candidate, so that their schemas never meet. */
export async function ensureDatabase(name: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const { rows } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!rows.length) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The handler's "one small INSERT" table (the same in every candidate's database). */
export const RESULTS_DDL = `create table if not exists bench_results (
  id bigint generated always as identity primary key, job_id text not null, note text not null,
  created_at timestamptz not null default now())`;

export function report(result: Record<string, unknown>) {
  // One JSON line on stdout: the runner collects them.
  console.log("RESULT " + JSON.stringify(result));
}
