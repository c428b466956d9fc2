import { describe, expect, it } from "vitest";
import { analyzePage, buildKeywordModel, isQuestion, percentile, rankWeight } from "./model";
import { h, page, topPages } from "./test-pages";

const paa = [
  { question: "Quelle est l'autonomie d'une batterie ?", answer: "De 40 à 100 km.", url: "https://example.org/paa", title: null },
];
const model = () => buildKeywordModel({ keyword: "vélo électrique", language: "fr", pages: topPages(), peopleAlsoAsk: paa });
const term = (label: string) => model().terms.find((candidate) => candidate.label === label);

describe("analyzePage", () => {
  it("counts terms, heading terms, words, headings and the questions of headings", () => {
    const analysis = analyzePage(
      page([h(1, "Vélos électriques"), "Un vélo électrique."], [h(2, "Pourquoi un vélo ?"), "Pour aller vite."]),
      "fr",
    );
    expect(analysis.wordCount).toBe(11);
    expect(analysis.headings).toEqual([h(1, "Vélos électriques"), h(2, "Pourquoi un vélo ?")]);
    expect(analysis.questions).toEqual(["Pourquoi un vélo ?"]);
    const phrase = [...analysis.terms.entries()].find(([, counted]) => counted.surfaces.has("vélo électrique"));
    expect(phrase?.[1].count).toBe(2);
    expect(analysis.headingTerms.has(phrase![0])).toBe(true);
  });

  it("gives an h2 the text of its h3s", () => {
    const analysis = analyzePage(page([h(2, "Prix"), "Cher."], [h(3, "Aides"), "Une prime."], [h(2, "Suite"), "Rien."]), "fr");
    expect(analysis.sections[0].underStems.has("prim")).toBe(true);
    expect(analysis.sections[2].underStems.has("prim")).toBe(false);
  });
});

describe("isQuestion", () => {
  it("knows French and English questions", () => {
    for (const text of [
      "Qu’est-ce que le 13e mois",
      "Comment le calculer",
      "Où s'adresser",
      "How to choose",
      "Is it worth it",
      "Le prix ?",
    ]) {
      expect(isQuestion(text), text).toBe(true);
    }
    for (const text of ["Le prix", "Questions fréquentes", "Isolation", "Quelques conseils"]) expect(isQuestion(text), text).toBe(false);
  });
});

describe("buildKeywordModel", () => {
  it("keeps the terms most pages use, the keyword's among the first, with their pages, range and heading use", () => {
    const built = model();
    expect(built.pages).toBe(5);
    expect(term("vélo électrique")).toMatchObject({ importance: 1, pages: 5, inHeadings: 5, words: 2 });
    const battery = term("batterie")!;
    expect(battery.pages).toBe(5);
    expect(battery.inHeadings).toBe(4);
    expect(battery.range[0]).toBeGreaterThanOrEqual(1);
    expect(battery.range[1]).toBeGreaterThanOrEqual(battery.range[0]);
  });

  it("drops terms used by a single page when there are 4 pages or more", () => {
    expect(term("cadenas")).toBeUndefined();
    const fromTwo = buildKeywordModel({ keyword: "vélo électrique", language: "fr", pages: topPages().slice(3), peopleAlsoAsk: [] });
    expect(fromTwo.terms.some((candidate) => candidate.label === "cadenas")).toBe(true);
  });

  it("asks People Also Ask first, then the pages' heading questions, one per set of stems", () => {
    const questions = model().questions;
    expect(questions[0]).toEqual({ text: paa[0].question, source: "people-also-ask", answer: paa[0].answer, url: paa[0].url });
    // « Quelle autonomie pour la/une batterie ? » (pages 1 and 2) is the People Also Ask question in other words.
    expect(questions.map((question) => question.text)).toEqual([
      paa[0].question,
      "Combien coûte un vélo électrique ?",
      "Comment entretenir son vélo électrique ?",
    ]);
    expect(questions[1]).toMatchObject({ source: "heading", url: "https://example.com/velo-2" });
  });

  it("gives the quartiles of length and h2-h3 headings, and the outlines by position", () => {
    const built = model();
    expect(built.headings).toEqual({ p25: 2, p50: 3, p75: 3 });
    expect(built.length.p25).toBeLessThanOrEqual(built.length.p50);
    expect(built.length.p50).toBeLessThanOrEqual(built.length.p75);
    expect(built.outlines.map((outline) => outline.position)).toEqual([1, 2, 3, 4, 5]);
    expect(built.outlines[0].headings[0]).toEqual(h(1, "Choisir un vélo électrique"));
    expect(built.outlines[0].wordCount).toBeGreaterThan(0);
  });
});

describe("helpers", () => {
  it("interpolates percentiles and weighs ranks a little", () => {
    expect(percentile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(percentile([1, 3], 0.5)).toBe(2);
    expect(rankWeight(1)).toBe(1);
    expect(rankWeight(10)).toBeGreaterThan(0.6);
  });
});
