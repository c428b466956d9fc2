import { describe, expect, it } from "vitest";
import { LLM_ANSWER_WORD_LIMIT, truncateWords } from "./llm-rules";

const words = (n: number, sep = " ") => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(sep);

describe("truncateWords (LLM answers, 150 words)", () => {
  it("uses 150 words by default", () => {
    expect(LLM_ANSWER_WORD_LIMIT).toBe(150);
  });

  it("keeps an answer of exactly 150 words whole", () => {
    const text = words(150);
    expect(truncateWords(text)).toEqual({ text, truncated: false, wordCount: 150 });
  });

  it("cuts an answer of 151 words after the 150th word", () => {
    const result = truncateWords(words(151));
    expect(result.truncated).toBe(true);
    expect(result.wordCount).toBe(151);
    expect(result.text).toBe(`${words(150)}...`);
    expect(result.text).not.toContain("w151");
  });

  it("counts words, not spaces: runs of spaces, tabs and newlines separate one word from the next", () => {
    const text = `  ${words(150, "   \n\n\t ")}  `;
    expect(truncateWords(text)).toMatchObject({ truncated: false, wordCount: 150, text });
    const long = `${words(150, " \n  ")}\n\n\nw151 w152`;
    const cut = truncateWords(long);
    expect(cut.truncated).toBe(true);
    expect(cut.wordCount).toBe(152);
    expect(cut.text.endsWith("w150...")).toBe(true);
  });

  it("keeps the line breaks of the kept part, so that paragraphs stay readable", () => {
    const paragraph = words(100);
    const text = `${paragraph}\n\n${paragraph}`;
    const cut = truncateWords(text);
    expect(cut.text).toBe(`${paragraph}\n\n${words(50)}...`);
  });

  it("treats an empty or missing answer as zero words", () => {
    expect(truncateWords("")).toEqual({ text: "", truncated: false, wordCount: 0 });
    expect(truncateWords(null)).toEqual({ text: "", truncated: false, wordCount: 0 });
    expect(truncateWords("   \n ")).toMatchObject({ truncated: false, wordCount: 0 });
  });

  it("accepts another limit", () => {
    expect(truncateWords("a b c d", 2).text).toBe("a b...");
    expect(truncateWords("a b", 2).truncated).toBe(false);
  });
});
