import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useRef } from "react";
import { useBroughtIntoView } from "#app/components/ui/use-brought-into-view.ts";
import { SIGN_IN_PATH, SIGNED_OUT_MESSAGE } from "./xhr-upload.ts";

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

/** What a page's clientAction answers when the sign-in had ended: the page stays, with what she typed. */
export type SignedOutAnswer = { signedOut: true };

export const isSignedOutAnswer = (answer: unknown): answer is SignedOutAnswer =>
  typeof answer === "object" && answer !== null && "signedOut" in answer;

/**
 * A route's clientAction around its server action. When the server's answer is "sign in again"
 * (a redirect to /admin: the session ended in another tab or expired), the page stays as it is,
 * with everything typed, and says so (SignedOutNote) instead of going to the sign-in page and
 * losing the form. Every other answer, a redirect included, is as the server gave it.
 */
export async function keepPageWhenSignedOut<T>(serverAction: () => Promise<T>): Promise<T | SignedOutAnswer> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (thrown instanceof Response && new URL(thrown.headers.get("Location") ?? "/", window.location.href).pathname === SIGN_IN_PATH) return { signedOut: true };
    throw thrown;
  }
}

/** The dashboard's loaders are not read again after such an answer: they too would send her to the sign-in page. */
export const skipRevalidationWhenSignedOut: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  !isSignedOutAnswer(actionResult) && defaultShouldRevalidate;
