/** A version as the page versions screen receives it from the loader. */
export type ScreenVersion = {
  id: number;
  /** ISO date, or null when unknown. */
  createdDate: string | null;
  /** The stored source, shown as text (code view, editor, diff). */
  htmlContent: string;
  /** The source passed through the shared sanitizer on the server: the only HTML the screen renders. */
  safeHtml: string;
  commentsToModify: string | null;
  needToDoWebSearchForModification: boolean;
  highlightModifiedContent: boolean;
  unhighlightModifiedContent: boolean;
  pagesVersionsToTakeAsExample: number | null;
};
