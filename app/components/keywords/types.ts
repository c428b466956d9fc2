import type { Toast } from "~/lib/toast";

/** A keyword of the page as the screen receives it. */
export type ScreenKeyword = { id: number; keywordId: number; keyword: string; toSearch: boolean; serpCount: number };

/** A SERP result as the dialog receives it. */
export type ScreenSerp = {
  id: number;
  positionAbsolute: number | null;
  title: string | null;
  url: string | null;
  metaDescription: string | null;
  type: string | null;
};

export const KEYWORD_INTENTS = ["add", "toggle", "queue-serp", "serps"] as const;
export type KeywordIntent = (typeof KEYWORD_INTENTS)[number];

/** What the route's action answers; `stamp` tells two identical answers apart. */
export type KeywordActionResult = {
  ok: boolean;
  intent: KeywordIntent | null;
  stamp: number;
  toast?: Toast;
  /** The add dialog's inline error. */
  error?: string;
  /** intent=serps: the keyword's results. */
  serps?: ScreenSerp[];
  /** intent=add: the link, and whether the keyword was already linked. */
  linkId?: number;
  alreadyLinked?: boolean;
};
