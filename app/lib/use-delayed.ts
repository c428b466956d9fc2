import { useEffect, useState } from "react";

/** True once `on` has held for `delay` ms, false as soon as it stops: a wait that is quick shows no spinner. */
export function useDelayed(on: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [on, delay]);
  return on && shown;
}
