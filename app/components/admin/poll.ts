import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** While something is processing, reload the page data every few seconds (JS only; without JS, reload the page). */
export function usePollWhile(active: boolean, everyMs = 2500) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active || state !== "idle") return;
    const timer = window.setTimeout(revalidate, everyMs);
    return () => window.clearTimeout(timer);
  }, [active, state, revalidate, everyMs]);
}
