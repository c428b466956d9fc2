import { describe, expect, it } from "vitest";
import { checkPrompts, DEFAULT_PROMPT_COUNT, defaultPrompts, promptsOfPage, questionFor } from "./prompts";

describe("a page's default prompts", () => {
  it("asks the informational question, a which-to-choose question and a comparison of its first two keywords", () => {
    expect(defaultPrompts({ pageName: "Vélo électrique", keywords: ["vélo électrique", "vélo musculaire"], languageCode: "fr" })).toEqual([
      "Je me renseigne sur « Vélo électrique, vélo musculaire ». Que faut-il savoir, et quels sites ou ressources recommandes-tu ? Cite tes sources avec leurs URL.",
      "Quelles sont les meilleures options pour « vélo électrique » ? Laquelle choisir, et pourquoi ? Cite tes sources avec leurs URL.",
      "« vélo électrique » ou « vélo musculaire » : quelles différences, et lequel choisir ? Cite tes sources avec leurs URL.",
    ]);
  });

  it("does not repeat a keyword the page's name already says", () => {
    expect(questionFor({ pageName: "Le pain au levain", keywords: ["pain au levain", "levain"], languageCode: "fr" })).toBe(
      "Je me renseigne sur « Le pain au levain ». Que faut-il savoir, et quels sites ou ressources recommandes-tu ? Cite tes sources avec leurs URL.",
    );
  });

  it("asks how to with one keyword, and uses the page's name without any", () => {
    const [, choice, howTo] = defaultPrompts({ pageName: "Sourdough", keywords: [], languageCode: "en-GB" });
    expect(choice).toBe(
      'What are the best options for "Sourdough"? Which one should I choose, and why? Please cite your sources with their URLs.',
    );
    expect(howTo).toBe('How do I go about "Sourdough", step by step? Please cite the websites that explain it best, with their URLs.');
  });

  it("keeps the question asked before prompts existed, so that the history stays comparable", () => {
    expect(questionFor({ pageName: "Sourdough", keywords: ["sourdough", "starter"], languageCode: "ja" })).toBe(
      'I\'m looking into "Sourdough, starter". What should I know, and which websites or resources do you recommend? Please cite your sources with their URLs.',
    );
  });
});

describe("the team's prompts", () => {
  it("are trimmed, blanks left out", () => {
    expect(checkPrompts(["  Quel vélo choisir  pour la ville ? ", "", "Comment entretenir un vélo ?"])).toEqual({
      ok: true,
      prompts: ["Quel vélo choisir pour la ville ?", "Comment entretenir un vélo ?"],
    });
  });

  it("say what is wrong: none, too many, too short, too long, twice", () => {
    expect(checkPrompts(["", " "])).toEqual({ ok: false, error: "Écrivez au moins une question." });
    expect(checkPrompts(Array.from({ length: 6 }, (_, i) => `Question numéro ${i}`))).toEqual({ ok: false, error: "5 questions au plus." });
    expect(checkPrompts(["Quel vélo choisir ?", "Vélo ?"])).toEqual({
      ok: false,
      field: 1,
      error: "La question 2 est trop courte (10 caractères au moins).",
    });
    expect(checkPrompts(["x".repeat(501)])).toEqual({
      ok: false,
      field: 0,
      error: "La question 1 est trop longue (500 caractères au plus).",
    });
    expect(checkPrompts(["Quel vélo choisir ?", "quel vélo choisir ?"])).toEqual({
      ok: false,
      field: 1,
      error: "La question 2 est la même que la question 1.",
    });
  });

  it("number a question as its field, blank fields before it counted", () => {
    expect(checkPrompts(["Quel vélo choisir ?", "", "Vélo ?"])).toEqual({
      ok: false,
      field: 2,
      error: "La question 3 est trop courte (10 caractères au moins).",
    });
    expect(checkPrompts(["", "Quel vélo choisir ?", " ", "Quel  vélo choisir ?"])).toMatchObject({
      field: 3,
      error: "La question 4 est la même que la question 2.",
    });
  });
});

describe("a page's prompts as stored", () => {
  it("are the team's, in their order, with when they were last written; none: the defaults, as many as said", () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day));
    const page = { pageName: "Vélo", keywords: ["vélo"], languageCode: "fr" };
    expect(
      promptsOfPage(
        [
          { prompt: "Quel vélo choisir ?", updatedAt: at(2) },
          { prompt: "Comment entretenir un vélo ?", updatedAt: at(5) },
          { prompt: "Où acheter un vélo ?", updatedAt: at(3) },
        ],
        page,
      ),
    ).toEqual({
      prompts: ["Quel vélo choisir ?", "Comment entretenir un vélo ?", "Où acheter un vélo ?"],
      custom: true,
      updatedAt: at(5),
    });
    expect(promptsOfPage([], page)).toEqual({ prompts: defaultPrompts(page), custom: false, updatedAt: null });
    expect(defaultPrompts(page)).toHaveLength(DEFAULT_PROMPT_COUNT);
  });
});
