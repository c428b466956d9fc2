/**
 * The ideal-client quiz's island (components/marketing/home/quiz.tsx renders every step): a choice is
 * marked at once, and QUIZ_ADVANCE_MS later the next question (or the result) shows and takes the focus;
 * 'Previous' goes back with the earlier answer still marked; 'Take Quiz Again' starts over.
 */
import { QUIZ_QUESTIONS, quizProgress, quizResult, type QuizAnswers } from "~/lib/quiz";
import { mount, part, scrollToAndFocus } from "./lib/mount";

mount("quiz", (root) => {
  const advanceMs = Number(root.dataset.advanceMs);
  const steps = [...root.querySelectorAll<HTMLElement>("[data-quiz-step]")];
  const results = [...root.querySelectorAll<HTMLElement>("[data-quiz-result]")];
  const label = part(root, "[data-quiz-step-label]");
  const progress = part(root, "[data-quiz-progress]");
  const bar = part(root, "[data-quiz-bar]");
  let answers: QuizAnswers = {};
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Shows step `index` (or the result), its progress, and moves the focus to its heading unless told not to. */
  function show(index: number, focus = true) {
    const done = index >= steps.length;
    const result = done ? quizResult(answers) : null;
    steps.forEach((step, i) => (step.hidden = i !== index));
    results.forEach((panel) => (panel.hidden = panel.dataset.quizResult !== result));
    for (const option of root.querySelectorAll<HTMLElement>("[data-quiz-value]")) {
      const question = option.dataset.quizQuestion as keyof QuizAnswers;
      option.setAttribute("aria-pressed", String(answers[question] === option.dataset.quizValue));
    }
    const text = done ? "Done" : `Question ${index + 1} of ${QUIZ_QUESTIONS.length}`;
    const percent = done ? 100 : quizProgress(index);
    label.textContent = text;
    progress.setAttribute("aria-valuenow", String(percent));
    progress.setAttribute("aria-valuetext", done ? "Quiz complete" : text);
    bar.style.width = `${percent}%`;
    if (focus) (done ? results.find((panel) => !panel.hidden) : steps[index])?.querySelector<HTMLElement>("h3")?.focus();
  }

  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("button");
    if (!target) return;
    const index = steps.findIndex((step) => !step.hidden);
    if (target.dataset.quizValue) {
      answers = { ...answers, [target.dataset.quizQuestion!]: target.dataset.quizValue };
      show(index, false);
      clearTimeout(timer);
      timer = setTimeout(() => show(index + 1), advanceMs);
    } else if (target.hasAttribute("data-quiz-previous")) {
      clearTimeout(timer);
      show(Math.max(0, index - 1));
    } else if (target.hasAttribute("data-quiz-restart")) {
      clearTimeout(timer);
      answers = {};
      show(0);
    } else if (target.hasAttribute("data-quiz-testimonials")) {
      const testimonials = document.getElementById("testimonials");
      if (testimonials) scrollToAndFocus(testimonials, false);
    }
  });
});
