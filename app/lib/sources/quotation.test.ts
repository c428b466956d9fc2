import { describe, expect, it } from "vitest";
import { quotationFound } from "./quotation";

const PAGE =
  "La  période d’essai permet à l’employeur d’évaluer les compétences du salarié dans son travail, notamment au regard de son expérience.";

describe("a quotation, word for word", () => {
  it("is found whatever its case, spacing, quotes and apostrophes, with the page's own words", () => {
    expect(quotationFound("« la période d'essai permet à l'employeur   d'évaluer les compétences »", PAGE)).toEqual({
      found: true,
      passage: "La  période d’essai permet à l’employeur d’évaluer les compétences",
    });
  });

  it("is not found when one word changed, or an accent", () => {
    expect(quotationFound("la période d'essai permet au salarié d'évaluer les compétences", PAGE).found).toBe(false);
    expect(quotationFound("la periode d'essai permet", PAGE).found).toBe(false);
    expect(quotationFound("", PAGE)).toEqual({ found: false, passage: null });
  });

  it("reads dashes alike", () => {
    expect(quotationFound("un contrat – écrit", "Il faut un contrat — écrit et signé.").found).toBe(true);
  });
});
