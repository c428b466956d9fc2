import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { isLeavingTheApp } from "./leaving";

/** While `active` (work queued or running), reads the screen's data again every `ms`, so results appear without a reload. */
export function usePollWhile(active: boolean, ms = 2000) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle" && !isLeavingTheApp()) void revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [active, ms, revalidator]);
}
