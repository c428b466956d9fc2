/**
 * Which of a keyword's questions an outline's plan answers (issue 39): a question is answered when one of the plan's
 * h2/h3 headings asks or answers it, that is when the heading holds most of the question's significant words
 * ("Quel est le prix d'un vélo électrique ?" is answered by "Le prix des vélos électriques"), leaving out the words of
 * the keyword itself, which every question and heading of its page holds. Words are compared
 * lower-cased, without accents, without a plural's final s (or the x of "jeux"), and without the French and English words that
 * carry no topic (articles, pronouns, question words, common verbs). Pure, and small enough for the browser: the
 * outline screen marks the questions again as the plan is typed.
 */

/** Words that say nothing of a question's topic, in French and English (compared without accents). */
const STOP_WORDS = new Set(
  [
    // French
    "a au aux avec ce ces cet cette comment d dans de des du elle en est et etre faut il ils j je l la le les leur leurs",
    "lequel laquelle lesquels lesquelles m ma mes mon n ne ni nos notre nous on ou par pas peut peuvent plus pour pourquoi",
    "qu quand que quel quelle quelles quels qui quoi s sa se ses si son sont sur t ta tes ton tous tout toute toutes un une",
    "vos votre vous y faire fait avoir ont combien",
    // English
    "about an and any are as at be been by can could do does did for from has have how i if in into is it its me my",
    "no not of on or our should so than that the their them there these they this those to was we were what when where",
    "which who whom whose why will with would you your yours much many",
  ]
    .join(" ")
    .split(" "),
);

/** Lower case, without accents. */
const plain = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * Without a plural's final s, or the x of "-aux"/"-eux" (words longer than three letters): "vélos" and "vélo", "jeux" and
 * "jeu" are one word; "prix" and "class" stay as they are.
 */
const singular = (word: string) => (word.length > 3 && (/[^s]s$/.test(word) || /[ae]ux$/.test(word)) ? word.slice(0, -1) : word);

/** A text's significant words, compared as said above, each once, in the order they come. */
export function significantWords(text: string): string[] {
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .map(plain)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map(singular);
  return [...new Set(words)];
}

/** How many of the question's significant words the heading holds, and how many the question has. */
function overlap(question: readonly string[], heading: ReadonlySet<string>): number {
  return question.filter((word) => heading.has(word)).length;
}

/**
 * The words a question is matched on: its significant words, without those of the keywords it is about (every
 * question and every heading of a page on "vélo électrique" says "vélo électrique": they tell nothing apart), unless
 * that leaves none.
 */
function matchedWords(question: string, ignored: ReadonlySet<string>): string[] {
  const words = significantWords(question);
  const topical = words.filter((word) => !ignored.has(word));
  return topical.length ? topical : words;
}

const wordsOf = (texts: readonly string[]) => new Set(texts.flatMap(significantWords));

/** Whether a heading asks or answers the question: it holds more than half of the question's words (see matchedWords). */
export function answersQuestion(question: string, heading: string, keywords: readonly string[] = []): boolean {
  const asked = matchedWords(question, wordsOf(keywords));
  return asked.length > 0 && overlap(asked, new Set(significantWords(heading))) * 2 > asked.length;
}

/** A question with the plan's heading that answers it (the one that shares most of its words), or null. */
export type QuestionCoverage = { question: string; answeredBy: string | null };

/**
 * The questions, each with the heading of the plan that answers it, in the questions' order. `keywords`: the
 * keywords the questions are about, whose words are not matched on.
 */
export function questionsAnswered(
  questions: readonly string[],
  headings: readonly string[],
  keywords: readonly string[] = [],
): QuestionCoverage[] {
  const ignored = wordsOf(keywords);
  const plan = headings.map((heading) => ({ heading, words: new Set(significantWords(heading)) }));
  return questions.map((question) => {
    const asked = matchedWords(question, ignored);
    let best: { heading: string; shared: number } | null = null;
    for (const { heading, words } of plan) {
      const shared = overlap(asked, words);
      if (shared * 2 > asked.length && (!best || shared > best.shared)) best = { heading, shared };
    }
    return { question, answeredBy: asked.length > 0 ? (best?.heading ?? null) : null };
  });
}

/** Questions said more than once (by People Also Ask and a top page's heading, or for two keywords) kept once, in order. */
export function distinctQuestions<T extends { text: string }>(questions: readonly T[]): T[] {
  const seen = new Set<string>();
  return questions.filter((question) => {
    const key = significantWords(question.text).sort().join(" ") || question.text.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
