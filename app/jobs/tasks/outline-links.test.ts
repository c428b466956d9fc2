import { describe, expect, it } from "vitest";
import { outlineLinks } from "./create_article.server";

describe("the sources an approved outline names (issue 40)", () => {
  it("are links the article may make: the web addresses among them, not the references without one", () => {
    const outline = {
      title: "T",
      angle: "",
      sections: [],
      keywords: [],
      sources: [
        "https://travail-emploi.gouv.fr/periode-essai",
        "Code du travail, article L1221-19",
        "Voir (https://www.service-public.fr/F1234).",
      ],
    };
    expect(outlineLinks(outline)).toEqual(["https://travail-emploi.gouv.fr/periode-essai", "https://www.service-public.fr/F1234"]);
    expect(outlineLinks(null)).toEqual([]);
  });
});
