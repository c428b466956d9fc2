import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/lib/notify";
import type { VersionActionResult } from "./version-forms";

/**
 * A fetcher posting to the page versions route whose answer is shown as a toast once it has settled
 * (the screen's data revalidated), then handed to `onResult`.
 */
export function useVersionFetcher(onResult?: (result: VersionActionResult) => void) {
  const fetcher = useFetcher<VersionActionResult>();
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
