/** What the page list's components receive from the route (app/routes/app/pages.tsx). */
import type { FieldErrors } from "~/lib/schemas/form";
import type { Toast } from "~/lib/toast";

export type StatusOption = { id: number; name: string };

/** A row of the page list, as the loader streams it. */
export type PageItem = {
  id: number;
  name: string;
  url: string;
  status: number;
  statusName: string | null;
  dateModified: Date | string;
  hideCoverImageFromPreview: boolean;
  hideRevisionsTextsFromPreview: boolean;
  serpResultsCount: number;
  llmAnswersCount: number;
  latestVersionId: number | null;
};

export const PAGE_INTENTS = ["create", "update", "delete", "create-articles", "copy-urls"] as const;
export type PageIntent = (typeof PAGE_INTENTS)[number];

/** The action's answer to every intent; `stamp` tells two identical answers apart. */
export type PageActionResult = {
  ok: boolean;
  intent: PageIntent | null;
  toast?: Toast;
  /** The message shown in the dialog, when there is one. */
  error?: string;
  errors?: FieldErrors;
  /** create: the new page's id (tests and scripts read it from the answer). */
  pageId?: number;
  /** create-articles: how many requests were queued. */
  count?: number;
  /** copy-urls: the clipboard text. */
  text?: string;
  stamp: number;
};
