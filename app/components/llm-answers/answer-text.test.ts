// @vitest-environment jsdom
/** AnswerText: a long answer cut to 150 words, with a Show more / Show less toggle (aria-expanded). */
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnswerText } from "./answer-text";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (answer: string | null) => act(() => root.render(createElement(AnswerText, { answer })));
const text = () => container.querySelector("p")?.textContent ?? "";
const toggle = () => container.querySelector("button");

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
    expect(toggle()?.getAttribute("aria-controls")).toBe(container.querySelector("p")?.id);

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
    expect(container.querySelector("p")?.className).toContain("whitespace-pre-line");
    expect(text()).toBe("first\nsecond");
  });
});
