import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

/**
 * A submit button for a destructive intent. Without JavaScript it posts
 * `confirm-{intent}`, and the page answers with a confirmation step; with
 * JavaScript it asks with the browser's dialog and posts `{intent}` directly.
 */
export function ConfirmButton({
  intent,
  message,
  children,
  className,
}: {
  intent: string;
  message: string;
  children: ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      name="intent"
      value={hydrated ? intent : `confirm-${intent}`}
      className={className ?? "min-h-11 rounded border border-red-700 px-3 py-1 text-sm text-red-700 hover:bg-red-50"}
      onClick={(event) => {
        if (!window.confirm(message)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

/** An action's answer to a `confirm-{intent}` post (no JS): the page shows ConfirmStep for it. */
export interface ConfirmRequest {
  intent: string;
  fields: Record<string, string | number>;
}

/** The no-JS confirmation step: the exact question, Confirm (posts the real intent) and Cancel. */
export function ConfirmStep({
  message,
  detail,
  intent,
  fields,
  cancelTo,
  onCancel,
  action,
  id,
}: {
  message: string;
  /** A second line naming what the change acts on. */
  detail?: ReactNode;
  intent: string;
  fields: Record<string, string | number>;
  cancelTo: string;
  /** With JS, Cancel closes the step where it stands instead of reloading `cancelTo`. */
  onCancel?: () => void;
  action?: string;
  id?: string;
}) {
  const textId = id ? `${id}-text` : "confirm-text";
  return (
    <div id={id} role="alertdialog" aria-labelledby={textId} className="my-4 scroll-mt-16 rounded border border-red-300 bg-red-50 p-4">
      <p id={textId} className="font-medium text-red-800">
        {message}
      </p>
      {detail ? <p className="mt-1 text-sm text-red-800">{detail}</p> : null}
      <Form method="post" action={action} preventScrollReset className="mt-3 flex gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value={intent} className="min-h-11 rounded bg-red-700 px-4 py-1 text-sm text-white">
          Confirm
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="inline-flex min-h-11 items-center rounded border border-brass-700 px-4 py-1 text-sm">
            Cancel
          </button>
        ) : (
          <Link to={cancelTo} preventScrollReset className="inline-flex min-h-11 items-center rounded border border-brass-700 px-4 py-1 text-sm">
            Cancel
          </Link>
        )}
      </Form>
    </div>
  );
}
