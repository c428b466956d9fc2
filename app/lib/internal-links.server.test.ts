import { describe, expect, it } from "vitest";
import type { KeywordModel, ModelTerm } from "~/lib/content-score/types";
import { chooseCandidates, mainTerms, slugWords, type InventoryPage } from "./internal-links.server";

const term = (key: string, importance: number): ModelTerm => ({
  key,
  label: key,
  words: key.split(" ").length as 1 | 2 | 3,
  importance,
  pages: 3,
  range: [1, 2],
  inHeadings: 0,
});
const model = (terms: ModelTerm[]): KeywordModel => ({
  keyword: "pain au levain",
  language: "fr",
  pages: 5,
  terms,
  length: { p25: 1000, p50: 1500, p75: 2000 },
  headings: { p25: 4, p50: 6, p75: 8 },
  questions: [],
  outlines: [],
});
const page = (n: number, title: string, text = title, id: number | null = null): InventoryPage => ({
  url: `https://site.example/p${n}/`,
  title,
  terms: mainTerms(text, "fr", title),
  page: id,
});

describe("a page's main terms", () => {
  it("keeps the most used terms and the title's, as the content score's keys", () => {
    const terms = mainTerms(
      "Le levain naturel se nourrit de farine. Un levain bien nourri lève la pâte. La farine de seigle aide le levain.",
      "fr",
      "Nourrir son levain",
    );
    expect(terms[0]).toBe("levain");
    expect(terms).toContain("farin");
    expect(terms.length).toBeLessThanOrEqual(20);
    expect(mainTerms("", "fr")).toEqual([]);
  });

  it("reads a title out of an address", () => {
    expect(slugWords("https://site.example/blog/guide-du-levain/")).toBe("guide du levain");
    expect(slugWords("https://site.example/a_b.html")).toBe("a b");
    expect(slugWords("https://site.example/")).toBe("");
  });
});

describe("the candidates of an article's internal links", () => {
  const inventory = [
    page(0, "Le pain au levain", "Le pain au levain, pas à pas.", 7),
    page(1, "Les croissants au beurre"),
    page(2, "Nourrir son levain", "Le levain se nourrit de farine et d'eau chaque jour."),
    page(3, "Farine de seigle ou de blé", "Choisir sa farine pour un pain au levain."),
    page(4, "Nos horaires"),
    page(5, "La brioche du dimanche"),
    page(6, "Contact"),
  ];
  const self = { url: "https://www.site.example/p0", pageId: 999 };

  it("ranks by the article's keyword model and never offers the page itself (by URL or by page)", () => {
    const models = [model([term("levain", 1), term("farin", 0.6), term("pain levain", 0.8)])];
    const chosen = chooseCandidates(inventory, { self, models, words: "pain au levain", language: "fr" });
    expect(chosen.map((p) => p.url).slice(0, 2)).toEqual(["https://site.example/p3/", "https://site.example/p2/"]);
    expect(chosen.map((p) => p.url)).not.toContain("https://site.example/p0/");
    expect(chosen).toHaveLength(5);
    const byId = chooseCandidates(inventory, { self: { url: "https://site.example/other", pageId: 7 }, models, words: "", language: "fr" });
    expect(byId.map((p) => p.page)).not.toContain(7);
  });

  it("without research, by the words of the page's name and keywords; at most 10", () => {
    const chosen = chooseCandidates(inventory, { self, models: [], words: "Brioche et croissants", language: "fr" });
    expect(
      chosen
        .slice(0, 2)
        .map((p) => p.title)
        .sort(),
    ).toEqual(["La brioche du dimanche", "Les croissants au beurre"]);
    const many = Array.from({ length: 30 }, (_, i) => page(100 + i, `Levain numéro ${i}`));
    expect(chooseCandidates(many, { self, models: [], words: "levain", language: "fr" })).toHaveLength(10);
    expect(chooseCandidates(inventory.slice(0, 3), { self, models: [], words: "rien", language: "fr" })).toHaveLength(2);
  });
});
