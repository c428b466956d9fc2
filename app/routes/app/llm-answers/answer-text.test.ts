// @vitest-environment jsdom
/** AnswerText: a long answer cut to 150 words, with a Show more / Show less toggle (aria-expanded). */
import { act, createElement } from "react";
import { describe, expect, it } from "vitest";
import { reactTestRoot } from "~/lib/react-test-root";
import { AnswerText } from "./answer-text";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");

const root = reactTestRoot();

const render = (answer: string | null) => root.render(createElement(AnswerText, { answer }));
const text = () => root.container.querySelector("p")?.textContent ?? "";
const toggle = () => root.container.querySelector("button");

describe("AnswerText", () => {
  it("shows an answer of 150 words whole, without a toggle", () => {
    render(words(150));
    expect(text()).toBe(words(150));
    expect(toggle()).toBeNull();
  });

  it("cuts a longer answer to 150 words and toggles the whole answer", () => {
    const answer = `${words(150)}\n\nw151 w152`;
    render(answer);
    expect(text()).toBe(`${words(150)}...`);
    expect(toggle()?.textContent).toBe("Show more");
    expect(toggle()?.getAttribute("aria-expanded")).toBe("false");
    expect(toggle()?.getAttribute("aria-controls")).toBe(root.container.querySelector("p")?.id);

    act(() => toggle()?.click());
    expect(text()).toBe(answer);
    expect(toggle()?.textContent).toBe("Show less");
    expect(toggle()?.getAttribute("aria-expanded")).toBe("true");

    act(() => toggle()?.click());
    expect(text()).toBe(`${words(150)}...`);
    expect(toggle()?.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps line breaks readable (whitespace-pre-line)", () => {
    render("first\nsecond");
    expect(root.container.querySelector("p")?.className).toContain("whitespace-pre-line");
    expect(text()).toBe("first\nsecond");
  });
});
