// @vitest-environment jsdom
/** The quiz island on the markup the Quiz component renders on the server. */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Quiz } from "~/components/marketing/home/quiz";
import { QUIZ_ADVANCE_MS } from "~/lib/quiz";
import { STATIC_PAGE } from "~/lib/static-page";

function renderQuiz() {
  const Stub = createRoutesStub([{ path: "/", Component: Quiz, handle: STATIC_PAGE }]);
  document.body.innerHTML = renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

const quiz = () => document.querySelector<HTMLElement>('[data-island="quiz"]')!;
const visibleHeading = () => [...quiz().querySelectorAll<HTMLElement>("h3")].find((h) => !h.closest("[hidden]"))!;
const option = (label: string) =>
  [...quiz().querySelectorAll<HTMLButtonElement>("button[data-quiz-value]")].find(
    (b) => b.textContent?.trim() === label && !b.closest("[hidden]"),
  )!;
const button = (attribute: string) =>
  [...quiz().querySelectorAll<HTMLButtonElement>(`[${attribute}]`)].find((b) => !b.closest("[hidden]"))!;

describe("the quiz island", () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    renderQuiz();
    vi.resetModules();
    await import("./quiz");
    // The island mounts in a task of its own (lib/mount.ts).
    vi.advanceTimersByTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it("renders every step on the server, the first one shown, and marks itself ready", () => {
    expect(quiz().querySelectorAll("[data-quiz-step]")).toHaveLength(3);
    expect(visibleHeading().textContent).toBe("How old is your website?");
    expect(document.head.innerHTML + document.body.innerHTML).toContain("/app/islands/quiz.ts");
    expect(quiz().hasAttribute("data-island-ready")).toBe(true);
  });

  it("marks a choice, moves on after the delay with the focus, and keeps the answer for 'Previous'", () => {
    option("More than 1 year").click();
    expect(option("More than 1 year").getAttribute("aria-pressed")).toBe("true");
    vi.advanceTimersByTime(QUIZ_ADVANCE_MS);
    expect(visibleHeading().textContent).toBe("What type of website do you have?");
    expect(document.activeElement).toBe(visibleHeading());
    expect(quiz().querySelector('[role="progressbar"]')!.getAttribute("aria-valuetext")).toBe("Question 2 of 3");

    button("data-quiz-previous").click();
    expect(visibleHeading().textContent).toBe("How old is your website?");
    expect(option("More than 1 year").getAttribute("aria-pressed")).toBe("true");
    expect(option("Less than 1 year").getAttribute("aria-pressed")).toBe("false");
  });

  it("shows the ideal result for an old corporate site with little time, and starts over", () => {
    for (const label of ["More than 1 year", "Corporate", "Less than 10 hours per week"]) {
      option(label).click();
      vi.advanceTimersByTime(QUIZ_ADVANCE_MS);
    }
    expect(visibleHeading().textContent).toBe("You're My Ideal Client!");
    expect(quiz().querySelector('[role="progressbar"]')!.getAttribute("aria-valuenow")).toBe("100");
    button("data-quiz-restart").click();
    expect(visibleHeading().textContent).toBe("How old is your website?");
    expect(option("More than 1 year").getAttribute("aria-pressed")).toBe("false");
  });

  it("shows the other result otherwise", () => {
    for (const label of ["Less than 1 year", "News", "More than 10 hours per week"]) {
      option(label).click();
      vi.advanceTimersByTime(QUIZ_ADVANCE_MS);
    }
    expect(visibleHeading().textContent).toBe("You might not be completely ideal!");
  });
});
