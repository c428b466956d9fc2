// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { findAnchor, textOffset, wrapText } from "./text-anchor";

function article(html: string) {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("text anchors", () => {
  it("measures a point of the DOM as characters of the article's text", () => {
    const root = article("<h2>Titre</h2><p>Le <strong>levain</strong> se nourrit.</p>");
    const strong = root.querySelector("strong")!.firstChild!;
    expect(textOffset(root, strong, 0)).toBe("TitreLe ".length);
    expect(textOffset(root, strong, 6)).toBe("TitreLe levain".length);
    expect(textOffset(root, root.querySelector("p")!, 1)).toBe("TitreLe ".length);
    expect(textOffset(root, document.createTextNode("ailleurs"), 0)).toBeNull();
  });

  it("finds the quote where it was, or nearest to it when the text moved, or nothing when it is gone", () => {
    const text = "un levain, deux levains, un levain encore";
    expect(findAnchor(text, "un levain", 25)).toEqual({ start: 25, end: 34 });
    // The text gained three characters before the passage: the nearest occurrence is the one meant.
    expect(findAnchor(text, "un levain", 22)).toEqual({ start: 25, end: 34 });
    expect(findAnchor(text, "un levain", 2)).toEqual({ start: 0, end: 9 });
    expect(findAnchor(text, "une baguette", 0)).toBeNull();
    expect(findAnchor(text, "", 0)).toBeNull();
  });

  it("wraps a passage across elements, one mark per text node, leaving the markup around as it was", () => {
    const root = article("<p>Le <strong>levain</strong> se nourrit.</p>");
    const marks = wrapText(root, 3, 12, () => document.createElement("mark"));
    expect(marks.map((m) => m.textContent)).toEqual(["levain", " se"]);
    expect(root.innerHTML).toBe("<p>Le <strong><mark>levain</mark></strong><mark> se</mark> nourrit.</p>");
    expect(root.textContent).toBe("Le levain se nourrit.");
  });

  it("wraps a passage inside one text node, leaving the nodes after it alone", () => {
    const root = article("<p>Le levain se nourrit chaque jour avec de la farine.</p><p>Il aime la chaleur.</p>");
    const start = root.textContent!.indexOf("chaque jour");
    const marks = wrapText(root, start, start + "chaque jour".length, () => document.createElement("mark"));
    expect(marks.map((m) => m.textContent)).toEqual(["chaque jour"]);
    expect(root.innerHTML).toBe("<p>Le levain se nourrit <mark>chaque jour</mark> avec de la farine.</p><p>Il aime la chaleur.</p>");
  });
});
