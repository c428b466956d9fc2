import { describe, expect, it } from "vitest";
import {
  citationOfSite,
  citedDomains,
  citedUrlsIn,
  competingPages,
  hostMatchesSite,
  mentionedDomains,
  mentionsSite,
  monthsBetween,
  normalizeUrl,
  sameUrl,
  siteHost,
  sitePosition,
  type SearchResult,
} from "./results-rules";

const SITE_URL = "https://www.boulangerie-dupont.fr";
const SITE_NAME = "Boulangerie Dupont";

/**
 * Results for "pain au levain bordeaux" as the SERP job stores them from DataForSEO: `rank_group` as
 * position (organic 1-10, the ad and the snippet numbered in their own groups), `type` as given.
 */
const SERP: SearchResult[] = [
  { type: "paid", position: 1, url: "https://www.boulangerie-dupont.fr/commande?gclid=EAIaIQobChMI8w" },
  { type: "featured_snippet", position: 1, url: "https://boulangerie-dupont.fr/blog/levain/" },
  { type: "organic", position: 1, url: "https://www.marmiton.org/recettes/recette_pain-au-levain_12345.aspx" },
  { type: "organic", position: 2, url: "https://fr.wikipedia.org/wiki/Levain" },
  { type: "organic", position: 3, url: "https://boulangerie-dupont.fr.example.com/levain" },
  { type: "organic", position: 4, url: "https://www.maboulangerie-dupont.fr/pain-au-levain" },
  { type: "organic", position: 5, url: "https://www.painrisien.com/levain-naturel/" },
  { type: "organic", position: 6, url: "https://boulangerie-dupont.fr/blog/levain/?utm_source=x" },
  { type: "organic", position: 7, url: "https://www.youtube.com/watch?v=3dQwJb0ZkLs" },
  { type: "organic", position: 8, url: "https://shop.boulangerie-dupont.fr/produits/pain-levain" },
  { type: "organic", position: 9, url: "https://www.boulangerie-dupont.fr/recettes/pain-de-campagne" },
  { type: "organic", position: 10, url: "https://www.tripadvisor.fr/Restaurants-g187079-Bordeaux.html" },
];

/** Assistant answers as stored, in Markdown. */
const ANSWERS = {
  linked: "According to [Boulangerie Dupont](https://www.boulangerie-dupont.fr/levain/) and https://fr.wikipedia.org/wiki/Levain.",
  lowercase: "Pour un bon pain au levain à Bordeaux, la boulangerie dupont du quai des Chartrons est souvent citée.",
  plural: "Les Duponts tiennent une boulangerie rue Sainte-Catherine depuis 1987.",
  sources: [
    "Voici mes sources :",
    "1. **Marmiton** – https://www.marmiton.org/recettes/recette_pain-au-levain_12345.aspx?utm_source=chatgpt.com",
    "2. Wikipédia (https://fr.wikipedia.org/wiki/Levain).",
    "3. <https://shop.boulangerie-dupont.fr/produits/pain-levain>",
    "4. [Recette](https://boulangerie-dupont.fr/levain?utm_source=chatgpt.com), déjà citée plus haut : https://www.boulangerie-dupont.fr/levain/",
    "5. « https://www.painrisien.com/levain-naturel/ »",
  ].join("\n"),
};

describe("siteHost", () => {
  it("keeps only the lowercased host, without scheme, port, www. or trailing dot", () => {
    expect(siteHost(SITE_URL)).toBe("boulangerie-dupont.fr");
    expect(siteHost("https://www.Boulangerie-Dupont.FR:8443/levain/?x=1#avis")).toBe("boulangerie-dupont.fr");
    expect(siteHost("http://boulangerie-dupont.fr.")).toBe("boulangerie-dupont.fr");
    expect(siteHost("https://shop.boulangerie-dupont.fr/produits")).toBe("shop.boulangerie-dupont.fr");
    expect(siteHost("https://user:secret@www.example.com/")).toBe("example.com");
  });

  it("accepts addresses written without a scheme", () => {
    expect(siteHost("example.com/x")).toBe("example.com");
    expect(siteHost("www.Example.com")).toBe("example.com");
    expect(siteHost("  boulangerie-dupont.fr  ")).toBe("boulangerie-dupont.fr");
    expect(siteHost("example.com:8080/admin")).toBe("example.com");
    expect(siteHost("//cdn.example.com/logo.png")).toBe("cdn.example.com");
  });

  it("removes one www. only when a site remains", () => {
    expect(siteHost("https://www.www.example.com")).toBe("www.example.com");
    expect(siteHost("https://www.com")).toBe("www.com");
  });

  it("gives international domains in punycode, whatever their case", () => {
    const host = siteHost("https://www.pâtisserie-durand.fr/");
    expect(host).toMatch(/^xn--/);
    expect(siteHost("PÂTISSERIE-DURAND.fr")).toBe(host);
  });

  it("is null for text that is not a web host", () => {
    for (const text of [
      "",
      "   ",
      "Boulangerie Dupont",
      "dupont",
      "localhost:3000",
      "https://",
      "mailto:contact@boulangerie-dupont.fr",
      "javascript:alert(1)",
      "ftp://boulangerie-dupont.fr/tarifs.pdf",
      "https://exa mple.com",
    ]) {
      expect(siteHost(text), text).toBeNull();
    }
  });
});

describe("hostMatchesSite", () => {
  it("matches the host itself and its subdomains", () => {
    expect(hostMatchesSite("example.com", "example.com")).toBe(true);
    expect(hostMatchesSite("blog.example.com", "example.com")).toBe(true);
    expect(hostMatchesSite("a.b.example.com", "example.com")).toBe(true);
  });

  it("does not match lookalikes, parents or empty hosts", () => {
    expect(hostMatchesSite("notexample.com", "example.com")).toBe(false);
    expect(hostMatchesSite("example.com.evil.io", "example.com")).toBe(false);
    expect(hostMatchesSite("example.com", "blog.example.com")).toBe(false);
    expect(hostMatchesSite("", "example.com")).toBe(false);
    expect(hostMatchesSite("example.com", "")).toBe(false);
  });
});

describe("normalizeUrl", () => {
  it("reduces a page URL to host, path and query", () => {
    expect(normalizeUrl("https://www.example.com/blog/post/?utm_source=x&id=2#top")).toBe("example.com/blog/post?id=2");
  });

  it("ignores scheme, www., host case and port", () => {
    const expected = "boulangerie-dupont.fr/levain";
    expect(normalizeUrl("https://boulangerie-dupont.fr/levain")).toBe(expected);
    expect(normalizeUrl("http://boulangerie-dupont.fr/levain")).toBe(expected);
    expect(normalizeUrl("HTTPS://WWW.Boulangerie-Dupont.FR/levain")).toBe(expected);
    expect(normalizeUrl("https://boulangerie-dupont.fr:443/levain")).toBe(expected);
    expect(normalizeUrl("http://boulangerie-dupont.fr:8080/levain")).toBe(expected);
    expect(normalizeUrl("boulangerie-dupont.fr/levain")).toBe(expected);
  });

  it("keeps the path's case but not its trailing slashes", () => {
    expect(normalizeUrl("https://example.com/Blog/Post/")).toBe("example.com/Blog/Post");
    expect(normalizeUrl("https://example.com/blog//")).toBe("example.com/blog");
    expect(normalizeUrl("https://example.com/")).toBe("example.com");
    expect(normalizeUrl("https://example.com")).toBe("example.com");
    expect(normalizeUrl("https://example.com/?page=2")).toBe("example.com?page=2");
  });

  it("writes percent-escapes one way", () => {
    expect(normalizeUrl("https://example.com/pâtisserie")).toBe("example.com/p%C3%A2tisserie");
    expect(normalizeUrl("https://example.com/p%c3%a2tisserie")).toBe("example.com/p%C3%A2tisserie");
  });

  it("drops the fragment", () => {
    expect(normalizeUrl("https://example.com/faq#livraison")).toBe("example.com/faq");
  });

  it("drops every tracking parameter, in any case", () => {
    const tracked =
      "https://example.com/p?utm_source=newsletter&UTM_Medium=email&utm_campaign=ete&Utm_Content=a&utm_term=b&utm_id=1" +
      "&gclid=x&fbclid=x&msclkid=x&mc_cid=x&mc_eid=x&_ga=2.1&ref=producthunt&yclid=x&igshid=x&GCLID=y&id=7";
    expect(normalizeUrl(tracked)).toBe("example.com/p?id=7");
    expect(normalizeUrl("https://example.com/p?utm_source=chatgpt.com")).toBe("example.com/p");
  });

  it("keeps other parameters, sorted by name, repeated ones in their order", () => {
    expect(normalizeUrl("https://example.com/search?q=levain&page=2&category=pain")).toBe(
      "example.com/search?category=pain&page=2&q=levain",
    );
    expect(normalizeUrl("https://example.com/p?tag=b&id=1&tag=a")).toBe("example.com/p?id=1&tag=b&tag=a");
    expect(normalizeUrl("https://example.com/p?referrer=x&utm=y")).toBe("example.com/p?referrer=x&utm=y");
  });

  it("is null for text that is not a web URL", () => {
    expect(normalizeUrl("pas une adresse")).toBeNull();
    expect(normalizeUrl("")).toBeNull();
    expect(normalizeUrl("mailto:contact@example.com")).toBeNull();
  });
});

describe("sameUrl", () => {
  it("compares pages, not spellings", () => {
    expect(sameUrl("https://boulangerie-dupont.fr/blog/levain/?utm_source=x", "http://www.boulangerie-dupont.fr/blog/levain")).toBe(true);
    expect(sameUrl("https://example.com/a?b=2&a=1#x", "example.com/a?a=1&b=2")).toBe(true);
  });

  it("tells different pages apart", () => {
    expect(sameUrl("https://example.com/Levain", "https://example.com/levain")).toBe(false);
    expect(sameUrl("https://example.com/p?id=1", "https://example.com/p?id=2")).toBe(false);
    expect(sameUrl("https://blog.example.com/a", "https://example.com/a")).toBe(false);
  });

  it("matches nothing with text that is not a URL", () => {
    expect(sameUrl("pas une adresse", "pas une adresse")).toBe(false);
  });
});

describe("sitePosition", () => {
  it("gives the site's best organic position and the URL ranking there", () => {
    expect(sitePosition(SERP, SITE_URL)).toEqual({ position: 6, url: "https://boulangerie-dupont.fr/blog/levain/?utm_source=x" });
  });

  it("does not depend on the order of the results", () => {
    expect(sitePosition([...SERP].reverse(), SITE_URL)).toEqual({
      position: 6,
      url: "https://boulangerie-dupont.fr/blog/levain/?utm_source=x",
    });
  });

  it("ignores ads, snippets and other blocks, even at the top", () => {
    const blocks = SERP.filter((result) => result.type !== "organic");
    expect(sitePosition(blocks, SITE_URL)).toBeNull();
    expect(sitePosition([{ type: "local_pack", position: 1, url: SITE_URL }], SITE_URL)).toBeNull();
  });

  it("counts results stored without a type as organic", () => {
    expect(sitePosition([{ position: 4, url: "https://boulangerie-dupont.fr/" }], SITE_URL)).toEqual({
      position: 4,
      url: "https://boulangerie-dupont.fr/",
    });
    expect(sitePosition([{ type: null, position: 2, url: "boulangerie-dupont.fr/levain" }], SITE_URL)?.position).toBe(2);
  });

  it("counts subdomains but not lookalikes", () => {
    const shop = SERP.filter((result) => result.url?.includes("shop.") || result.url?.includes(".fr.example.com"));
    expect(sitePosition(shop, SITE_URL)).toEqual({ position: 8, url: "https://shop.boulangerie-dupont.fr/produits/pain-levain" });
    const lookalikes = SERP.filter((result) => [3, 4].includes(result.position ?? 0) && result.type === "organic");
    expect(sitePosition(lookalikes, SITE_URL)).toBeNull();
  });

  it("skips results without position or URL", () => {
    const results: SearchResult[] = [
      { type: "organic", position: null, url: "https://boulangerie-dupont.fr/a" },
      { type: "organic", position: 3, url: null },
      { type: "organic", position: 7, url: "https://boulangerie-dupont.fr/b" },
    ];
    expect(sitePosition(results, SITE_URL)).toEqual({ position: 7, url: "https://boulangerie-dupont.fr/b" });
  });

  it("is null when the site does not rank or has no host", () => {
    expect(sitePosition(SERP, "https://www.autre-boulangerie.fr")).toBeNull();
    expect(sitePosition(SERP, "Boulangerie Dupont")).toBeNull();
    expect(sitePosition([], SITE_URL)).toBeNull();
  });
});

describe("competingPages", () => {
  it("lists the site's distinct organic pages in position order", () => {
    expect(competingPages(SERP, SITE_URL)).toEqual([
      "boulangerie-dupont.fr/blog/levain",
      "shop.boulangerie-dupont.fr/produits/pain-levain",
      "boulangerie-dupont.fr/recettes/pain-de-campagne",
    ]);
  });

  it("counts one page once, however its URL is written", () => {
    const results: SearchResult[] = [
      { type: "organic", position: 9, url: "http://www.boulangerie-dupont.fr/blog/levain#avis" },
      { type: "organic", position: 6, url: "https://boulangerie-dupont.fr/blog/levain/?utm_source=x" },
    ];
    expect(competingPages(results, SITE_URL)).toEqual(["boulangerie-dupont.fr/blog/levain"]);
  });

  it("puts results without a position last and ignores other blocks", () => {
    const results: SearchResult[] = [
      { type: "organic", position: null, url: "https://boulangerie-dupont.fr/contact" },
      { type: "featured_snippet", position: 1, url: "https://boulangerie-dupont.fr/faq" },
      { type: "organic", position: 5, url: "https://boulangerie-dupont.fr/levain" },
      { type: "organic", position: 2, url: null },
    ];
    expect(competingPages(results, SITE_URL)).toEqual(["boulangerie-dupont.fr/levain", "boulangerie-dupont.fr/contact"]);
  });

  it("is empty when the site does not rank or has no host", () => {
    expect(competingPages(SERP, "https://www.autre-boulangerie.fr")).toEqual([]);
    expect(competingPages(SERP, "")).toEqual([]);
  });
});

describe("mentionsSite", () => {
  it("finds the name or the domain in a Markdown answer", () => {
    expect(mentionsSite(ANSWERS.linked, SITE_NAME, SITE_URL)).toBe(true);
    expect(mentionsSite(ANSWERS.linked, "", SITE_URL)).toBe(true);
  });

  it("finds the name in any case", () => {
    expect(mentionsSite(ANSWERS.lowercase, SITE_NAME, SITE_URL)).toBe(true);
    expect(mentionsSite("Chez BOULANGERIE DUPONT, le pain est cuit au bois.", SITE_NAME, SITE_URL)).toBe(true);
  });

  it("finds the name across line breaks and non-breaking spaces", () => {
    expect(mentionsSite("la Boulangerie\nDupont ouvre à 7 h", SITE_NAME, SITE_URL)).toBe(true);
    expect(mentionsSite("la Boulangerie\u00a0Dupont ouvre à 7 h", SITE_NAME, SITE_URL)).toBe(true);
  });

  it("finds the name only as whole words", () => {
    expect(mentionsSite(ANSWERS.plural, "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("Chez LeDupont, le pain est bon.", "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("Chez Dupont, le pain est bon.", "Dupont", SITE_URL)).toBe(true);
    expect(mentionsSite("(Dupont)", "Dupont", SITE_URL)).toBe(true);
    expect(mentionsSite("dupont", "Dupont", SITE_URL)).toBe(true);
  });

  it("treats accented letters, digits and other scripts as part of a word", () => {
    expect(mentionsSite("Duponté", "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("àDupont", "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("Dupont2", "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("ДюпонDupont", "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("Dupont\u0301", "Dupont", SITE_URL)).toBe(false);
    expect(mentionsSite("la Pâtisserie Étoilée ouvre", "pâtisserie étoilée", "https://etoilee.fr")).toBe(true);
    expect(mentionsSite("la Pâtisserie Étoilées", "Pâtisserie Étoilée", "https://etoilee.fr")).toBe(false);
  });

  it("takes the name's metacharacters literally and any apostrophe for another", () => {
    expect(mentionsSite("Le C++ Bistro (Lyon)", "C++ Bistro", "https://cppbistro.fr")).toBe(true);
    expect(mentionsSite("Le C Bistro", "C++ Bistro", "https://cppbistro.fr")).toBe(false);
    expect(mentionsSite("Dupont & Fils, boulangers", "Dupont & Fils", SITE_URL)).toBe(true);
    expect(mentionsSite("Essayez L’Atelier du Pain.", "L'Atelier du Pain", "https://atelierdupain.fr")).toBe(true);
    expect(mentionsSite("Pain.Co est fermé", "Pain.Co", "https://painco.fr")).toBe(true);
    expect(mentionsSite("PainXCo est fermé", "Pain.Co", "https://painco.fr")).toBe(false);
  });

  it("finds the domain, with or without www., in any case", () => {
    expect(mentionsSite("Commandez sur boulangerie-dupont.fr.", "", SITE_URL)).toBe(true);
    expect(mentionsSite("Commandez sur WWW.Boulangerie-Dupont.FR !", "", SITE_URL)).toBe(true);
    expect(mentionsSite("Voir https://boulangerie-dupont.fr/levain", "", SITE_URL)).toBe(true);
    expect(mentionsSite("La boutique shop.boulangerie-dupont.fr livre à domicile", "", SITE_URL)).toBe(true);
    expect(mentionsSite("Écrivez à contact@boulangerie-dupont.fr", "", SITE_URL)).toBe(true);
  });

  it("does not find the domain inside a longer domain", () => {
    expect(mentionsSite("Voir boulangerie-dupont.fr.example.com", "", SITE_URL)).toBe(false);
    expect(mentionsSite("Voir maboulangerie-dupont.fr", "", SITE_URL)).toBe(false);
    expect(mentionsSite("Voir la-boulangerie-dupont.fr", "", SITE_URL)).toBe(false);
    expect(mentionsSite("Voir boulangerie-dupont.france.com", "", SITE_URL)).toBe(false);
    expect(mentionsSite("Voir boulangerie-dupontXfr", "", SITE_URL)).toBe(false);
  });

  it("finds an international domain as answers write it", () => {
    const site = "https://www.pâtisserie-durand.fr";
    expect(mentionsSite("Voir pâtisserie-durand.fr pour les horaires.", "", site)).toBe(true);
    expect(mentionsSite(`Voir ${siteHost(site)} pour les horaires.`, "", site)).toBe(true);
    expect(mentionsSite("Voir patisserie-durand.fr pour les horaires.", "", site)).toBe(false);
  });

  it("uses only the domain when the name is blank or shorter than 3 characters", () => {
    expect(mentionsSite("Boulangerie Dupont", "   ", SITE_URL)).toBe(false);
    expect(mentionsSite("Le pain de AB est bon", "AB", "https://ab-boulangerie.fr")).toBe(false);
    expect(mentionsSite("Voir ab-boulangerie.fr", "AB", "https://ab-boulangerie.fr")).toBe(true);
    expect(mentionsSite("Le pain de ABC est bon", "ABC", "https://abc-boulangerie.fr")).toBe(true);
  });

  it("is false when there is nothing to look for", () => {
    expect(mentionsSite("Boulangerie Dupont", "", "pas un site")).toBe(false);
    expect(mentionsSite("", SITE_NAME, SITE_URL)).toBe(false);
  });
});

describe("citedUrlsIn", () => {
  it("takes URLs from Markdown links and prose, without the closing punctuation", () => {
    expect(citedUrlsIn(ANSWERS.linked)).toEqual(["https://www.boulangerie-dupont.fr/levain/", "https://fr.wikipedia.org/wiki/Levain"]);
  });

  it("keeps the first spelling of each page, in order", () => {
    expect(citedUrlsIn(`${ANSWERS.linked}\n\n${ANSWERS.sources}`)).toEqual([
      "https://www.boulangerie-dupont.fr/levain/",
      "https://fr.wikipedia.org/wiki/Levain",
      "https://www.marmiton.org/recettes/recette_pain-au-levain_12345.aspx?utm_source=chatgpt.com",
      "https://shop.boulangerie-dupont.fr/produits/pain-levain",
      "https://www.painrisien.com/levain-naturel/",
    ]);
  });

  it("strips trailing punctuation, quotes, emphasis and brackets the URL did not open", () => {
    const text = [
      "Voir https://a.fr/x.",
      "ou https://a.fr/y, https://a.fr/z; https://a.fr/w: https://a.fr/v! https://a.fr/u?",
      "\"https://a.fr/t\" et 'https://a.fr/s' et “https://a.fr/r” et **https://a.fr/q**",
      "(voir https://a.fr/p). [source](https://a.fr/o), {https://a.fr/n}",
      "`https://a.fr/m` et https://a.fr/l...",
    ].join("\n");
    expect(citedUrlsIn(text)).toEqual(
      ["x", "y", "z", "w", "v", "u", "t", "s", "r", "q", "p", "o", "n", "m", "l"].map((page) => `https://a.fr/${page}`),
    );
  });

  it("keeps brackets and queries that belong to the URL", () => {
    expect(citedUrlsIn("Voir [Pain](https://fr.wikipedia.org/wiki/Pain_(aliment)).")).toEqual([
      "https://fr.wikipedia.org/wiki/Pain_(aliment)",
    ]);
    expect(citedUrlsIn("Voir https://fr.wikipedia.org/wiki/Pain_(aliment), puis")).toEqual([
      "https://fr.wikipedia.org/wiki/Pain_(aliment)",
    ]);
    expect(citedUrlsIn("Voir https://example.com/search?q=levain&page=2.")).toEqual(["https://example.com/search?q=levain&page=2"]);
  });

  it("splits a link whose label is its URL", () => {
    expect(citedUrlsIn("[https://boulangerie-dupont.fr](https://boulangerie-dupont.fr/)")).toEqual(["https://boulangerie-dupont.fr"]);
  });

  it("takes http and https in any case, and nothing else", () => {
    expect(citedUrlsIn("HTTP://Example.com/a et https://example.com/a et ftp://example.com/b et www.example.com/c")).toEqual([
      "HTTP://Example.com/a",
    ]);
  });

  it("skips what only looks like a URL", () => {
    expect(citedUrlsIn("Le protocole https:// puis https://localhost:3000/x")).toEqual([]);
    expect(citedUrlsIn("Aucune source.")).toEqual([]);
  });
});

describe("citationOfSite", () => {
  const cited = citedUrlsIn(ANSWERS.sources);

  it("gives the 1-based position of the first URL on the site or a subdomain", () => {
    expect(citationOfSite(cited, SITE_URL)).toEqual({ position: 3, url: "https://shop.boulangerie-dupont.fr/produits/pain-levain" });
    expect(citationOfSite(citedUrlsIn(ANSWERS.linked), SITE_URL)).toEqual({
      position: 1,
      url: "https://www.boulangerie-dupont.fr/levain/",
    });
  });

  it("counts every listed URL in the position", () => {
    expect(citationOfSite(["pas une adresse", "https://example.com", "http://boulangerie-dupont.fr/"], SITE_URL)).toEqual({
      position: 3,
      url: "http://boulangerie-dupont.fr/",
    });
  });

  it("ignores lookalike domains", () => {
    expect(citationOfSite(["https://boulangerie-dupont.fr.example.com/levain", "https://maboulangerie-dupont.fr/"], SITE_URL)).toBeNull();
  });

  it("is null when the site is not cited or has no host", () => {
    expect(citationOfSite([], SITE_URL)).toBeNull();
    expect(citationOfSite(cited, "https://www.autre-boulangerie.fr")).toBeNull();
    expect(citationOfSite(cited, "")).toBeNull();
  });
});

describe("citedDomains", () => {
  it("lists distinct hosts in order of first citation", () => {
    expect(citedDomains(citedUrlsIn(`${ANSWERS.linked}\n${ANSWERS.sources}`))).toEqual([
      "boulangerie-dupont.fr",
      "fr.wikipedia.org",
      "marmiton.org",
      "shop.boulangerie-dupont.fr",
      "painrisien.com",
    ]);
  });

  it("merges www. and case and skips what is not a URL", () => {
    expect(citedDomains(["https://www.Example.com/a", "http://example.com/b", "pas une adresse", "https://blog.example.com/"])).toEqual([
      "example.com",
      "blog.example.com",
    ]);
    expect(citedDomains([])).toEqual([]);
  });
});

describe("mentionedDomains", () => {
  it("gives the domains an answer links or names, once each, in order, without e-mail addresses or file names", () => {
    const answer =
      "See https://www.Levain-Club.fr/guide and [Wikipedia](https://fr.wikipedia.org/wiki/Levain). " +
      "Marmiton.org has recipes too; write to chef@boulangerie-dupont.fr or open notes.txt. levain-club.fr again.";
    expect(mentionedDomains(answer)).toEqual(["levain-club.fr", "fr.wikipedia.org", "marmiton.org"]);
  });
});

describe("monthsBetween (the report's month picker)", () => {
  it("gives the months from the first one's to now's, newest first (UTC)", () => {
    expect(monthsBetween(new Date("2026-09-30T23:30:00Z"), new Date("2027-01-04T08:00:00Z"))).toEqual([
      "2027-01",
      "2026-12",
      "2026-11",
      "2026-10",
      "2026-09",
    ]);
    expect(monthsBetween(new Date("2026-11-28T10:00:00Z"), new Date("2026-11-30T10:00:00Z"))).toEqual(["2026-11"]);
  });

  it("gives now's month alone when the first date is later (a clock moved back)", () => {
    expect(monthsBetween(new Date("2027-03-01T00:00:00Z"), new Date("2027-01-15T00:00:00Z"))).toEqual(["2027-01"]);
  });
});
