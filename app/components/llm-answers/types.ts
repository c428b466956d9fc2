/** What the screen receives of an answer (dates as ISO text). */
export type ScreenLlmAnswer = {
  id: number;
  llmName: string;
  llmNameOpenrouter: string;
  answer: string | null;
  createdAt: string;
};
