/** A row of the table, as the loader sends it. */
export type ToneArticleItem = {
  id: number;
  name: string;
  content: string | null;
  parentId: number | null;
  parentName: string | null;
  own: boolean;
};

/** The content shown in a table cell before 'Read'. */
export const CONTENT_PREVIEW_CHARS = 120;

export function contentPreview(content: string | null): { text: string; truncated: boolean } {
  const text = (content ?? "").replace(/\s+/g, " ").trim();
  const chars = [...text];
  if (chars.length <= CONTENT_PREVIEW_CHARS) return { text, truncated: false };
  return { text: `${chars.slice(0, CONTENT_PREVIEW_CHARS).join("").trimEnd()}…`, truncated: true };
}
