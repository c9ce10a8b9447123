import { Suspense, type ReactNode } from "react";

/**
 * Server-rendered content that React hydrates after the rest of the page, in a render and commit
 * of its own at low priority (React 18 leaves a Suspense boundary dehydrated on the first pass),
 * so the first screen's hydration is a shorter task. Nothing here suspends: the HTML is whole
 * without JavaScript, and a tap inside before hydration is replayed once React reaches it.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
