/** A version as the page versions screen receives it from the loader. */
export type ScreenVersion = {
  id: number;
  /** ISO date, or null when unknown. */
  createdDate: string | null;
  /** 'Version du {date} ({time})', with the seconds (or a number) where two versions of the page would read alike. */
  label: string;
  /** The stored source, shown as text (code view, editor, diff). */
  htmlContent: string;
  /** The source passed through the shared sanitizer on the server: the only HTML the screen renders. */
  safeHtml: string;
  commentsToModify: string | null;
  needToDoWebSearchForModification: boolean;
  highlightModifiedContent: boolean;
  unhighlightModifiedContent: boolean;
  pagesVersionsToTakeAsExample: number | null;
  /** How many earlier texts of this version are kept (each modification that replaced its HTML in place). */
  historyCount: number;
};

/** An earlier text of a version, as GET /api/versions/:versionId/history answers it. */
export type EarlierText = {
  id: number;
  /** ISO date: when a modification request replaced this text. */
  replacedAt: string;
  /** The text passed through the shared sanitizer on the server. */
  safeHtml: string;
};

export type EarlierTextsResult = { ok: boolean; texts: EarlierText[] };
