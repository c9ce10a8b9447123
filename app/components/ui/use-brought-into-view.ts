import { useEffect, type RefObject } from "react";

/**
 * Brings the element to the middle of the screen each time `answer` is a new truthy value: the
 * part of a long form a refused save was about, after a save tapped at its foot (with JavaScript;
 * without it the answer is a new page, read from its top).
 */
export function useBroughtIntoView(ref: RefObject<HTMLElement | null>, answer: unknown): void {
  useEffect(() => {
    // A block, not an arrow's value: Chromium's scrollIntoView answers a promise, which React would take for a clean-up.
    if (answer) ref.current?.scrollIntoView({ block: "center" });
  }, [ref, answer]);
}
