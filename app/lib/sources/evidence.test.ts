import { describe, expect, it } from "vitest";
import { EVIDENCE_LIMITS, evidenceKindOf, packFrom, passagesWorthCiting } from "./evidence";

describe("evidenceKindOf", () => {
  it("tells a quotation, a figure, a date and a definition apart, the rarest first", () => {
    expect(evidenceKindOf("Le ministre l'a dit : « la période d'essai ne peut pas être renouvelée sans accord »")).toBe("quotation");
    expect(evidenceKindOf("La période d'essai dure au plus 4 mois pour un cadre.")).toBe("figure");
    expect(evidenceKindOf("Depuis 2008, la durée de la période d'essai est fixée par la loi.")).toBe("date");
    expect(evidenceKindOf("The rule changed on March 3 for every employee.")).toBe("date");
    expect(evidenceKindOf("Either party may end it.")).toBeNull();
    expect(evidenceKindOf("La période d'essai est la phase qui permet d'évaluer le salarié.")).toBe("definition");
    expect(evidenceKindOf("A trial period is a time during which either party may end the contract.")).toBe("definition");
    expect(evidenceKindOf("Chacun peut y mettre fin librement, sans motif particulier.")).toBeNull();
  });

  it("does not count a law's article number as a figure", () => {
    expect(evidenceKindOf("Ces dispositions relèvent de l'article L. 1224-3-2 du code du travail.")).toBeNull();
    expect(evidenceKindOf("Selon l'article L. 1221-19, elle dure 2 mois.")).toBe("figure");
  });

  it("does not count a year alone as a figure", () => {
    expect(evidenceKindOf("En 2024, la règle est restée la même pour tous.")).toBe("date");
    expect(evidenceKindOf("En 2024, 12 % des contrats ont été rompus pendant l'essai.")).toBe("figure");
  });
});

describe("passagesWorthCiting", () => {
  const page = [
    "La période d'essai permet à l'employeur d'évaluer les compétences du salarié dans son travail.",
    "Pour un CDI, la période d'essai dure au plus 2 mois pour les ouvriers et employés.",
    "La période d'essai est la phase initiale du contrat de travail.",
    "Le site utilise des cookies, dont 3 servent à mesurer l'audience.",
    "Court.",
    "Pour un CDI, la période d'essai dure au plus 2 mois pour les ouvriers et employés.",
  ].join(" ");

  it("keeps the sentences on the topic that hold something to cite, as written, best first, each once", () => {
    const passages = passagesWorthCiting(page, "période d'essai", "fr");
    expect(passages.map((p) => p.kind)).toEqual(["figure", "definition"]);
    for (const p of passages) expect(page).toContain(p.passage);
    expect(passages[0]!.relevance).toBeGreaterThanOrEqual(passages[1]!.relevance);
  });

  it("gives any sentence on the topic for a source someone chose, and nothing off the topic", () => {
    expect(passagesWorthCiting(page, "période d'essai", "fr", { anySentence: true, max: 5 }).map((p) => p.kind)).toContain("passage");
    expect(passagesWorthCiting(page, "vélo électrique", "fr", { anySentence: true })).toEqual([]);
  });

  it("leaves out a list's items and the sentence that opens a list: they do not stand alone", () => {
    const list = "Les règles de la période d'essai, fixées en 2008, sont les suivantes : soit 2 mois pour la période d'essai des ouvriers ;";
    expect(passagesWorthCiting(list, "période d'essai", "fr", { anySentence: true })).toEqual([]);
  });

  it("leaves out what is too short or too long to be a passage", () => {
    const long = `La période d'essai dure 2 mois ${"et encore ".repeat(60)}.`;
    expect(passagesWorthCiting(long, "période d'essai", "fr")).toEqual([]);
    expect(long.length).toBeGreaterThan(EVIDENCE_LIMITS.passageMax);
  });
});

describe("packFrom", () => {
  it("takes one passage of each source in turn, up to the size asked", () => {
    expect(packFrom([["a1", "a2", "a3"], ["b1"], ["c1", "c2"]], 5)).toEqual(["a1", "b1", "c1", "a2", "c2"]);
    expect(packFrom([["a1"], []], 5)).toEqual(["a1"]);
    expect(packFrom([], 5)).toEqual([]);
  });
});
