/**
 * What a screen says while background work it waits for is queued or running (the screen refreshes
 * meanwhile, lib/use-poll.ts). Worded like the queuing toasts ("... The search will run in the background.").
 */
export const PENDING_TEXTS = {
  createOutline: "The article's outline is being written in the background. You will approve it before the article is written.",
  createArticle: "A new page version is being written in the background. It will appear here when it is ready.",
  modifyArticle: "A modification request is being carried out in the background. The result will appear here when it is done.",
  coverImage: "Cover images are being generated in the background. They will appear under Image Propositions when they are ready.",
  serps: "A SERP search is running in the background. Its results will appear here when it is done.",
  llmAnswers: "The LLMs are being asked in the background. Their answers will appear here when they are ready.",
  /** Short form, for the page detail's blocks. */
  inProgress: "In progress in the background…",
} as const;

/** Where a kind of request of a page stands, for the screen that shows its results (models/page-action.server pageWork). */
export type WorkStatus = {
  /** A request of this kind is queued or running: the screen refreshes until it is done. */
  pending: boolean;
  /**
   * The newest request of this kind when it failed or waits for a provider: the client is told it is delayed
   * (a failed one can be retried); why is the team's to know.
   */
  problem: { requestId: number; state: "failed" | "waiting" } | null;
};
