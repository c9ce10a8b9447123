import { useRef } from "react";
import { useBroughtIntoView } from "#app/components/ui/use-brought-into-view.ts";
import { SIGNED_OUT_MESSAGE } from "./xhr-upload.ts";

/**
 * Beside the button of a form sent with JavaScript whose sign-in had ended, brought into view: the
 * form stays as it is in this tab, and she signs in again in another, so nothing she typed or chose is lost.
 */
export function SignedOutNote() {
  const note = useRef<HTMLParagraphElement>(null);
  useBroughtIntoView(note, true);
  return (
    <p ref={note} role="alert" data-testid="signed-out" className="mt-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-700">
      {SIGNED_OUT_MESSAGE}{" "}
      <a href="/admin?redirectTo=%2Fdashboard" target="_blank" rel="noopener" className="inline-flex min-h-11 items-center font-semibold underline">
        Sign in again (new tab)
      </a>
    </p>
  );
}
