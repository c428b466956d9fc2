/** The ideal-client quiz (spec part 3, section 4): three questions, the result rule and the advance delay. */

export const QUIZ_ADVANCE_MS = 500;

export type QuizAnswers = {
  websiteAge?: "less-1-year" | "more-1-year";
  siteType?: "corporate" | "local-business" | "ecommerce" | "marketplace" | "information-affiliate" | "news" | "other";
  seoHours?: "less" | "more";
};
export type QuizQuestionId = keyof QuizAnswers;
export type QuizQuestion<K extends QuizQuestionId = QuizQuestionId> = {
  id: K;
  question: string;
  options: readonly { value: NonNullable<QuizAnswers[K]>; label: string }[];
};

export const QUIZ_QUESTIONS: readonly [QuizQuestion<"websiteAge">, QuizQuestion<"siteType">, QuizQuestion<"seoHours">] = [
  {
    id: "websiteAge",
    question: "How old is your website?",
    options: [
      { value: "less-1-year", label: "Less than 1 year" },
      { value: "more-1-year", label: "More than 1 year" },
    ],
  },
  {
    id: "siteType",
    question: "What type of website do you have?",
    options: [
      { value: "corporate", label: "Corporate" },
      { value: "local-business", label: "Local business" },
      { value: "ecommerce", label: "E-commerce" },
      { value: "marketplace", label: "Marketplace" },
      { value: "information-affiliate", label: "Information / affiliate" },
      { value: "news", label: "News" },
      { value: "other", label: "Other" },
    ],
  },
  {
    id: "seoHours",
    question: "How many hours per week can you spend on SEO yourself?",
    options: [
      { value: "less", label: "Less than 10 hours per week" },
      { value: "more", label: "More than 10 hours per week" },
    ],
  },
];

export type QuizResult = "ideal" | "notIdeal";

const IDEAL_SITE_TYPES: readonly string[] = ["corporate", "ecommerce", "marketplace"];

/** 'ideal' only for a site older than a year, of a corporate, e-commerce or marketplace kind, whose owner has under 10 hours a week for SEO. */
export function quizResult(answers: QuizAnswers): QuizResult {
  const ideal = answers.websiteAge === "more-1-year" && IDEAL_SITE_TYPES.includes(answers.siteType ?? "") && answers.seoHours === "less";
  return ideal ? "ideal" : "notIdeal";
}

/** The progress bar's width, in percent: the share of questions reached (question 1 of 3 shows a third). */
export function quizProgress(index: number): number {
  return Math.round(((index + 1) / QUIZ_QUESTIONS.length) * 100);
}
