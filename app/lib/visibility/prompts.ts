/**
 * The prompts the assistants are asked about a page (issue 42), like the questions people put to them: by default
 * three, in the site's language (English when there is no template for it), built from the page's name and its
 * keywords:
 *   1. the informational question (the one asked before prompts existed, so that the history stays comparable);
 *   2. a "best ... / which ... to choose" question;
 *   3. a comparison of its first two keywords, or, with a single keyword, a "how to" question.
 * The team may rewrite them (1 to 5 per page, each 10 to 500 characters); the owner reads them.
 */

export const MAX_PROMPTS = 5;
/** How many default prompts a page without the team's has (defaultPrompts). */
export const DEFAULT_PROMPT_COUNT = 3;

/** How many times each prompt is asked of each model per period (the site's sample size): by default, the bounds, the refusal. */
export const DEFAULT_SAMPLES = 3;
export const MIN_SAMPLES = 1;
export const MAX_SAMPLES = 10;
export const SAMPLES_ERROR = `Choisissez un nombre entier de ${MIN_SAMPLES} à ${MAX_SAMPLES}.`;
export const PROMPT_MIN_LENGTH = 10;
export const PROMPT_MAX_LENGTH = 500;

type Templates = {
  question: (topic: string) => string;
  choice: (topic: string) => string;
  compare: (a: string, b: string) => string;
  howTo: (topic: string) => string;
};

const TEMPLATES: Record<string, Templates> = {
  en: {
    question: (t) =>
      `I'm looking into "${t}". What should I know, and which websites or resources do you recommend? Please cite your sources with their URLs.`,
    choice: (t) => `What are the best options for "${t}"? Which one should I choose, and why? Please cite your sources with their URLs.`,
    compare: (a, b) => `"${a}" or "${b}": what are the differences, and which should I pick? Please cite your sources with their URLs.`,
    howTo: (t) => `How do I go about "${t}", step by step? Please cite the websites that explain it best, with their URLs.`,
  },
  fr: {
    question: (t) =>
      `Je me renseigne sur « ${t} ». Que faut-il savoir, et quels sites ou ressources recommandes-tu ? Cite tes sources avec leurs URL.`,
    choice: (t) => `Quelles sont les meilleures options pour « ${t} » ? Laquelle choisir, et pourquoi ? Cite tes sources avec leurs URL.`,
    compare: (a, b) => `« ${a} » ou « ${b} » : quelles différences, et lequel choisir ? Cite tes sources avec leurs URL.`,
    howTo: (t) => `Comment m'y prendre pour « ${t} », étape par étape ? Cite les sites qui l'expliquent le mieux, avec leurs URL.`,
  },
  es: {
    question: (t) =>
      `Estoy investigando sobre «${t}». ¿Qué debo saber y qué sitios web o recursos recomiendas? Cita tus fuentes con sus URL.`,
    choice: (t) => `¿Cuáles son las mejores opciones para «${t}»? ¿Cuál debería elegir y por qué? Cita tus fuentes con sus URL.`,
    compare: (a, b) => `«${a}» o «${b}»: ¿qué diferencias hay y cuál debería elegir? Cita tus fuentes con sus URL.`,
    howTo: (t) => `¿Cómo hago para «${t}», paso a paso? Cita los sitios web que mejor lo explican, con sus URL.`,
  },
  de: {
    question: (t) =>
      `Ich informiere mich über „${t}“. Was sollte ich wissen, und welche Websites oder Quellen empfiehlst du? Bitte nenne deine Quellen mit URLs.`,
    choice: (t) => `Was sind die besten Optionen für „${t}“? Welche sollte ich wählen und warum? Bitte nenne deine Quellen mit URLs.`,
    compare: (a, b) => `„${a}“ oder „${b}“: Was sind die Unterschiede, und was sollte ich wählen? Bitte nenne deine Quellen mit URLs.`,
    howTo: (t) => `Wie gehe ich bei „${t}“ Schritt für Schritt vor? Bitte nenne die Websites, die es am besten erklären, mit URLs.`,
  },
  it: {
    question: (t) => `Mi sto informando su «${t}». Cosa dovrei sapere e quali siti o risorse consigli? Cita le tue fonti con i loro URL.`,
    choice: (t) => `Quali sono le migliori opzioni per «${t}»? Quale dovrei scegliere e perché? Cita le tue fonti con i loro URL.`,
    compare: (a, b) => `«${a}» o «${b}»: quali sono le differenze e quale dovrei scegliere? Cita le tue fonti con i loro URL.`,
    howTo: (t) => `Come si fa «${t}», passo dopo passo? Cita i siti che lo spiegano meglio, con i loro URL.`,
  },
  pt: {
    question: (t) =>
      `Estou a pesquisar sobre «${t}». O que devo saber e que sites ou recursos recomendas? Cita as tuas fontes com os URLs.`,
    choice: (t) => `Quais são as melhores opções para «${t}»? Qual devo escolher e porquê? Cita as tuas fontes com os URLs.`,
    compare: (a, b) => `«${a}» ou «${b}»: quais são as diferenças e qual devo escolher? Cita as tuas fontes com os URLs.`,
    howTo: (t) => `Como faço «${t}», passo a passo? Cita os sites que o explicam melhor, com os URLs.`,
  },
  nl: {
    question: (t) =>
      `Ik zoek informatie over "${t}". Wat moet ik weten en welke websites of bronnen raad je aan? Vermeld je bronnen met hun URL's.`,
    choice: (t) => `Wat zijn de beste opties voor "${t}"? Welke moet ik kiezen en waarom? Vermeld je bronnen met hun URL's.`,
    compare: (a, b) => `"${a}" of "${b}": wat zijn de verschillen en welke moet ik kiezen? Vermeld je bronnen met hun URL's.`,
    howTo: (t) => `Hoe pak ik "${t}" stap voor stap aan? Vermeld de websites die het het best uitleggen, met hun URL's.`,
  },
};

export type PromptContext = { pageName: string; keywords: string[]; languageCode: string | null };

const templatesFor = (languageCode: string | null) => TEMPLATES[(languageCode ?? "en").slice(0, 2).toLowerCase()] ?? TEMPLATES.en!;

/** The keywords the page's name does not already say, in their order, each once (case-insensitive). */
function otherKeywords({ pageName, keywords }: PromptContext): string[] {
  const name = pageName.trim().toLowerCase();
  const seen = new Set([name]);
  return keywords.filter((k) => {
    const key = k.trim().toLowerCase();
    if (!key || seen.has(key) || name.includes(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The informational question: the page's name, then up to three of its keywords. */
export function questionFor(context: PromptContext): string {
  const topic = [context.pageName, ...otherKeywords(context).slice(0, 3)].join(", ");
  return templatesFor(context.languageCode).question(topic);
}

/** The default prompts of a page (DEFAULT_PROMPT_COUNT of them). */
export function defaultPrompts(context: PromptContext): string[] {
  const t = templatesFor(context.languageCode);
  const keywords = [...new Set(context.keywords.map((k) => k.trim()).filter(Boolean))];
  const main = keywords[0] ?? context.pageName;
  const second = keywords.find((k) => k.toLowerCase() !== main.toLowerCase());
  return [questionFor(context), t.choice(main), second ? t.compare(main, second) : t.howTo(main)];
}

/** One of the prompts the team wrote for a page, as stored (in their order). */
export type WrittenPrompt = { prompt: string; updatedAt: Date };

/**
 * The prompts a page is asked: the team's (`written`, in their order) with when they were last written, else its
 * defaults. The one rule the task that asks, the owner's page and the console read.
 */
export function promptsOfPage(
  written: readonly WrittenPrompt[],
  context: PromptContext,
): { prompts: string[]; custom: boolean; updatedAt: Date | null } {
  if (!written.length) return { prompts: defaultPrompts(context), custom: false, updatedAt: null };
  const updatedAt = written.reduce((newest, w) => (w.updatedAt > newest ? w.updatedAt : newest), written[0]!.updatedAt);
  return { prompts: written.map((w) => w.prompt), custom: true, updatedAt };
}

/** Refused: why, in the console's language, and which field (0-based, as typed) when one question is at fault. */
export type PromptsCheck = { ok: true; prompts: string[] } | { ok: false; error: string; field?: number };

/**
 * The team's prompts as typed (one per field): trimmed, blanks left out, each of 10 to 500 characters, 1 to 5 of
 * them, none twice. The error is the console's (French); it numbers a question as its field is ("Question 3").
 */
export function checkPrompts(typed: readonly string[]): PromptsCheck {
  const written = typed.map((p, field) => ({ field, prompt: p.replace(/\s+/g, " ").trim() })).filter((w) => w.prompt);
  if (written.length === 0) return { ok: false, error: "Écrivez au moins une question." };
  if (written.length > MAX_PROMPTS) return { ok: false, error: `${MAX_PROMPTS} questions au plus.` };
  const seen = new Map<string, number>();
  for (const { field, prompt } of written) {
    const n = field + 1;
    if (prompt.length < PROMPT_MIN_LENGTH)
      return { ok: false, field, error: `La question ${n} est trop courte (${PROMPT_MIN_LENGTH} caractères au moins).` };
    if (prompt.length > PROMPT_MAX_LENGTH)
      return { ok: false, field, error: `La question ${n} est trop longue (${PROMPT_MAX_LENGTH} caractères au plus).` };
    const twice = seen.get(prompt.toLowerCase());
    if (twice !== undefined) return { ok: false, field, error: `La question ${n} est la même que la question ${twice + 1}.` };
    seen.set(prompt.toLowerCase(), field);
  }
  return { ok: true, prompts: written.map((w) => w.prompt) };
}
