import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/lib/notify";
import type { KeywordActionResult } from "./types";

/**
 * A fetcher posting to the keywords route whose answer is shown as a toast once it has settled,
 * then handed to `onResult`.
 */
export function useKeywordFetcher(onResult?: (result: KeywordActionResult) => void, key?: string) {
  const fetcher = useFetcher<KeywordActionResult>(key ? { key } : undefined);
  const handled = useRef<number | null>(null);
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result.stamp) return;
    handled.current = result.stamp;
    if (result.toast) notify({ ...result.toast, id: String(result.stamp) });
    latest.current?.(result);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
