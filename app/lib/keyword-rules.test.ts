import { describe, expect, it } from "vitest";
import {
  canAddKeyword,
  decodeForReading,
  hostAndPath,
  isSafeLink,
  keywordKey,
  normalizeKeyword,
  sameKeyword,
  serpDialogTitle,
  showSerpSearchButton,
  showViewSerps,
  truncateMetaDescription,
} from "./keyword-rules";

describe("truncateMetaDescription", () => {
  it("keeps a text of 150 characters or fewer as it is", () => {
    const exact = "a".repeat(150);
    expect(truncateMetaDescription(exact)).toBe(exact);
    expect(truncateMetaDescription("short")).toBe("short");
  });

  it("cuts a longer text to 150 characters plus '...'", () => {
    const long = "b".repeat(149) + "cdef";
    const cut = truncateMetaDescription(long);
    expect(cut).toBe("b".repeat(149) + "c...");
    expect(cut.length).toBe(153);
  });

  it("counts characters, not UTF-16 units, and answers '' for nothing", () => {
    const emoji = "😀".repeat(151);
    expect(truncateMetaDescription(emoji)).toBe("😀".repeat(150) + "...");
    expect(truncateMetaDescription(null)).toBe("");
    expect(truncateMetaDescription(undefined)).toBe("");
  });
});

describe("keyword normalisation and matching", () => {
  it("trims, and matches case-insensitively", () => {
    expect(normalizeKeyword("  Jardin Bio  ")).toBe("Jardin Bio");
    expect(keywordKey("  Jardin BIO ")).toBe("jardin bio");
    expect(sameKeyword("jardin bio", "  JARDIN Bio ")).toBe(true);
    expect(sameKeyword("jardin bio", "jardin  bio")).toBe(false);
  });

  it("refuses a blank value", () => {
    expect(canAddKeyword("")).toBe(false);
    expect(canAddKeyword("   \t ")).toBe(false);
    expect(canAddKeyword(" x ")).toBe(true);
  });
});

describe("hostAndPath", () => {
  it("shows host plus path, without query or fragment", () => {
    expect(hostAndPath("https://www.example.com/a/b?q=1#x")).toBe("www.example.com/a/b");
    expect(hostAndPath("https://example.com/")).toBe("example.com");
    expect(hostAndPath("http://example.com:8080/p")).toBe("example.com:8080/p");
  });

  it("shows encoded paths decoded, as people read them", () => {
    expect(hostAndPath("https://www.example.fr/v%C3%A9lo%20%C3%A9lectrique/guide-d%27achat?q=1")).toBe(
      "www.example.fr/vélo électrique/guide-d'achat",
    );
  });

  it("keeps what cannot be decoded as it is, and decodes the rest", () => {
    expect(hostAndPath("https://promo.example/remise-100%-v%C3%A9lo-%E9t%C3")).toBe("promo.example/remise-100%-vélo-%E9t%C3");
    expect(hostAndPath("not a url %E9 %C3%A9")).toBe("not a url %E9 é");
  });

  it("shows the text itself when it is not an address", () => {
    expect(hostAndPath("not a url")).toBe("not a url");
    expect(hostAndPath(null)).toBe("");
  });

  it("links only http(s) addresses", () => {
    expect(isSafeLink("https://example.com")).toBe(true);
    expect(isSafeLink("javascript:alert(1)")).toBe(false);
    expect(isSafeLink(null)).toBe(false);
  });
});

describe("decodeForReading", () => {
  it("decodes UTF-8 percent escapes", () => {
    expect(decodeForReading("v%C3%A9lo%20%C3%A9lectrique")).toBe("vélo électrique");
    expect(decodeForReading("%F0%9F%9A%B2-%E2%82%AC")).toBe("🚲-€");
    expect(decodeForReading("plain text")).toBe("plain text");
  });

  it("never throws: lone, cut or invalid escapes stay as they are", () => {
    expect(decodeForReading("100%")).toBe("100%");
    expect(decodeForReading("100%-off")).toBe("100%-off");
    expect(decodeForReading("%E9t%C3")).toBe("%E9t%C3");
    expect(decodeForReading("%C3%A9%C3")).toBe("é%C3");
    expect(decodeForReading("%ZZ%C3%A9")).toBe("%ZZé");
    expect(decodeForReading("%E2%82")).toBe("%E2%82");
  });

  it("keeps control characters encoded", () => {
    expect(decodeForReading("a%0Ab%00c%20d")).toBe("a%0Ab%00c d");
  });
});

describe("the SERP buttons", () => {
  it("offers the search only with the serps action, 0 results and search enabled", () => {
    expect(showSerpSearchButton({ serpCount: 0, toSearch: true }, true)).toBe(true);
    expect(showSerpSearchButton({ serpCount: 0, toSearch: true }, false)).toBe(false);
    expect(showSerpSearchButton({ serpCount: 1, toSearch: true }, true)).toBe(false);
    expect(showSerpSearchButton({ serpCount: 0, toSearch: false }, true)).toBe(false);
  });

  it("offers 'View SERPS' above 0 results", () => {
    expect(showViewSerps({ serpCount: 0 })).toBe(false);
    expect(showViewSerps({ serpCount: 3 })).toBe(true);
  });

  it("titles the dialog in French", () => {
    expect(serpDialogTitle("jardin")).toBe('Résultats SERP pour "jardin"');
  });
});
