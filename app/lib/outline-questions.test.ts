import { describe, expect, it } from "vitest";
import { answersQuestion, distinctQuestions, questionsAnswered, significantWords } from "./outline-questions";

describe("significantWords", () => {
  it("keeps the topic's words, lower-cased, without accents, plurals or the words that say nothing of it", () => {
    expect(significantWords("Quel est le prix d'un vélo électrique ?")).toEqual(["prix", "velo", "electrique"]);
    expect(significantWords("Les vélos électriques")).toEqual(["velo", "electrique"]);
    expect(significantWords("How long does an e-bike battery last?")).toEqual(["long", "e", "bike", "battery", "last"]);
    expect(significantWords("Qu'est-ce que c'est ?")).toEqual(["c"]);
  });

  it("says each word once", () => {
    expect(significantWords("Vélo ou vélos : quel vélo ?")).toEqual(["velo"]);
  });
});

describe("answersQuestion", () => {
  it("takes a heading that answers the question without asking it", () => {
    expect(answersQuestion("Quel est le prix d'un vélo électrique ?", "Le prix des vélos électriques")).toBe(true);
    expect(answersQuestion("Comment entretenir la batterie ?", "Entretenir sa batterie en hiver")).toBe(true);
    expect(answersQuestion("How much does an electric bike cost?", "What an electric bike costs")).toBe(true);
    expect(answersQuestion("How much does an electric bike cost?", "Choosing a bike")).toBe(false);
    expect(answersQuestion("Quels jeux pour enfants ?", "Le jeu et l'enfant")).toBe(true);
  });

  it("asks for more than half of the question's words, not a single shared one", () => {
    expect(answersQuestion("Quel est le prix d'un vélo électrique ?", "Choisir son vélo")).toBe(false);
    expect(answersQuestion("Quelle autonomie pour un vélo électrique ?", "Autonomie d'un vélo")).toBe(true);
    expect(answersQuestion("Quelle autonomie pour un vélo électrique ?", "Autonomie")).toBe(false);
  });

  it("never takes a question without significant words", () => {
    expect(answersQuestion("Comment ?", "Comment")).toBe(false);
  });
});

describe("questionsAnswered", () => {
  it("leaves out the keyword's own words, which every question and heading of its page holds", () => {
    const headings = ["Le prix d'un bon vélo électrique", "Quelle autonomie attendre ?"];
    const questions = [
      "Quelle autonomie pour un vélo électrique ?",
      "Quelles aides pour acheter un vélo électrique ?",
      "Vélo électrique ?",
    ];
    // Without the keyword, "vélo électrique" alone would make the price heading answer the range question.
    expect(questionsAnswered(questions, headings).map((q) => q.answeredBy)).toEqual([
      "Le prix d'un bon vélo électrique",
      null,
      "Le prix d'un bon vélo électrique",
    ]);
    expect(questionsAnswered(questions, headings, ["vélos électriques"]).map((q) => q.answeredBy)).toEqual([
      "Quelle autonomie attendre ?",
      null,
      // A question of the keyword's words only is matched on them.
      "Le prix d'un bon vélo électrique",
    ]);
    expect(answersQuestion("Quelle autonomie pour un vélo électrique ?", "Autonomie", ["vélo électrique"])).toBe(true);
  });

  const plan = [
    "Le prix des vélos électriques",
    "Combien coûte l'entretien ?",
    "Autonomie : ce qu'il faut savoir",
    "Autonomie d'un vélo électrique",
  ];

  it("gives each question the heading that shares most of its words, or null", () => {
    expect(
      questionsAnswered(
        ["Quelle autonomie pour un vélo électrique ?", "Quel est le prix d'un vélo électrique ?", "Où acheter un vélo ?"],
        plan,
      ),
    ).toEqual([
      { question: "Quelle autonomie pour un vélo électrique ?", answeredBy: "Autonomie d'un vélo électrique" },
      { question: "Quel est le prix d'un vélo électrique ?", answeredBy: "Le prix des vélos électriques" },
      { question: "Où acheter un vélo ?", answeredBy: null },
    ]);
  });

  it("answers nothing without a plan", () => {
    expect(questionsAnswered(["Quel prix ?"], [])).toEqual([{ question: "Quel prix ?", answeredBy: null }]);
  });
});

describe("distinctQuestions", () => {
  it("keeps a question asked twice once, the first time it comes", () => {
    const questions = [
      { text: "Quel est le prix d'un vélo électrique ?", source: "people-also-ask" },
      { text: "Le prix d'un vélo électrique ?", source: "heading" },
      { text: "Quelle autonomie ?", source: "heading" },
    ];
    expect(distinctQuestions(questions)).toEqual([questions[0], questions[2]]);
  });
});
