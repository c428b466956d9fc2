/** Reference data the forms offer: countries, their languages, tone groups. */
import { and, asc, eq, isNull, or } from "drizzle-orm";
import { locationCountries, locationLanguages, toneArticles } from "../../db/schema";
import { languageChoices, resolveLanguagePair, type LanguageChoices, type LanguagePair } from "~/lib/site-language";
import { getDb, type Db } from "~/services/db.server";

export async function listCountries() {
  const db = await getDb();
  return db
    .select({ id: locationCountries.id, countryName: locationCountries.countryName })
    .from(locationCountries)
    .orderBy(asc(locationCountries.countryName));
}

export async function listLanguages(countryId: number) {
  const db = await getDb();
  return db
    .select({ id: locationLanguages.id, languageName: locationLanguages.languageName })
    .from(locationLanguages)
    .where(eq(locationLanguages.linkedCountry, countryId))
    .orderBy(asc(locationLanguages.languageName));
}

/** Tone groups (tone articles without a parent) the user may pick: the shared ones and their own. */
export async function listToneGroups(userId: string) {
  const db = await getDb();
  return db
    .select({ id: toneArticles.id, name: toneArticles.name })
    .from(toneArticles)
    .where(and(isNull(toneArticles.parentToneArticle), or(isNull(toneArticles.creator), eq(toneArticles.creator, userId))))
    .orderBy(asc(toneArticles.name));
}

export type CountryWithLanguages = { id: number; name: string; languages: { id: number; name: string }[] };

/** Every country with its languages, in one query (the site dialog offers the languages of the chosen country). */
export async function listCountriesWithLanguages(): Promise<CountryWithLanguages[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: locationCountries.id,
      name: locationCountries.countryName,
      languageId: locationLanguages.id,
      languageName: locationLanguages.languageName,
    })
    .from(locationCountries)
    .leftJoin(locationLanguages, eq(locationLanguages.linkedCountry, locationCountries.id))
    .orderBy(asc(locationCountries.countryName), asc(locationLanguages.languageName));
  const countries = new Map<number, CountryWithLanguages>();
  for (const row of rows) {
    const country = countries.get(row.id) ?? { id: row.id, name: row.name, languages: [] };
    countries.set(row.id, country);
    if (row.languageId !== null && row.languageName !== null) country.languages.push({ id: row.languageId, name: row.languageName });
  }
  return [...countries.values()];
}

const languageRowColumns = {
  countryId: locationCountries.id,
  countryName: locationCountries.countryName,
  countryIso: locationCountries.isoCode,
  languageId: locationLanguages.id,
  languageName: locationLanguages.languageName,
  languageCode: locationLanguages.languageCode,
};

/** Every language of every country, in one query (the first-article form's choices, issue 38). */
export async function listLanguageChoices(): Promise<LanguageChoices> {
  const db = await getDb();
  const rows = await db
    .select(languageRowColumns)
    .from(locationLanguages)
    .innerJoin(locationCountries, eq(locationCountries.id, locationLanguages.linkedCountry));
  return languageChoices(rows);
}

/**
 * The site's country and language rows for a language code and a chosen country (null: the language's usual one),
 * or the field to correct and why: the rows of that language and of that country, read in one query.
 */
export async function findLanguagePair(code: string, countryId: number | null, db?: Db): Promise<LanguagePair> {
  const database = db ?? (await getDb());
  const rows = await database
    .select(languageRowColumns)
    .from(locationLanguages)
    .innerJoin(locationCountries, eq(locationCountries.id, locationLanguages.linkedCountry))
    .where(or(eq(locationLanguages.languageCode, code), countryId === null ? undefined : eq(locationCountries.id, countryId)));
  return resolveLanguagePair(rows, code, countryId);
}
