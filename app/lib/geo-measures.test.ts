import { describe, expect, it } from "vitest";
import { geoMeasures, openingParagraph } from "./geo-measures";

const words = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");

describe("the measures AI assistants reward", () => {
  it("count only what the sources support: figures, quotations, citations per 1,000 words", () => {
    const html = `<h1>La période d'essai</h1><p>La période d'essai dure au plus quatre mois pour un cadre.</p><p>${words(990)}</p>`;
    const measures = geoMeasures(
      html,
      [
        { kind: "statistic", verdict: "supported" },
        { kind: "statistic", verdict: "not_supported" },
        { kind: "quotation", verdict: "supported" },
        { kind: "link", verdict: "supported" },
        { kind: "link", verdict: "broken" },
      ],
      "période d'essai",
    );
    expect(measures).toMatchObject({ statistics: 1, quotations: 1, openingWords: 11, answersFirst: true });
    expect(measures.citationsPer1000).toBeCloseTo(3, 0);
  });

  it("say whether the opening answers at once: under 80 words, about the keyword", () => {
    expect(openingParagraph("<h1>T</h1><h2>A</h2><p>Premier <em>paragraphe</em>.</p><p>Second.</p>")).toBe("Premier paragraphe .");
    expect(geoMeasures(`<h1>T</h1><p>${words(85)} période essai</p>`, [], "période d'essai").answersFirst).toBe(false);
    expect(geoMeasures("<h1>T</h1><p>Le vélo électrique en ville.</p>", [], "période d'essai").answersFirst).toBe(false);
    expect(geoMeasures("<h1>T</h1><p>Les périodes d'essai en bref.</p>", [], "période d'essai").answersFirst).toBe(true);
    expect(geoMeasures("<h1>T</h1>", [], "période d'essai")).toMatchObject({
      openingWords: null,
      answersFirst: false,
      citationsPer1000: 0,
    });
  });
});
