import { describe, expect, it } from "vitest";
import { slugFromUrl } from "~/lib/publishing";
import { splitTitle } from "./publisher";

describe("an article as WordPress receives it", () => {
  it("takes the first h1 as the title, as text, and leaves it out of the content", () => {
    expect(splitTitle('<h1 class="t">Le pain <em>bio</em> &amp; le levain</h1>\n<p>Texte.</p><h1>Autre</h1>', "Nom")).toEqual({
      title: "Le pain bio & le levain",
      html: "<p>Texte.</p><h1>Autre</h1>",
    });
  });

  it("falls back on the page's name when there is no h1, or an empty one", () => {
    expect(splitTitle("<p>Sans titre.</p>", "Le nom de la page")).toEqual({ title: "Le nom de la page", html: "<p>Sans titre.</p>" });
    expect(splitTitle("<h1> </h1><p>x</p>", "Nom").title).toBe("Nom");
  });

  it("makes the slug from the address's last segment, as WordPress writes slugs", () => {
    expect(slugFromUrl("https://example.com/blog/Pain-de-Seigle.html", "x")).toBe("pain-de-seigle");
    expect(slugFromUrl("https://example.com/recettes/cr%C3%A8me-br%C3%BBl%C3%A9e/", "x")).toBe("creme-brulee");
    expect(slugFromUrl("https://example.com/", "Le Pain d'épices")).toBe("le-pain-d-epices");
    expect(slugFromUrl("not a url", "Titre")).toBe("titre");
  });
});
