import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and during hydration, true afterwards: for controls that need JavaScript.
 * The switch to true is a transition, so React renders the controls that change in small
 * slices beside the visitor's taps, not in one long task after hydration (which a store read
 * with a different server value would force).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
