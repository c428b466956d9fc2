/**
 * The review link's island (routes/public/review-link.tsx): a passage selected in the article becomes the
 * comment's passage (its words and position go in the comment form, shown above the text box, and a button by
 * the selection leads there); each comment on a passage marks it in the article and is shown beside it on a
 * wide screen, under its paragraph on a phone; the reviewer's name is remembered in this browser. Without
 * JavaScript the forms still post, and every comment is listed after the article.
 */
import { mount, part } from "./lib/mount";
import { findAnchor, textOffset, wrapText } from "~/lib/text-anchor";

const NAME_KEY = "review-link-name";
const MAX_QUOTE = 500;
const BLOCKS = "p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, figure, table";

mount("review-link", (root) => {
  const articleBody = part(root, "[data-review-article]");
  const form = part<HTMLFormElement>(root, "[data-review-comment-form]");
  const body = part<HTMLTextAreaElement>(form, "textarea[name=body]");
  const quote = part<HTMLInputElement>(form, "input[name=quote]");
  const quoteStart = part<HTMLInputElement>(form, "input[name=quoteStart]");
  const quoteEnd = part<HTMLInputElement>(form, "input[name=quoteEnd]");
  const preview = part(form, "[data-quote-preview]");
  const previewText = part(preview, "[data-quote-text]");
  const clear = part<HTMLButtonElement>(preview, "[data-quote-clear]");
  const jump = part<HTMLButtonElement>(root, "[data-comment-selection]");

  // The reviewer's name, kept for their next comment or decision.
  const names = [...root.querySelectorAll<HTMLInputElement>("input[name=name]")];
  const remembered = localStorage.getItem(NAME_KEY) ?? "";
  for (const input of names) {
    if (!input.value && remembered) input.value = remembered;
    input.addEventListener("change", () => localStorage.setItem(NAME_KEY, input.value.trim()));
  }

  function setPassage(passage: { text: string; start: number; end: number } | null) {
    quote.value = passage?.text ?? "";
    quoteStart.value = passage ? String(passage.start) : "";
    quoteEnd.value = passage ? String(passage.end) : "";
    previewText.textContent = passage ? `« ${passage.text} »` : "";
    preview.hidden = !passage;
  }
  clear.addEventListener("click", () => setPassage(null));

  // A selection inside the article: the button by it makes it the comment's passage.
  let selected: { text: string; start: number; end: number } | null = null;
  document.addEventListener("selectionchange", () => {
    const selection = document.getSelection();
    const range = selection && selection.rangeCount ? selection.getRangeAt(0) : null;
    const start = range ? textOffset(articleBody, range.startContainer, range.startOffset) : null;
    const end = range ? textOffset(articleBody, range.endContainer, range.endOffset) : null;
    const text = range?.toString() ?? "";
    if (!range || start === null || end === null || end <= start || !text.trim() || text.length > MAX_QUOTE) {
      selected = null;
      jump.hidden = true;
      return;
    }
    selected = { text, start, end };
    const box = range.getBoundingClientRect();
    const frame = root.getBoundingClientRect();
    jump.style.top = `${box.bottom - frame.top + 8}px`;
    jump.style.left = `${Math.max(0, Math.min(box.left - frame.left, frame.width - 220))}px`;
    jump.hidden = false;
  });
  jump.addEventListener("mousedown", (event) => event.preventDefault()); // keeps the selection while pressed
  jump.addEventListener("click", () => {
    if (!selected) return;
    setPassage(selected);
    jump.hidden = true;
    form.scrollIntoView({ behavior: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "center" });
    body.focus({ preventScroll: true });
  });

  // Each comment on a passage: the passage marked, and the comment beside it (under it on a phone). All the
  // passages are marked first: a note added to the article would shift the text the later ones are found in.
  const text = articleBody.textContent ?? "";
  const notes: { comment: HTMLElement; block: Element }[] = [];
  for (const comment of root.querySelectorAll<HTMLElement>("[data-comment-quote]")) {
    const anchor = findAnchor(text, comment.dataset.commentQuote ?? "", Number(comment.dataset.commentStart));
    if (!anchor) continue;
    const marks = wrapText(articleBody, anchor.start, anchor.end, () => {
      const mark = document.createElement("mark");
      mark.className = "review-mark";
      mark.dataset.commentFor = comment.id;
      return mark;
    });
    const block = marks[0]?.closest(BLOCKS);
    if (block && articleBody.contains(block)) notes.push({ comment, block });
  }
  const lastNote = new Map<Element, Element>();
  for (const { comment, block } of notes) {
    // The comment's content in a note of its own (the list's item stays in the list, for the readers without a script).
    const note = document.createElement("aside");
    note.className = "review-note";
    note.setAttribute("aria-label", `Commentaire de ${comment.dataset.commentAuthor ?? ""}`);
    note.append(...[...comment.cloneNode(true).childNodes]);
    (lastNote.get(block) ?? block).after(note);
    lastNote.set(block, note);
  }
});
