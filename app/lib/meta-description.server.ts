/**
 * An article's meta description (issue 15): at most 160 characters, written by the article writer with the
 * article, editable with the version, sent to WordPress as the post's excerpt and to a webhook as
 * meta_description, and shown by the public view. A version without one (written before, or pasted by hand)
 * is described by the start of its text.
 */
import { articleText } from "./sanitize.server";
import { ARTICLE_META_DESCRIPTION_MAX } from "./constants";

/** Up to `max` characters of text, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = ARTICLE_META_DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

/** Block ends and line breaks, where text of two blocks must not run together. */
const BLOCK_END =
  /<\/(p|h[1-6]|li|dt|dd|td|th|tr|blockquote|pre|div|section|article|header|footer|aside|figcaption|caption|summary)>|<br\s*\/?>|<hr\s*\/?>/gi;

/**
 * The characters of sanitize-html's text: it decodes every entity it reads and escapes only these four again
 * when it writes text out, so that decoding them gives the text as a reader sees it ("Pain & levain").
 */
const ESCAPED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };
const plainText = (html: string) => articleText(html).replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity]!);

const textOf = (html: string) => plainText(html.replace(BLOCK_END, (tag) => `${tag} `));

/** The article's description taken from its text, without a leading <h1> (the title says that already). */
export function articleDescription(html: string): string {
  const body = html.replace(/^\s*<h1[\s>][\s\S]*?<\/h1>/i, "");
  return excerpt(textOf(body) || textOf(html));
}

/** A description as it is kept: one line, without markup, at most 160 characters (cut at a word); "" when empty. */
export function fitMetaDescription(text: string | null | undefined): string {
  return excerpt(plainText(text ?? ""));
}

/** The version's own meta description, else the one taken from its text. */
export function metaDescriptionOf(version: { metaDescription: string | null; html: string }): string {
  return version.metaDescription?.trim() || articleDescription(version.html);
}

/** `<meta name="description" content="…">`, with its attributes in either order and either quotes. */
const META_TAG = /<meta\b(?=[^>]*\bname\s*=\s*["']description["'])[^>]*\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>/i;

/**
 * The description a language model gave before its article, as asked (ARTICLE_SYSTEM): the first
 * `<meta name="description" content="…">` of the answer, made to fit, and the answer without it. Null when the
 * answer has none (or an empty one): the version is then described by its text.
 */
export function takeMetaDescription(answer: string): { description: string | null; rest: string } {
  const found = answer.match(META_TAG);
  if (!found) return { description: null, rest: answer };
  // The attribute's value, its entities read (a tag written inside it, escaped, is then taken off as markup).
  const description = fitMetaDescription(plainText(found[1] ?? found[2] ?? ""));
  return { description: description || null, rest: answer.replace(found[0], "").trim() };
}
