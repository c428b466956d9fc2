import { describe, expect, it } from "vitest";
import { documentFromContentParsing, withFallback, type PageRead, type PageReader } from "./page-reader.server";

describe("documentFromContentParsing", () => {
  it("makes h1-h3 topics sections with their primary content, and folds other titles and text before any heading into the text", () => {
    expect(
      documentFromContentParsing([
        { h_title: null, main_title: "Le contrat vendanges", level: null, primary_content: [{ text: "Avant tout titre." }] },
        {
          h_title: "Le contrat vendanges",
          main_title: "Le contrat vendanges",
          level: 1,
          primary_content: [{ text: "Un contrat saisonnier." }],
        },
        { h_title: "Durée", level: "2", primary_content: [{ text: "Un mois au plus." }, { text: "  " }, { text: "Renouvelable." }] },
        { h_title: "Un détail", level: "h4", primary_content: [{ text: "Sous la durée." }] },
        { h_title: "Rémunération", level: "h3", primary_content: null },
      ]),
    ).toEqual({
      title: "Le contrat vendanges",
      document: {
        sections: [
          { heading: null, text: "Avant tout titre." },
          { heading: { level: 1, text: "Le contrat vendanges" }, text: "Un contrat saisonnier." },
          { heading: { level: 2, text: "Durée" }, text: "Un mois au plus.\nRenouvelable.\nUn détail\nSous la durée." },
          { heading: { level: 3, text: "Rémunération" }, text: "" },
        ],
      },
    });
  });
});

describe("withFallback", () => {
  const reader = (method: PageReader["method"], answer: (url: string) => Partial<PageRead>): PageReader & { calls: string[] } => {
    const calls: string[] = [];
    return {
      method,
      calls,
      read: async (url) => {
        calls.push(url);
        return { url, finalUrl: null, httpStatus: null, method, ok: false, reason: "?", ...answer(url) } as PageRead;
      },
    };
  };

  it("asks the second reader only for a page that refuses the first (401, 403, 429)", async () => {
    const first = reader("fetch", (url) => ({
      reason: url.endsWith("/refused") ? "403" : url.endsWith("/missing") ? "404" : "timeout (15 s)",
    }));
    const second = reader("content-parsing", () => ({ reason: "403", costUsd: 0.000125 }));
    const both = withFallback(first, second);
    expect(await both.read("https://a.example/refused")).toMatchObject({ method: "content-parsing", reason: "403", costUsd: 0.000125 });
    expect(await both.read("https://a.example/missing")).toMatchObject({ method: "fetch", reason: "404" });
    expect(await both.read("https://a.example/slow")).toMatchObject({ method: "fetch", reason: "timeout (15 s)" });
    expect(second.calls).toEqual(["https://a.example/refused"]);
    expect(withFallback(first, null)).toBe(first);
  });
});
