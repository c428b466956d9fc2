/**
 * LLM answers screen (spec part 2, sections 2, 8 and 9): its texts, and the 150-word cut of a long
 * answer. Shared by the route, its components and the tests.
 */

export const LLM_TEXTS = {
  search: "Search LLM Answers",
  searching: "Searching...",
  queued: "LLM answers search action added. The search will run in the background.",
  actionMissing: "LLM answers action not found in the database.",
  queueFailed: "Unable to create LLM answers search action.",
  loadFailed: "Unable to load LLM answers.",
  empty: "No LLM answers available for this page.",
  showMore: "Show more",
  showLess: "Show less",
} as const;

/** Answers longer than this many words are cut (spec part 2, section 9). */
export const LLM_ANSWER_WORD_LIMIT = 150;

/** Delay before the list is read again after a search was queued (spec part 2, section 4). */
export const LLM_REFRESH_DELAY_MS = 2_000;

export type TruncatedText = { text: string; truncated: boolean; wordCount: number };

/**
 * Cuts `text` after its `limit`-th word (a word is a run of non-space characters). The kept part is
 * the original text up to the end of that word, so its line breaks and spacing stay as written
 * (shown with whitespace-pre-line); "..." marks the cut. Texts of `limit` words or fewer are kept whole.
 */
export function truncateWords(text: string | null | undefined, limit = LLM_ANSWER_WORD_LIMIT): TruncatedText {
  const source = text ?? "";
  const words = /\S+/g;
  let count = 0;
  let end = 0;
  let match: RegExpExecArray | null;
  while ((match = words.exec(source))) {
    count += 1;
    if (count === limit) end = match.index + match[0].length;
  }
  if (count <= limit) return { text: source, truncated: false, wordCount: count };
  return { text: `${source.slice(0, Math.max(end, 0))}...`, truncated: true, wordCount: count };
}
