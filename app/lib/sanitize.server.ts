/**
 * The one sanitizer for article HTML, which people and language models write: every place that
 * renders an article (viewer, /view, review, previews) shows only what passes here. Scripts, event
 * handlers, javascript: URLs, styles that could overlay the page and foreign frames never survive;
 * headings, paragraphs, lists, tables, images, links, emphasis, quotes and code do.
 */
import sanitizeHtml from "sanitize-html";

/** Video hosts whose embeds may stay (https only). */
const ALLOWED_IFRAME_HOSTS = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];

const ID_PREFIX = "article-";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "span",
    "div",
    "section",
    "article",
    "header",
    "footer",
    "aside",
    "nav",
    "main",
    "figure",
    "figcaption",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "colgroup",
    "col",
    "a",
    "img",
    "picture",
    "source",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ins",
    "mark",
    "small",
    "sub",
    "sup",
    "abbr",
    "cite",
    "q",
    "time",
    "details",
    "summary",
    "iframe",
  ],
  allowedAttributes: {
    // No class or style: an article must not borrow the app's own layout classes to cover the screen.
    "*": ["id", "title", "lang", "dir"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "srcset", "alt", "width", "height", "loading", "sizes"],
    source: ["srcset", "type", "media", "sizes"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    ol: ["start", "type", "reversed"],
    time: ["datetime"],
    iframe: ["src", "width", "height", "allow", "allowfullscreen", "title", "loading"],
    abbr: ["title"],
    q: ["cite"],
    blockquote: ["cite"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "srcset"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ALLOWED_IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  // Links that leave the article open in a new tab without handing it the opener.
  // Ids are prefixed (and in-article links with them) so that an article can never clash with or
  // clobber the ids of the app around it.
  transformTags: {
    "*": (tagName, attribs) => ({ tagName, attribs: attribs.id ? { ...attribs, id: `${ID_PREFIX}${attribs.id}` } : attribs }),
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const result: sanitizeHtml.Attributes = { ...attribs };
      if (attribs.id) result.id = `${ID_PREFIX}${attribs.id}`;
      if (/^https?:\/\//i.test(href)) Object.assign(result, { target: "_blank", rel: "noopener noreferrer nofollow" });
      else if (href.startsWith("#") && href.length > 1) result.href = `#${ID_PREFIX}${href.slice(1)}`;
      return { tagName, attribs: result };
    },
  },
  // A refused embed leaves nothing behind (not an empty frame).
  exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
  disallowedTagsMode: "discard",
};

export function sanitizeArticleHtml(html: string | null | undefined): string {
  return sanitizeHtml(html ?? "", OPTIONS);
}

/** The article's plain text (for descriptions and excerpts). */
export function articleText(html: string | null | undefined): string {
  // Blocks end with a space, so that "<p>A.</p><p>B.</p>" reads "A. B.".
  const spaced = (html ?? "").replace(/<\/(p|div|h[1-6]|li|td|th|blockquote|section|article|figcaption|pre)>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}

/**
 * Article HTML as it is stored when a language model wrote it: the same allow-list as for display, without
 * the display-time changes (id prefixes, new-tab links), which the viewer adds when it shows the article.
 */
export function cleanArticleHtml(html: string | null | undefined): string {
  const { transformTags: _display, ...storage } = OPTIONS;
  return sanitizeHtml(html ?? "", storage).trim();
}
