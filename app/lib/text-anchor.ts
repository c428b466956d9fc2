/**
 * Passages of an article, anchored by their position in its text (characters of the element's text content,
 * in document order) plus the quoted words (issue 16's review comments): the position finds the passage, the
 * quote confirms it, and when the text moved a little the quote is looked for nearest to where it was.
 */

/** The text nodes under `root`, in document order. */
function textNodes(root: Node): Text[] {
  const walker = root.ownerDocument!.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** The position in `root`'s text of a point of the DOM (a Range's start or end), or null when it is outside. */
export function textOffset(root: Node, container: Node, offset: number): number | null {
  if (!root.contains(container)) return null;
  let position = 0;
  if (container.nodeType !== 3) {
    // A point between children: the text of the children before it.
    const before = root.ownerDocument!.createRange();
    before.setStart(root, 0);
    before.setEnd(container, offset);
    return before.toString().length;
  }
  for (const node of textNodes(root)) {
    if (node === container) return position + offset;
    position += node.data.length;
  }
  return null;
}

/**
 * Where `quote` is in `text`: at `start` when it still reads there, else its occurrence nearest to `start`;
 * null when the words are gone.
 */
export function findAnchor(text: string, quote: string, start: number): { start: number; end: number } | null {
  if (!quote) return null;
  if (text.slice(start, start + quote.length) === quote) return { start, end: start + quote.length };
  let best: number | null = null;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === null || Math.abs(at - start) < Math.abs(best - start)) best = at;
  }
  return best === null ? null : { start: best, end: best + quote.length };
}

/**
 * Wraps the text of `root` from `start` to `end` in elements made by `make` (one per text node it crosses, so
 * that the markup around stays as it was); returns them, first to last.
 */
export function wrapText(root: Node, start: number, end: number, make: () => HTMLElement): HTMLElement[] {
  const wrapped: HTMLElement[] = [];
  let position = 0;
  for (const node of textNodes(root)) {
    // Its length before it is split (splitting shortens the node to the part before the cut).
    const length = node.data.length;
    const from = Math.max(start, position);
    const to = Math.min(end, position + length);
    if (from < to) {
      let part = node;
      if (from > position) part = part.splitText(from - position);
      if (to < position + length) part.splitText(to - from);
      const mark = make();
      part.parentNode!.insertBefore(mark, part);
      mark.appendChild(part);
      wrapped.push(mark);
    }
    position += length;
    if (position >= end) break;
  }
  return wrapped;
}
