import { describe, expect, it } from "vitest";
import { contentStems, wordsIn, readWords, termsOf, textLanguage } from "./text";

const fr = textLanguage("fr");
const en = textLanguage("en");

describe("terms", () => {
  it("counts French plurals and singulars as one term: « vélos électriques » and « vélo électrique »", () => {
    const terms = termsOf("Les vélos électriques sont chers. Un vélo électrique coûte moins à l'usage.", fr);
    const phrase = [...terms.entries()].filter(([, term]) => term.words === 2 && term.surfaces.has("vélo électrique"));
    expect(phrase).toHaveLength(1);
    const [, term] = phrase[0];
    expect(term.count).toBe(2);
    expect([...term.surfaces.keys()].sort()).toEqual(["vélo électrique", "vélos électriques"]);
  });

  it("counts English plurals and singulars as one term", () => {
    const terms = termsOf("Electric bikes are popular. An electric bike costs less.", en);
    const key = `${en.stem("electric")} ${en.stem("bike")}`;
    expect(terms.get(key)?.count).toBe(2);
  });

  it("never starts or ends a term with a stop word, but keeps one inside", () => {
    const terms = termsOf("Le contrat de travail du salarié", fr);
    const labels = [...terms.values()].flatMap((term) => [...term.surfaces.keys()]);
    expect(labels).toContain("contrat de travail");
    expect(labels).not.toContain("le contrat");
    expect(labels).not.toContain("contrat de");
  });

  it("does not cross punctuation or line breaks", () => {
    const terms = termsOf("prime annuelle. Salaire\nmensuel", fr);
    const labels = [...terms.values()].flatMap((term) => [...term.surfaces.keys()]);
    expect(labels).not.toContain("annuelle salaire");
    expect(labels).not.toContain("salaire mensuel");
  });

  it("reads the word after a French elision: « l'employeur » is « employeur »", () => {
    expect(contentStems("L’employeur et l'employeur", fr)).toEqual(new Set([fr.stem("employeur")]));
  });

  it("meets accented and unaccented forms", () => {
    expect(fr.stem("congé")).toBe(fr.stem("conge"));
  });

  it("falls back to no stemming and no stop words for other languages", () => {
    const de = textLanguage("de-DE");
    expect(de.stem("fahrräder")).toBe("fahrrader");
    expect(de.isStopWord("der")).toBe(false);
  });
});

describe("words", () => {
  it("counts words as a reader does", () => {
    expect(wordsIn("L'employeur verse le 13e mois, en décembre.")).toBe(7);
    expect(readWords("L'employeur verse le 13e mois, en décembre.", fr).wordCount).toBe(7);
  });
});
