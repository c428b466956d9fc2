import { describe, expect, it } from "vitest";
import { checkArticle, countWords, extractHtml, keywordInTitle, missingOutlineHeadings, removeInventedLinks } from "./article-contract";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("the article contract", () => {
  it("accepts one h1, h2 sections and 1,500 words", () => {
    const html = `<h1>Title</h1><h2>Part</h2><p>${words(1500)}</p>`;
    expect(checkArticle(html).problems).toEqual([]);
    expect(countWords(html)).toBe(1502);
  });

  it("names every problem", () => {
    expect(checkArticle(`<p>${words(20)}</p>`).problems).toEqual([
      "the article has 20 words; at least 1500 are needed",
      "the article has no <h1> title",
      "the article has no <h2> sections",
    ]);
    expect(checkArticle(`<h1>A</h1><h1>B</h1><h2>C</h2><p>${words(1500)}</p>`).problems).toEqual([
      "the article has 2 <h1> titles; exactly one is needed",
    ]);
  });

  it("keeps links to the sources and the site, and unwraps the others", () => {
    const html =
      '<p><a href="https://source.example/a/">a source</a>, <a href="https://www.site.example/x">the site</a>, <a href="https://made-up.example/z">invented</a>, <a href="#part">anchor</a></p>';
    expect(removeInventedLinks(html, ["https://source.example/a"], "https://site.example")).toEqual({
      html: '<p><a href="https://source.example/a/">a source</a>, <a href="https://www.site.example/x">the site</a>, invented, <a href="#part">anchor</a></p>',
      removed: 1,
    });
  });

  it("takes the HTML out of a code fence or a document", () => {
    expect(extractHtml("Here it is:\n```html\n<h1>T</h1>\n```")).toBe("<h1>T</h1>");
    expect(extractHtml("<html><body><h1>T</h1></body></html>")).toBe("<h1>T</h1>");
  });
});

describe("the contract's research checks (issue 39)", () => {
  it("names the approved outline's sections the article lacks, loosely compared", () => {
    const html = "<h1>T</h1><h2>Choisir son vélo électrique&nbsp;!</h2><h2>Le prix</h2><h2>Entretien de la batterie au quotidien</h2>";
    expect(
      missingOutlineHeadings(html, ["Choisir son velo electrique", "Le prix d'achat", "Entretien de la batterie", "Les aides"]),
    ).toEqual(["Le prix d'achat", "Les aides"]);
  });

  it("finds the keyword in the title, whole words only", () => {
    expect(keywordInTitle("<h1>Le <em>vélo électrique</em> en ville</h1>", "Vélo électrique")).toBe(true);
    expect(keywordInTitle("<h1>Les vélos électriques en ville</h1>", "vélo électrique")).toBe(false);
    expect(keywordInTitle("<h2>vélo électrique</h2>", "vélo électrique")).toBe(false);
  });
});
