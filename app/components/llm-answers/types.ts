import type { Toast } from "~/lib/toast";

/** What the screen receives of an answer (dates as ISO text). */
export type ScreenLlmAnswer = {
  id: number;
  llmName: string;
  llmNameOpenrouter: string;
  answer: string | null;
  createdAt: string;
};

/** The answer of the screen's action, shown as a toast; `stamp` tells two identical answers apart. */
export type LlmSearchResult = { ok: boolean; toast: Toast; stamp: number };
