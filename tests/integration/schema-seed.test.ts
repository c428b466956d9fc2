/** The migrated schema and the reference data seeded at start (issue 2, "What must be true underneath"). */
import { describe, expect, it } from "vitest";
import { ACTION_NAMES, seedReferenceData } from "../../db/seed";
import { getDbKind, migrateAndSeed } from "~/services/db.server";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const SPEC_TABLES = [
  // product tables (all three spec documents)
  "sites",
  "location_countries",
  "location_languages",
  "tone_articles",
  "pages",
  "statuses",
  "pages_versions",
  "actions",
  "pages_actions",
  "keywords",
  "pages_keywords",
  "serps",
  "llms",
  "pages_llm_answers",
  "pages_versions_images",
  "contact_messages",
  // better-auth
  "user",
  "session",
  "account",
  "verification",
  "rate_limit",
];

/** The 27 member states of the European Union, by ISO 3166-1 alpha-2 code. */
const EU_ISO_CODES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
];
const NAMED_COUNTRIES = ["United Kingdom", "United States", "Canada", "Switzerland", "Belgium", "Morocco"];

const SEEDED_TABLES = ["statuses", "actions", "llms", "location_countries", "location_languages", "tone_articles"];

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
    counts[table] = row.n;
  }
  return counts;
}

describe("test database", () => {
  it("is the driver this run asked for, installed as the app's database", async () => {
    const expected = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(database.kind).toBe(expected);
    expect(await getDbKind()).toBe(expected);
    if (expected === "postgres") {
      const [row] = await database.query<{ name: string }>("select current_database() as name");
      expect(row.name).toMatch(/^t_[0-9a-f]+$/);
    }
  });
});

describe("schema", () => {
  it("has every table of the specification and of better-auth", async () => {
    const rows = await database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of SPEC_TABLES) expect(tables, `table ${table}`).toContain(table);
  });

  it("has an index whose first column is the column of every foreign key", async () => {
    const missing = await database.query<{ table_name: string; column_name: string; constraint_name: string }>(`
      select c.conrelid::regclass::text as table_name, a.attname as column_name, c.conname as constraint_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )
      order by 1, 2`);
    expect(missing).toEqual([]);
  });

  it("has foreign keys at all (the index check above is not vacuous)", async () => {
    const [row] = await database.query<{ n: number }>(
      "select count(*)::int as n from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace",
    );
    expect(row.n).toBeGreaterThanOrEqual(20);
  });
});

describe("reference data", () => {
  it("has exactly the statuses 1 Published, 2 Draft, 3 In Review", async () => {
    const rows = await database.query<{ id: number; name: string }>("select id, name from statuses order by id");
    expect(rows).toEqual([
      { id: 1, name: "Published" },
      { id: 2, name: "Draft" },
      { id: 3, name: "In Review" },
    ]);
  });

  it("has the six actions of the catalogue, send_email (the accounts' queued e-mails), publish_article (issue 15), the notification e-mails and the outlines (issue 16), the sources' check (issue 40)", async () => {
    const rows = await database.query<{ name: string }>("select name from actions");
    const names = rows.map((r) => r.name).sort();
    expect(names).toEqual(
      [
        "serps",
        "llm_answers",
        "create_article",
        "modify_articles_with_instructions",
        "contact_form",
        "create_cover_image",
        "send_email",
        "publish_article",
        "notification_email",
        "notification_digest",
        "create_outline",
        "check_sources",
      ].sort(),
    );
    expect([...ACTION_NAMES].sort()).toEqual(names);
  });

  it("has every EU country and the other required countries, each with at least one language", async () => {
    const rows = await database.query<{ country_name: string; iso_code: string | null; languages: number }>(`
      select c.country_name, c.iso_code, count(l.id)::int as languages
      from location_countries c left join location_languages l on l.linked_country = c.id
      group by c.id, c.country_name, c.iso_code`);
    const byIso = new Map(rows.map((r) => [r.iso_code, r]));
    const byName = new Map(rows.map((r) => [r.country_name, r]));
    for (const iso of EU_ISO_CODES) {
      expect(byIso.get(iso), `EU country ${iso}`).toBeDefined();
      expect(byIso.get(iso)!.languages, `languages of ${iso}`).toBeGreaterThanOrEqual(1);
    }
    for (const name of NAMED_COUNTRIES) {
      expect(byName.get(name), name).toBeDefined();
      expect(byName.get(name)!.languages, `languages of ${name}`).toBeGreaterThanOrEqual(1);
    }
    // Every seeded country can be picked with a language (the dialog's cascade needs one).
    expect(rows.filter((r) => r.languages === 0).map((r) => r.country_name)).toEqual([]);
  });

  it("has a few LLMs with their OpenRouter names and a few shared tone groups", async () => {
    const llms = await database.query<{ name: string; name_openrouter: string }>("select name, name_openrouter from llms");
    expect(llms.length).toBeGreaterThanOrEqual(2);
    for (const llm of llms) expect(llm.name_openrouter).toMatch(/^[\w.-]+\/[\w.:-]+$/);
    const groups = await database.query<{ n: number }>(
      "select count(*)::int as n from tone_articles where parent_tone_article is null and creator is null",
    );
    expect(groups[0].n).toBeGreaterThanOrEqual(2);
  });

  it("starting again (migrations and seed on a migrated database) changes nothing", async () => {
    const before = await rowCounts();
    await migrateAndSeed(database.db, database.kind);
    expect(await rowCounts()).toEqual(before);
  });

  it("seeding again changes no row count", async () => {
    const before = await rowCounts();
    await seedReferenceData(database.db);
    await seedReferenceData(database.db);
    expect(await rowCounts()).toEqual(before);
  });
});
