/**
 * A quotation held against its source, word for word, in code (issue 40): case, runs of spaces (non-breaking ones
 * too), typographic quotes and apostrophes (’ ‘ ' “ ” « » "), and dashes (– — -) aside; accents and every word
 * count, so one word changed is a misquotation. The source's own words that matched are given back as written.
 */

/** A character as compared: lower case; quotes, apostrophes and dashes made one; spaces made one. */
function fold(char: string): string {
  if (/\s/.test(char)) return " ";
  if ("’‘'`´".includes(char)) return "'";
  if ('“”«»"„'.includes(char)) return '"';
  if ("–—‐‑−-".includes(char)) return "-";
  return char.toLowerCase();
}

/** The text folded for comparison, with where each folded character came from in the text. */
function folded(text: string): { text: string; from: number[] } {
  let out = "";
  const from: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let char = fold(text[i]!);
    // Quotation marks never count (a quote may or may not carry its own), nor do spaces next to them.
    if (char === '"') continue;
    if (char === " " && (out.endsWith(" ") || out.length === 0)) continue;
    if (char.length !== 1) char = char[0]!;
    out += char;
    from.push(i);
  }
  return { text: out.trimEnd(), from };
}

/** Whether the quotation appears in the page, word for word; with the page's passage that matched, as written there. */
export function quotationFound(quote: string, pageText: string): { found: boolean; passage: string | null } {
  const wanted = folded(quote.normalize("NFC")).text.trim();
  if (!wanted) return { found: false, passage: null };
  const page = folded(pageText.normalize("NFC"));
  const at = page.text.indexOf(wanted);
  if (at < 0) return { found: false, passage: null };
  const start = page.from[at]!;
  const end = page.from[at + wanted.length - 1]! + 1;
  return { found: true, passage: pageText.normalize("NFC").slice(start, end) };
}
