import { describe, expect, it } from "vitest";
import { isCompetitorUrl, parseCompetitors } from "./competitors";

describe("the competitors of a brief", () => {
  it("reads URLs, bare domains, e-mail domains and names out of free text", () => {
    const text = [
      "Boulangerie Martin (boulangerie-martin.fr), https://www.PainPain.com/boutique?x=1",
      "contact@levain-bio.net; Pains & Co",
      "Le Fournil - ma-boulangerie.example et La Mie Câline",
      "e.g. les autres, 3.5 etc.",
    ].join("\n");
    const competitors = parseCompetitors(text, "https://www.ma-boulangerie.example");
    expect(competitors.domains.sort()).toEqual(["boulangerie-martin.fr", "levain-bio.net", "painpain.com"]);
    expect(competitors.labels).toEqual(expect.arrayContaining(["painsco", "lefournil", "lamiecaline"]));
    expect(competitors.labels).not.toContain("boulangeriemartin");
  });

  it("finds a link to a competitor's domain, its subdomains, or a host named after one", () => {
    const competitors = parseCompetitors("painpain.com, https://shop.levain.fr/x, Pains & Co");
    for (const url of [
      "https://painpain.com/",
      "https://www.painpain.com/a",
      "http://blog.painpain.com/b#c",
      "https://shop.levain.fr/other",
      "https://eu.shop.levain.fr/",
      "https://www.pains-co.com/",
      "https://painsco.fr/recettes",
    ])
      expect(isCompetitorUrl(url, competitors), url).toBe(true);
    for (const url of ["https://notpainpain.com/", "https://levain.fr/", "https://painpain.com.evil.example/", "/relative", "mailto:x@y.z"])
      expect(isCompetitorUrl(url, competitors), url).toBe(false);
  });

  it("never takes the site itself for a competitor, and reads an empty brief as none", () => {
    expect(parseCompetitors("www.site.example, Site", "https://site.example/blog")).toEqual({ domains: [], labels: [] });
    expect(parseCompetitors("", "https://site.example")).toEqual({ domains: [], labels: [] });
  });
});
