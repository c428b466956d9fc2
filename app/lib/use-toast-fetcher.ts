import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/lib/notify";
import type { Toast } from "~/lib/toast";

/**
 * The answer a fetcher holds, typed by `T`: the route's action (`typeof action`), so that the answer's
 * type comes from the action's intent functions (docs/decisions/016). Screens not converted yet pass the
 * answer's own type.
 */
export type FetcherAnswer<T> = NonNullable<ReturnType<typeof useFetcher<T>>["data"]>;

let answers = 0;

/**
 * A fetcher whose every answer is handled once, after it has settled (the screen's data revalidated): its
 * toast is shown, then `onAnswer` runs. Each answer is a new object, so no stamp is needed to tell two
 * identical answers apart. `key` shares the fetcher with other components (React Router's fetcher keys).
 */
export function useToastFetcher<T = { toast?: Toast }>(onAnswer?: (answer: FetcherAnswer<T>) => void, key?: string) {
  const fetcher = useFetcher<T>(key ? { key } : undefined);
  const handled = useRef<unknown>(undefined);
  const handle = useEffectEvent((answer: FetcherAnswer<T>) => {
    const toast = (answer as { toast?: Toast }).toast;
    // A toast of its own per answer: sonner shows the same words twice in a row when they are two answers.
    if (toast) notify({ ...toast, id: `answer-${++answers}` });
    onAnswer?.(answer);
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer === undefined || answer === null || handled.current === answer) return;
    handled.current = answer;
    handle(answer as FetcherAnswer<T>);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

/** An answer that carries a toast (for the pieces that only show it). */
export type ToastResult = { toast?: Toast };
