import { useState } from "react";

/**
 * Runs `adjust` while rendering, when `value` differs from the one of the previous render: React's way of
 * adjusting state when a prop changes (a dialog that opens, an answer that arrives), without the second
 * render, and the flash of stale state, of an effect that sets state.
 */
export function useOnChange<T>(value: T, adjust: (value: T) => void) {
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    adjust(value);
  }
}
