import type { ReactNode } from "react";

/** A form's submit button: disabled while the form is on its way, and saying so. */
export function SubmitButton({
  pending,
  pendingText,
  className,
  children,
}: {
  pending: boolean;
  pendingText: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={className}>
      {pending ? pendingText : children}
    </button>
  );
}
