import { describe, expect, it } from "vitest";
import { annotatedCitations } from "./openrouter.server";

describe("a live answer's citations", () => {
  it("are its url_citation annotations' URLs, in order, each once, web addresses only", () => {
    expect(
      annotatedCitations([
        { type: "url_citation", url_citation: { url: "https://a.example/x", title: "A" } },
        { type: "file_citation", url_citation: { url: "https://ignored.example" } },
        { type: "url_citation", url_citation: { url: "javascript:alert(1)" } },
        { type: "url_citation", url_citation: { url: "https://b.example/y" } },
        { type: "url_citation", url_citation: { url: "https://a.example/x" } },
        null,
      ]),
    ).toEqual(["https://a.example/x", "https://b.example/y"]);
  });

  it("are null when the answer has none (its text is read instead)", () => {
    expect(annotatedCitations(undefined)).toBeNull();
    expect(annotatedCitations([])).toBeNull();
    expect(annotatedCitations([{ type: "url_citation", url_citation: null }])).toBeNull();
  });
});
