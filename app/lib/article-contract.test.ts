import { describe, expect, it } from "vitest";
import {
  checkArticle,
  countWords,
  extractHtml,
  internalLinksOf,
  internalLinksWish,
  keywordInTitle,
  linkKey,
  missingOutlineHeadings,
  removeInventedLinks,
} from "./article-contract";
import { parseCompetitors } from "./competitors";

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

  it("with the site's inventory, keeps same-site links to its pages only (relative ones read against the site)", () => {
    const inventory = ["https://site.example/guide/", "https://blog.site.example/post-1", "http://127.0.0.1:8080/wp-post/"];
    const html = [
      '<a href="https://www.site.example/Guide">guide</a>',
      '<a href="/guide#part">relative guide</a>',
      '<a href="/contact">invented contact</a>',
      '<a href="https://site.example/tarifs">invented page</a>',
      '<a href="https://blog.site.example/post-1/">post</a>',
      '<a href="http://127.0.0.1:8080/wp-post/">its WordPress</a>',
      '<a href="https://source.example/a">source</a>',
      '<a href="#top">anchor</a>',
      '<a href="mailto:hello@site.example">mail</a>',
    ].join(" ");
    const repaired = removeInventedLinks(html, ["https://source.example/a"], "https://site.example", { inventory });
    expect(repaired.removed).toBe(2);
    expect(repaired.html).toContain(" invented contact ");
    expect(repaired.html).toContain(" invented page ");
    expect(repaired.html.match(/<a /g)).toHaveLength(7);
    expect(internalLinksOf(repaired.html, inventory, "https://site.example").sort()).toEqual(
      ["127.0.0.1:8080/wp-post", "blog.site.example/post-1", "site.example/guide"].sort(),
    );
    // Without one, as before: any link to the site's host passes, relative ones untouched (a subdomain and the
    // WordPress on another host are not the site's host).
    const before = removeInventedLinks(html, ["https://source.example/a"], "https://site.example");
    expect(before.removed).toBe(2);
    expect(before.html).toContain('<a href="/contact">invented contact</a>');
  });

  it("never keeps a link to a competitor of the brief, even a source", () => {
    const competitors = parseCompetitors("Rival (rival.example), https://shop.other.example/x", "https://site.example");
    const html =
      '<a href="https://www.rival.example/prix">rival</a> <a href="https://blog.shop.other.example/">other</a> <a href="https://source.example/a">source</a>';
    expect(
      removeInventedLinks(html, ["https://www.rival.example/prix", "https://source.example/a"], "https://site.example", { competitors }),
    ).toEqual({
      html: 'rival other <a href="https://source.example/a">source</a>',
      removed: 2,
    });
  });

  it("compares addresses without scheme, www., fragment or trailing slash", () => {
    expect(linkKey("https://www.Site.example/Guide/#x")).toBe(linkKey("http://site.example/guide"));
    expect(linkKey("https://site.example/?p=1")).not.toBe(linkKey("https://site.example/?p=2"));
  });

  it("aims at 3 to 8 internal links when the site has 5 pages or more", () => {
    const pages = Array.from({ length: 10 }, (_, i) => `https://site.example/p${i}`);
    const links = (n: number) =>
      pages
        .slice(0, n)
        .map((p) => `<a href="${p}">x</a>`)
        .join(" ");
    expect(internalLinksWish(links(2), pages, "https://site.example")).toMatch(/^links to 2 of the site's pages; link to 3 to 8/);
    expect(internalLinksWish(links(3), pages, "https://site.example")).toBeNull();
    expect(internalLinksWish(links(9), pages, "https://site.example")).toMatch(/at most 8/);
    expect(internalLinksWish(links(0), pages.slice(0, 4), "https://site.example")).toBeNull();
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
