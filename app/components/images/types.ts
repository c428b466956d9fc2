import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import type { Toast } from "~/lib/toast";
import { notify } from "~/lib/notify";

export type ImageIntent = "choose" | "delete" | "generate" | "upload";

/** What the images route's action answers to every intent. */
export type ImagesActionResult = { ok: boolean; intent: ImageIntent; toast: Toast; stamp: number };

export type ShownImage = { id: number; imageUrl: string; chosen: boolean };

/** Shows the toast of each answer of a fetcher once, and calls `onDone` with it. */
export function useActionToast(fetcher: FetcherWithComponents<ImagesActionResult>, onDone?: (result: ImagesActionResult) => void) {
  const seen = useRef<number | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || seen.current === result.stamp) return;
    seen.current = result.stamp;
    notify({ ...result.toast, id: String(result.stamp) });
    onDone?.(result);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}
