import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

/**
 * The list's posts leave one at a time: each carries the list's cookie as the answer before it
 * left it, so two on their way at once (hearts tapped quickly on a slow line) would each write
 * the list without the other's piece.
 */
let turn: Promise<unknown> = Promise.resolve();

/**
 * For the list's forms that are tapped one after another (a listing's hearts, the list's Remove
 * buttons): a post waits for the one before it to be answered and the page read again, and its
 * heart shows the change at once meanwhile (`waiting`).
 */
export function useEnquiryLine(fetcher: FetcherWithComponents<unknown>, action: string) {
  const [waiting, setWaiting] = useState<FormData>();
  // How this form's turn ends: when its post and the reading after it are done, or the form is gone.
  const done = useRef<() => void>();
  useEffect(() => {
    if (fetcher.state === "idle") done.current?.();
  }, [fetcher.state]);
  useEffect(() => () => done.current?.(), []);
  return {
    waiting,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      setWaiting(form);
      turn = turn.then(
        () =>
          new Promise<void>((resolve) => {
            done.current = resolve;
            setWaiting(undefined);
            fetcher.submit(form, { method: "post", action });
          }),
      );
    },
  };
}
