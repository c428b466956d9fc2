/** What the screen receives of an answer (dates as ISO text). */
export type ScreenLlmAnswer = {
  id: number;
  llmName: string;
  llmNameOpenrouter: string;
  answer: string | null;
  /** What the assistant was asked; null for the oldest answers. */
  question: string | null;
  /** Whether the answer names the site (name or domain); null when not known. */
  mentionsSite: boolean | null;
  /** The URLs the answer cites, in order; null when not known. */
  citedUrls: string[] | null;
  createdAt: string;
};
