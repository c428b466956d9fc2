import { describe, expect, it } from "vitest";
import type { KeywordModel } from "./content-score/types";
import {
  checkResearch,
  questionsOf,
  readingCounts,
  SHOWN_TERMS,
  topResults,
  urlKey,
  type StoredCheck,
  type StoredModel,
} from "./research-view";

const result = (position: number, url: string | null, type: string | null = "organic") => ({
  position,
  url,
  title: `Page ${position}`,
  type,
});

const check: StoredCheck = {
  id: 7,
  checkedAt: new Date("2026-11-20T10:00:00Z"),
  results: [
    result(3, "https://c.example/velo"),
    result(1, "https://www.a.example/guide/"),
    result(2, "https://b.example/prix#haut"),
    result(4, null),
    { position: 5, url: "https://ads.example", title: "Ad", type: "paid" },
    ...Array.from({ length: 12 }, (_, i) => result(10 + i, `https://more.example/${i}`)),
  ],
  features: null,
};

const model = (overrides: Partial<KeywordModel> = {}): StoredModel => ({
  builtAt: "2026-11-20T10:05:00Z",
  model: {
    keyword: "vélo électrique",
    language: "fr",
    pages: 2,
    terms: [],
    length: { p25: 1200, p50: 1500, p75: 2100 },
    headings: { p25: 6, p50: 8, p75: 11 },
    questions: [],
    outlines: [
      {
        url: "https://a.example/guide",
        position: 1,
        title: "Guide",
        wordCount: 1800,
        headings: [{ level: 1, text: "Le guide" }],
        readAt: "2026-11-20T10:02:00Z",
      },
      { url: "https://b.example/prix", position: 2, title: null, wordCount: 900, headings: [], readAt: "2026-11-20T10:03:00Z" },
    ],
    ...overrides,
  },
  topScores: { pages: [], median: 64, best: 81 },
  unread: [{ url: "https://c.example/velo", position: 3, reason: "403" }],
});

describe("urlKey", () => {
  it("matches a page whatever its fragment, trailing slash, host case or www.", () => {
    expect(urlKey("https://WWW.A.example/guide/#x")).toBe(urlKey("https://a.example/guide"));
    expect(urlKey("https://a.example/guide?p=2")).not.toBe(urlKey("https://a.example/guide"));
  });
});

describe("topResults", () => {
  it("gives the top 10 organic results by position, each read, not read (and why) or not read yet", () => {
    const top = topResults(check, model());
    expect(top).toHaveLength(10);
    expect(top.slice(0, 3)).toEqual([
      {
        position: 1,
        url: "https://www.a.example/guide/",
        title: "Page 1",
        reading: { state: "read", wordCount: 1800, headings: [{ level: 1, text: "Le guide" }], readAt: "2026-11-20T10:02:00Z" },
      },
      {
        position: 2,
        url: "https://b.example/prix#haut",
        title: "Page 2",
        reading: { state: "read", wordCount: 900, headings: [], readAt: "2026-11-20T10:03:00Z" },
      },
      { position: 3, url: "https://c.example/velo", title: "Page 3", reading: { state: "unread", reason: "403" } },
    ]);
    expect(top[3]).toMatchObject({ position: 10, reading: { state: "unread", reason: null } });
    expect(readingCounts(top)).toEqual({ read: 2, unread: 8, pending: 0 });
  });

  it("says 'not read yet' of every result when no model was built from the check", () => {
    const top = topResults(check, null);
    expect(top.every((r) => r.reading.state === "pending")).toBe(true);
    expect(readingCounts(top)).toEqual({ read: 0, unread: 0, pending: 10 });
  });
});

describe("checkResearch", () => {
  it("keeps the model's most important terms first, and says how many there are", () => {
    const terms = Array.from({ length: SHOWN_TERMS + 5 }, (_, i) => ({
      key: `t${i}`,
      label: `terme ${i}`,
      words: 1 as const,
      importance: i / 100,
      pages: 3,
      range: [1, 3] as [number, number],
      inHeadings: 0,
    }));
    const research = checkResearch(check, model({ terms }));
    expect(research.checkedAt).toBe("2026-11-20T10:00:00.000Z");
    expect(research.model?.termCount).toBe(SHOWN_TERMS + 5);
    expect(research.model?.terms).toHaveLength(SHOWN_TERMS);
    expect(research.model?.terms[0]).toEqual({
      key: `t${SHOWN_TERMS + 4}`,
      label: `terme ${SHOWN_TERMS + 4}`,
      pages: 3,
      range: [1, 3],
      inHeadings: 0,
    });
    expect(research.model?.topScores).toEqual({ median: 64, best: 81 });
  });
});

describe("questionsOf", () => {
  it("takes the model's questions, else the People Also Ask of the check, else none", () => {
    const features = {
      peopleAlsoAsk: [{ question: "Quel prix ?", answer: "Environ 1 500 €", url: "https://a.example", title: "A" }],
      relatedSearches: [],
      featuredSnippet: null,
      aiOverview: null,
    };
    const withModel = checkResearch(
      { ...check, features },
      model({ questions: [{ text: "Quelle autonomie ?", source: "heading", answer: null, url: null }] }),
    );
    expect(questionsOf({ keywordId: 1, keyword: "k", check: withModel }).map((q) => q.text)).toEqual(["Quelle autonomie ?"]);
    const withoutModel = checkResearch({ ...check, features }, null);
    expect(questionsOf({ keywordId: 1, keyword: "k", check: withoutModel })).toEqual([
      { text: "Quel prix ?", source: "people-also-ask", answer: "Environ 1 500 €", url: "https://a.example" },
    ]);
    expect(questionsOf({ keywordId: 1, keyword: "k", check: null })).toEqual([]);
  });
});
