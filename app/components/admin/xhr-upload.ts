import { useNavigate } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";

export interface XhrResult {
  ok: boolean;
  /** The page-level error the action rendered ([data-action-error]), if any. */
  error: string | null;
  /** Field errors the action rendered ([data-field-error="name"]). */
  fieldErrors: Record<string, string>;
  /** The page a refusal rendered, for what else it says (the photos it kept). */
  page: Document | null;
  /** The owner's sign-in had ended: the post was answered with the sign-in page (app/modules/auth/auth.server.ts). */
  signedOut?: boolean;
}

/** Where an admin request whose sign-in has ended is sent (requireAdmin, app/modules/auth/auth.server.ts). */
export const SIGN_IN_PATH = "/admin";

/** What the owner reads when her sign-in ended while she filled a form; the form stays as it was. */
export const SIGNED_OUT_MESSAGE =
  "Your sign-in has ended, so this was not saved. Sign in again in a new tab, then come back to this one and send it again: what you typed and chose is still here.";

/**
 * Posts a multipart form with XMLHttpRequest to the same action a plain post uses,
 * to show upload progress. Success is the action's redirect (always to a URL with
 * `?status=`): the browser follows it, and we navigate there client-side. A refusal
 * is the page the action rendered: its error texts are read from the returned HTML.
 */
export function useXhrUpload() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<XMLHttpRequest | null>(null);

  const send = useCallback(
    (action: string, body: FormData, options: { navigateOnSuccess?: boolean; onProgress?: (percent: number) => void } = {}) =>
      new Promise<XhrResult>((resolve) => {
        const xhr = new XMLHttpRequest();
        current.current = xhr;
        const target = new URL(action, window.location.href);
        // A form on a page reached by a save (?status=added) posts to that address: without the
        // status, the save's redirect back to it is told apart from a refusal rendered there.
        target.searchParams.delete("status");
        xhr.open("POST", target.href);
        xhr.upload.onprogress = (event) => {
          if (!event.lengthComputable) return;
          const percent = Math.round((event.loaded / event.total) * 100);
          setProgress(percent);
          options.onProgress?.(percent);
        };
        const fail = (error: string) => resolve({ ok: false, error, fieldErrors: {}, page: null });
        xhr.onerror = () => fail("The upload failed. Please check the connection and try again.");
        xhr.onabort = () => fail("The upload was cancelled.");
        xhr.onload = () => {
          const landed = new URL(xhr.responseURL || target.href);
          if (landed.pathname === SIGN_IN_PATH) return resolve({ ok: false, error: SIGNED_OUT_MESSAGE, fieldErrors: {}, page: null, signedOut: true });
          if (xhr.status < 400 && landed.href !== target.href && landed.searchParams.has("status")) {
            if (options.navigateOnSuccess !== false) navigate(landed.pathname + landed.search, { preventScrollReset: true });
            resolve({ ok: true, error: null, fieldErrors: {}, page: null });
            return;
          }
          const doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
          const fieldErrors: Record<string, string> = {};
          doc.querySelectorAll<HTMLElement>("[data-field-error]").forEach((el) => {
            const name = el.dataset.fieldError;
            if (name && el.textContent) fieldErrors[name] = el.textContent;
          });
          const error = doc.querySelector("[data-action-error]")?.textContent ?? null;
          resolve({
            ok: false,
            error: error ?? (Object.keys(fieldErrors).length ? null : `The server answered ${xhr.status}.`),
            fieldErrors,
            page: doc,
          });
        };
        setBusy(true);
        setProgress(0);
        xhr.send(body);
      }).finally(() => {
        setBusy(false);
        current.current = null;
      }),
    [navigate],
  );

  const reset = useCallback(() => setProgress(null), []);
  return { send, progress, busy, reset };
}

/** A labelled progress bar for an upload in flight. */
export function progressLabel(percent: number): string {
  return percent >= 100 ? "Processing on the server…" : `Uploading… ${percent}%`;
}
