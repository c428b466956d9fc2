import { describe, expect, it } from "vitest";
import { claimsOf, rejoinCuts } from "./claims.server";

const HTML = `<h1>La période d'essai</h1>
<p>Elle n'est pas obligatoire. Elle permet d'évaluer le salarié, selon <a href="https://travail-emploi.gouv.fr/essai">le ministère</a>. Elle se prévoit au contrat.</p>
<p>Le ministère écrit : « la période d'essai permet à l'employeur d'évaluer » (<a href="https://travail-emploi.gouv.fr/essai#a">source</a>).</p>
<ul><li>En 2025, 87 % des cadres en avaient une (<a href="https://stats.example/essai">étude</a>).</li></ul>
<p>Voir <a href="https://www.mon-site.fr/contact">nous écrire</a> et <a href="/guide">le guide</a>.</p>`;

describe("what an article attributes to its sources", () => {
  it("is, for each outbound link in order, the sentence that holds it, with its kind", () => {
    expect(claimsOf(HTML, "https://mon-site.fr")).toEqual([
      {
        url: "https://travail-emploi.gouv.fr/essai",
        anchor: "le ministère",
        claim: "Elle permet d'évaluer le salarié, selon le ministère.",
        kind: "link",
        quotation: null,
        figures: [],
      },
      {
        url: "https://travail-emploi.gouv.fr/essai#a",
        anchor: "source",
        claim: "Le ministère écrit : « la période d'essai permet à l'employeur d'évaluer » (source).",
        kind: "quotation",
        quotation: "la période d'essai permet à l'employeur d'évaluer",
        figures: [],
      },
      {
        url: "https://stats.example/essai",
        anchor: "étude",
        claim: "En 2025, 87 % des cadres en avaient une (étude).",
        kind: "statistic",
        quotation: null,
        figures: ["2025", "87"],
      },
    ]);
  });

  it("takes the sentence before a citation set after it", () => {
    const html = `<p>La période d'essai n'est pas obligatoire. <a href="https://travail-emploi.gouv.fr/essai">Ministère du Travail</a>.</p>`;
    expect(claimsOf(html, "https://mon-site.fr")[0]!.claim).toBe("La période d'essai n'est pas obligatoire. Ministère du Travail.");
  });
});

describe("rejoinCuts", () => {
  it("joins again a sentence cut inside a quotation or after an initial", () => {
    expect(rejoinCuts(['He said: "the award goes to Selman A.', 'Waksman for his work" and left.', "Next."])).toEqual([
      'He said: "the award goes to Selman A. Waksman for his work" and left.',
      "Next.",
    ]);
    expect(rejoinCuts(["Il écrit : « le club de St.", "Louis l'a confirmé » hier.", "Fin."])).toEqual([
      "Il écrit : « le club de St. Louis l'a confirmé » hier.",
      "Fin.",
    ]);
    expect(rejoinCuts(["One.", "Two."])).toEqual(["One.", "Two."]);
    expect(rejoinCuts(["In 2031, 73 % of winners thanked Selman A.", "Waksman for it.", "Next."])).toEqual([
      "In 2031, 73 % of winners thanked Selman A. Waksman for it.",
      "Next.",
    ]);
  });

  it("holds a quotation cut by an abbreviation as one claim, checked word for word", () => {
    const [claim] = claimsOf(
      '<p>The prize, as <a href="https://asm.example/award">the society</a> puts it: "a prize awarded by Selman A. Waksman to a microbiologist".</p>',
      "https://site.example",
      "en",
    );
    expect(claim).toMatchObject({ kind: "quotation", quotation: "a prize awarded by Selman A. Waksman to a microbiologist" });
  });
});
