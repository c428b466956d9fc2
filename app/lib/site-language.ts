/**
 * A site's language and country as the first-article form offers them (issue 38). The reference data has one
 * location_languages row per language and country (French of France, French of Belgium...); the form asks the
 * language first (each language once), then the country, which defaults to the language's usual one and lists only
 * the countries where the data has that language. The server checks the pair with the same rules.
 */

/** The country a language's site usually targets (ISO 3166 codes); a language not listed takes the first country, by name, that has it. */
export const USUAL_COUNTRY: Readonly<Record<string, string>> = {
  fr: "FR",
  en: "GB",
  de: "DE",
  es: "ES",
  it: "IT",
  pt: "PT",
  nl: "NL",
  el: "GR",
  sv: "SE",
  ca: "ES",
};

/** One language of one country, as the reference tables hold it. */
export type LanguageRow = {
  countryId: number;
  countryName: string;
  countryIso: string | null;
  languageId: number;
  languageName: string;
  languageCode: string | null;
};

export type LanguageChoice = { code: string; name: string; usualCountry: number };
export type CountryChoice = { id: number; name: string; languages: string[] };
/** What the form offers: each language once (by name), with its usual country; each country with its languages' codes. */
export type LanguageChoices = { languages: LanguageChoice[]; countries: CountryChoice[] };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

/** The usual country of `code` among the rows that have it (sorted or not): the table's, else the first by name. */
function usualCountryOf(code: string, rows: readonly LanguageRow[]): LanguageRow | undefined {
  const having = rows.filter((row) => row.languageCode === code).sort((a, b) => a.countryName.localeCompare(b.countryName, "en"));
  const iso = USUAL_COUNTRY[code];
  return having.find((row) => iso !== undefined && row.countryIso === iso) ?? having[0];
}

/** The form's choices from the reference rows; languages without a code cannot be asked for and are left out. */
export function languageChoices(rows: readonly LanguageRow[]): LanguageChoices {
  const coded = rows.filter((row): row is LanguageRow & { languageCode: string } => Boolean(row.languageCode));
  const languages = new Map<string, LanguageChoice>();
  for (const row of coded) {
    if (languages.has(row.languageCode)) continue;
    languages.set(row.languageCode, {
      code: row.languageCode,
      name: row.languageName,
      usualCountry: usualCountryOf(row.languageCode, coded)!.countryId,
    });
  }
  const countries = new Map<number, CountryChoice>();
  for (const row of rows) {
    const country = countries.get(row.countryId) ?? { id: row.countryId, name: row.countryName, languages: [] };
    countries.set(row.countryId, country);
    if (row.languageCode && !country.languages.includes(row.languageCode)) country.languages.push(row.languageCode);
  }
  return { languages: [...languages.values()].sort(byName), countries: [...countries.values()].sort(byName) };
}

/** The form's messages about the pair (English: the public page's language). */
export const LANGUAGE_MESSAGES = {
  language: "Please choose the language of your website",
  country: "Please choose a country from the list",
  pair: (language: string, country: string) =>
    `${language} is not offered for ${country}: choose a country where ${language} is spoken, or leave the country to us`,
} as const;

const pairOf = (row: LanguageRow): LanguagePair => ({
  ok: true,
  country: row.countryId,
  language: row.languageId,
  countryName: row.countryName,
  languageName: row.languageName,
});

export type LanguagePair =
  | { ok: true; country: number; language: number; countryName: string; languageName: string }
  | { ok: false; field: "language" | "country"; message: string };

/**
 * The site's country and language rows for the language `code` and the chosen country (null: the language's usual
 * one). `rows` are the reference rows of that language and, when one was chosen, of that country.
 */
export function resolveLanguagePair(rows: readonly LanguageRow[], code: string, countryId: number | null): LanguagePair {
  const having = rows.filter((row) => row.languageCode === code);
  if (having.length === 0) return { ok: false, field: "language", message: LANGUAGE_MESSAGES.language };
  if (countryId === null) {
    const usual = usualCountryOf(code, having)!;
    return pairOf(usual);
  }
  const pair = having.find((row) => row.countryId === countryId);
  if (pair) return pairOf(pair);
  const country = rows.find((row) => row.countryId === countryId);
  if (!country) return { ok: false, field: "country", message: LANGUAGE_MESSAGES.country };
  return { ok: false, field: "country", message: LANGUAGE_MESSAGES.pair(having[0]!.languageName, country.countryName) };
}
