import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { KeywordActionResult } from "./types";

/** A fetcher posting to the keywords route; its answer is shown as a toast, then handed to `onResult`. */
export const useKeywordFetcher = (onResult?: (result: KeywordActionResult) => void, key?: string) =>
  useToastFetcher<KeywordActionResult>(onResult, key);
