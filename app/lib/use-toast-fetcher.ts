import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/lib/notify";
import type { Toast } from "~/lib/toast";

/** What a screen's action answers a fetcher: a toast to show, and a stamp that tells two answers apart. */
export type ToastResult = { stamp: number; toast?: Toast };

/**
 * A fetcher whose answer is shown as a toast once it has settled (the screen's data revalidated),
 * then handed to `onResult` — once per answer.
 */
export function useToastFetcher<T extends ToastResult>(onResult?: (result: T) => void, key?: string) {
  const fetcher = useFetcher<T>(key ? { key } : undefined);
  const handled = useRef<number | null>(null);
  // The latest `onResult`, called from the effect without making the effect depend on it.
  const settled = useEffectEvent((result: T) => onResult?.(result));
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result.stamp) return;
    handled.current = result.stamp;
    if (result.toast) notify({ ...result.toast, id: String(result.stamp) });
    settled(result as T);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
