import { describe, expect, it } from "vitest";
import { articleDescription, excerpt, fitMetaDescription, metaDescriptionOf, takeMetaDescription } from "./meta-description.server";

describe("takeMetaDescription", () => {
  it("takes the description tag out of the answer, with either quotes and attributes in either order", () => {
    expect(takeMetaDescription('<meta name="description" content="Le levain, simplement.">\n<h1>Levain</h1>')).toEqual({
      description: "Le levain, simplement.",
      rest: "<h1>Levain</h1>",
    });
    expect(takeMetaDescription("<META content='Deux  lignes\nen une' NAME='description' />```html\n<h1>A</h1>```")).toEqual({
      description: "Deux lignes en une",
      rest: "```html\n<h1>A</h1>```",
    });
  });

  it("reads entities as characters and keeps no markup", () => {
    expect(
      takeMetaDescription('<meta name="description" content="Pain &amp; levain &lt;b&gt;bio&lt;/b&gt; &eacute;t&eacute;">').description,
    ).toBe("Pain & levain bio été");
  });

  it("cuts a description that is too long at a word, with an ellipsis, to 160 characters at most", () => {
    const long = `Un levain ${"vraiment ".repeat(30)}vivant.`;
    const { description } = takeMetaDescription(`<meta name="description" content="${long}"><h1>A</h1>`);
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/vraiment…$/);
  });

  it("finds none in an answer without one, or with an empty one, and leaves the answer as it was", () => {
    expect(takeMetaDescription("<h1>A</h1>")).toEqual({ description: null, rest: "<h1>A</h1>" });
    expect(takeMetaDescription('<meta name="keywords" content="a, b"><h1>A</h1>').description).toBeNull();
    expect(takeMetaDescription('<meta name="description" content="  "><h1>A</h1>')).toEqual({ description: null, rest: "<h1>A</h1>" });
  });
});

describe("the description of a version", () => {
  it("is its own when it has one, else the start of its text after the title", () => {
    expect(metaDescriptionOf({ metaDescription: "La sienne.", html: "<h1>T</h1><p>Le texte.</p>" })).toBe("La sienne.");
    expect(metaDescriptionOf({ metaDescription: null, html: "<h1>T</h1><p>Le texte.</p><p>La suite.</p>" })).toBe("Le texte. La suite.");
    expect(metaDescriptionOf({ metaDescription: " ", html: "<h1>Seul titre</h1>" })).toBe("Seul titre");
  });

  it("fits what a person typed: one line, no markup", () => {
    expect(fitMetaDescription("  Deux\n lignes <b>grasses</b> ")).toBe("Deux lignes grasses");
    expect(fitMetaDescription(null)).toBe("");
    expect(excerpt("court")).toBe("court");
    expect(articleDescription("<p>A</p>")).toBe("A");
  });
});
