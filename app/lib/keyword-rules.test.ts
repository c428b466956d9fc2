import { describe, expect, it } from "vitest";
import {
  canAddKeyword,
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
