/**
 * The integration files of a worker share one embedded database, which tests/setup/database.ts gives the
 * template's state again before each file. This proves that state is the template's: every table's rows,
 * every sequence, and a session with nothing left from the file before (settings, temporary tables, locks),
 * after a file that wrote everywhere, including the append-only audit log. PGlite only (PostgreSQL clones
 * a template database per file).
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { openTemplate, resetToTemplate, type SharedPglite } from "../setup/database";

const template = inject("testDatabase");
const opened: SharedPglite[] = [];

afterAll(async () => {
  for (const instance of opened) await instance.client.close();
});

/** Every public table's rows (sorted, as text) and every sequence's state, as one comparable object. */
async function contents({ client }: SharedPglite) {
  const tables = (
    await client.query<{ name: string }>(
      "select 'public.' || quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1",
    )
  ).rows.map((r) => r.name);
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    rows[table] = (await client.query<{ row: string }>(`select t::text as row from ${table} t order by 1`)).rows.map((r) => r.row);
  }
  const sequences: Record<string, unknown> = {};
  const names = (
    await client.query<{ name: string }>(
      "select 'public.' || quote_ident(sequencename) as name from pg_sequences where schemaname = 'public' order by 1",
    )
  ).rows.map((r) => r.name);
  for (const name of names) sequences[name] = (await client.query(`select last_value, is_called from ${name}`)).rows[0];
  return { rows, sequences };
}

async function session({ client }: SharedPglite) {
  const [settings] = (
    await client.query<{ tz: string; path: string; role: string }>(
      "select current_setting('TimeZone') as tz, current_setting('search_path') as path, current_setting('session_replication_role') as role",
    )
  ).rows;
  const temp = (await client.query("select 1 from pg_class where relpersistence = 't'")).rows.length;
  const locks = (await client.query("select 1 from pg_locks where locktype = 'advisory'")).rows.length;
  return { ...settings, temp, locks };
}

describe.runIf(template.kind === "pglite")("the shared test database", () => {
  it("is given the template's rows, sequences and a clean session again after a file that wrote everywhere", async () => {
    if (template.kind !== "pglite") return;
    const fresh = await openTemplate(template.tarball);
    opened.push(fresh);
    const expected = { contents: await contents(fresh), session: await session(fresh) };
    expect(Object.keys(expected.contents.rows).length).toBeGreaterThan(20);
    expect(
      Object.values(expected.contents.rows).some((rows) => rows.length > 0),
      "the template holds seeded rows",
    ).toBe(true);

    const shared = await openTemplate(template.tarball);
    opened.push(shared);
    const { client } = shared;
    // What a file may leave behind: rows in many tables (the audit log refuses to lose its own), seeded rows
    // changed and deleted, sequences moved on, session settings, a temporary table, an advisory lock.
    await client.exec(`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Claire', 'claire@example.test', true, now(), now());
      insert into sites (name, url, linked_user) values ('Boulangerie', 'https://boulangerie.example', 'u1');
      insert into pages (site, name, url, status) select id, 'Pain', 'https://boulangerie.example/pain', (select min(id) from statuses) from sites;
      insert into team_audit_log (actor_label, action) values ('ligne de commande', 'role.set');
      delete from location_countries where id in (select id from location_countries order by id limit 3);
      update tone_articles set name = name || ' (changed)';
      set time zone 'Asia/Tokyo';
      set search_path = pg_catalog;
      create temporary table scratch (n int);
      select pg_advisory_lock(42);
    `);
    expect(await contents(shared)).not.toEqual(expected.contents);

    await resetToTemplate(shared);
    expect(await contents(shared)).toEqual(expected.contents);
    expect(await session(shared)).toEqual(expected.session);
    // And it still refuses to change the audit log: its triggers are on again.
    await client.exec("insert into team_audit_log (actor_label, action) values ('ligne de commande', 'role.set')");
    await expect(client.exec("delete from team_audit_log")).rejects.toThrow();
  });
});
