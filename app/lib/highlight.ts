/**
 * Highlighting of a modified article, done in code rather than trusted to the model: the model rewrites the
 * text without marks; each passage (a paragraph, heading, list item or table cell) that is not in the text it
 * was given is wrapped in <mark>. Earlier marks are removed ("unhighlight") or kept on passages that did not
 * change.
 */

const BLOCKS = "p|h[1-6]|li|td|th|dt|dd|figcaption|blockquote|div|ul|ol|table|tr|thead|tbody|section|article";
const LEAF = "p|h[1-6]|li|td|th|dt|dd|figcaption";

/** A passage: a block element holding no other block element. */
const PASSAGE = new RegExp(`<(${LEAF})\\b([^>]*)>((?:(?!<\\/?(?:${BLOCKS})\\b)[\\s\\S])*?)<\\/\\1>`, "gi");

export function removeMarks(html: string): string {
  return html.replace(/<\/?mark\b[^>]*>/gi, "");
}

/** What a passage says, for comparison: its text without tags, entities or extra spaces. */
function passageKey(inner: string): string {
  return removeMarks(inner)
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

const squeeze = (html: string) => html.replace(/\s+/g, " ").trim();

/** The passages of `html`, by what they say, with their inner HTML (the first one of each text wins). */
function passages(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(PASSAGE)) {
    const key = passageKey(match[3]);
    if (key && !found.has(key)) found.set(key, match[3]);
  }
  return found;
}

/**
 * Marks what changed between `before` (the version as it was) and `after` (the model's text).
 * - highlight: passages of `after` not found in `before` are wrapped in <mark>.
 * - unhighlight: earlier marks are gone; otherwise a passage that did not change keeps its earlier marks.
 * Marks the model added itself are never trusted.
 */
export function markChanges(before: string, after: string, options: { highlight: boolean; unhighlight: boolean }): string {
  const earlier = passages(before);
  const clean = removeMarks(after);
  return clean.replace(PASSAGE, (whole, tag: string, attributes: string, inner: string) => {
    const key = passageKey(inner);
    if (!key) return whole;
    const previous = earlier.get(key);
    if (previous === undefined) return options.highlight ? `<${tag}${attributes}><mark>${inner}</mark></${tag}>` : whole;
    // An unchanged passage keeps its earlier marks, unless its markup changed (a link added, say): then the new one wins.
    const keepsMarks = !options.unhighlight && /<mark\b/i.test(previous) && squeeze(removeMarks(previous)) === squeeze(inner);
    return keepsMarks ? `<${tag}${attributes}>${previous}</${tag}>` : whole;
  });
}
