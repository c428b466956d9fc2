/**
 * Reference data, seeded at every start. Each insert skips rows that already exist, so running it
 * again changes nothing and never touches what users wrote.
 */
import { and, inArray, isNull } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { DEFAULT_STATUSES } from "../app/lib/page-rules";
import { countries, llms, toneGroups } from "./seed-data";

/** The page statuses: the same rows the screens fall back to when the table cannot be read. */
const STATUS_ROWS = DEFAULT_STATUSES.map((status) => ({ ...status }));

export const ACTION_NAMES = [
  "serps",
  "llm_answers",
  "create_article",
  "modify_articles_with_instructions",
  "contact_form",
  "create_cover_image",
  // Not in the spec's list: e-mails of the accounts (reset, confirmation) sent without making a request wait.
  "send_email",
  // Issue 15: an approved version sent to the site's WordPress.
  "publish_article",
  // Issue 16: a notification's e-mail, and a person's daily digest of them.
  "notification_email",
  "notification_digest",
  // Issue 16: an article's outline, approved before the article is written from it.
  "create_outline",
  // Issue 40: a version's sources, checked after its content score.
  "check_sources",
] as const;

export async function seedReferenceData(db: PgDatabase<PgQueryResultHKT, typeof schema>) {
  await db.transaction(async (tx) => {
    await tx.insert(schema.statuses).values(STATUS_ROWS).onConflictDoNothing();
    await tx
      .insert(schema.actions)
      .values(ACTION_NAMES.map((name) => ({ name })))
      .onConflictDoNothing({ target: schema.actions.name });
    await tx
      .insert(schema.llms)
      .values(llms.map((l) => ({ name: l.name, nameOpenrouter: l.nameOpenrouter, webSearch: l.webSearch })))
      .onConflictDoNothing({ target: schema.llms.nameOpenrouter });

    await tx
      .insert(schema.locationCountries)
      .values(countries.map((c) => ({ countryName: c.name, isoCode: c.isoCode, locationCode: c.locationCode })))
      .onConflictDoNothing({ target: schema.locationCountries.countryName });
    const countryRows = await tx
      .select({ id: schema.locationCountries.id, name: schema.locationCountries.countryName })
      .from(schema.locationCountries)
      .where(
        inArray(
          schema.locationCountries.countryName,
          countries.map((c) => c.name),
        ),
      );
    const idByName = new Map(countryRows.map((r) => [r.name, r.id]));
    const languageRows = countries.flatMap((c) =>
      c.languages.map((l) => ({ languageName: l.name, languageCode: l.code, linkedCountry: idByName.get(c.name)! })),
    );
    await tx
      .insert(schema.locationLanguages)
      .values(languageRows)
      .onConflictDoNothing({ target: [schema.locationLanguages.linkedCountry, schema.locationLanguages.languageName] });

    // Tone groups have no natural key: a seeded group is one without creator and parent.
    const t = schema.toneArticles;
    const existing = await tx
      .select({ id: t.id, name: t.name })
      .from(t)
      .where(and(isNull(t.creator), isNull(t.parentToneArticle)));
    const existingNames = new Set(existing.map((r) => r.name));
    for (const group of toneGroups) {
      if (existingNames.has(group.name)) continue;
      const [parent] = await tx.insert(t).values({ name: group.name, content: group.content }).returning({ id: t.id });
      if (group.children.length) {
        await tx
          .insert(t)
          .values(group.children.map((child) => ({ name: child.name, content: child.content, parentToneArticle: parent.id })));
      }
    }
  });
}
