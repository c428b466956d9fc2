import { describe, expect, it } from "vitest";
import { documentFromHtml, wordCount } from "./document.server";

describe("documentFromHtml", () => {
  it("reads h1-h3 headings and the text under each, in order", () => {
    const doc = documentFromHtml(
      "<p>Avant tout.</p><h1>Le vélo électrique</h1><p>Un <b>vélo</b> qui aide.</p><h2>Prix</h2><p>Cher.</p><h3>Aides</h3><ul><li>Prime</li><li>Bonus</li></ul>",
    );
    expect(doc.sections).toEqual([
      { heading: null, text: "Avant tout." },
      { heading: { level: 1, text: "Le vélo électrique" }, text: "Un vélo qui aide." },
      { heading: { level: 2, text: "Prix" }, text: "Cher." },
      { heading: { level: 3, text: "Aides" }, text: "Prime\nBonus" },
    ]);
  });

  it("reads h4-h6 as text of their section", () => {
    const doc = documentFromHtml("<h2>Prix</h2><h4>En magasin</h4><p>Cher.</p>");
    expect(doc.sections).toEqual([{ heading: { level: 2, text: "Prix" }, text: "En magasin\nCher." }]);
  });

  it("leaves out scripts, styles, navigation, footers, asides and hidden elements", () => {
    const doc = documentFromHtml(`<!doctype html><html><head><title>T</title><style>p{}</style></head><body>
      <nav><a href="/">Accueil</a></nav><main><h1>Titre</h1><p>Texte.</p><script>var x = 1;</script>
      <aside>Pub</aside><div hidden>Caché</div></main><footer>Mentions</footer></body></html>`);
    expect(doc.sections).toEqual([{ heading: { level: 1, text: "Titre" }, text: "Texte." }]);
  });

  it("keeps a line break between blocks and none inside a paragraph", () => {
    const doc = documentFromHtml("<h2>A</h2><p>un\n  deux</p><p>trois<br>quatre</p>");
    expect(doc.sections[0].text).toBe("un deux\ntrois\nquatre");
  });
});

describe("wordCount", () => {
  it("counts the words of headings and text", () => {
    expect(wordCount(documentFromHtml("<h1>Le vélo électrique</h1><p>Un vélo qui aide, l'été.</p>"))).toBe(8);
  });
});
