import { describe, expect, it } from "vitest";
import { buildKeywordModel } from "./model";
import { fit, lengthRangeOf, scoreDocument, scoreTopPages } from "./score";
import { h, page, repeat, topPages } from "./test-pages";
import type { KeywordModel } from "./types";

const paa = [{ question: "Quelle est l'autonomie d'une batterie ?", answer: null, url: null, title: null }];
const input = { keyword: "vélo électrique", language: "fr", pages: topPages(), peopleAlsoAsk: paa };
const model: KeywordModel = buildKeywordModel(input);

/** A version that covers the model well: keyword in h1 and h2, the main terms, the questions. */
function goodVersion(extra = "") {
  return page(
    [h(1, "Le vélo électrique : le guide"), repeat("Le vélo électrique a un moteur et une batterie.", 3)],
    [h(2, "Quelle autonomie pour la batterie ?"), repeat("L'autonomie de la batterie dépend du moteur, en kilomètres.", 3)],
    [h(2, "Combien coûte un vélo électrique ?"), repeat("Le prix d'un vélo électrique baisse avec une prime à l'achat.", 2) + extra],
    [
      h(3, "Comment entretenir son vélo électrique ?"),
      "L'entretien du moteur et de la batterie, pour choisir un vélo électrique qui aide.",
    ],
  );
}

describe("scoreDocument", () => {
  it("scores lower when its top terms are repeated ten times more than their range (the stuffing test)", () => {
    const plain = scoreDocument(goodVersion(), [model]);
    const top = model.terms.slice(0, 5);
    const stuffing = top.map((term) => repeat(`${term.label}.`, term.range[1] * 10)).join(" ");
    const stuffed = scoreDocument(goodVersion(` ${stuffing}`), [model]);
    expect(stuffed.score).toBeLessThan(plain.score);
    expect(stuffed.parts.terms).toBeLessThan(plain.parts.terms);
    expect(stuffed.overusedTerms.map((term) => term.term)).toEqual(expect.arrayContaining(top.map((term) => term.label)));
    expect(plain.overusedTerms).toEqual([]);
  });

  it("scores more coverage higher, and names the missing terms, most important first", () => {
    const thin = scoreDocument(page([h(1, "Le vélo électrique"), repeat("Le vélo électrique roule bien en ville.", 12)]), [model]);
    const good = scoreDocument(goodVersion(), [model]);
    expect(good.parts.terms).toBeGreaterThan(thin.parts.terms);
    expect(good.score).toBeGreaterThan(thin.score);
    expect(thin.missingTerms.slice(0, 2)).toEqual(["batterie", "prix"]);
    expect(good.missingTerms).not.toContain("batterie");
  });

  it("counts the keyword in the h1", () => {
    const withH1 = scoreDocument(goodVersion(), [model]);
    const doc = goodVersion();
    doc.sections[0].heading = h(1, "Le guide du cycliste");
    const without = scoreDocument(doc, [model]);
    expect(withH1.structure.keywordInH1).toBe(true);
    expect(without.structure.keywordInH1).toBe(false);
    expect(without.parts.structure).toBeLessThan(withH1.parts.structure);
    expect(without.score).toBeLessThan(withH1.score);
  });

  it("counts a question answered by an h2 with its terms in the text under it, not a heading alone", () => {
    const answered = scoreDocument(goodVersion(), [model]);
    expect(answered.answeredQuestions).toContain(paa[0].question);
    const headingOnly = goodVersion();
    headingOnly.sections[1].text = repeat("Tout dépend du moteur.", 6);
    const unanswered = scoreDocument(headingOnly, [model]);
    expect(unanswered.unansweredQuestions).toContain(paa[0].question);
    expect(unanswered.parts.questions).toBeLessThan(answered.parts.questions);
  });

  it("lowers the length part outside the top pages' range", () => {
    const words = scoreDocument(goodVersion(), [model]).wordCount;
    const around = { ...model, length: { p25: words - 10, p50: words, p75: words + 10 } };
    const inRange = scoreDocument(goodVersion(), [around]);
    const long = scoreDocument(goodVersion(` ${repeat("Rouler loin demande de la patience et du temps libre.", 20)}`), [around]);
    const short = scoreDocument(page([h(1, "Le vélo électrique"), "Un vélo électrique avec sa batterie."]), [around]);
    expect(inRange.parts.length).toBe(100);
    expect(long.parts.length).toBeLessThan(100);
    expect(short.parts.length).toBeLessThan(100);
    expect(fit(50, [100, 200])).toBeCloseTo(1 - Math.log(2) / Math.log(3));
    expect(fit(0, [100, 200])).toBe(0);
    expect(fit(900, [100, 200])).toBe(0);
  });

  it("combines several models, the first weighing twice as much", () => {
    const other = buildKeywordModel({ ...input, keyword: "batterie", peopleAlsoAsk: [] });
    const main = scoreDocument(goodVersion(), [model]);
    const second = scoreDocument(goodVersion(), [other]);
    const both = scoreDocument(goodVersion(), [model, other]);
    expect(both.parts.terms).toBeCloseTo((2 * main.parts.terms + second.parts.terms) / 3, 0);
    expect(both.structure).toEqual(main.structure);
    expect(() => scoreDocument(goodVersion(), [])).toThrow();
  });
});

describe("scoreTopPages", () => {
  it("scores each page against a model of the other pages only (leave-one-out)", () => {
    const scores = scoreTopPages(input);
    const pages = topPages();
    expect(scores.pages).toHaveLength(pages.length);
    pages.forEach((top, index) => {
      const others = buildKeywordModel({ ...input, pages: pages.filter((_, other) => other !== index) });
      expect(scores.pages[index]).toEqual({ url: top.url, position: top.position, score: scoreDocument(top.document, [others]).score });
    });
    // Against a model that includes the page itself, some page scores higher: leave-one-out is not that.
    const withItself = pages.map((top) => scoreDocument(top.document, [model]).score);
    expect(withItself.some((score, index) => score > scores.pages[index].score)).toBe(true);
    const sorted = scores.pages.map((scored) => scored.score).sort((a, b) => a - b);
    expect(scores.median).toBe(sorted[2]);
    expect(scores.best).toBe(sorted[4]);
  });

  it("has no scores with fewer than two pages", () => {
    expect(scoreTopPages({ ...input, pages: topPages().slice(0, 1) })).toEqual({ pages: [], median: null, best: null });
  });
});

describe("the length asked", () => {
  it("is the top pages' middle half, raised to a minimum the product asks for", () => {
    const model = buildKeywordModel({ keyword: "vélo électrique", language: "fr", pages: topPages(), peopleAlsoAsk: [] });
    const short = { ...model, length: { p25: 840, p50: 1000, p75: 1316 } };
    expect(lengthRangeOf(short)).toEqual([840, 1316]);
    expect(lengthRangeOf(short, 1500)).toEqual([1500, 1800]);
    const long = { ...model, length: { p25: 1800, p50: 2200, p75: 2600 } };
    expect(lengthRangeOf(long, 1500)).toEqual([1800, 2600]);
    // A text of the length asked loses nothing on length, even when the top pages are shorter.
    const doc = { sections: [{ heading: null, text: Array.from({ length: 1600 }, () => "mot").join(" ") }] };
    expect(scoreDocument(doc, [short], { minWords: 1500 }).parts.length).toBe(100);
    expect(scoreDocument(doc, [short]).parts.length).toBeLessThan(100);
  });
});
