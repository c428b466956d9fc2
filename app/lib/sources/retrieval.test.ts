import { describe, expect, it } from "vitest";
import { figuresOf, lexicalSupport, retrievePassages, sentencesOf } from "./retrieval";

const PAGE = [
  "La période d'essai permet à l'employeur d'évaluer les compétences du salarié.",
  "Elle n'est pas obligatoire.",
  "Pour un cadre, sa durée maximale est de 4 mois, renouvellement non compris.",
  "Pour un ouvrier ou un employé, elle est de 2 mois.",
  "Le contrat de travail peut prévoir un renouvellement.",
].join(" ");

describe("the passages a claim is held against", () => {
  it("are the page's sentences nearest it, rarest shared words and figures first", () => {
    expect(sentencesOf(PAGE, "fr")).toHaveLength(5);
    const [best] = retrievePassages("La période d'essai d'un cadre dure au plus 4 mois.", PAGE, "fr", 2);
    expect(best!.passage.startsWith("Pour un cadre, sa durée maximale est de 4 mois")).toBe(true);
    expect(retrievePassages("Les vélos électriques", PAGE, "fr")).toEqual([]);
  });

  it("read figures one way", () => {
    expect(figuresOf("87 %, 1 500 € et 3,5 jours en 2025")).toEqual(["87", "1500", "3.5", "2025"]);
  });
});

describe("the lexical judge", () => {
  const passages = (claim: string) => retrievePassages(claim, PAGE, "fr").map((p) => p.passage);

  it("supports a claim whose words and figures the source holds", () => {
    const claim = "Pour un cadre, la durée maximale de la période d'essai est de 4 mois.";
    expect(lexicalSupport(claim, passages(claim), "fr")).toMatchObject({ verdict: "supported" });
  });

  it("does not support a figure the source does not give, however close the words", () => {
    const claim = "Pour un cadre, la durée maximale de la période d'essai est de 9 mois.";
    expect(lexicalSupport(claim, passages(claim), "fr")).toMatchObject({ verdict: "not_supported" });
  });

  it("does not support a claim about something else", () => {
    const claim = "Le télétravail donne droit à une indemnité.";
    expect(lexicalSupport(claim, passages(claim), "fr").verdict).toBe("not_supported");
  });
});
