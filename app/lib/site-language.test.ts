import { describe, expect, it } from "vitest";
import { languageChoices, resolveLanguagePair, type LanguageRow } from "./site-language";

/** Reference rows as the tables hold them (db/seed-data.ts has more): ids in the seed's order, not by name. */
const SEED: [string, string, [string, string][]][] = [
  ["Austria", "AT", [["German", "de"]]],
  [
    "Belgium",
    "BE",
    [
      ["French", "fr"],
      ["Dutch", "nl"],
      ["German", "de"],
    ],
  ],
  [
    "Cyprus",
    "CY",
    [
      ["Greek", "el"],
      ["English", "en"],
    ],
  ],
  ["France", "FR", [["French", "fr"]]],
  ["Germany", "DE", [["German", "de"]]],
  ["Greece", "GR", [["Greek", "el"]]],
  ["Ireland", "IE", [["English", "en"]]],
  ["Italy", "IT", [["Italian", "it"]]],
  ["Netherlands", "NL", [["Dutch", "nl"]]],
  ["Portugal", "PT", [["Portuguese", "pt"]]],
  [
    "Spain",
    "ES",
    [
      ["Spanish", "es"],
      ["Catalan", "ca"],
    ],
  ],
  ["United Kingdom", "GB", [["English", "en"]]],
  [
    "Canada",
    "CA",
    [
      ["English", "en"],
      ["French", "fr"],
    ],
  ],
  [
    "Morocco",
    "MA",
    [
      ["Arabic", "ar"],
      ["French", "fr"],
    ],
  ],
  [
    "Algeria",
    "DZ",
    [
      ["Arabic", "ar"],
      ["French", "fr"],
    ],
  ],
];
const rows: LanguageRow[] = [];
SEED.forEach(([countryName, countryIso, languages], i) =>
  languages.forEach(([languageName, languageCode]) =>
    rows.push({ countryId: i + 1, countryName, countryIso, languageId: rows.length + 1, languageName, languageCode }),
  ),
);
const countryId = (name: string) => rows.find((row) => row.countryName === name)!.countryId;
const choices = languageChoices(rows);
const usual = (code: string) => choices.countries.find((c) => c.id === choices.languages.find((l) => l.code === code)!.usualCountry)!.name;

describe("the first-article form's languages and countries", () => {
  it("offers each language once, by name, with its usual country; a language off the table takes the first country that has it", () => {
    expect(choices.languages.filter((l) => l.code === "fr")).toHaveLength(1);
    expect(choices.languages.map((l) => l.name)).toEqual(
      [...choices.languages.map((l) => l.name)].sort((a, b) => a.localeCompare(b, "en")),
    );
    expect(["fr", "en", "de", "es", "it", "pt", "nl"].map(usual)).toEqual([
      "France",
      "United Kingdom",
      "Germany",
      "Spain",
      "Italy",
      "Portugal",
      "Netherlands",
    ]);
    expect(usual("ar")).toBe("Algeria");
  });

  it("lists each country with the codes of its languages", () => {
    expect(choices.countries.find((c) => c.name === "Belgium")!.languages).toEqual(["fr", "nl", "de"]);
    expect(choices.countries.find((c) => c.name === "France")!.languages).toEqual(["fr"]);
  });

  it("resolves a pair: the usual country when none is chosen, the row of the chosen one, and refuses what the data has not", () => {
    const french = (country: string) => rows.find((row) => row.languageCode === "fr" && row.countryName === country)!;
    expect(resolveLanguagePair(rows, "fr", null)).toEqual({
      ok: true,
      country: countryId("France"),
      language: french("France").languageId,
      countryName: "France",
      languageName: "French",
    });
    expect(resolveLanguagePair(rows, "fr", countryId("Belgium"))).toEqual({
      ok: true,
      country: countryId("Belgium"),
      language: french("Belgium").languageId,
      countryName: "Belgium",
      languageName: "French",
    });
    expect(resolveLanguagePair(rows, "fr", countryId("Germany"))).toEqual({
      ok: false,
      field: "country",
      message: "French is not offered for Germany: choose a country where French is spoken, or leave the country to us",
    });
    expect(resolveLanguagePair(rows, "xx", null)).toEqual({
      ok: false,
      field: "language",
      message: "Please choose the language of your website",
    });
    expect(resolveLanguagePair(rows, "fr", 99_999)).toEqual({
      ok: false,
      field: "country",
      message: "Please choose a country from the list",
    });
  });
});
