/**
 * What a screen says while background work it waits for is queued or running (the screen refreshes
 * meanwhile, lib/use-poll.ts). Worded like the queuing toasts ("... The search will run in the background.").
 */
export const PENDING_TEXTS = {
  createArticle: "A new page version is being written in the background. It will appear here when it is ready.",
  modifyArticle: "A modification request is being carried out in the background. The result will appear here when it is done.",
  coverImage: "Cover images are being generated in the background. New propositions will appear here when they are ready.",
  /** Short form, for the page detail's blocks. */
  inProgress: "In progress in the background…",
} as const;
