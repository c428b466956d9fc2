/**
 * What changed in an article between two versions, as a reviewer reads it (issue 38): the article's text by
 * paragraph (its Markdown: headings and list items keep their marks), the paragraphs that changed only, each with
 * its words removed and added; the unchanged ones are counted, not repeated. Computed on the server (the review
 * link's page is static) from the cleaned HTML, so that nothing a model wrote is rendered as markup.
 */
import { diffArrays, diffWords } from "diff";
import { articleMarkdown } from "./article-export.server";

export type ChangePart = { text: string; kind: "same" | "added" | "removed" };
/** A paragraph that changed: its words (an added or removed paragraph is all added or all removed). */
export type ChangedParagraph = ChangePart[];
export type ArticleChanges = { paragraphs: ChangedParagraph[]; unchanged: number };

/** Past this many characters on each side, a paragraph pair is shown as removed then added (word diffs are quadratic). */
const WORD_DIFF_MAX = 4000;
const DIFF_TIMEOUT_MS = 1000;

const paragraphsOf = (html: string) =>
  articleMarkdown(html)
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The changes from `before` to `after` (HTML sources); none when they read the same. */
export function articleChanges(before: string, after: string): ArticleChanges {
  const [a, b] = [paragraphsOf(before), paragraphsOf(after)];
  const blocks = diffArrays(a, b);
  const paragraphs: ChangedParagraph[] = [];
  let unchanged = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (!block.added && !block.removed) {
      unchanged += block.value.length;
      continue;
    }
    const next = blocks[i + 1];
    // Paragraphs removed then added in their place: each pair as a word diff, the rest as they are.
    if (block.removed && next?.added) {
      const pairs = Math.min(block.value.length, next.value.length);
      for (let j = 0; j < pairs; j++) paragraphs.push(wordChanges(block.value[j]!, next.value[j]!));
      for (const text of block.value.slice(pairs)) paragraphs.push([{ text, kind: "removed" }]);
      for (const text of next.value.slice(pairs)) paragraphs.push([{ text, kind: "added" }]);
      i++;
      continue;
    }
    for (const text of block.value) paragraphs.push([{ text, kind: block.added ? "added" : "removed" }]);
  }
  return { paragraphs, unchanged };
}

function wordChanges(before: string, after: string): ChangePart[] {
  const whole: ChangePart[] = [
    { text: before, kind: "removed" },
    { text: after, kind: "added" },
  ];
  if (before.length > WORD_DIFF_MAX || after.length > WORD_DIFF_MAX) return whole;
  const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return whole;
  return changes.map((c) => ({ text: c.value, kind: c.added ? "added" : c.removed ? "removed" : "same" }));
}
